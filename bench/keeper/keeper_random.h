/* The "random real inputs" baseline of the Keeper paper (its Random-Real, section 6.1.2):
 * inputs made by the same pseudo-inverses from random everyday text, not from a subject's
 * branch clauses. */
#ifndef KEEPER_RANDOM_H
#define KEEPER_RANDOM_H
#include <stddef.h>
#include <stdint.h>
#include "subject.h"

/* One to three random words for the medium, space-separated, into buf. OCR words come from
 * everyday print (signs, receipts, menus; upper and mixed case, a few numbers); speech words
 * are the speech pseudo-inverse's everyday vocabulary (speech_words, mutators/keeper/). Both
 * lists were fixed without regard to any subject's clauses, so some subject labels occur in
 * them as they would in any real corpus. */
void keeper_random_text(keeper_medium medium, uint64_t seed, char *buf, size_t len);
#endif
