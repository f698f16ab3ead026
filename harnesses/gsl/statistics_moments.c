/* Expectations of the unweighted moments: mean, variance, sd, tss, absdev, skew, kurtosis and
 * lag-1 autocorrelation, their _m / _m_sd forms at GSL's own mean and sd and the
 * _with_fixed_mean forms at mu (see statistics_reference.h for u, uL and lemma RA).
 * Degenerate data follow the documented formulas in IEEE arithmetic: n = 1 gives a variance
 * of 0 / 0 = NaN (factor 1 / (N - 1)), hence NaN sd, skew and kurtosis; constant data give
 * variance 0 and 0 / 0 = NaN for skew, kurtosis and the autocorrelation (zero sd). */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include "statistics_reference.h"

#define U STAT_U
#define UL STAT_UL
/* Results that underflow into the subnormals round with an absolute error below this. */
#define TINY 0x1p-1073L

/* gsl_stats_mean: long-double running average (RA: 4 uL sum|x|) rounded to double (u); the
 * reference is statistics_accurate_mean's. */
static long double expect_mean(const double *x, size_t n, statistics_expected *ex,
                               long double *err) {
  long double abs_sum = 0, m = statistics_accurate_mean(x, NULL, n, err);
  for (size_t i = 0; i < n; i++) abs_sum += fabsl(x[i]);
  statistics_set(ex, SQ_MEAN, m, U * fabsl(m) + 4 * UL * abs_sum + *err + TINY, 0);
  return m;
}

/* Variance-type results at a centre c. v = t2 / n: GSL squares fl(x - c) (relative error
 * 2u + uL) and averages by RA (4 uL n v) in long double, then rounds to double (u); the
 * reference errs by (n + 3) uL v. */
static long double variance_bound(long double v, size_t n) {
  return v * (3.01L * U + (5.0L * n + 4) * UL) + TINY;
}

/* Near the top of the double range a last rounding may overflow. */
static int near_overflow(long double v, long double bound) { return fabsl(v) + bound >= DBL_MAX; }

static void expect_fixed_mean(const statistics_problem *p, statistics_expected *ex) {
  statistics_deviations d = statistics_deviations_at(p->x, NULL, p->n, p->mu);
  long double v = d.t2 / p->n, b = variance_bound(v, p->n);
  statistics_set(ex, SQ_VARIANCE_FIXED, v, b, near_overflow(v, b));
  statistics_set_sqrt(ex, SQ_SD_FIXED, SQ_VARIANCE_FIXED);
}

/* Results at GSL's own mean m: variance_m and sd_m multiply by fl(n / (n - 1)) in double (two
 * more roundings); tss_m sums the squares in long double (gamma_n(uL), no average); absdev_m
 * sums fl(|x - m|) in double ((n - 1) u relative, all terms positive) and divides (u), and
 * may overflow only where x - m does; lag1_m: q = sum d_i-1 d_i / n and v = sum d_i^2 / n by
 * RA, v's first term a double product (3u, or TINY), r = q / v. */
static void expect_at_gsl_mean(const statistics_problem *p, double m, statistics_expected *ex) {
  size_t n = p->n;
  statistics_deviations d = statistics_deviations_at(p->x, NULL, n, m);
  long double v = d.t2 / (n - 1.0L), a = d.a1 / n;
  long double bv = variance_bound(v, n) + 2.02L * U * v,
              bt = d.t2 * (3.01L * U + (2.0L * n + 3) * UL) + TINY;
  statistics_set(ex, SQ_VARIANCE_M, v, bv, near_overflow(v, bv));
  statistics_set_sqrt(ex, SQ_SD_M, SQ_VARIANCE_M);
  statistics_set(ex, SQ_TSS_M, d.t2, bt, near_overflow(d.t2, bt));
  statistics_set(ex, SQ_ABSDEV_M, a, a * ((n + 1.01L) * 1.01L * U + (n + 2.0L) * UL) + TINY,
                 d.overflow);
  long double lag_v = d.t2 / n, r = (d.lag / n) / lag_v, q_abs = d.lag_abs / n;
  statistics_set(ex, SQ_LAG1_M, r,
                 (q_abs / lag_v) * (2.02L * U + (5.0L * n + 5) * UL + TINY / lag_v) +
                     fabsl(r) * (5.02L * U + (5.0L * n + 6) * UL + TINY / lag_v),
                 d.overflow);
}

/* skew_m_sd and kurtosis_m_sd at GSL's mean and sd: z = fl(fl(x - m) / sd) (2u), z^3 and z^4
 * in long double (6u + 2uL, 8u + 3uL), RA (4 uL n avg|z|^k), rounded to double (u); the
 * reference errs by (n + 7) uL avg|z|^k. Subnormal z contribute below 2^-1000. */
