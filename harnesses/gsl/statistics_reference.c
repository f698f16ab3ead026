/* The gsl_statistics expectations and the helpers their parts share (statistics_reference.h). */
#include "statistics_reference.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void statistics_expect(const statistics_problem *p, const statistics_values *gsl,
                       statistics_expected *ex) {
  memset(ex, 0, sizeof *ex);
  statistics_expect_moments(p, gsl, ex);
  statistics_expect_weighted(p, gsl, ex);
  statistics_expect_order(p, ex);
}

/* The bound also covers rounding the value to double, and is itself rounded up. An exact
 * value that rounds to an infinity is due as that infinity: overflow on the way is then no
 * excuse for another result. */
void statistics_set(statistics_expected *ex, statistics_q q, long double value, long double bound,
                    int overflow_possible) {
  double v = (double)value;
  long double b = bound + (isfinite(v) ? fabsl(value - (long double)v) : 0.0L);
  double bd = (double)b;
  if ((long double)bd < b) bd = nextafter(bd, INFINITY);
  ex->e[q] = (mlf_expect){v, isnan(bd) ? INFINITY : bd, overflow_possible && isfinite(v)};
  ex->defined[q] = 1;
  ex->by_value[q] = 0;
}

void statistics_set_sqrt(statistics_expected *ex, statistics_q q, statistics_q of) {
  if (!ex->defined[of]) return;
  long double v = ex->e[of].value, b = ex->e[of].bound;
  if (!isfinite(v) || v < 0) {
    statistics_set(ex, q, sqrtl(v), 0, ex->e[of].overflow_possible);
    return;
  }
  long double root = sqrtl(v), lo = v > b ? sqrtl(v - b) : 0.0L, hi = sqrtl(v + b);
  long double spread = fmaxl(hi - root, root - lo);
  /* GSL's sqrt of its double variance and our sqrtl: one rounding each. */
  statistics_set(ex, q, root, spread + 1.01L * STAT_U * hi, ex->e[of].overflow_possible);
}

statistics_deviations statistics_deviations_at(const double *x, const double *w, size_t n,
                                               long double c) {
  statistics_deviations d = {0};
  for (size_t i = 0; i < n; i++) {
    long double wi = w ? w[i] : 1.0, di = (long double)x[i] - c;
    if (!(wi > 0)) continue;
    d.count++, d.w += wi, d.w2 += wi * wi, d.t2 += wi * di * di, d.a1 += wi * fabsl(di);
    d.max2 = fmaxl(d.max2, di * di), d.max_abs = fmaxl(d.max_abs, fabsl(di));
    d.overflow |= isfinite(x[i]) && isfinite(c) && isinf(x[i] - (double)c);
    if (!w && i > 0) {
      long double prev = (long double)x[i - 1] - c;
      d.lag += prev * di, d.lag_abs += fabsl(prev * di);
    }
  }
  return d;
}

long double statistics_accurate_mean(const double *x, const double *w, size_t n, long double *err) {
  long double sum = 0, total = 0, corr = 0, spread = 0;
  for (size_t i = 0; i < n; i++) {
    long double wi = w ? w[i] : 1.0L;
    if (wi > 0) sum += wi * x[i], total += wi;
  }
  long double m1 = sum / total;
  *err = 0;
  if (!isfinite(m1)) return m1; /* an infinity (or NaN) in the data: the formula's value */
  for (size_t i = 0; i < n; i++) {
    long double wi = w ? w[i] : 1.0L;
    if (wi > 0) corr += wi * (x[i] - m1), spread = fmaxl(spread, fabsl(x[i] - m1));
  }
  long double m = m1 + corr / total;
  *err = 1.01L * STAT_UL * (fabsl(m) + (2.0L * n + 3) * spread);
  return m;
}

statistics_powers statistics_powers_at(const double *x, const double *w, size_t n, long double c,
                                       long double s) {
  statistics_powers z = {0};
  long double total = 0;
  for (size_t i = 0; i < n; i++) {
    long double wi = w ? w[i] : 1.0, zi = ((long double)x[i] - c) / s, a = fabsl(zi);
    if (!(wi > 0)) continue;
    total += wi;
    z.z1abs += wi * a, z.z2 += wi * a * a, z.z3 += wi * zi * zi * zi;
    z.z3abs += wi * a * a * a, z.z4 += wi * a * a * a * a;
    z.max3 = fmaxl(z.max3, a * a * a), z.max4 = fmaxl(z.max4, a * a * a * a);
    z.overflow |= a > DBL_MAX / 2 || fabsl((long double)x[i] - c) > DBL_MAX / 2;
  }
  z.z1abs /= total, z.z2 /= total, z.z3 /= total, z.z3abs /= total, z.z4 /= total;
  return z;
}

/* Expand (z - a)^3 / (1 + b)^3 - z^3 with |(1 + b)^-3 - 1| <= 3.02 e and average. */
long double statistics_skew_sensitivity(const statistics_powers *z, long double e) {
  return 3.1L * e * (z->z3abs + z->z2) + 3.1L * e * e * z->z1abs + 1.1L * e * e * e;
}

/* The same with fourth powers, |(1 + b)^-4 - 1| <= 4.03 e. */
long double statistics_kurtosis_sensitivity(const statistics_powers *z, long double e) {
  return 4.1L * e * (z->z4 + z->z3abs) + 6.1L * e * e * z->z2 + 4.1L * e * e * e * z->z1abs +
         1.1L * e * e * e * e;
}

int statistics_all_finite(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

static mlf_cmp_kind value_kind(double got, double want) {
  if (got == want || (isnan(got) && isnan(want))) return MLF_CMP_OK;
  if (isnan(got) || isnan(want)) return MLF_CMP_NAN;
  if (isinf(got) || isinf(want)) return MLF_CMP_INF;
  return MLF_CMP_VALUE;
}

const char *statistics_kind_name(mlf_cmp_kind k, double got, double want) {
  return k == MLF_CMP_NAN && isnan(got) && isinf(want) ? "nan-for-inf" : mlf_cmp_kind_name(k);
}

int statistics_within(const statistics_expected *ex, statistics_q q, double got) {
  char unused[8];
  return statistics_check(ex, q, got, unused, sizeof unused) == MLF_CMP_OK;
}

mlf_cmp_kind statistics_check(const statistics_expected *ex, statistics_q q, double got,
                              char *reason, size_t len) {
  if (!ex->defined[q]) return MLF_CMP_OK;
  const mlf_expect *e = &ex->e[q];
  mlf_cmp_kind k = ex->by_value[q] ? value_kind(got, e->value) : mlf_check_expect(got, e);
  if (k != MLF_CMP_OK) {
    if (ex->by_value[q])
      snprintf(reason, len, "got %.17g, expected exactly %.17g", got, e->value);
    else
      snprintf(reason, len, "got %.17g, expected %.17g within %.3g (error %.3g)%s", got, e->value,
               e->bound, fabs(got - e->value), e->overflow_possible ? ", overflow allowed" : "");
  }
  return k;
}
