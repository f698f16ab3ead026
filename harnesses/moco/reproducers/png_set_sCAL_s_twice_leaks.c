/* Standalone reproducer (calls only libpng): png_set_sCAL_s (and png_set_sCAL, which calls it)
 * stores freshly allocated width and height strings without freeing the strings of an earlier
 * call on the same info struct (pngset.c of 1.6.39), so the second call leaks the first pair.
 * The png_set_pCAL leak of png_set_pCAL_twice_leaks.c, on sCAL. Found by the moco_png target;
 * seen on Debian's libpng16-16 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5.
 *   cc png_set_sCAL_s_twice_leaks.c -fsanitize=address -lpng16 -o repro && ./repro
 * LeakSanitizer reports the first call's two strings at exit (exit status 1); 0 once they are freed.
 * tags: mlf:moco_png:libpng:png_set_sCAL_s:leak-on-repeated-call
 * link: -fsanitize=address -lpng16
 */
#include <png.h>

int main(void) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info || setjmp(png_jmpbuf(png))) return 2;
  png_set_IHDR(png, info, 3, 1, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_sCAL_s(png, info, PNG_SCALE_METER, "1000", "120");
  png_set_sCAL_s(png, info, PNG_SCALE_RADIAN, "3", "4");
  png_destroy_write_struct(&png, &info); /* frees the second pair only */
  return 0;
}
