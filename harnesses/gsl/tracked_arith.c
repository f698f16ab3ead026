/* The less frequent tracked operations (see tracked_arith.h). */
#include "tracked_arith.h"

tracked_double tracked_sqrt(tracked_double a) {
  double e = sqrt(a.e);
  if (a.v > 0) e = fmin(e, a.e / sqrt(a.v));
  return tracked_make(sqrt(a.v), e, 1);
}

/* d/da a^1.5 = 1.5 sqrt(a) <= 1.5 sqrt(a + e_a) on [a - e_a, a + e_a]; pow < 1 ulp. */
tracked_double tracked_pow15(tracked_double a) {
  double e = 1.5 * sqrt(fmax(a.v, 0.0) + a.e) * a.e;
  return tracked_make(pow(a.v, 1.5), e, 2);
}

/* hypot is 1-Lipschitz in each argument; gsl_hypot rounds five times (divide, square, add,
 * square root, multiply), each relative error amplified by at most 1. */
tracked_double tracked_hypot(tracked_double a, tracked_double b) {
  return tracked_make(hypot(a.v, b.v), a.e + b.e, 5);
}

int tracked_bounded(tracked_double t) { return isfinite(t.v) && isfinite(t.e); }

double tracked_bound(tracked_double t) {
  if (!tracked_bounded(t)) return INFINITY;
  return t.e * (1.0 + 0x1p-30);
}
