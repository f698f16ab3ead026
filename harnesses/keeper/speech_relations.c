/* Follow-ups and judges of the speech relations (speech_relations.h).
 *
 * Measured with out/tools/keeper_speech_calibrate (2026-11-27): 16 texts (4 commands, 4 digit
 * codes, 4 answers, 4 phrases) x 6 voices (flite kal16, slt, rms, awb, kal; espeak-ng en-us),
 * each with the language model and, for grammar texts, its grammar: 168 base utterances, 124
 * heard right (56 language model, 68 grammar; espeak-ng's en-us voice only 1 of its 16 times
 * with the language model, 10 of 12 with a grammar); each relation's follow-up swept over its
 * parameter.
 *
 * Tolerance: a word error rate of 0 for every relation. Decoding is deterministic (no state
 * between utterances, speech_recognise.c): every unchanged follow-up (gain 0 dB, no added
 * silence, libsamplerate -> soxr at the base's quality step 0) was heard exactly as its base,
 * 124 of 124. So any changed word is the recogniser's, not noise in the measurement.
 *
 * Ranges (the calibrated levels): where the grammar searches heard every follow-up right and
 * the language model most (its misses are the robustness failures this oracle reports):
 *   rate 160..200 wpm (base 175): grammar 68/68 at both ends; language model 51/56 and 52/56
 *     (at 140 and 240 the grammars miss one each, at 100 seven);
 *   gain -24..0 dB: grammar 68/68; language model 54/56 at -24 (+6 dB clips: grammar 64/68);
 *   added silence 0..1000 ms: grammar 68/68; language model 56/56 at 500, 55/56 at 1000;
 *   noise up to -55 dBFS: grammar 68/68 down to -50; language model 51/56 at -55, 55/56 at -70
 *     (at -45 the grammars miss 5, the language model 27). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "speech_relations.h"

#define RATE_FOLLOW_MIN 160
#define RATE_FOLLOW_MAX 200
#define GAIN_FOLLOW_MIN -24.0
#define GAIN_FOLLOW_MAX 0.0
#define NOISE_FOLLOW_MAX_DBFS -55.0

static const speech_relation_spec specs[] = {
    {MLF__KEEPER__SPEECH_RELATION__KIND__RESAMPLER_SWAP, "resampler-swap", 0.0},
    {MLF__KEEPER__SPEECH_RELATION__KIND__RATE_CHANGE, "rate-change", 0.0},
    {MLF__KEEPER__SPEECH_RELATION__KIND__GAIN_CHANGE, "gain-change", 0.0},
    {MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_SILENCE, "added-silence", 0.0},
    {MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE, "added-noise", 0.0},
};

const speech_relation_spec *speech_relation_spec_of(Mlf__Keeper__SpeechRelation__Kind kind) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    if (specs[i].kind == kind) return &specs[i];
  return NULL;
}

static double clamp(double v, double lo, double hi) { return !(v >= lo) ? lo : v > hi ? hi : v; }

int speech_follow_up(const speech_rendering *base, const Mlf__Keeper__SpeechRelation *rel, speech_rendering *follow) {
  *follow = *base;
  speech_distortion *d = &follow->distortion;
  switch (rel->kind) {
    case MLF__KEEPER__SPEECH_RELATION__KIND__RESAMPLER_SWAP:
      follow->resampler = base->resampler == SPEECH_LIBSAMPLERATE ? SPEECH_SOXR : SPEECH_LIBSAMPLERATE;
      return 0;
    case MLF__KEEPER__SPEECH_RELATION__KIND__RATE_CHANGE:
      follow->voice.rate_wpm = (unsigned)clamp((double)base->voice.rate_wpm + rel->rate_delta_wpm, RATE_FOLLOW_MIN,
                                               RATE_FOLLOW_MAX);
      return 0;
    case MLF__KEEPER__SPEECH_RELATION__KIND__GAIN_CHANGE:
      d->gain_db = clamp(base->distortion.gain_db + rel->gain_delta_db, GAIN_FOLLOW_MIN, GAIN_FOLLOW_MAX);
      return 0;
    case MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_SILENCE: {
      unsigned more = rel->silence_ms > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : rel->silence_ms;
      d->lead_ms = base->distortion.lead_ms + more > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : base->distortion.lead_ms + more;
      d->trail_ms = base->distortion.trail_ms + more > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : base->distortion.trail_ms + more;
      return 0;
    }
    case MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE:
      if (base->distortion.noise_dbfs > SPEECH_NOISE_FLOOR_DBFS) return -1; /* the base is already noisy */
      d->noise_dbfs = clamp(rel->noise_dbfs, SPEECH_NOISE_FLOOR_DBFS, NOISE_FOLLOW_MAX_DBFS);
      d->noise_seed = rel->noise_seed;
      return 0;
    default:
      return -1;
  }
}

#define MAX_WORDS 64

/* Splits a copy of s (in buf) into at most MAX_WORDS words. */
static size_t split_words(const char *s, char *buf, size_t len, char **words) {
  size_t n = 0;
  snprintf(buf, len, "%s", s);
  for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && n < MAX_WORDS; w = strtok_r(NULL, " ", &save))
    words[n++] = w;
  return n;
}

double speech_word_error_rate(const char *truth, const char *heard) {
  char tb[1024], hb[1024], *t[MAX_WORDS], *h[MAX_WORDS];
  size_t nt = split_words(truth, tb, sizeof tb, t), nh = split_words(heard, hb, sizeof hb, h);
  size_t row[MAX_WORDS + 1];
  for (size_t j = 0; j <= nh; j++) row[j] = j;
  for (size_t i = 1; i <= nt; i++) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= nh; j++) {
      size_t substitute = diagonal + (strcmp(t[i - 1], h[j - 1]) != 0);
      size_t best = row[j] + 1 < row[j - 1] + 1 ? row[j] + 1 : row[j - 1] + 1;
      diagonal = row[j];
      row[j] = substitute < best ? substitute : best;
    }
  }
  return nt ? (double)row[nh] / (double)nt : (double)nh;
}

speech_verdict speech_relation_judge(const speech_relation_spec *spec, const char *truth, const char *base_heard,
                                     const char *follow_heard, double *wer) {
  *wer = speech_word_error_rate(truth, follow_heard);
  if (strcmp(truth, base_heard)) return SPEECH_NOT_DETERMINABLE;
  return *wer <= spec->wer_tolerance ? SPEECH_HOLDS : SPEECH_VIOLATED;
}
