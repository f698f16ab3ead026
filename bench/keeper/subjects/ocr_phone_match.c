/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). ns_online_toolkit's
 * check (the Keeper paper's Table 1, text == "3923-6625"), written correctly: a control
 * subject with no planted defect.
 * Intended: "dial" for the number 3923-6625 (surrounding white space trimmed), "unknown"
 * otherwise. */
#include <ctype.h>
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_phone_match) {
  (void)confidence;
  while (isspace((unsigned char)*api_text)) api_text++;
  size_t len = strlen(api_text);
  while (len && isspace((unsigned char)api_text[len - 1])) len--;
  if (len == strlen("3923-6625") && !strncmp(api_text, "3923-6625", len)) return "dial";
  return "unknown";
}
