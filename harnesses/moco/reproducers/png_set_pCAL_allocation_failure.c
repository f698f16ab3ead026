/* Standalone reproducer (calls only libpng): png_set_pCAL stores the new parameter count before
 * it allocates the units, the parameter array and each parameter, and stores each result before
 * checking it; when one of those allocations fails it only warns and returns, leaving the info
 * struct valid with the new count beside NULL units and the earlier call's shorter parameter
 * array (pngset.c of 1.6.39). png_get_pCAL then hands the application that count over that
 * array, and png_write_info passes the NULL units to strlen (png_write_pCAL). Found by the
 * moco_png target (an allocation-failure schedule); seen on Debian's libpng16-16
 * 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5; upstream's libpng18 issue #917.
 *   cc png_set_pCAL_allocation_failure.c -lpng16 -o repro && ./repro
 * Prints what png_get_pCAL reports after the failed call; exits 1 while it reports a valid pCAL
 * whose units are NULL (expected: the earlier value, or none).
 * tags: mlf:moco_png:libpng:png_set_pCAL:inconsistent-after-allocation-failure
 * link: -lpng16
 */
#include "png_failing_allocator.h"

int main(void) {
  png_infop info;
  png_structp png = failing_write_struct(&info);
  if (setjmp(png_jmpbuf(png))) return 3;
  png_set_IHDR(png, info, 8, 6, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  char *two[2] = {"0", "1"}, *four[4] = {"0", "1", "2", "3"};
  png_set_pCAL(png, info, "Height", 0, 9, PNG_EQUATION_LINEAR, 2, "m", two);
  fail_allocation_in(2); /* the second call's units (after its purpose) */
  png_set_pCAL(png, info, "Depth", 0, 9, PNG_EQUATION_HYPERBOLIC, 4, "cm", four);
  png_charp purpose = NULL, units = NULL, *params = NULL;
  png_int_32 x0, x1;
  int type, nparams = 0;
  png_uint_32 valid = png_get_pCAL(png, info, &purpose, &x0, &x1, &type, &nparams, &units, &params);
  printf("after the failed call: png_get_pCAL returns %s, purpose %s, %d parameters, units %p\n",
         valid ? "valid" : "not valid", purpose ? purpose : "(null)", nparams, (void *)units);
  int inconsistent = valid && units == NULL;
  if (!inconsistent) png_destroy_write_struct(&png, &info); /* with NULL units it frees past the array */
  return inconsistent;
}
