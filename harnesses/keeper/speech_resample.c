/* The three resamplers behind one call (speech_resample.h). Each writes into a guard-page
 * buffer of exactly the expected output length, so a write past it faults. */
#include <math.h>
#include <samplerate.h>
#include <soxr.h>
#include <speex/speex_resampler.h>
#include "mlf_guard.h"
#include "mlf_report.h"
#include "speech_resample.h"

const char *speech_resampler_name(speech_resampler r) {
  static const char *names[] = {"libsamplerate", "soxr", "speexdsp"};
  return r < SPEECH_N_RESAMPLERS ? names[r] : "?";
}

static int with_libsamplerate(unsigned q, const speech_audio *in, speech_audio *out, const char **why) {
  static const int converters[] = {SRC_SINC_FASTEST, SRC_SINC_MEDIUM_QUALITY, SRC_SINC_BEST_QUALITY};
  SRC_DATA d = {.data_in = in->samples, .data_out = out->samples, .input_frames = (long)in->n,
                .output_frames = (long)out->cap, .src_ratio = (double)out->rate / in->rate};
  int e = src_simple(&d, converters[q], 1);
  if (e) return *why = src_strerror(e), -1;
  out->n = (size_t)d.output_frames_gen;
  return 0;
}

static int with_soxr(unsigned q, const speech_audio *in, speech_audio *out, const char **why) {
  static const unsigned long recipes[] = {SOXR_LQ, SOXR_MQ, SOXR_HQ};
  if (out->cap < SPEECH_SOXR_MIN_OUTPUT && !mlf_report_known())
    return *why = "soxr would read 8 bytes at an output buffer of fewer than 2 samples (known finding)",
           SPEECH_RESAMPLE_AVOIDED;
  soxr_quality_spec_t quality = soxr_quality_spec(recipes[q], 0);
  size_t done = 0;
  soxr_error_t e = soxr_oneshot(in->rate, out->rate, 1, in->samples, in->n, NULL, out->samples, out->cap,
                                &done, NULL, &quality, NULL);
  if (e) return *why = e, -1;
  out->n = done;
  return 0;
}

/* speexdsp streams: the input, then zeros for its input latency to flush the filter; the
 * leading zeros its filter adds are skipped (speex_resampler_skip_zeros). */
static int with_speexdsp(unsigned q, const speech_audio *in, speech_audio *out, const char **why) {
  static const int qualities[] = {3, 6, 10};
  int err = 0;
  SpeexResamplerState *st = speex_resampler_init(1, (spx_uint32_t)in->rate, (spx_uint32_t)out->rate, qualities[q], &err);
  if (!st) return *why = speex_resampler_strerror(err), -1;
  speex_resampler_skip_zeros(st);
  spx_uint32_t in_len = (spx_uint32_t)in->n, out_len = (spx_uint32_t)out->cap;
  err = speex_resampler_process_float(st, 0, in->samples, &in_len, out->samples, &out_len);
  out->n = out_len;
  size_t latency = (size_t)speex_resampler_get_input_latency(st);
  float *zeros = mlf_guard_alloc(latency * sizeof(float), sizeof(float), MLF_GUARD_TAIL, "speexdsp flush");
  for (size_t i = 0; i < latency; i++) zeros[i] = 0;
  if (err == RESAMPLER_ERR_SUCCESS && out->n < out->cap) {
    in_len = (spx_uint32_t)latency, out_len = (spx_uint32_t)(out->cap - out->n);
    err = speex_resampler_process_float(st, 0, zeros, &in_len, out->samples + out->n, &out_len);
    out->n += out_len;
  }
  mlf_guard_free(zeros);
  speex_resampler_destroy(st);
  if (err != RESAMPLER_ERR_SUCCESS) return *why = speex_resampler_strerror(err), -1;
  return 0;
}

int speech_resample_to(speech_resampler r, unsigned quality, const speech_audio *in, int rate, speech_audio *out,
                       const char **why) {
  size_t expected = (size_t)llround((double)in->n * rate / in->rate);
  out->samples = mlf_guard_alloc(expected * sizeof(float), sizeof(float), MLF_GUARD_TAIL, "resampled");
  out->cap = expected, out->n = 0, out->rate = rate, out->truncated = in->truncated;
  if (quality >= SPEECH_QUALITY_STEPS) return *why = "quality step out of range", -1;
  switch (r) {
    case SPEECH_LIBSAMPLERATE: return with_libsamplerate(quality, in, out, why);
    case SPEECH_SOXR: return with_soxr(quality, in, out, why);
    case SPEECH_SPEEXDSP: return with_speexdsp(quality, in, out, why);
    default: return *why = "no such resampler", -1;
  }
}

int speech_resample(speech_resampler r, unsigned quality, const speech_audio *in, speech_audio *out, const char **why) {
  return speech_resample_to(r, quality, in, SPEECH_RATE, out, why);
}
