/* Standalone reproducer (calls only libpng): png_set_tRNS, as patched for CVE-2026-33416, gives
 * png_struct its own copy of trans_alpha: it allocates the info struct's copy, frees
 * png_ptr->trans_alpha and allocates the replacement with png_malloc. When that allocation
 * fails, png_error longjmps out with png_ptr->trans_alpha still pointing at the freed block, and
 * png_destroy_write_struct frees it a second time. The png_set_PLTE defect of
 * png_set_PLTE_allocation_failure.c, on tRNS; upstream's fix (libpng16 branch cae4745) covers
 * both. Found by the moco_png target (an allocation-failure schedule); seen on Debian's
 * libpng16-16 1.6.39-2+deb12u4 (installed) and 1.6.39-2+deb12u5 (harnesses/moco/known_findings.tsv).
 *   cc png_set_tRNS_allocation_failure.c -fsanitize=address -lpng16 -o repro && ./repro
 * ASan reports the double free (without ASan glibc aborts). Exits 0 only if libpng survived.
 * tags: mlf:moco_png:libpng:png_set_tRNS:double-free-on-allocation-failure
 * link: -fsanitize=address -lpng16
 */
#include "png_failing_allocator.h"

int main(void) {
  png_infop info;
  png_structp png = failing_write_struct(&info);
  if (setjmp(png_jmpbuf(png)) == 0) {
    png_byte alpha[3] = {0, 128, 255};
    png_set_IHDR(png, info, 1, 64, 2, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_tRNS(png, info, alpha, 3, NULL);
    fail_allocation_in(2); /* the second call's png_malloc for png_ptr->trans_alpha, after freeing it */
    png_set_tRNS(png, info, alpha, 1, NULL);
  }
  printf("destroying the write struct\n");
  png_destroy_write_struct(&png, &info);
  printf("survived\n");
  return 0;
}
