/* Standalone reproducer (calls only libpng): an Adam7-interlaced image of fewer than 8 bits
 * per pixel written from packswapped rows (png_set_packswap after png_write_info, as the
 * manual places write transforms) holds other pixels than the rows: png_write_row picks each
 * pass's pixels with png_do_write_interlace, which reads the row in PNG's bit order, before
 * png_do_write_transformations undoes the packswap. Found by the moco_png target (rows read
 * back with png_set_packswap differ); seen on Debian's libpng16-16 1.6.39-2+deb12u4 and
 * 1.6.39-2+deb12u5; the libpng16 branch has the same order of calls
 * (harnesses/moco/known_findings.tsv).
 *   cc png_set_packswap_interlaced.c -lpng16 -o repro && ./repro
 * Writes an 8 x 1 1-bit gray image whose first pixel is set, once without and once with
 * interlacing, reads each back in PNG's bit order and exits 0 only if both hold that pixel.
 * tags: mlf:moco_png:libpng:png_set_packswap:interlaced-write-wrong-pixels
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

/* Writes the row 0x01 (pixel 0 set, least significant bit first) with png_set_packswap and
 * returns the first byte read back without it (0x80 when pixel 0 is set). */
static int first_byte(int interlace) {
  file_size = read_offset = 0;
  png_structp w = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop wi = png_create_info_struct(w);
  if (setjmp(png_jmpbuf(w))) return -1;
  png_set_write_fn(w, NULL, write_data, flush_data);
  png_set_IHDR(w, wi, 8, 1, 1, PNG_COLOR_TYPE_GRAY, interlace, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(w, wi);
  png_set_packswap(w);
  unsigned char row[1] = {0x01};
  png_bytep rows[1] = {row};
  png_write_image(w, rows);
  png_write_end(w, wi);
  png_destroy_write_struct(&w, &wi);
  png_structp r = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop ri = png_create_info_struct(r);
  if (setjmp(png_jmpbuf(r))) return -1;
  png_set_read_fn(r, NULL, read_data);
  png_read_info(r, ri);
  png_set_interlace_handling(r);
  png_read_update_info(r, ri);
  unsigned char out[1] = {0};
  png_bytep out_rows[1] = {out};
  png_read_image(r, out_rows);
  png_destroy_read_struct(&r, &ri, NULL);
  return out[0];
}

int main(void) {
  int plain = first_byte(PNG_INTERLACE_NONE), adam7 = first_byte(PNG_INTERLACE_ADAM7);
  printf("libpng %s: first byte 0x%02x without interlacing, 0x%02x with Adam7 (0x80 expected)\n",
         png_get_libpng_ver(NULL), plain, adam7);
  return plain == 0x80 && adam7 == 0x80 ? 0 : 1;
}
