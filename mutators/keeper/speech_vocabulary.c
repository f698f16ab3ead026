/* The voices and words of the speech pseudo-inverse (speech_vocabulary.h). Every word was
 * checked to be in pocketsphinx-en-us's cmudict-en-us.dict and in the full language model
 * (en-us.lm.bin), and is spoken as a word by espeak-ng and flite. */
#include <string.h>
#include "speech_grammar.h"
#include "speech_vocabulary.h"

const char *const speech_espeak_voices[] = {"en-us", "en", "en-gb-x-rp", "en-029", "en-gb-scotland"};
const size_t speech_n_espeak_voices = sizeof speech_espeak_voices / sizeof *speech_espeak_voices;
const char *const speech_flite_voices[] = {"kal", "kal16", "slt", "rms", "awb"};
const size_t speech_n_flite_voices = sizeof speech_flite_voices / sizeof *speech_flite_voices;

const char *const speech_words[] = {
    "the", "weather", "today", "is", "good", "call", "my", "mother", "what", "time", "it",
    "play", "some", "music", "set", "an", "alarm", "for", "seven", "go", "home", "open",
    "door", "light", "turn", "on", "off", "please", "yes", "no", "number", "one", "two",
    "three", "four", "five", "stop", "start", "close", "window", "radio", "water", "coffee",
    "morning", "night", "hello", "thank", "you", "help", "cancel", "repeat", "okay"};
const size_t speech_n_words = sizeof speech_words / sizeof *speech_words;

int speech_in_list(const char *name, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(name, list[i])) return 1;
  return 0;
}

static int known_word(const char *w) {
  if (speech_in_list(w, speech_words, speech_n_words)) return 1;
  for (int g = 1; g <= SPEECH_N_GRAMMARS; g++)
    if (speech_grammar_has_word(speech_grammar_get(g), w)) return 1;
  return 0;
}

int speech_text_is_vocabulary(const char *text, size_t max_words) {
  char word[32];
  size_t words = 0;
  const char *p = text;
  for (;;) {
    size_t len = strcspn(p, " ");
    if (len == 0 || len >= sizeof word || ++words > max_words) return 0;
    memcpy(word, p, len), word[len] = 0;
    if (!known_word(word)) return 0;
    if (!p[len]) return 1;
    p += len + 1;
  }
}
