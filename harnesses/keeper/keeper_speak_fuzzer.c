/* The speech pseudo-inverse's own libraries under fuzz: espeak-ng 1.51 and flite 2.2 speak
 * a scene's text (any bytes up to SPEECH_MAX_TEXT) with its voice, rate and pitch, and
 * libsamplerate 0.2.2, soxr 0.1.3 and speexdsp 1.2.1 all resample the result to 16 kHz at
 * its quality step. Oracles: no crash, sanitizer report (every buffer against a guard page),
 * hang or leak with parameters in range; each resampler succeeds and returns the expected
 * number of samples; libsamplerate and soxr at the same quality step agree on the signal
 * within a measured bound (speech_resampler_agreement.h). */
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
/* Largest libsamplerate-to-soxr difference, dB relative to the signal, per quality step:
 * CALIBRATION filled in from tests/keeper/speech_calibrate.c. */
static const double agreement_db[SPEECH_QUALITY_STEPS] = {0, 0, 0};
/* A resampler may return a few samples fewer than round(n * 16000 / rate) (filter delay at the
 * end): at most this many. CALIBRATION. */
#define LENGTH_SLACK 64

static void resample_all(const speech_rendering *r, const speech_audio *synth, mlf_run *run) {
  speech_audio out[SPEECH_N_RESAMPLERS];
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) {
    const char *why = NULL, *name = speech_resampler_name((speech_resampler)k);
    mlf_capture_begin(name);
    int rc = speech_resample((speech_resampler)k, r->quality, synth, &out[k], &why);
    mlf_capture_end(NULL);
    mlf_log(run, "%s q%u: %zu -> %zu samples (expected %zu)%s%s", name, r->quality, synth->n, out[k].n, out[k].cap,
            rc ? ": " : "", rc ? why : "");
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, TAG "%s:resample:%s", name, rc ? "error" : "short-output");
    if (rc) mlf_finding(run, tag, "%s refused a %d Hz to 16 kHz resampling of %zu samples: %s", name, synth->rate,
                        synth->n, why);
    else if (out[k].n + LENGTH_SLACK < out[k].cap)
      mlf_finding(run, tag, "%s returned %zu samples of the %zu expected", name, out[k].n, out[k].cap);
  }
  long gap = 0;
  double db = speech_resampler_difference_db(&out[SPEECH_LIBSAMPLERATE], &out[SPEECH_SOXR], &gap);
  mlf_log(run, "libsamplerate vs soxr: difference %.1f dB (bound %.1f), length gap %ld", db, agreement_db[r->quality], gap);
  mlf_feedback_hit(mlf_feature("keeper-speak-agreement", r->quality, (uint32_t)(isfinite(db) ? 200 + db : 0) / 10));
  if (db > agreement_db[r->quality])
    mlf_finding(run, TAG "libsamplerate-soxr:resample:disagree",
                "at quality step %u the two resamplers differ by %.1f dB relative to the signal (bound %.1f dB)",
                r->quality, db, agreement_db[r->quality]);
  for (int k = 0; k < SPEECH_N_RESAMPLERS; k++) speech_audio_close(&out[k]);
}

static void speak_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Keeper__SpeechCase *c = (const Mlf__Keeper__SpeechCase *)msg;
  const char *text = c->scene && c->scene->text ? c->scene->text : "";
  speech_rendering r;
  speech_rendering_from_proto(c->scene && c->scene->medium_case == MLF__KEEPER__SCENE__MEDIUM_SPEECH ? c->scene->speech : NULL, &r);
  speech_audio synth;
  const char *why = NULL;
  mlf_capture_begin(r.voice.flite ? "flite" : "espeak-ng");
  int rc = speech_synthesise(&r.voice, text, &synth, &why);
  mlf_capture_end(NULL);
  mlf_log(run, "%s '%s' %u wpm pitch %u: %s%zu samples at %d Hz%s", r.voice.flite ? "flite" : "espeak-ng", r.voice.voice,
          r.voice.rate_wpm, r.voice.pitch, rc ? why : "", synth.n, synth.rate, synth.truncated ? " (truncated)" : "");
  mlf_feedback_hit(mlf_feature("keeper-speak-length", (uint32_t)r.voice.flite, (uint32_t)(synth.n / 4000)));
  if (rc == 0 && synth.n > 0) resample_all(&r, &synth, run);
  speech_audio_close(&synth);
}

MLF_TARGET(keeper_speak, mlf__keeper__speech_case__descriptor, NULL, speak_run)
