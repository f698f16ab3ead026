/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A confirmation prompt
 * with its own grammar.
 * Intended: "confirm" for yes, "decline" for no, "reprompt" otherwise.
 * Defect (case): the yes label is "Yes", but PocketSphinx writes lower-case words, so
 * "confirm" is dead code. */
#include <string.h>
#include "subject.h"

keeper_labels asr_yes_no_labels = {{"Yes"}, 1};

KEEPER_SUBJECT(asr_yes_no) {
  (void)confidence;
  if (keeper_labels_has(&asr_yes_no_labels, api_text, 0)) return "confirm";
  if (strcmp(api_text, "no") == 0) return "decline";
  return "reprompt";
}
