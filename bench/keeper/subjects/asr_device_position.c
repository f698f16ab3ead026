/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A home controller on
 * its own grammar finds the device word.
 * Intended: "window" for commands about the window, "door" for the door, "other" otherwise.
 * Defect (token position): the device is read as the fourth word, as in "turn on the window";
 * "open the window" has it third, and "close door" second. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(asr_device_position) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  keeper_split_words(api_text, words, 8);
  if (strcmp(words[3], "window") == 0) return "window";
  if (strcmp(words[3], "door") == 0) return "door";
  return "other";
}
