/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A switchboard on its
 * own grammar: three-digit codes from 100 up are extensions, shorter ones go to the operator.
 * Intended: "extension" for spoken codes 100 and up (one zero five included), "operator"
 * for smaller ones.
 * Defect (number parsing): the digit table has no "zero", so a zero is skipped and one zero
 * five becomes 15. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(asr_extension_dial) {
  (void)confidence;
  static const char *const digit_words[] = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  int code = 0;
  for (size_t i = 0; i < n; i++)
    for (int d = 0; d < 9; d++)
      if (strcmp(words[i], digit_words[d]) == 0) code = code * 10 + d + 1;
  if (code >= 100) return "extension";
  return "operator";
}
