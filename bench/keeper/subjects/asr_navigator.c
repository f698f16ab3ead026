/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A car navigator on
 * its own grammar.
 * Intended: "navigate" for go home, "other" for any other speech, and no crash when nothing
 * was said.
 * Defect (empty index): the first token of the transcript is compared without checking there
 * is one; silence gives an empty transcript and strtok a NULL. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(asr_navigator) {
  (void)confidence;
  char copy[256];
  strncpy(copy, api_text, sizeof copy - 1);
  copy[sizeof copy - 1] = 0;
  char *save = NULL;
  const char *verb = strtok_r(copy, " ", &save);
  if (strcmp(verb, "go") == 0) return "navigate";
  return "other";
}
