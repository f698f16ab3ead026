/* Standalone reproducer (calls only libpng): png_set_sCAL_s stores each png_malloc_warn result
 * in the info struct before checking it; when the width's allocation fails it warns and returns,
 * but PNG_INFO_sCAL stays set from an earlier call, now over a NULL width (pngset.c of 1.6.39).
 * png_get_sCAL_s reports a valid sCAL with a NULL width, and png_write_info passes it to strlen
 * (png_write_sCAL_s: a crash). The pCAL counterpart is png_set_pCAL_allocation_failure.c.
 * Found by the moco_png target (an allocation-failure schedule); seen on Debian's libpng16-16
 * 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5 (harnesses/moco/known_findings.tsv).
 *   cc png_set_sCAL_s_allocation_failure.c -lpng16 -o repro && ./repro
 * Prints what png_get_sCAL_s reports after the failed call; exits 1 while it reports a valid
 * sCAL whose width is NULL (expected: the earlier value, or none).
 * tags: mlf:moco_png:libpng:png_set_sCAL_s:inconsistent-after-allocation-failure
 * link: -lpng16
 */
#include "png_failing_allocator.h"

int main(void) {
  png_infop info;
  png_structp png = failing_write_struct(&info);
  if (setjmp(png_jmpbuf(png))) return 3;
  png_set_IHDR(png, info, 8, 8, 1, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_sCAL_s(png, info, PNG_SCALE_METER, "1000", "1");
  fail_allocation_in(1); /* the second call's width */
  png_set_sCAL_s(png, info, PNG_SCALE_RADIAN, "1", "1000");
  int unit = 0;
  png_charp width = NULL, height = NULL;
  png_uint_32 valid = png_get_sCAL_s(png, info, &unit, &width, &height);
  printf("after the failed call: png_get_sCAL_s returns %s, unit %d, width %p, height %s\n",
         valid ? "valid" : "not valid", unit, (void *)width, height ? height : "(null)");
  int inconsistent = valid && width == NULL;
  if (!inconsistent) png_write_info(png, info); /* with a NULL width: strlen(NULL) */
  png_destroy_write_struct(&png, &info);
  return inconsistent;
}
