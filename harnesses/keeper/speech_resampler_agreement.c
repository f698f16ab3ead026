/* Signal difference of two resampled utterances in their common band
 * (speech_resampler_agreement.h). */
#include <math.h>
#include "speech_resample.h"
#include "speech_resampler_agreement.h"

int speech_common_band_rate(int source_rate, int output_rate) {
  return (source_rate < output_rate ? source_rate : output_rate) * 4 / 5;
}

static void compare(const speech_audio *a, const speech_audio *b, speech_agreement *out) {
  size_t n = a->n < b->n ? a->n : b->n, edge = (size_t)a->rate * SPEECH_AGREEMENT_EDGE_MS / 1000;
  double signal = 0, difference = 0;
  for (size_t i = edge; i + edge < n; i++) {
    double d = (double)a->samples[i] - b->samples[i];
    signal += (double)a->samples[i] * a->samples[i];
    difference += d * d;
  }
  size_t compared = n > 2 * edge ? n - 2 * edge : 0;
  out->signal_dbfs = compared && signal > 0 ? 10.0 * log10(signal / (double)compared) : -INFINITY;
  out->difference_db = difference == 0 ? -INFINITY : signal == 0 ? 0 : 10.0 * log10(difference / signal);
}

speech_agreement speech_resampler_agreement(const speech_audio *a, const speech_audio *b, int source_rate) {
  speech_agreement out = {.length_gap = (long)a->n - (long)b->n};
  int band = speech_common_band_rate(source_rate, a->rate);
  speech_audio band_a, band_b;
  const char *why = NULL;
  int rc_a = speech_resample_to(SPEECH_SOXR, SPEECH_QUALITY_STEPS - 1, a, band, &band_a, &why);
  int rc_b = speech_resample_to(SPEECH_SOXR, SPEECH_QUALITY_STEPS - 1, b, band, &band_b, &why);
  out.status = rc_a < 0 || rc_b < 0                                             ? SPEECH_AGREEMENT_SOXR_ERROR
               : rc_a == SPEECH_RESAMPLE_AVOIDED || rc_b == SPEECH_RESAMPLE_AVOIDED ? SPEECH_AGREEMENT_TOO_SHORT
                                                                                 : SPEECH_AGREEMENT_MEASURED;
  if (out.status == SPEECH_AGREEMENT_MEASURED) compare(&band_a, &band_b, &out);
  speech_audio_close(&band_a);
  speech_audio_close(&band_b);
  return out;
}
