/* The determinable differential (ocr_differential.h). */
#include "ocr_differential.h"
#include "ocr_text.h"

differential_verdict differential_from_rights(int first_right, int second_right, int *failing_engine) {
  if (!first_right && !second_right) return DIFFERENTIAL_UNDETERMINED;
  if (first_right && second_right) return DIFFERENTIAL_AGREE;
  *failing_engine = first_right ? 1 : 0;
  return DIFFERENTIAL_FAILURE;
}

differential_verdict ocr_differential_judge(const char *truth, const char *first, const char *second,
                                            int *failing_engine) {
  return differential_from_rights(ocr_text_reads_right(first, truth), ocr_text_reads_right(second, truth),
                                  failing_engine);
}
