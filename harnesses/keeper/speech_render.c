/* The pseudo-inverse: text -> synthesiser -> resampler -> distortions (speech_render.h). */
#include <string.h>
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
  d->gain_db = r->has_gain_db ? clamp(r->gain_db, SPEECH_GAIN_MIN_DB, SPEECH_GAIN_MAX_DB) : 0;
  d->noise_dbfs = r->has_noise_dbfs ? clamp(r->noise_dbfs, SPEECH_NOISE_FLOOR_DBFS, SPEECH_NOISE_MAX_DBFS)
                                    : SPEECH_NOISE_FLOOR_DBFS;
  d->noise_seed = r->noise_seed;
  d->lead_ms = r->lead_silence_ms > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : r->lead_silence_ms;
  d->trail_ms = r->trail_silence_ms > SPEECH_MAX_SILENCE_MS ? SPEECH_MAX_SILENCE_MS : r->trail_silence_ms;
  out->listening = speech_grammar_get((int)r->listening) ? (int)r->listening : 0;
}

const char *speech_case_from_proto(const Mlf__Keeper__SpeechCase *c, speech_rendering *out) {
  const Mlf__Keeper__Scene *scene = c->scene;
  speech_rendering_from_proto(scene && scene->medium_case == MLF__KEEPER__SCENE__MEDIUM_SPEECH ? scene->speech : NULL, out);
  return scene && scene->text ? scene->text : "";
}

int speech_render_synthesis(const speech_rendering *r, const char *text, speech_audio *synth, const char **why) {
  mlf_capture_begin(r->voice.flite ? "flite" : "espeak-ng");
  int rc = speech_synthesise(&r->voice, text, synth, why);
  mlf_capture_end(NULL);
  return rc;
}

int speech_render_from_synthesis(const speech_rendering *r, const speech_audio *synth, speech_utterance *u,
                                 const char **why) {
  speech_audio resampled;
  *u = (speech_utterance){.synth_samples = synth->n, .synth_rate = synth->rate, .truncated = synth->truncated};
  mlf_capture_begin(speech_resampler_name(r->resampler));
  int rc = speech_resample(r->resampler, r->quality, synth, &resampled, why);
  mlf_capture_end(NULL);
  if (rc == 0) u->pcm = speech_distort(&resampled, &r->distortion);
  speech_audio_close(&resampled);
  return rc;
}

int speech_render(const speech_rendering *r, const char *text, speech_utterance *u, const char **why) {
  speech_audio synth;
  int rc = speech_render_synthesis(r, text, &synth, why);
  if (rc == 0) rc = speech_render_from_synthesis(r, &synth, u, why);
  else *u = (speech_utterance){0};
  speech_audio_close(&synth);
  return rc;
}

int speech_same_voice(const speech_rendering *a, const speech_rendering *b) {
  return a->voice.flite == b->voice.flite && !strcmp(a->voice.voice, b->voice.voice) &&
         a->voice.rate_wpm == b->voice.rate_wpm && a->voice.pitch == b->voice.pitch;
}

void speech_utterance_free(speech_utterance *u) { speech_pcm_free(&u->pcm); }
