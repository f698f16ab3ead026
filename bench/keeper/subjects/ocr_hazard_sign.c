/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). Phoenix's fire alarm
 * (the Keeper paper's Figure 1) on a sign reader: alarm when a sign warns of fire.
 * Intended: "alarm" for signs about fire (FIRE, OPEN FLAME), "ignore" otherwise.
 * Defect (incomplete label): the label set has "fire" only; "flame", its WordNet synonym, is
 * missing. */
#include "subject.h"

keeper_labels ocr_hazard_sign_labels = {{"fire"}, 1};

KEEPER_SUBJECT(ocr_hazard_sign) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&ocr_hazard_sign_labels, words[i], 1)) return "alarm";
  return "ignore";
}
