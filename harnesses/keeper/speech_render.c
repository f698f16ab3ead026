/* The pseudo-inverse: text -> synthesiser -> resampler -> distortions (speech_render.h). */
#include <math.h>
#include "mlf_capture.h"
#include "speech_grammar.h"
#include "speech_render.h"
#include "speech_vocabulary.h"

static double clamp(double v, double lo, double hi) { return !(v >= lo) ? lo : v > hi ? hi : v; }

void speech_rendering_from_proto(const Mlf__Keeper__SpeechRendering *r, speech_rendering *out) {
  static const Mlf__Keeper__SpeechRendering defaults = MLF__KEEPER__SPEECH_RENDERING__INIT;
  if (!r) r = &defaults;
  speech_voice_params *v = &out->voice;
  v->flite = r->synthesiser == MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__FLITE;
  const char *const *voices = v->flite ? speech_flite_voices : speech_espeak_voices;
  size_t n_voices = v->flite ? speech_n_flite_voices : speech_n_espeak_voices;
  v->voice = r->voice && speech_in_list(r->voice, voices, n_voices) ? r->voice : voices[0];
  v->rate_wpm = r->has_rate_wpm ? (unsigned)clamp(r->rate_wpm, SPEECH_RATE_MIN, SPEECH_RATE_MAX) : SPEECH_RATE_NORMAL;
  v->pitch = r->has_pitch ? (unsigned)clamp(r->pitch, 0, SPEECH_PITCH_MAX) : 50;
  out->resampler = (speech_resampler)((unsigned)r->resampler % SPEECH_N_RESAMPLERS);
  out->quality = r->quality % SPEECH_QUALITY_STEPS;
  speech_distortion *d = &out->distortion;
  d->gain_db = r->has_gain_db ? clamp(r->gain_db, -30, 12) : 0;
  d->noise_dbfs = r->has_noise_dbfs ? clamp(r->noise_dbfs, SPEECH_NOISE_FLOOR_DBFS, -10) : SPEECH_NOISE_FLOOR_DBFS;
  d->noise_seed = r->noise_seed;
  d->lead_ms = r->lead_silence_ms > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : r->lead_silence_ms;
  d->trail_ms = r->trail_silence_ms > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : r->trail_silence_ms;
  out->listening = speech_grammar_get((int)r->listening) ? (int)r->listening : 0;
}

int speech_render_resampled(const speech_rendering *r, const char *text, speech_audio *synth, speech_audio *out,
                            const char **why) {
  out->samples = NULL, out->n = out->cap = 0;
  mlf_capture_begin(r->voice.flite ? "flite" : "espeak-ng");
  int ok = speech_synthesise(&r->voice, text, synth, why) == 0;
  mlf_capture_end(NULL);
  if (!ok) return -1;
  mlf_capture_begin(speech_resampler_name(r->resampler));
  ok = speech_resample(r->resampler, r->quality, synth, out, why) == 0;
  mlf_capture_end(NULL);
  return ok ? 0 : -1;
}

int speech_render(const speech_rendering *r, const char *text, speech_utterance *u, const char **why) {
  speech_audio synth, resampled;
  *u = (speech_utterance){0};
  int rc = speech_render_resampled(r, text, &synth, &resampled, why);
  u->synth_samples = synth.n, u->synth_rate = synth.rate, u->truncated = synth.truncated;
  if (rc == 0) u->pcm = speech_distort(&resampled, &r->distortion);
  speech_audio_close(&synth);
  speech_audio_close(&resampled);
  return rc;
}

void speech_utterance_free(speech_utterance *u) { speech_pcm_free(&u->pcm); }
