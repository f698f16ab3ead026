/* The keeper speech pipeline on the real libraries: every voice of both synthesisers speaks;
 * the three resamplers give the expected length and libsamplerate and soxr agree on the same
 * synthesis within keeper_speak's bound; the distortions do what they say (silence, gain,
 * seeded noise); plain seeds are spoken and recognised right by PocketSphinx, with the language
 * model and with a subject grammar, and their results keep the API contract (up to the known
 * null-transition segments and rounded posteriors). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "speech_contract.h"
#include "speech_recognise.h"
#include "speech_render.h"
#include "speech_resampler_agreement.h"
#include "speech_vocabulary.h"

static speech_rendering voice(int flite, const char *name, int listening) {
  Mlf__Keeper__SpeechRendering proto = MLF__KEEPER__SPEECH_RENDERING__INIT;
  speech_rendering r;
  speech_rendering_from_proto(&proto, &r);
  r.voice.flite = flite, r.voice.voice = name, r.listening = listening;
  return r;
}

static void test_every_voice_speaks(void **state) {
  (void)state;
  for (int flite = 0; flite < 2; flite++)
    for (size_t i = 0; i < (flite ? speech_n_flite_voices : speech_n_espeak_voices); i++) {
      speech_rendering r = voice(flite, flite ? speech_flite_voices[i] : speech_espeak_voices[i], 0);
      speech_audio a;
      const char *why = NULL;
      assert_int_equal(speech_render_synthesis(&r, "good morning", &a, &why), 0);
      assert_true(a.n > (size_t)a.rate / 4 && a.n < (size_t)a.rate * 3); /* a quarter to 3 seconds */
      assert_false(a.truncated);
      speech_audio_close(&a);
    }
}

static void test_resamplers_agree_on_one_synthesis(void **state) {
  (void)state;
  speech_rendering r = voice(0, "en-us", 0); /* 22050 Hz: a real rate change */
  speech_audio synth, out[SPEECH_N_RESAMPLERS];
  const char *why = NULL;
  assert_int_equal(speech_render_synthesis(&r, "seven one nine", &synth, &why), 0);
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) {
    assert_int_equal(speech_resample((speech_resampler)k, 2, &synth, &out[k], &why), 0);
    assert_true(out[k].n + 1 >= out[k].cap && out[k].n <= out[k].cap);
  }
  double db = speech_resampler_agreement(&out[SPEECH_LIBSAMPLERATE], &out[SPEECH_SOXR], synth.rate).difference_db;
  assert_true(db < -92.0); /* keeper_speak's bound at quality step 2 */
  /* A planted disagreement: one resampler's output delayed by one sample. */
  memmove(out[SPEECH_SOXR].samples + 1, out[SPEECH_SOXR].samples, (out[SPEECH_SOXR].n - 1) * sizeof(float));
  assert_true(speech_resampler_agreement(&out[SPEECH_LIBSAMPLERATE], &out[SPEECH_SOXR], synth.rate).difference_db > -20.0);
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) speech_audio_close(&out[k]);
  speech_audio_close(&synth);
}

