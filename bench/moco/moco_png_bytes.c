/* Byte-level libpng harness: the baseline of the MoCo benchmark (scripts/bench-moco.sh), an
 * evaluation yardstick and not a fuzz target of this project. It is what a plain PNG read
 * fuzzer does: the fuzzer input is the file, read through png_set_read_fn with the common
 * transforms (expand palette, gray and tRNS; scale 16-bit; gray to RGB; interlace handling),
 * png_read_image and png_read_end, with error handlers that longjmp and the MoCo template's
 * counting allocator (harnesses/moco/png_alloc.h). Images are capped at 1024 x 1024 pixels
 * (png_set_user_limits) and a chunk's data at 8 MB (png_set_chunk_malloc_max; this build's
 * default is no limit) to bound the work per input, as moco_png caps its images at 64 x 64.
 * A block still live after png_destroy_read_struct is a leak: it aborts. */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_alloc.h"

typedef struct {
  const uint8_t *data;
  size_t size, at;
} byte_source;

static void read_bytes(png_structp png, png_bytep out, size_t n) {
  byte_source *src = png_get_io_ptr(png);
  if (n > src->size - src->at) png_error(png, "read past the end of the input");
  memcpy(out, src->data + src->at, n);
  src->at += n;
}

static void on_error(png_structp png, png_const_charp message) {
  (void)message;
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png, (void)message; }

/* The rows read so far, owned by the caller of read_image (not local to the function that
 * calls setjmp, so a longjmp leaves them determinate). */
typedef struct {
  png_bytepp rows;
  png_uint_32 height;
} image_rows;

/* Reads the whole image with the transforms; rows come from the counting allocator. */
static void read_image(png_structp png, png_infop info, image_rows *image) {
  png_read_info(png, info);
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  size_t rowbytes = png_get_rowbytes(png, info);
  image->rows = png_calloc(png, height * sizeof *image->rows);
  image->height = height;
  for (png_uint_32 y = 0; y < height; y++) image->rows[y] = png_malloc(png, rowbytes);
  png_read_image(png, image->rows);
  png_read_end(png, info);
}

/* read_image under libpng's error handling (an error ends it; the rows stay in image). */
static void read_guarded(png_structp png, png_infop info, image_rows *image) {
  if (setjmp(png_jmpbuf(png))) return;
  read_image(png, info, image);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  png_alloc alloc = {0};
  png_structp png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning, &alloc,
                                             png_alloc_malloc, png_alloc_free);
  if (!png) return 0;
  png_infop info = png_create_info_struct(png);
  byte_source src = {data, size, 0};
  image_rows image = {NULL, 0};
  png_set_read_fn(png, &src, read_bytes);
  png_set_user_limits(png, 1024, 1024);
  png_set_chunk_malloc_max(png, 8000000);
  if (info) read_guarded(png, info, &image);
  if (image.rows) {
    for (png_uint_32 y = 0; y < image.height; y++) png_free(png, image.rows[y]);
    png_free(png, image.rows);
  }
  png_destroy_read_struct(&png, info ? &info : NULL, NULL);
  if (alloc.live != 0) {
    fprintf(stderr, "moco_png_bytes: %ld block(s) still live after png_destroy_read_struct\n", alloc.live);
    abort();
  }
  return 0;
}
