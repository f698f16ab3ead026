/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). FortniteKillfeed (the
 * Keeper paper's Figure 9): the first line of a screenshot's text says who eliminated whom.
 * Intended: "kill" for an elimination line, "other" for any other text, and no crash on a
 * screenshot without text.
 * Defect (empty index): the first line of the split is read without checking there is one;
 * a blank image leaves it NULL and strstr dereferences it. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_killfeed) {
  (void)confidence;
  const char *lines[8] = {0};
  char copy[512];
  strncpy(copy, api_text, sizeof copy - 1);
  copy[sizeof copy - 1] = 0;
  size_t n = 0;
  for (char *save, *line = strtok_r(copy, "\n", &save); line && n < 8; line = strtok_r(NULL, "\n", &save))
    lines[n++] = line;
  const char *first = lines[0];
  if (strstr(first, "eliminated")) return "kill";
  return "other";
}
