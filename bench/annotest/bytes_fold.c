/* The byte-level baseline's "folding" (bench/annotest/annotest_gsl_bytes.c, a yardstick, not
 * a target): every raw value is taken as it is, cast, and checked against the same annotated
 * range the glue folds into; a value outside marks the input invalid (bytes_input_valid) and is
 * replaced by the range's low end only so that the build stays bounded. Replaces
 * harnesses/annotest/annotest_fold.c. */
#include <float.h>
#include <math.h>
#include "annotest_runtime.h"
#include "bytes_fold.h"

static int invalid;

void bytes_input_begin(void) { invalid = 0; }
int bytes_input_valid(void) { return !invalid; }

int64_t at_fold_int(int64_t raw, int64_t lo, int64_t hi) {
  if (raw >= lo && raw <= hi) return raw;
  invalid = 1;
  return lo;
}

double at_fold_real(double raw, double lo, double hi, unsigned flags) {
  double lo_e, hi_e;
  at_finite_ends(lo, hi, flags, &lo_e, &hi_e);
  if (isnan(raw) ? flags & AT_ALLOW_NAN
      : isinf(raw) ? (flags & AT_ALLOW_INF) && (raw > 0 ? hi == INFINITY : lo == -INFINITY)
                   : raw >= lo_e && raw <= hi_e)
    return raw;
  invalid = 1;
  return lo_e;
}

/* Elements past the message's raw values: the seed's bits taken as the value itself. */
static uint64_t seed_bits(uint64_t seed, size_t k) {
  uint64_t x = seed + 0x9e3779b97f4a7c15ull * (k + 1);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

int64_t at_element_int(const int64_t *raw, size_t nraw, uint64_t seed, size_t k, int64_t lo, int64_t hi) {
  return at_fold_int(k < nraw ? raw[k] : (int64_t)seed_bits(seed, k), lo, hi);
}

double at_element_real(const double *raw, size_t nraw, uint64_t seed, size_t k, double lo, double hi, unsigned flags) {
  double v;
  uint64_t bits = seed_bits(seed, k);
  if (k < nraw) v = raw[k];
  else __builtin_memcpy(&v, &bits, sizeof v);
  return at_fold_real(v, lo, hi, flags);
}
