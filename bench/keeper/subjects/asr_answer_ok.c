/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A reminder on its
 * own grammar: "accept" an okay, "cancel" a cancel, "wait" otherwise.
 * Intended: accept for okay, cancel for cancel, wait for other answers.
 * Defect (non-existing label): the accept label is "ok", which is not a word of its grammar
 * (it has "okay"), so "accept" is dead code. */
#include <string.h>
#include "subject.h"

keeper_labels asr_answer_ok_labels = {{"ok"}, 1};

KEEPER_SUBJECT(asr_answer_ok) {
  (void)confidence;
  char words[4][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 4);
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&asr_answer_ok_labels, words[i], 0)) return "accept";
  if (n && strcmp(words[n - 1], "cancel") == 0) return "cancel";
  return "wait";
}
