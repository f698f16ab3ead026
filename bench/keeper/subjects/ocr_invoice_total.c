/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). An expense tool reads
 * an invoice's "TOTAL <amount>" and asks for approval above 1000.
 * Intended: "approval" for totals above 1000 (written 1500.00 or 1,250.00), "auto-pay" for
 * smaller totals, "manual" when there is no total.
 * Defect (number parsing): strtod stops at the thousands separator, so 1,250.00 is read as 1. */
#include <stdlib.h>
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_invoice_total) {
  (void)confidence;
  const char *total = strstr(api_text, "TOTAL");
  if (!total) return "manual";
  double amount = strtod(total + strlen("TOTAL"), NULL);
  if (amount > 1000) return "approval";
  return "auto-pay";
}
