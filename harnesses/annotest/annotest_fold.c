/* Folding the fuzzer's raw choices into annotated ranges (annotest_runtime.h): any raw value
 * maps to a valid one and a valid one to itself, so the glue's inputs are valid by
 * construction. bench/annotest/bytes_fold.c replaces this file in the byte-level baseline. */
#include <float.h>
#include <math.h>
#include "annotest_runtime.h"

int64_t at_fold_int(int64_t raw, int64_t lo, int64_t hi) {
  if (raw >= lo && raw <= hi) return raw;
  __int128 span = (__int128)hi - lo + 1, off = ((__int128)raw - lo) % span;
  if (off < 0) off += span;
  return (int64_t)(lo + off);
}

double at_fold_real(double raw, double lo, double hi, unsigned flags) {
  double lo_e, hi_e;
  at_finite_ends(lo, hi, flags, &lo_e, &hi_e);
  if (isnan(raw)) {
    if (flags & AT_ALLOW_NAN) return raw;
    raw = 0;
  }
  if (isinf(raw)) {
    if ((flags & AT_ALLOW_INF) && (raw > 0 ? hi == INFINITY : lo == -INFINITY)) return raw;
    raw = raw > 0 ? DBL_MAX : -DBL_MAX;
  }
  if (raw >= lo_e && raw <= hi_e) return raw;
  double width = hi_e - lo_e, v;
  if (!(width > 0) || isinf(width)) return raw < lo_e ? lo_e : hi_e;
  if (raw < lo_e) v = lo_e + fmod(lo_e - raw, width);  /* mirrored into the range */
  else v = hi_e - fmod(raw - hi_e, width);
  return v < lo_e ? lo_e : v > hi_e ? hi_e : v;
}

static uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

int64_t at_element_int(const int64_t *raw, size_t nraw, uint64_t seed, size_t k, int64_t lo, int64_t hi) {
  if (k < nraw) return at_fold_int(raw[k], lo, hi);
  return at_fold_int((int64_t)(splitmix(seed ^ splitmix(k)) >> 1), lo, hi);
}

double at_element_real(const double *raw, size_t nraw, uint64_t seed, size_t k, double lo, double hi, unsigned flags) {
  if (k < nraw) return at_fold_real(raw[k], lo, hi, flags);
  uint64_t r = splitmix(seed ^ splitmix(k));
  double u = (double)(r >> 11) * 0x1p-53, lo_e, hi_e, v;
  at_finite_ends(lo, hi, flags & (AT_EXCLUDE_MIN | AT_EXCLUDE_MAX), &lo_e, &hi_e);
  if (isfinite(hi_e - lo_e)) v = lo_e + u * (hi_e - lo_e);
  else v = ((r & 1) ? -1 : 1) * pow(10, 6 * u - 3); /* unbounded: magnitudes 1e-3 .. 1e3 */
  return at_fold_real(v, lo, hi, flags & (AT_EXCLUDE_MIN | AT_EXCLUDE_MAX));
}
