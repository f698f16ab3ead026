/* libpng's decode of a PNG in memory into the canonical form (libraries/mlf_png_image.h), with
 * the low-level read API and its transforms (libpng-manual.txt, "Transformations you can do
 * while reading"): png_set_expand (palette to RGB, gray below 8 bits to 8, tRNS to alpha),
 * png_set_gray_to_rgb, png_set_add_alpha (opaque alpha where the image has none),
 * png_set_swap (16-bit samples in host order on a little-endian host) and
 * png_set_interlace_handling. No png_set_gamma / png_set_alpha_mode call, so no gamma is applied.
 * The simplified API is not used: its 16-bit format (PNG_FORMAT_LINEAR_RGB_ALPHA) converts
 * the samples to linear light (png.h: "linear" 16-bit formats), i.e. applies gamma. */
#include "libraries/libpng/mlf_libpng_decode.h"
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const unsigned char *file;
  size_t size, offset;
  char *error;
  size_t error_len;
} memory_source;

static void on_error(png_structp png, png_const_charp message) {
  memory_source *src = png_get_error_ptr(png);
  snprintf(src->error, src->error_len, "libpng: %s", message);
  png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) { (void)png, (void)message; }

static void read_from_memory(png_structp png, png_bytep data, png_size_t n) {
  memory_source *src = png_get_io_ptr(png);
  if (n > src->size - src->offset) png_error(png, "read past the end of the file");
  memcpy(data, src->file + src->offset, n);
  src->offset += n;
}

static int host_is_little_endian(void) {
  const uint16_t one = 1;
  return *(const unsigned char *)&one == 1;
}

int mlf_libpng_decode(const unsigned char *file, size_t size, int sixteen, mlf_png_image *img) {
  memory_source src = {file, size, 0, img->error, sizeof img->error};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, on_error, ignore_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  png_bytep *volatile rows = NULL;
  if (!info) {
    snprintf(img->error, sizeof img->error, "libpng: cannot create the read structs");
    png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
    return 0;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(img->pixels);
    img->pixels = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
  }
  png_set_read_fn(png, &src, read_from_memory);
  png_read_info(png, info);
  int depth = png_get_bit_depth(png, info);
  if ((depth == 16) != (sixteen != 0)) png_error(png, "mlfuzz: bit depth and requested sample size differ");
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
  if (sixteen && host_is_little_endian()) png_set_swap(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  img->width = png_get_image_width(png, info), img->height = png_get_image_height(png, info);
  img->sixteen = sixteen;
  size_t rowbytes = (size_t)img->width * 4 * (sixteen ? 2 : 1);
  if (png_get_rowbytes(png, info) != rowbytes) png_error(png, "mlfuzz: transformed rows are not RGBA");
  img->pixels = malloc(mlf_png_image_bytes(img) ? mlf_png_image_bytes(img) : 1);
  rows = calloc(img->height ? img->height : 1, sizeof *rows);
  if (!img->pixels || !rows) abort();
  for (unsigned y = 0; y < img->height; y++) rows[y] = img->pixels + y * rowbytes;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  return 1;
}
