/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A voice assistant on
 * its own grammar, written correctly: a control subject with no planted defect.
 * Intended: "call" when the request has the word call, "stop" when it has stop, "idle"
 * otherwise. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(asr_assistant) {
  (void)confidence;
  char words[12][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 12);
  for (size_t i = 0; i < n; i++)
    if (strcmp(words[i], "call") == 0) return "call";
  for (size_t i = 0; i < n; i++)
    if (strcmp(words[i], "stop") == 0) return "stop";
  return "idle";
}