static void expect_m_sd(const statistics_problem *p, double m, double s, statistics_expected *ex) {
  size_t n = p->n;
  statistics_powers z = statistics_powers_at(p->x, NULL, n, m, s);
  long double k = z.z4 - 3;
  statistics_set(ex, SQ_SKEW_M_SD, z.z3,
                 U * fabsl(z.z3) + z.z3abs * (6.02L * U + (5.0L * n + 9) * UL) + 0x1p-1000L,
                 z.overflow);
  statistics_set(
      ex, SQ_KURTOSIS_M_SD, k,
      U * fabsl(k) + 2 * UL * fabsl(k) + z.z4 * (8.03L * U + (5.0L * n + 11) * UL) + 0x1p-1000L,
      z.overflow);
}

/* The plain functions: GSL computes them at its own mean (and sd), exactly as the _m forms
 * (checked bit for bit by the consistency relation); their exact values are at the true mean
 * m. With c = m + delta: sum (x - c)^2 = sum (x - m)^2 + n delta^2, sum|x - c| moves by at
 * most n |delta|, skew and kurtosis by statistics_skew_sensitivity and its kin (undefined past e =
 * 2^-10: then the data leave no significant digit to compare). */
static void expect_plain(const statistics_problem *p, const statistics_values *gsl, long double m,
                         long double m_err, statistics_expected *ex) {
  size_t n = p->n;
  long double delta = fabsl(gsl->v[SQ_MEAN] - m) + m_err;
  statistics_deviations d = statistics_deviations_at(p->x, NULL, n, m);
  long double t2 = d.t2, a1 = d.a1;
  long double v = t2 / (n - 1.0L), shift2 = 2 * delta * delta;
  statistics_set(ex, SQ_VARIANCE, v, ex->e[SQ_VARIANCE_M].bound + n * shift2 / (n - 1.0L),
                 ex->e[SQ_VARIANCE_M].overflow_possible);
  statistics_set_sqrt(ex, SQ_SD, SQ_VARIANCE);
  statistics_set(ex, SQ_TSS, t2, ex->e[SQ_TSS_M].bound + n * shift2,
                 ex->e[SQ_TSS_M].overflow_possible);
  statistics_set(ex, SQ_ABSDEV, a1 / n, ex->e[SQ_ABSDEV_M].bound + delta,
                 ex->e[SQ_ABSDEV_M].overflow_possible);
  long double s = sqrtl(v);
  if (n < 2 || s == 0) { /* variance NaN (n = 1) or 0 (constant): skew, kurtosis 0 / 0 */
    statistics_set(ex, SQ_SKEW, NAN, 0, 0);
    statistics_set(ex, SQ_KURTOSIS, NAN, 0, 0);
    return;
  }
  statistics_powers z = statistics_powers_at(p->x, NULL, n, m, s);
  /* our s: the sum of squares at the rounded mean (n m_err^2 more) to (n + 6) uL */
  long double s_err = (n + 6.0L) * UL * s + n * m_err * m_err / ((n - 1.0L) * s);
  long double e = fmaxl(delta, fabsl(gsl->v[SQ_SD] - s) + s_err) / s;
  if (e > 0x1p-10) return; /* ill-conditioned: no expectation */
  statistics_set(
      ex, SQ_SKEW, z.z3,
      ex->e[SQ_SKEW_M_SD].bound + statistics_skew_sensitivity(&z, e) + (n + 7.0L) * UL * z.z3abs,
      z.overflow);
  statistics_set(ex, SQ_KURTOSIS, z.z4 - 3,
                 ex->e[SQ_KURTOSIS_M_SD].bound + statistics_kurtosis_sensitivity(&z, e) +
                     (n + 9.0L) * UL * z.z4,
                 z.overflow);
}

void statistics_expect_moments(const statistics_problem *p, const statistics_values *gsl,
                               statistics_expected *ex) {
  long double m_err, m = expect_mean(p->x, p->n, ex, &m_err);
  expect_fixed_mean(p, ex);
  expect_at_gsl_mean(p, gsl->v[SQ_MEAN], ex);
  expect_m_sd(p, gsl->v[SQ_MEAN], gsl->v[SQ_SD], ex);
  if (statistics_all_finite(p->x, p->n)) {
    expect_plain(p, gsl, m, m_err, ex);
    return;
  }
  /* NaN or infinite data: the formulas at the data's own mean, NaN or infinite. */
  statistics_set(ex, SQ_VARIANCE, NAN, 0, 0);
  statistics_set(ex, SQ_SD, NAN, 0, 0);
  statistics_set(ex, SQ_TSS, NAN, 0, 0);
  statistics_set(ex, SQ_ABSDEV, NAN, 0, 0);
  statistics_set(ex, SQ_SKEW, NAN, 0, 0);
  statistics_set(ex, SQ_KURTOSIS, NAN, 0, 0);
}
