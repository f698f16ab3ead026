/* The less frequent tracked operations (see movstat_tracked.h). */
#include "movstat_tracked.h"

movstat_tracked movstat_sqrt(movstat_tracked a) {
  double e = sqrt(a.e);
  if (a.v > 0) e = fmin(e, a.e / sqrt(a.v));
  return movstat_make(sqrt(a.v), e, 1);
}

/* d/da a^1.5 = 1.5 sqrt(a) <= 1.5 sqrt(a + e_a) on [a - e_a, a + e_a]; pow < 1 ulp. */
movstat_tracked movstat_pow15(movstat_tracked a) {
  double e = 1.5 * sqrt(fmax(a.v, 0.0) + a.e) * a.e;
  return movstat_make(pow(a.v, 1.5), e, 2);
}

/* hypot is 1-Lipschitz in each argument; gsl_hypot rounds five times (divide, square, add,
 * square root, multiply), each relative error amplified by at most 1. */
movstat_tracked movstat_hypot(movstat_tracked a, movstat_tracked b) {
  return movstat_make(hypot(a.v, b.v), a.e + b.e, 5);
}

int movstat_bounded(movstat_tracked t) { return isfinite(t.v) && isfinite(t.e); }

double movstat_bound(movstat_tracked t) {
  if (!movstat_bounded(t)) return INFINITY;
  return t.e * (1.0 + 0x1p-30);
}
