/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). WanderStub's
 * currency converter (the Keeper paper's Figure 6): convert a receipt whose text has a total.
 * Intended: convert when the receipt shows a total (receipts print "Total" or "TOTAL").
 * Defect (case): only "Total" is searched, so upper-case receipts are skipped. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_total_label) {
  (void)confidence;
  if (strstr(api_text, "Total")) return "convert";
  return "skip";
}
