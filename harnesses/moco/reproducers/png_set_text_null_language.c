/* Standalone reproducer (calls only libpng): png_set_text with an iTXt entry whose lang and
 * lang_key are NULL, which png.h allows ("0-79 characters or a NULL pointer"): png_set_text_2
 * copies them with memcpy(dst, text_ptr[i].lang, 0) (pngset.c:957 of 1.6.39), and passing a
 * null pointer to memcpy is undefined behaviour even for a length of 0 (C11 7.24.1p2); UBSan
 * reports it in an instrumented libpng. To show it on the installed binary, this program
 * defines memcpy itself (libpng16.so calls memcpy through the PLT, so the definition here
 * interposes) and counts the calls whose source is NULL. Found by the moco_png target; seen on
 * Debian's libpng16-16 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5; upstream pull
 * request pnggroup/libpng#916 (open).
 *   cc png_set_text_null_language.c -lpng16 -o repro && ./repro
 * Exits 1 while libpng passes a NULL source to memcpy.
 * tags: mlf:moco_png:libpng:png_set_text:memcpy-from-null-language
 * link: -lpng16
 */
#include <png.h>
#include <stdio.h>
#include <string.h>

static unsigned null_sources;

/* The C library's memcpy contract, checked: counts a NULL source, then copies with memmove.
 * string.h declares src nonnull, so the test reads it through a volatile copy that the
 * compiler cannot assume non-null. */
void *memcpy(void *dst, const void *src, size_t n) { /* no restrict: memmove must stay memmove */
  const void *volatile source = src;
  if (source == NULL) null_sources++;
  return n ? memmove(dst, src, n) : dst;
}

int main(void) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info || setjmp(png_jmpbuf(png))) return 2;
  png_set_IHDR(png, info, 4, 4, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_text text = {.compression = PNG_ITXT_COMPRESSION_NONE, .key = "Title", .text = "international"};
  png_set_text(png, info, &text, 1); /* text.lang and text.lang_key are NULL */
  png_destroy_write_struct(&png, &info);
  printf("libpng %s: memcpy called with a NULL source %u time(s) (expected 0)\n", png_get_libpng_ver(NULL),
         null_sources);
  return null_sources != 0;
}
