/* Follow-ups and judges of the speech relations (speech_relations.h). The ranges and
 * tolerances below come from tests/keeper/speech_calibrate.c (see each comment). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "speech_relations.h"

/* CALIBRATION: filled in from the measurement. */
#define RATE_FOLLOW_MIN 130
#define RATE_FOLLOW_MAX 240
#define GAIN_FOLLOW_MIN -20.0
#define GAIN_FOLLOW_MAX 6.0
#define NOISE_FOLLOW_MAX_DBFS -45.0

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
