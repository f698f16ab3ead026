/* The speech pseudo-inverse's own libraries under fuzz: espeak-ng 1.51 and flite 2.2 speak
 * a scene's text (any bytes up to SPEECH_MAX_TEXT) with its voice, rate and pitch, and
 * libsamplerate 0.2.2, soxr 0.1.3 and speexdsp 1.2.1 all resample the result to 16 kHz at
 * its quality step. Oracles: no crash, sanitizer report (every buffer against a guard page),
 * hang or leak with parameters in range; each resampler succeeds and returns the expected
 * number of samples; libsamplerate and soxr at the same quality step agree on the signal in
 * their common band within a measured bound (speech_resampler_agreement.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "keeper.pb-c.h"
#include "mlf_capture.h"
#include "mlf_feedback.h"
#include "mlf_target.h"
#include "speech_render.h"
#include "speech_resampler_agreement.h"

#define TAG "mlf:keeper_speak:"
/* Largest libsamplerate-to-soxr difference in their common band (speech_resampler_agreement.h),
 * dB relative to the signal, per quality step. Measured (out/tools/keeper_speech_calibrate
 * --resamplers-only, 2026-11-27) on the syntheses of 3 texts (empty, one word, eight words)
 * by each of the 6 calibration voices at 3 pitches and 6 rates 80..450 wpm (324 per step,
 * 8000, 16000 and 22050 Hz sources; 225 loud and long enough to judge): worst -51.2, -74.7 and
 * -98.3 dB. The bound is 6 dB above (twice the difference amplitude), for texts the
 * calibration did not cover; a real fault (a delay of one sample, a dropped block, a wrong
 * ratio) is near -10 dB or above. */
static const double agreement_db[SPEECH_QUALITY_STEPS] = {-45.0, -68.0, -92.0};
/* A resampler may return one sample fewer than round(n * 16000 / rate) (it floors where the
 * expectation rounds); measured: at most 1 short over the calibration's 108 resamplings and
 * the seeds. */
#define LENGTH_SLACK 1

/* Resamples synth with each resampler into out[]; returns 1 when all of them produced audio. */
static int resample_each(const speech_rendering *r, const speech_audio *synth, speech_audio *out, mlf_run *run) {
  int all = 1;
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) {
    const char *why = NULL, *name = speech_resampler_name((speech_resampler)k);
    mlf_capture_begin(name);
    int rc = speech_resample((speech_resampler)k, r->quality, synth, &out[k], &why);
    mlf_capture_end(NULL);
    mlf_log(run, "%s q%u: %zu -> %zu samples (expected %zu)%s%s", name, r->quality, synth->n, out[k].n, out[k].cap,
            rc ? ": " : "", rc ? why : "");
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, TAG "%s:resample:%s", name, rc ? "error" : "short-output");
    if (rc == SPEECH_RESAMPLE_AVOIDED)
      mlf_finding(run, TAG "soxr:soxr_oneshot:output-overread",
                  "an output of %zu sample(s) reaches the known 8-byte over-read (avoided: MLF_REPORT_KNOWN=1 makes "
                  "the call)", out[k].cap);
    else if (rc)
      mlf_finding(run, tag, "%s refused a %d Hz to 16 kHz resampling of %zu samples: %s", name, synth->rate, synth->n,
                  why);
    else if (out[k].n + LENGTH_SLACK < out[k].cap)
      mlf_finding(run, tag, "%s returned %zu samples of the %zu expected", name, out[k].n, out[k].cap);
    all = all && rc == 0;
  }
  return all;
}

static void judge_agreement(const speech_rendering *r, const speech_audio *synth, const speech_audio *out, mlf_run *run) {
  mlf_capture_begin("soxr (band limitation of the comparison)");
  speech_agreement a = speech_resampler_agreement(&out[SPEECH_LIBSAMPLERATE], &out[SPEECH_SOXR], synth->rate);
  mlf_capture_end(NULL);
  if (a.status == SPEECH_AGREEMENT_TOO_SHORT) {
    mlf_log(run, "libsamplerate vs soxr: too short to compare");
    return;
  }
  mlf_log(run, "libsamplerate vs soxr: difference %.1f dB (bound %.1f) at a signal of %.1f dBFS, length gap %ld",
          a.difference_db, agreement_db[r->quality], a.signal_dbfs, a.length_gap);
  mlf_feedback_hit(mlf_feature("keeper-speak-agreement", r->quality,
                               (uint32_t)(isfinite(a.difference_db) ? 200 + a.difference_db : 0) / 10));
  if (a.status == SPEECH_AGREEMENT_SOXR_ERROR)
    mlf_finding(run, TAG "soxr:resample:error", "soxr refused to band-limit a 16 kHz utterance to %d Hz",
                speech_common_band_rate(synth->rate, SPEECH_RATE));
  else if (a.signal_dbfs >= SPEECH_AGREEMENT_MIN_DBFS && a.difference_db > agreement_db[r->quality])
    mlf_finding(run, TAG "libsamplerate-soxr:resample:disagree",
                "at quality step %u the two resamplers differ by %.1f dB relative to the signal (bound %.1f dB)",
                r->quality, a.difference_db, agreement_db[r->quality]);
}

static void speak_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Keeper__SpeechCase *c = (const Mlf__Keeper__SpeechCase *)msg;
  speech_rendering r;
  const char *text = speech_case_from_proto(c, &r);
  speech_audio synth;
  const char *why = NULL;
  mlf_capture_begin(r.voice.flite ? "flite" : "espeak-ng");
  int rc = speech_synthesise(&r.voice, text, &synth, &why);
  mlf_capture_end(NULL);
  mlf_log(run, "%s '%s' %u wpm pitch %u: %s%zu samples at %d Hz%s", r.voice.flite ? "flite" : "espeak-ng", r.voice.voice,
          r.voice.rate_wpm, r.voice.pitch, rc ? why : "", synth.n, synth.rate, synth.truncated ? " (truncated)" : "");
  mlf_feedback_hit(mlf_feature("keeper-speak-length", (uint32_t)r.voice.flite, (uint32_t)(synth.n / 4000)));
  speech_audio out[SPEECH_N_RESAMPLERS] = {{0}};
  if (rc == 0 && resample_each(&r, &synth, out, run)) judge_agreement(&r, &synth, out, run);
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) speech_audio_close(&out[k]);
  speech_audio_close(&synth);
}

MLF_TARGET(keeper_speak, mlf__keeper__speech_case__descriptor, NULL, speak_run)
