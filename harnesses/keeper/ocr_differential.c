/* The determinable differential (ocr_differential.h). */
#include "ocr_differential.h"
#include "ocr_text.h"

differential_verdict ocr_differential_judge(const char *truth, const char *first, const char *second,
                                            int *failing_engine) {
  int first_right = ocr_text_reads_right(first, truth), second_right = ocr_text_reads_right(second, truth);
  if (!first_right && !second_right) return DIFFERENTIAL_UNDETERMINED;
  if (first_right && second_right) return DIFFERENTIAL_AGREE;
  *failing_engine = first_right ? 1 : 0;
  return DIFFERENTIAL_FAILURE;
}
