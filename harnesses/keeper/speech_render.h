/* The transcript-to-audio pseudo-inverse end to end: synthesise (espeak-ng or flite), resample
 * to 16 kHz (libsamplerate, soxr or speexdsp), distort, as 16-bit PCM. A crash inside names
 * the library running (mlf_capture), so a synthesiser's or resampler's own bug is reported as
 * that library's. */
#ifndef KEEPER_SPEECH_RENDER_H
#define KEEPER_SPEECH_RENDER_H
#include "keeper.pb-c.h"
#include "keeper_speech.pb-c.h"
#include "speech_distort.h"
#include "speech_resample.h"
#include "speech_synth.h"

typedef struct {
  speech_voice_params voice;
  speech_resampler resampler;
  unsigned quality;
  speech_distortion distortion;
  int listening; /* SpeechRendering.Listening */
} speech_rendering;

/* The rendering a message asks for, every number brought into its range (the harness bounds
 * what it runs whatever the mutator did); the voice defaults to the synthesiser's first. */
void speech_rendering_from_proto(const Mlf__Keeper__SpeechRendering *r, speech_rendering *out);
/* A speech case's text ("" without one), with its scene's rendering into out as above. */
const char *speech_case_from_proto(const Mlf__Keeper__SpeechCase *c, speech_rendering *out);

typedef struct {
  speech_pcm pcm;        /* the utterance the recogniser hears */
  size_t synth_samples;  /* at the synthesiser's rate */
  int synth_rate;
  int truncated;         /* the synthesiser offered more than SPEECH_MAX_SECONDS */
} speech_utterance;

/* Synthesises text with r's voice into synth (open after the call either way; close it);
 * returns 0, or -1 with *why when the synthesiser refused. */
int speech_render_synthesis(const speech_rendering *r, const char *text, speech_audio *synth, const char **why);
/* Resamples and distorts synth as r asks; returns 0, or -1 with *why when the resampler
 * refused, or SPEECH_RESAMPLE_AVOIDED (speech_resample.h; no audio then). Free u with speech_utterance_free either way. */
int speech_render_from_synthesis(const speech_rendering *r, const speech_audio *synth, speech_utterance *u,
                                 const char **why);
/* Both steps: renders text. */
int speech_render(const speech_rendering *r, const char *text, speech_utterance *u, const char **why);
void speech_utterance_free(speech_utterance *u);
/* 1 when a and b synthesise the same audio (same synthesiser, voice, rate and pitch): a
 * follow-up then reuses the base's synthesis (espeak-ng carries state between utterances, so
 * speaking twice may differ by a few samples). */
int speech_same_voice(const speech_rendering *a, const speech_rendering *b);
#endif
