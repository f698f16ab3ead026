/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A door keypad by
 * voice with its own grammar (two to four digits).
 * Intended: "unlock" for one two three four, "wrong pin" for any other code, shorter codes
 * included.
 * Defect (empty index): four words are read without checking the transcript has four; a
 * shorter code leaves a NULL word that strcmp dereferences. */
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(asr_pin_unlock) {
  (void)confidence;
  static const char *const digit_words[] = {"zero", "one", "two", "three", "four",
                                            "five", "six", "seven", "eight", "nine"};
  char copy[256];
  strncpy(copy, api_text, sizeof copy - 1);
  copy[sizeof copy - 1] = 0;
  const char *words[4] = {0};
  char *save = NULL;
  for (int i = 0; i < 4; i++) words[i] = strtok_r(i ? NULL : copy, " ", &save);
  int pin = 0;
  for (int i = 0; i < 4; i++) {
    int digit = 0;
    for (int d = 0; d < 10; d++)
      if (strcmp(words[i], digit_words[d]) == 0) digit = d;
    pin = pin * 10 + digit;
  }
  if (pin == 1234) return "unlock";
  return "wrong pin";
}