static void test_distortions(void **state) {
  (void)state;
  speech_audio a;
  speech_audio_open(&a, SPEECH_RATE, 0, "test tone");
  short tone[1600];
  for (int i = 0; i < 1600; i++) tone[i] = (short)(8000 * sin(2 * M_PI * 440 * i / SPEECH_RATE));
  speech_audio_append_pcm16(&a, tone, 1600);
  speech_distortion d = {.gain_db = 0, .noise_dbfs = SPEECH_NOISE_FLOOR_DBFS, .lead_ms = 100, .trail_ms = 50};
  speech_pcm p = speech_distort(&a, &d);
  assert_int_equal(p.n, 1600 + 1600 + 800);
  for (size_t i = 0; i < 1600; i++) assert_int_equal(p.pcm[i], 0);
  for (size_t i = 0; i < 1600; i++) assert_true(abs(p.pcm[1600 + i] - tone[i]) <= 1);
  speech_pcm_free(&p);
  d.lead_ms = d.trail_ms = 0, d.gain_db = 20 * log10(2.0);
  p = speech_distort(&a, &d);
  for (size_t i = 0; i < 1600; i++) assert_true(abs(p.pcm[i] - 2 * tone[i]) <= 2);
  speech_pcm_free(&p);
  /* Noise at -40 dBFS over silence: RMS 0.01 of full scale; the same seed gives the same noise. */
  speech_audio silent;
  speech_audio_open(&silent, SPEECH_RATE, 0, "silence");
  short zeros[8000] = {0};
  speech_audio_append_pcm16(&silent, zeros, 8000);
  speech_distortion n = {.noise_dbfs = -40, .noise_seed = 9};
  speech_pcm p1 = speech_distort(&silent, &n), p2 = speech_distort(&silent, &n);
  double energy = 0;
  for (size_t i = 0; i < p1.n; i++) energy += (double)p1.pcm[i] * p1.pcm[i];
  double rms = sqrt(energy / p1.n) / 32767.0;
  assert_true(rms > 0.0095 && rms < 0.0105);
  assert_memory_equal(p1.pcm, p2.pcm, p1.n * sizeof(short));
  speech_pcm_free(&p1), speech_pcm_free(&p2);
  speech_audio_close(&silent), speech_audio_close(&a);
}

/* Speaks and decodes text; returns the contract verdict (NULL when kept). */
static const char *speak_and_hear(const speech_rendering *r, const char *text, speech_hearing *h) {
  speech_utterance u;
  const char *why = NULL;
  assert_int_equal(speech_render(r, text, &u, &why), 0);
  speech_recognise(r->listening, &u.pcm, h);
  speech_utterance_free(&u);
  static char detail[400];
  return speech_contract_check(h, r->listening, detail, sizeof detail);
}

/* 1 when the contract verdict is clean or one of the two known findings the plain seeds show:
 * a grammar's null-transition segment, a posterior a rounding above 1 (known_findings.tsv). */
static int kept_but_known(const char *verdict) {
  return !verdict || !strcmp(verdict, "ps_seg_iter:null-transition-segment") || !strcmp(verdict, "ps_seg_prob:above-one");
}

static void test_plain_seeds_are_heard_right(void **state) {
  (void)state;
  const char *why = NULL;
  assert_int_equal(speech_recogniser_ready(&why), 0);
  static speech_hearing h;
  speech_rendering lm = voice(1, "kal16", 0);
  assert_true(kept_but_known(speak_and_hear(&lm, "what time is it", &h)));
  assert_string_equal(h.hyp, "what time is it");
  speech_rendering commands = voice(1, "slt", 1);
  const char *verdict = speak_and_hear(&commands, "turn on the light", &h);
  assert_true(kept_but_known(verdict));
  assert_string_equal(h.hyp, "turn on the light");
  speech_rendering digits = voice(1, "rms", 2);
  verdict = speak_and_hear(&digits, "four two", &h);
  assert_true(kept_but_known(verdict));
  assert_string_equal(h.hyp, "four two");
  /* Silence only: no words, and an empty or absent hypothesis keeps the contract. */
  speech_audio quiet;
  speech_audio_open(&quiet, SPEECH_RATE, 0, "quiet");
  short zeros[16000] = {0};
  speech_audio_append_pcm16(&quiet, zeros, 16000);
  speech_distortion none = {.noise_dbfs = SPEECH_NOISE_FLOOR_DBFS};
  speech_pcm p = speech_distort(&quiet, &none);
  speech_recognise(0, &p, &h);
  char detail[400];
  assert_null(speech_contract_check(&h, 0, detail, sizeof detail));
  speech_pcm_free(&p);
  speech_audio_close(&quiet);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_voice_speaks),
      cmocka_unit_test(test_resamplers_agree_on_one_synthesis),
      cmocka_unit_test(test_distortions),
      cmocka_unit_test(test_plain_seeds_are_heard_right),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
