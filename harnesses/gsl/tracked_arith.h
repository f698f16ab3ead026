/* Running error analysis (Higham, Accuracy and Stability, 3.3): a double computed exactly as
 * the library computes it, together with a rigorous bound on its distance from the value the
 * same formula has in exact arithmetic on the same inputs. Used to bound GSL's running-update
 * statistics (moving sum, mean, variance; rstat moments) and gsl_fit's passes, whose rounding
 * depends on the whole history of updates, not only on the final window.
 * Exact values are written a', b' in the comments. A bound of +Inf means "no bound": an
 * operand overflowed or a divisor may be zero. Each operation adds its own rounding,
 * |fl(z) - z| <= u |fl(z)| / (1 - u) + 2^-1074 (round to nearest; the second term covers
 * subnormal results), to the propagated effects of its operands' errors. The bounds are
 * themselves sums of positive terms rounded to nearest: a chain of k operations understates
 * them by at most a factor (1 - u)^k, which tracked_bound's final margin covers for
 * k < 2^22. The hot operations are inline: the replays run them millions of times. */
#ifndef TRACKED_ARITH_H
#define TRACKED_ARITH_H
#include <math.h>

typedef struct {
  double v; /* the value as computed in double, operation by operation */
  double e; /* |v - exact value of the same expression| <= e */
} tracked_double;

#define MOVSTAT_UNIT (0x1p-53 * (1 + 0x1p-50)) /* u / (1 - u), rounded up */
#define MOVSTAT_TINY 0x1p-1074

static inline tracked_double tracked_make(double v, double e, double rounding_ulps) {
  tracked_double t = {v, e + rounding_ulps * MOVSTAT_UNIT * fabs(v) + MOVSTAT_TINY};
  if (!isfinite(v) || isnan(t.e)) t.e = INFINITY;
  return t;
}

/* An input known exactly (data, a constant). */
static inline tracked_double tracked_exact(double v) {
  tracked_double t = {v, isfinite(v) ? 0.0 : INFINITY};
  return t;
}

static inline tracked_double tracked_add(tracked_double a, tracked_double b) {
  return tracked_make(a.v + b.v, a.e + b.e, 1);
}

static inline tracked_double tracked_sub(tracked_double a, tracked_double b) {
  return tracked_make(a.v - b.v, a.e + b.e, 1);
}

/* |ab - a'b'| <= |a| e_b + |b| e_a + e_a e_b. */
static inline tracked_double tracked_mul(tracked_double a, tracked_double b) {
  return tracked_make(a.v * b.v, fabs(a.v) * b.e + fabs(b.v) * a.e + a.e * b.e, 1);
}

/* |a/b - a'/b'| <= (|a| e_b + |b| e_a) / (|b| (|b| - e_b)) while |b| > e_b; no bound else.
 * Evaluated as (|a| (e_b / |b|) + e_a) / (|b| - e_b), which cannot overflow on the way. */
static inline tracked_double tracked_div(tracked_double a, tracked_double b) {
  double ab = fabs(b.v);
  if (!(ab > b.e)) return tracked_make(a.v / b.v, INFINITY, 1);
  return tracked_make(a.v / b.v, (fabs(a.v) * (b.e / ab) + a.e) / (ab - b.e), 1);
}

/* |sqrt(a) - sqrt(a')| <= min(e_a / sqrt(a), sqrt(e_a)) for a, a' >= 0. */
tracked_double tracked_sqrt(tracked_double a);
/* pow(a, 1.5) as glibc's pow computes it (correctly rounded but for < 1 ulp). */
tracked_double tracked_pow15(tracked_double a);
/* gsl_hypot(a, b): max * sqrt(1 + (min/max)^2), five roundings. */
tracked_double tracked_hypot(tracked_double a, tracked_double b);

/* 1 when the bound is usable (finite and the value finite). */
int tracked_bounded(tracked_double t);
/* The bound, with a margin (relative 2^-30) for the bound's own rounding. +Inf when
 * unbounded. */
double tracked_bound(tracked_double t);
#endif
