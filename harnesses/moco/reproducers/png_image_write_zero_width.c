/* Standalone reproducer (calls only libpng): png_image_write_to_memory with image->width 0.
 * png_image_write_main computes png_row_stride = width x channels = 0, then divides
 * 0xffffffffU / png_row_stride (pngwrite.c:1996 of 1.6.39) before png_set_IHDR rejects the
 * width: an integer division by zero, undefined behaviour. Debian's installed binary
 * (1.6.39-2+deb12u4, gcc -O2) does not execute the division as such and returns the error
 * "Invalid IHDR data", so nothing shows there: the program links the UBSan-instrumented libpng
 * the project builds from Debian's source 1.6.39-2+deb12u5
 * (make build/libraries/libpng-libfuzzer/libpng16.a, path relative to the repository root),
 * which stops at "division by zero". Found by the moco_png target (a width one step past its
 * boundary); upstream pnggroup/libpng#489 (open), pull requests #923 and #925.
 * Exits 1 on the UBSan report, 0 when the call fails cleanly with png_image's message.
 * tags: mlf:moco_png:libpng:png_image_write_to_memory:division-by-zero-on-zero-width
 * link: -fsanitize=address,undefined -fno-sanitize-recover=undefined build/libraries/libpng-libfuzzer/libpng16.a -lz -lm
 */
#include <png.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION, image.width = 0, image.height = 8;
  image.format = PNG_FORMAT_GA;
  static png_byte pixels[64], file[4096];
  png_alloc_size_t size = sizeof file;
  int written = png_image_write_to_memory(&image, file, &size, 0, pixels, 0, NULL);
  printf("png_image_write_to_memory of a 0 x 8 image: %s (expected a failure with a message)\n",
         written ? "written" : image.message);
  return written;
}
