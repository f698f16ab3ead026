/* Signal difference of two resampled utterances (speech_resampler_agreement.h). */
#include <math.h>
#include "speech_resampler_agreement.h"

double speech_resampler_difference_db(const speech_audio *a, const speech_audio *b, long *length_gap) {
  size_t n = a->n < b->n ? a->n : b->n;
  double signal = 0, difference = 0;
  for (size_t i = 0; i < n; i++) {
    double d = (double)a->samples[i] - b->samples[i];
    signal += (double)a->samples[i] * a->samples[i];
    difference += d * d;
  }
  *length_gap = (long)a->n - (long)b->n;
  if (difference == 0) return -INFINITY;
  if (signal == 0) return 0;
  return 10.0 * log10(difference / signal);
}
