/* Long-double moments with rigorous bounds (see movstat_reference.h). u = 2^-64 is the unit
 * roundoff of x87 extended precision; a sum of m terms errs by at most gamma_m u-terms times
 * the sum of their magnitudes (Higham, Lemma 3.1 / (4.4)). */
#include "movstat_reference.h"
#include <math.h>

static long double gamma_ld(size_t k) {
  const long double u = 0x1p-64L;
  return (long double)k * u / (1.0L - (long double)k * u);
}

tracked_double movstat_from_long(long double v, long double bound) {
  tracked_double t;
  t.v = (double)v;
  /* rounded up to double: the conversion may round down by u relative, and by half a
   * subnormal step below the normal range (a bound there would otherwise round to 0) */
  t.e = (double)((bound + fabsl(v - (long double)t.v)) * (1.0L + 0x1p-50L)) + MOVSTAT_TINY;
  if (!isfinite(t.v) || !isfinite(t.e)) t.e = INFINITY;
  return t;
}

/* sum over i of (x_i - mean)^k and its bound: rounding of k + 1 operations per term and of
 * the m-term sum, plus the mean's error delta: |d^k - (d + delta)^k| <= k (|d| + delta)^(k-1) delta. */
static tracked_double central(const double *v, size_t m, long double mean, long double delta,
                               int k) {
  long double s = 0, mag = 0, shift = 0;
  for (size_t i = 0; i < m; i++) {
    long double d = (long double)v[i] - mean, p = 1;
    for (int j = 0; j < k; j++) p *= d;
    s += p;
    mag += fabsl(p);
    long double q = 1;
    for (int j = 0; j < k - 1; j++) q *= fabsl(d) + delta;
    shift += k * q * delta;
  }
  return movstat_from_long(s, gamma_ld(m + (size_t)k + 2) * mag * 1.0001L + shift * 1.0001L);
}

void movstat_moments_of(const double *v, size_t m, int order, movstat_moments *out) {
  long double s = 0, mag = 0;
  for (size_t i = 0; i < m; i++) s += v[i], mag += fabsl((long double)v[i]);
  long double sum_bound = gamma_ld(m) * mag;
  long double mean = m ? s / (long double)m : 0.0L;
  long double mean_bound = m ? sum_bound / (long double)m + gamma_ld(1) * fabsl(mean) : 0.0L;
  out->sum = movstat_from_long(s, sum_bound);
  out->mean = movstat_from_long(mean, mean_bound);
  out->m2 = central(v, m, mean, mean_bound, 2);
  out->m3 = out->m4 = tracked_exact(0.0);
  if (order < 4) return;
  out->m3 = central(v, m, mean, mean_bound, 3);
  out->m4 = central(v, m, mean, mean_bound, 4);
}
