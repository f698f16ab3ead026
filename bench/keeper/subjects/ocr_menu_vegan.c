/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A diet helper reads a
 * menu line and marks vegetable dishes.
 * Intended: "vegetarian" for dishes named with vegetable or veggie, "check" otherwise.
 * Defect (incomplete label): only "vegetable"; "veggie", its WordNet synonym, is missing. */
#include "subject.h"

keeper_labels ocr_menu_vegan_labels = {{"vegetable"}, 1};

KEEPER_SUBJECT(ocr_menu_vegan) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&ocr_menu_vegan_labels, words[i], 1)) return "vegetarian";
  return "check";
}
