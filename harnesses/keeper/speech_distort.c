/* Gain, seeded white noise and silence, then 16-bit PCM (speech_distort.h). */
#include <math.h>
#include "mlf_guard.h"
#include "mlf_rng.h"
#include "speech_distort.h"

/* One standard normal deviate (Box-Muller). */
static double normal(mlf_rng *rng) {
  double u = mlf_rng_unit(rng), v = mlf_rng_unit(rng);
  return sqrt(-2.0 * log(1.0 - u)) * cos(2.0 * M_PI * v);
}

static short to_pcm16(double x) {
  double s = nearbyint(x * 32767.0);
  return (short)(s > 32767.0 ? 32767 : s < -32768.0 ? -32768 : s);
}

speech_pcm speech_distort(const speech_audio *a, const speech_distortion *d) {
  size_t lead = (size_t)d->lead_ms * SPEECH_RATE / 1000, trail = (size_t)d->trail_ms * SPEECH_RATE / 1000;
  speech_pcm p = {.n = lead + a->n + trail};
  p.pcm = mlf_guard_alloc(p.n * sizeof(short), sizeof(short), MLF_GUARD_TAIL, "pcm16 utterance");
  double gain = pow(10.0, d->gain_db / 20.0);
  int noisy = d->noise_dbfs > SPEECH_NOISE_FLOOR_DBFS;
  double sigma = noisy ? pow(10.0, d->noise_dbfs / 20.0) : 0.0;
  mlf_rng rng;
  mlf_rng_seed(&rng, d->noise_seed);
  for (size_t i = 0; i < p.n; i++) {
    double x = i >= lead && i - lead < a->n ? gain * a->samples[i - lead] : 0.0;
    p.pcm[i] = to_pcm16(noisy ? x + sigma * normal(&rng) : x);
  }
  return p;
}

void speech_pcm_free(speech_pcm *p) {
  mlf_guard_free(p->pcm);
  p->pcm = NULL, p->n = 0;
}
