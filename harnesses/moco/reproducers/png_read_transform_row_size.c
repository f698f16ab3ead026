/* Standalone reproducer (calls only libpng): two read transform sets the library accepts but
 * whose rows png_read_update_info predicts wrongly, so png_read_image stops with png_error
 * "internal row size calculation error":
 *   - png_set_filler (or png_set_add_alpha) on a 1-, 2- or 4-bit gray image: png_read_transform_info
 *     counts the filler channel for gray rows of any depth; png_do_read_filler adds it to 8- and
 *     16-bit rows only (pngtrans.c says the call "is always valid" on read);
 *   - png_set_rgb_to_gray_fixed with png_set_gray_to_rgb: png_read_transform_info applies
 *     gray-to-RGB and then RGB-to-gray (gray rows), png_do_read_transformations the other way
 *     round (RGB rows).
 * Found by the moco_png target; seen on Debian's libpng16-16 1.6.39-2+deb12u4 and
 * 1.6.39-2+deb12u5; the libpng16 branch has the same code (harnesses/moco/known_findings.tsv).
 *   cc png_read_transform_row_size.c -lpng16 -o repro && ./repro
 * Exits 0 only if both images read back.
 * tags: mlf:moco_png:libpng:png_read_update_info:filler-on-low-bit-gray
 * tags: mlf:moco_png:libpng:png_read_update_info:gray-rgb-conversions-out-of-order
 * link: -lpng16
 */
#include <png.h>
#include <stdio.h>
#include <string.h>

static unsigned char file[4096];
static size_t file_size, read_offset;

static void write_data(png_structp png, png_bytep data, png_size_t n) {
  if (n > sizeof file - file_size) png_error(png, "file too large");
  memcpy(file + file_size, data, n);
  file_size += n;
}

static void flush_data(png_structp png) { (void)png; }

static void read_data(png_structp png, png_bytep data, png_size_t n) {
  if (n > file_size - read_offset) png_error(png, "read past the end");
  memcpy(data, file + read_offset, n);
  read_offset += n;
}

static void quiet(png_structp png, png_const_charp message) { (void)png, (void)message; }

static void on_error(png_structp png, png_const_charp message) {
  printf("  png_error: %s\n", message);
  png_longjmp(png, 1);
}

/* Writes a 4 x 2 image of zeros, reads it back with the transforms `which` selects (0: filler,
 * 1: rgb_to_gray + gray_to_rgb); 1 when the read completes. */
static int round_trip(int depth, int color_type, int which) {
  static unsigned char pixels[64];
  png_bytep rows[2] = {pixels, pixels + 32};
  file_size = read_offset = 0;
  png_structp w = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, quiet);
  png_infop wi = png_create_info_struct(w);
  if (setjmp(png_jmpbuf(w))) return 0;
  png_set_write_fn(w, NULL, write_data, flush_data);
  png_set_IHDR(w, wi, 4, 2, depth, color_type, 0, 0, 0);
  png_write_info(w, wi);
  png_write_image(w, rows);
  png_write_end(w, wi);
  png_destroy_write_struct(&w, &wi);
  png_structp r = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, quiet);
  png_infop ri = png_create_info_struct(r);
  if (setjmp(png_jmpbuf(r))) { png_destroy_read_struct(&r, &ri, NULL); return 0; }
  png_set_read_fn(r, NULL, read_data);
  png_read_info(r, ri);
  if (which == 0) png_set_filler(r, 0xff, PNG_FILLER_AFTER);
  else png_set_rgb_to_gray_fixed(r, PNG_ERROR_ACTION_NONE, -1, -1), png_set_gray_to_rgb(r);
  png_read_update_info(r, ri);
  if (png_get_rowbytes(r, ri) > 32) png_error(r, "rows larger than this reproducer's buffer");
  png_read_image(r, rows);
  png_destroy_read_struct(&r, &ri, NULL);
  return 1;
}

int main(void) {
  printf("libpng %s\n4-bit gray, png_set_filler:\n", png_get_libpng_ver(NULL));
  int filler = round_trip(4, PNG_COLOR_TYPE_GRAY, 0);
  printf("%s8-bit RGB, png_set_rgb_to_gray_fixed + png_set_gray_to_rgb:\n", filler ? "  read\n" : "");
  int gray_rgb = round_trip(8, PNG_COLOR_TYPE_RGB, 1);
  printf("%s", gray_rgb ? "  read\n" : "");
  return filler && gray_rgb ? 0 : 1;
}
