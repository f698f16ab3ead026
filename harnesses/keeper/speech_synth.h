/* The synthesisers of the transcript-to-audio pseudo-inverse: espeak-ng (libespeak-ng 1.51,
 * synchronous synthesis through a callback) and flite 2.2 (its registered US English voices).
 * Each speaks text with a voice, a rate and a pitch into a bounded utterance at the
 * synthesiser's own rate. Not thread-safe (neither library is). */
#ifndef KEEPER_SPEECH_SYNTH_H
#define KEEPER_SPEECH_SYNTH_H
#include "speech_audio.h"
#include "speech_vocabulary.h"

typedef struct {
  int flite;         /* 0: espeak-ng, 1: flite */
  const char *voice; /* a name from speech_voices.h for that synthesiser */
  unsigned rate_wpm; /* SPEECH_RATE_MIN..SPEECH_RATE_MAX */
  unsigned pitch;    /* 0..100 */
} speech_voice_params;

/* Speaks text (at most SPEECH_MAX_TEXT bytes) into out at the voice's rate; returns 0, or -1
 * with a message in *why when the synthesiser refused. Close out either way. */
int speech_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why);
#endif
