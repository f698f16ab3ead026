/* The transcript-to-audio pseudo-inverse end to end: synthesise (espeak-ng or flite), resample
 * to 16 kHz (libsamplerate, soxr or speexdsp), distort, as 16-bit PCM. A crash inside names
 * the library running (mlf_capture), so a synthesiser's or resampler's own bug is reported as
 * that library's. */
#ifndef KEEPER_SPEECH_RENDER_H
#define KEEPER_SPEECH_RENDER_H
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

typedef struct {
  speech_pcm pcm;        /* the utterance the recogniser hears */
  size_t synth_samples;  /* at the synthesiser's rate */
  int synth_rate;
  int truncated;         /* the synthesiser offered more than SPEECH_MAX_SECONDS */
} speech_utterance;

/* Renders text; returns 0, or -1 with *why when a synthesiser or resampler refused (no audio
 * then). Free with speech_utterance_free either way. */
int speech_render(const speech_rendering *r, const char *text, speech_utterance *u, const char **why);
void speech_utterance_free(speech_utterance *u);
/* The resampled, undistorted float audio of text (for keeper_speak's resampler comparison):
 * out is open after the call either way. */
int speech_render_resampled(const speech_rendering *r, const char *text, speech_audio *synth, speech_audio *out,
                            const char **why);
#endif
