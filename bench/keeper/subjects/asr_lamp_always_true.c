/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). Verlan's pattern (the
 * Keeper paper's Figure 8) in a voice lamp on its own grammar.
 * Intended: "lamp" for commands about the light, "not lamp" for other devices.
 * Defect (always true): `word == "light" || lamp_word` tests the second label's pointer, so
 * every command is about the lamp and "not lamp" is dead code. */
#include <string.h>
#include "subject.h"

static const char *const lamp_word = "lamp";

KEEPER_SUBJECT(asr_lamp_always_true) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  for (size_t i = 0; i < n; i++)
    if (strcmp(words[i], "light") == 0 || lamp_word) return "lamp";
  return "not lamp";
}
