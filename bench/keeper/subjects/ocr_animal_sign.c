/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). Verlan's animal
 * finder (the Keeper paper's Figure 8) on signs: "animal" when a sign names an animal.
 * Intended: "animal" for DOG or ANIMAL, "no animal" otherwise.
 * Defect (always true): `word == "DOG" || animal_label` tests the label's pointer, not the
 * word, so every non-empty text is an animal and "no animal" is dead code. */
#include <string.h>
#include "subject.h"

static const char *const animal_label = "ANIMAL";

KEEPER_SUBJECT(ocr_animal_sign) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  for (size_t i = 0; i < n; i++)
    if (strcmp(words[i], "DOG") == 0 || animal_label) return "animal";
  return "no animal";
}
