/* Expectations of the weighted moments: wmean, wvariance, wsd, wtss, wabsdev, wskew, wkurtosis,
 * their _m / _m_sd forms at GSL's weighted mean and sd, the _with_fixed_mean forms at mu
 * (see statistics_reference.h for u, uL and lemma RA). Only in the documented domain: weights
 * finite and >= 0 (w_i = 1 / sigma_i^2), a zero weight removing its sample; one positive
 * weight gives the factor W^2 / (W^2 - sum w^2) = 1 / 0 and a variance of 0 * Inf = NaN. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include "statistics_reference.h"

#define U STAT_U
#define UL STAT_UL
#define TINY 0x1p-1073L

static int near_overflow(long double v, long double bound) { return fabsl(v) + bound >= DBL_MAX; }

/* The variance factor F = W^2 / (W^2 - sum w^2) and the relative error of GSL's value of it:
 * W and sum w^2 summed in long double (gamma_n(uL)), each w * w a double product (u), W^2 and
 * the difference and quotient in long double, the result rounded to double (u). *ref_err is
 * our long-double F's relative error. */
static long double factor(const statistics_deviations *d, size_t n, long double *gsl_err,
                          long double *ref_err) {
  long double a2 = d->w * d->w, diff = a2 - d->w2;
  *gsl_err =
      ((2.0L * n + 1) * UL * a2 + (U + (n + 1.0L) * UL) * d->w2) / diff + (2.0L * n + 3) * UL + U;
  *ref_err = (2.0L * n + 1) * UL * (a2 + d->w2) / diff + 3 * UL;
  return a2 / diff;
}

/* wmean: GSL's weighted running average (RA: (3n + 4) uL max|x|), rounded (u); the reference
 * is statistics_accurate_mean's. */
static long double expect_wmean(const statistics_problem *p, statistics_expected *ex,
                                long double *err) {
  long double max_abs = 0, m = statistics_accurate_mean(p->x, p->w, p->n, err);
  for (size_t i = 0; i < p->n; i++)
    if (p->w[i] > 0) max_abs = fmaxl(max_abs, fabsl(p->x[i]));
  statistics_set(ex, SQ_WMEAN, m, U * fabsl(m) + (3.0L * p->n + 4) * UL * max_abs + *err + TINY, 0);
  return m;
}

/* V = sum w d^2 / W at c: GSL squares fl(x - c) (2u + uL), averages by RA and rounds (u). */
static long double wvariance_bound(const statistics_deviations *d, size_t n) {
  long double v = d->t2 / d->w;
  return 1.01L * (v * (3.02L * U + (2.0L * n + 4) * UL) + (3.0L * n + 4) * UL * d->max2) + TINY;
}

static void expect_fixed_mean(const statistics_problem *p, statistics_expected *ex) {
  statistics_deviations d = statistics_deviations_at(p->x, p->w, p->n, p->mu);
  long double v = d.t2 / d.w, b = wvariance_bound(&d, p->n);
  statistics_set(ex, SQ_WVARIANCE_FIXED, v, b, near_overflow(v, b) || d.overflow);
  statistics_set_sqrt(ex, SQ_WSD_FIXED, SQ_WVARIANCE_FIXED);
}

/* At GSL's weighted mean m: wvariance_m = fl(F) * fl(V) (one more rounding); wtss_m sums
 * w fl(x - m)^2 in long double (2u + 2uL, gamma_n(uL)); wabsdev_m averages fl(|x - m|) (u)
 * by RA. */
/* One weight dominating the others (W^2 - sum w^2 cancelling in our long double too): the
 * factor has no significant digit left to compare. */
static int factor_ill_conditioned(long double ref_err) { return !(ref_err < 0x1p-20L); }

static void expect_at_gsl_mean(const statistics_problem *p, double m, statistics_expected *ex) {
  size_t n = p->n;
  statistics_deviations d = statistics_deviations_at(p->x, p->w, n, m);
  long double f_err, f_ref_err, f = factor(&d, n, &f_err, &f_ref_err), v = d.t2 / d.w;
  long double bv = f * wvariance_bound(&d, n) + f * v * (f_err + f_ref_err + U) * 1.01L + TINY;
  if (d.count == 1) /* 0 * (1 / 0) */
    statistics_set(ex, SQ_WVARIANCE_M, NAN, 0, 0);
  else if (!factor_ill_conditioned(f_ref_err))
    statistics_set(ex, SQ_WVARIANCE_M, f * v, bv, near_overflow(f * v, bv) || d.overflow);
  statistics_set_sqrt(ex, SQ_WSD_M, SQ_WVARIANCE_M);
  long double bt = d.t2 * (3.02L * U + (2.0L * n + 5) * UL) + TINY;
  statistics_set(ex, SQ_WTSS_M, d.t2, bt, near_overflow(d.t2, bt) || d.overflow);
  long double a = d.a1 / d.w;
  statistics_set(
      ex, SQ_WABSDEV_M, a,
      1.01L * (a * (2.02L * U + (2.0L * n + 2) * UL) + (3.0L * n + 4) * UL * d.max_abs) + TINY,
      d.overflow);
}

