/* Standalone reproducer (calls only libpng): png_image_finish_read with a negative row_stride,
 * which png.h documents ("a negative value indicates a bottom-up row layout"). For a read
 * without transforms, png_image_read_direct steps through the rows with
 * png_alloc_size_t row_bytes = (png_alloc_size_t)display->row_bytes; row += row_bytes;
 * (pngread.c:4186-4196 of 1.6.39): the negative stride becomes a huge unsigned offset and the
 * pointer addition overflows, undefined behaviour. On x86-64 the wrap lands on the right row,
 * so the installed binary reads the right pixels and shows nothing: the program links the
 * UBSan-instrumented libpng the project builds from Debian's source 1.6.39-2+deb12u5
 * (make build/libraries/libpng-libfuzzer/libpng16.a, path relative to the repository root),
 * which stops at "addition of unsigned offset ... overflowed". Found by the moco_png target;
 * the libpng16 branch (cae4745) has the same conversion.
 * Exits 1 on the UBSan report or wrong rows, 0 when the image reads back bottom-up.
 * tags: mlf:moco_png:libpng:png_image_finish_read:pointer-overflow-on-bottom-up-rows
 * link: -fsanitize=address,undefined -fno-sanitize-recover=undefined build/libraries/libpng-libfuzzer/libpng16.a -lz -lm
 */
#include <png.h>
#include <stdio.h>
#include <string.h>

enum { WIDTH = 7, HEIGHT = 7 };

int main(void) {
  png_uint_16 pixels[HEIGHT][WIDTH], back[HEIGHT][WIDTH];
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) pixels[y][x] = (png_uint_16)(y * 1000 + x);
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION, image.width = WIDTH, image.height = HEIGHT;
  image.format = PNG_FORMAT_LINEAR_Y;
  static unsigned char file[4096];
  png_alloc_size_t size = sizeof file;
  if (!png_image_write_to_memory(&image, file, &size, 0, pixels, 0, NULL)) return 2;
  png_image read;
  memset(&read, 0, sizeof read);
  read.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&read, file, size)) return 2;
  read.format = PNG_FORMAT_LINEAR_Y; /* as written: png_image_read_direct, no transform */
  /* bottom-up: libpng puts the image's first row in the buffer's last */
  if (!png_image_finish_read(&read, NULL, back, -WIDTH, NULL)) {
    printf("png_image_finish_read: %s\n", read.message);
    return 1;
  }
  int wrong = 0;
  for (int y = 0; y < HEIGHT; y++) wrong |= memcmp(back[HEIGHT - 1 - y], pixels[y], sizeof pixels[y]) != 0;
  printf("rows read bottom-up %s\n", wrong ? "differ from those written" : "as written");
  return wrong;
}
