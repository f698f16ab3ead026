/* PNG encoding of the canvas with libpng's png_image_write_to_memory: the canvas is opaque
 * ARGB32, which on a little-endian machine is PNG_FORMAT_BGRA in memory; a first call sizes
 * the file, a second writes it into a guard buffer of exactly that size. */
#include <png.h>
#include <stdio.h>
#include <string.h>
#include "mlf_guard.h"
#include "png_encode.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "cairo ARGB32 is BGRA in memory");

int png_encode_canvas(const render_canvas *canvas, png_file *out, char *why, size_t why_len) {
  png_image image;
  memset(&image, 0, sizeof image);
  memset(out, 0, sizeof *out);
  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32)canvas->width, image.height = (png_uint_32)canvas->height;
  image.format = PNG_FORMAT_BGRA;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, NULL, &size, 0, canvas->pixels, canvas->stride, NULL) || !size) {
    snprintf(why, why_len, "png_image_write_to_memory (sizing): %s", image.message);
    png_image_free(&image);
    return -1;
  }
  out->bytes = mlf_guard_alloc(size, 1, MLF_GUARD_TAIL, "PNG file");
  out->size = size;
  if (!png_image_write_to_memory(&image, out->bytes, &out->size, 0, canvas->pixels, canvas->stride, NULL)) {
    snprintf(why, why_len, "png_image_write_to_memory: %s", image.message);
    png_image_free(&image);
    png_file_free(out);
    return -1;
  }
  png_image_free(&image);
  return 0;
}

void png_file_free(png_file *f) {
  mlf_guard_free(f->bytes);
  f->bytes = NULL, f->size = 0;
}
