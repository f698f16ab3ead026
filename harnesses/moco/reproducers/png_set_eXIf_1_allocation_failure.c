/* Standalone reproducer (calls only libpng): png_set_eXIf_1 frees the exif data an earlier call
 * stored, stores the new length, and when the allocation of the new buffer fails it warns and
 * returns without clearing PNG_INFO_eXIf (pngset.c:158-173 of 1.6.39). png_get_eXIf_1 then
 * reports a valid eXIf of that length at NULL, and png_write_info writes the chunk from NULL.
 * Found by the moco_png target (an allocation-failure schedule); seen on Debian's libpng16-16
 * 1.6.39-2+deb12u4 and 1.6.39-2+deb12u5 (harnesses/moco/known_findings.tsv).
 *   cc png_set_eXIf_1_allocation_failure.c -lpng16 -o repro && ./repro
 * Prints what png_get_eXIf_1 reports after the failed call, then writes the header: without
 * sanitizers the write reads through NULL (SIGSEGV). Exits 0 only if libpng survived.
 * tags: mlf:moco_png:libpng:png_set_eXIf_1:inconsistent-after-allocation-failure
 * link: -lpng16
 */
#include "png_failing_allocator.h"

int main(void) {
  png_infop info;
  png_structp png = failing_write_struct(&info);
  if (setjmp(png_jmpbuf(png))) return 3;
  png_set_IHDR(png, info, 6, 1, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_byte exif[256] = {'M', 'M', 0, 42};
  png_set_eXIf_1(png, info, 16, exif);
  fail_allocation_in(1); /* the second call's only allocation */
  png_set_eXIf_1(png, info, 256, exif);
  png_uint_32 length = 0;
  png_bytep data = NULL;
  png_uint_32 valid = png_get_eXIf_1(png, info, &length, &data);
  printf("after the failed call: png_get_eXIf_1 returns %s, length %u, data %p\n", valid ? "valid" : "not valid",
         (unsigned)length, (void *)data);
  png_write_info(png, info); /* png_write_eXIf(png, NULL, 256) */
  png_destroy_write_struct(&png, &info);
  printf("survived\n");
  return valid && !data ? 1 : 0;
}
