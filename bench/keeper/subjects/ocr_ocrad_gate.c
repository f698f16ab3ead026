/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A car-park barrier
 * reads a printed ticket with ocrad and opens for pass 7731.
 * Intended: "open" for PASS 7731, "deny" for any other ticket.
 * Defect (case): the code looks for "Pass" but tickets print PASS, so "open" is dead code. */
#include <stdlib.h>
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_ocrad_gate) {
  (void)confidence;
  const char *pass = strstr(api_text, "Pass");
  if (pass && atoi(pass + 4) == 7731) return "open";
  return "deny";
}
