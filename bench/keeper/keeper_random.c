/* Random everyday text for the baseline (keeper_random.h). */
#include <stdio.h>
#include "keeper_random.h"
#include "mlf_rng.h"
#include "speech_vocabulary.h"

static const char *const print_words[] = {
    "WELCOME", "Hello", "Monday", "Coffee", "STREET", "PARKING", "NO", "ENTRY", "Menu", "OPEN", "CLOSED",
    "12", "2024", "3.50", "Thank", "you", "SALE", "PUSH", "PULL", "EXIT", "Room", "Floor", "TICKET", "Please",
    "wait", "here", "Fresh", "bread", "TOTAL", "Cash", "CARD", "Tea", "Soup", "Station", "Platform", "4",
    "TODAY", "Open", "Daily", "LIBRARY", "Quiet", "please", "Main", "Road", "OFFICE", "Toilets", "Lift", "Sun"};

/* The trial renders or speaks the text with the same seed (keeper_inputs.c), so the words are
 * drawn from another stream of it: one stream for both tied the word count to the font. */
void keeper_random_text(keeper_medium medium, uint64_t seed, char *buf, size_t len) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x9e3779b97f4a7c15u);
  const char *const *words = medium == KEEPER_OCR ? print_words : speech_words;
  size_t n = medium == KEEPER_OCR ? sizeof print_words / sizeof *print_words : speech_n_words;
  size_t count = 1 + (size_t)mlf_rng_below(&rng, 3), used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < count; i++) {
    int w = snprintf(buf + used, len - used, "%s%s", i ? " " : "", words[mlf_rng_below(&rng, n)]);
    if (w < 0 || (size_t)w >= len - used) return;
    used += (size_t)w;
  }
}