/* wskew_m_sd, wkurtosis_m_sd at GSL's weighted mean and sd: z = fl(fl(x - m) / sd) (2u), its
 * cube (6u + 2uL) or fourth power (8u + 3uL), weighted RA ((3n + 4) uL max|z|^k), rounded
 * (u); ours errs by (2n + 7) uL of the weighted average of |z|^k. */
static void expect_m_sd(const statistics_problem *p, double m, double s, statistics_expected *ex) {
  size_t n = p->n;
  statistics_powers z = statistics_powers_at(p->x, p->w, n, m, s);
  long double k = z.z4 - 3;
  statistics_set(ex, SQ_WSKEW_M_SD, z.z3,
                 U * fabsl(z.z3) + z.z3abs * (6.02L * U + (2.0L * n + 7) * UL) +
                     (3.0L * n + 4) * UL * z.max3 + 0x1p-1000L,
                 z.overflow);
  statistics_set(ex, SQ_WKURTOSIS_M_SD, k,
                 (U + 2 * UL) * fabsl(k) + z.z4 * (8.03L * U + (2.0L * n + 9) * UL) +
                     (3.0L * n + 4) * UL * z.max4 + 0x1p-1000L,
                 z.overflow);
}

/* The plain weighted functions, computed by GSL at its weighted mean m + delta: sum w (x - c)^2
 * = sum w (x - m)^2 + W delta^2, the absolute deviation moves by at most |delta|, skew and
 * kurtosis by the sensitivities (undefined past 2^-10). */
static void expect_plain(const statistics_problem *p, const statistics_values *gsl, long double m,
                         long double m_err, statistics_expected *ex) {
  size_t n = p->n;
  long double delta = fabsl(gsl->v[SQ_WMEAN] - m) + m_err, shift2 = 2 * delta * delta;
  statistics_deviations d = statistics_deviations_at(p->x, p->w, n, m);
  long double f_err, f_ref_err, f = factor(&d, n, &f_err, &f_ref_err), v = f * d.t2 / d.w;
  if (d.count > 1 && factor_ill_conditioned(f_ref_err)) return;
  statistics_set(ex, SQ_WVARIANCE, v, ex->e[SQ_WVARIANCE_M].bound + f * shift2,
                 ex->e[SQ_WVARIANCE_M].overflow_possible);
  statistics_set_sqrt(ex, SQ_WSD, SQ_WVARIANCE);
  statistics_set(ex, SQ_WTSS, d.t2, ex->e[SQ_WTSS_M].bound + d.w * shift2,
                 ex->e[SQ_WTSS_M].overflow_possible);
  statistics_set(ex, SQ_WABSDEV, d.a1 / d.w, ex->e[SQ_WABSDEV_M].bound + delta,
                 ex->e[SQ_WABSDEV_M].overflow_possible);
  long double s = sqrtl(v);
  if (d.count < 2 || s == 0) { /* one positive weight: 0 * (1 / 0); constant data: 0 / 0 */
    if (d.count < 2) statistics_set(ex, SQ_WVARIANCE, NAN, 0, 0);
    if (d.count < 2) statistics_set(ex, SQ_WSD, NAN, 0, 0);
    statistics_set(ex, SQ_WSKEW, NAN, 0, 0);
    statistics_set(ex, SQ_WKURTOSIS, NAN, 0, 0);
    return;
  }
  statistics_powers z = statistics_powers_at(p->x, p->w, n, m, s);
  long double s_err = s * ((2.0L * n + 8) * UL + f_ref_err / 2) + f * m_err * m_err / s;
  long double e = fmaxl(delta, fabsl(gsl->v[SQ_WSD] - s) + s_err) / s;
  if (e > 0x1p-10) return;
  statistics_set(ex, SQ_WSKEW, z.z3,
                 ex->e[SQ_WSKEW_M_SD].bound + statistics_skew_sensitivity(&z, e) +
                     (2.0L * n + 7) * UL * z.z3abs,
                 z.overflow);
  statistics_set(ex, SQ_WKURTOSIS, z.z4 - 3,
                 ex->e[SQ_WKURTOSIS_M_SD].bound + statistics_kurtosis_sensitivity(&z, e) +
                     (2.0L * n + 9) * UL * z.z4,
                 z.overflow);
}

void statistics_expect_weighted(const statistics_problem *p, const statistics_values *gsl,
                                statistics_expected *ex) {
  if (!statistics_problem_weights_valid(p)) return;
  long double m_err, m = expect_wmean(p, ex, &m_err);
  expect_fixed_mean(p, ex);
  expect_at_gsl_mean(p, gsl->v[SQ_WMEAN], ex);
  expect_m_sd(p, gsl->v[SQ_WMEAN], gsl->v[SQ_WSD], ex);
  int finite = 1;
  for (size_t i = 0; i < p->n; i++) finite &= !(p->w[i] > 0) || isfinite(p->x[i]);
  if (finite) {
    expect_plain(p, gsl, m, m_err, ex);
    return;
  }
  /* A NaN or an infinity with positive weight: the formulas at a NaN or infinite mean. */
  statistics_q nan_plain[] = {SQ_WVARIANCE, SQ_WSD, SQ_WTSS, SQ_WABSDEV, SQ_WSKEW, SQ_WKURTOSIS};
  for (size_t i = 0; i < sizeof nan_plain / sizeof *nan_plain; i++)
    statistics_set(ex, nan_plain[i], NAN, 0, 0);
}
