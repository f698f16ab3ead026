/* A mono utterance as float samples in [-1, 1] at a sample rate, in a guard-page buffer
 * (oracles/mlf_guard.h) because the synthesisers and resamplers that read or write it are
 * Debian binaries. Lengths are bounded: a pseudo-inverse never makes more than
 * SPEECH_MAX_SECONDS of audio, whatever its parameters. */
#ifndef KEEPER_SPEECH_AUDIO_H
#define KEEPER_SPEECH_AUDIO_H
#include <stddef.h>

/* The recogniser's rate (pocketsphinx-en-us is a 16 kHz model). */
#define SPEECH_RATE 16000
#define SPEECH_MAX_SECONDS 12

typedef struct {
  float *samples; /* mlf_guard_alloc'ed, capacity cap */
  size_t n, cap;
  int rate;
  int truncated;  /* 1 when more was offered than SPEECH_MAX_SECONDS */
} speech_audio;

/* An empty utterance at rate with room for SPEECH_MAX_SECONDS plus extra samples. */
void speech_audio_open(speech_audio *a, int rate, size_t extra, const char *label);
/* Appends 16-bit samples (as the synthesisers give them); past the capacity they are dropped
 * and truncated is set. */
void speech_audio_append_pcm16(speech_audio *a, const short *pcm, size_t n);
void speech_audio_close(speech_audio *a);
#endif
