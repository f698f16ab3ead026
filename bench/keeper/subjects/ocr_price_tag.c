/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A shopping helper
 * reads a shelf label "PRICE <amount>" and marks items up to 5.00 as cheap.
 * Intended: "cheap" for prices up to 5.00, "expensive" above, "unknown" without a price.
 * Defect (number parsing): atoi drops the cents, so 5.50 counts as 5 and is called cheap. */
#include <stdlib.h>
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_price_tag) {
  (void)confidence;
  const char *price = strstr(api_text, "PRICE");
  if (!price) return "unknown";
  if (atoi(price + strlen("PRICE")) <= 5) return "cheap";
  return "expensive";
}
