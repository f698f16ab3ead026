/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A driving assistant
 * reads a road sign with Tesseract and brakes on STOP.
 * Intended: brake when the sign reads STOP, drive on otherwise.
 * Defect (white space): the whole text is compared with "STOP", but Tesseract ends every
 * line with a newline, so the brake branch is dead code. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_stop_sign) {
  (void)confidence;
  if (strcmp(api_text, "STOP") == 0) return "brake";
  return "drive";
}
