/* Standalone reproducer (calls only libpng): png_set_pCAL allocates and stores the new purpose,
 * units and parameters without freeing those of an earlier png_set_pCAL on the same info struct
 * (pngset.c of 1.6.39; png_set_PLTE and png_set_iCCP call png_free_data first), so the second
 * call leaks the first value: 5 blocks for a 2-parameter pCAL. Found by the moco_png target;
 * seen on Debian's libpng16-16 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5.
 *   cc png_set_pCAL_twice_leaks.c -fsanitize=address -lpng16 -o repro && ./repro
 * LeakSanitizer reports the first call's blocks at exit (exit status 1); 0 once they are freed.
 * tags: mlf:moco_png:libpng:png_set_pCAL:leak-on-repeated-call
 * link: -fsanitize=address -lpng16
 */
#include <png.h>

int main(void) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info || setjmp(png_jmpbuf(png))) return 2;
  png_set_IHDR(png, info, 8, 6, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  char *two[2] = {"0", "65535"}, *three[3] = {"0", "1000", "1"};
  png_set_pCAL(png, info, "Height", 0, 65535, PNG_EQUATION_LINEAR, 2, "m", two);
  png_set_pCAL(png, info, "Depth", 0, 1000, PNG_EQUATION_BASE_E, 3, "cm", three);
  png_destroy_write_struct(&png, &info); /* frees the second value only */
  return 0;
}
