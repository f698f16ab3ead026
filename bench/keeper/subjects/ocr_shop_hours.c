/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A shop-door reader
 * tells whether a shop is open.
 * Intended: "open" for OPEN, "closed" for CLOSED, "unknown" otherwise.
 * Defect (non-existing label, a typo): the open label is "0PEN" with a zero, a word the OCR of
 * the sign never returns, so the open branch is dead code. */
#include "subject.h"

keeper_labels ocr_shop_hours_labels = {{"0PEN"}, 1};

KEEPER_SUBJECT(ocr_shop_hours) {
  (void)confidence;
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&ocr_shop_hours_labels, words[i], 0)) return "open";
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&(keeper_labels){{"CLOSED"}, 1}, words[i], 0)) return "closed";
  return "unknown";
}
