/* Standalone reproducer (calls only libpng): png_set_PLTE frees png_ptr->palette and then
 * allocates its replacement with png_calloc; when that allocation fails, png_error longjmps
 * out with png_ptr->palette still pointing at the freed block, and png_destroy_write_struct
 * frees it a second time. Found by the moco_png target (an allocation-failure schedule);
 * seen on Debian's libpng16-16 1.6.39-2+deb12u4 and 1.6.39-2+deb12u5, upstream 1.6.56 to
 * 1.6.58 share the code (harnesses/moco/known_findings.tsv).
 *   cc png_set_PLTE_allocation_failure.c -fsanitize=address -lpng16 -o repro && ./repro
 * ASan reports the double free (without ASan glibc aborts: "free(): double free detected").
 * Exits 0 only if libpng survived.
 * tags: mlf:moco_png:libpng:png_set_PLTE:double-free-on-allocation-failure
 * link: -fsanitize=address -lpng16
 */
#include "png_failing_allocator.h"

int main(void) {
  png_infop info;
  png_structp png = failing_write_struct(&info);
  if (setjmp(png_jmpbuf(png)) == 0) {
    png_color colors[4] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
    png_set_IHDR(png, info, 8, 8, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(png, info, colors, 4);
    fail_allocation_in(1); /* the second call's png_calloc for png_ptr->palette, after freeing it */
    png_set_PLTE(png, info, colors, 2);
  }
  printf("destroying the write struct\n");
  png_destroy_write_struct(&png, &info);
  printf("survived\n");
  return 0;
}
