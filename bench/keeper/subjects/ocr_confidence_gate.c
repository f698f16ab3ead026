/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A form scanner keeps
 * a reading when Tesseract is confident and asks for a rescan otherwise.
 * Intended: "accept" readings Tesseract gets right (a clean print), "rescan" the ones it gets
 * wrong (a heavily blurred, speckled print).
 * Defect (threshold): 0.97 of mean confidence, above what Tesseract gives clean prints, so
 * good scans are sent back. */
#include "subject.h"

double ocr_confidence_gate_threshold = 0.97;

KEEPER_SUBJECT(ocr_confidence_gate) {
  (void)api_text;
  if (confidence >= ocr_confidence_gate_threshold) return "accept";
  return "rescan";
}
