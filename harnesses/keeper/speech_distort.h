/* The distortions of the pseudo-inverse, applied to the 16 kHz utterance before the
 * recogniser hears it: a gain, white Gaussian noise at a level from a seed, and silence before
 * and after; the result is 16-bit PCM (what ps_process_raw takes) in a guard-page buffer. */
#ifndef KEEPER_SPEECH_DISTORT_H
#define KEEPER_SPEECH_DISTORT_H
#include <stddef.h>
#include <stdint.h>
#include "speech_audio.h"
#include "speech_vocabulary.h"

typedef struct {
  double gain_db;        /* SPEECH_GAIN_MIN_DB..SPEECH_GAIN_MAX_DB; samples are clipped to 16 bits */
  double noise_dbfs;     /* RMS of the noise relative to full scale */
  uint64_t noise_seed;
  unsigned lead_ms, trail_ms; /* 0..SPEECH_MAX_SILENCE_MS */
} speech_distortion;

typedef struct {
  short *pcm; /* mlf_guard_alloc'ed, exactly n samples */
  size_t n;
} speech_pcm;

/* The distorted 16-bit utterance (free it with speech_pcm_free). */
speech_pcm speech_distort(const speech_audio *a, const speech_distortion *d);
void speech_pcm_free(speech_pcm *p);
#endif
