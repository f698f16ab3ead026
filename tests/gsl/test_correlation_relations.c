/* The correlation relations (harnesses/gsl/correlation_relations.c) on subjects written here:
 * a correct two-pass Pearson correlation and covariance satisfy every relation on plain data,
 * and subjects with classic defects (an asymmetric denominator, a dropped last pair, a
 * missing value skipped, a constant series answered with 0) are caught by the relation
 * meant for them. A correct Spearman coefficient (Pearson of the average ranks) satisfies
 * the outlier relation, also on data whose spread passes the double range (where no outlier
 * pair exists), and one that drops the last pair is caught by it. A covariance computed as GSL
 * does satisfies scaling by 2^k where its zero was a value lost to underflow; twice that
 * covariance does not. GSL's own covariance algorithm (a double mean, double deviations)
 * satisfies it where that mean rounds into the subnormal range, and one off by 2^-40 on the
 * scaled data only is caught there; on plain data one off by a single ulp still is. So it
 * does where its population covariance rounds into the subnormal range before the factor
 * n / (n - 1), and one off by 2^-40 on the plain data only is caught there. On
 * exactly uncorrelated data, scaling y by a negative power of two may give +0 for -0. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gsl/correlation_moments.h"
#include "gsl/correlation_relations.h"
#include "mlf_rng.h"

#define N 64

static double mean_of(const double *v, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++) s += v[i];
  return s / (double)n;
}

/* Two-pass sums of squares and products of deviations, in double. */
static void sums(const double *x, const double *y, size_t n, double *sxx, double *syy,
                 double *sxy) {
  double mx = mean_of(x, n), my = mean_of(y, n);
  *sxx = *syy = *sxy = 0;
  for (size_t i = 0; i < n; i++) {
    *sxx += (x[i] - mx) * (x[i] - mx);
    *syy += (y[i] - my) * (y[i] - my);
    *sxy += (x[i] - mx) * (y[i] - my);
  }
}

static double pearson(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  double sxx, syy, sxy;
  sums(x, y, n, &sxx, &syy, &sxy);
  return sxy / (sqrt(sxx) * sqrt(syy));
}

static double covariance(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  double sxx, syy, sxy;
  sums(x, y, n, &sxx, &syy, &sxy);
  return sxy / (double)(n - 1);
}

/* The covariance as GSL 2.7.1 computes it: the population covariance summed in long double,
 * rounded to double, then times n / (n - 1). */
static double covariance_long(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  long double mx = 0, my = 0, sxy = 0;
  for (size_t i = 0; i < n; i++) mx += x[i], my += y[i];
  mx /= n, my /= n;
  for (size_t i = 0; i < n; i++) sxy += (x[i] - mx) * (y[i] - my);
  double population = (double)(sxy / n);
  return population * ((double)n / (double)(n - 1));
}

/* Defect: twice the covariance (zero stays zero, so only a scaled follow-up shows it). */
static double covariance_long_doubled(const double *x, const double *y, size_t n, void *ctx) {
  return 2 * covariance_long(x, y, n, ctx);
}

/* GSL 2.7.1's gsl_stats_mean: a long-double running mean, returned as double. */
static double mean_gsl(const double *v, size_t n) {
  long double m = 0;
  for (size_t i = 0; i < n; i++) m += (v[i] - m) / (i + 1);
  return (double)m;
}

/* GSL 2.7.1's gsl_stats_covariance (covariance_source.c): deviations from the double means
 * taken in double, their products averaged in long double, rounded to double, times
 * n / (n - 1). */
static double covariance_gsl(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  double mx = mean_gsl(x, n), my = mean_gsl(y, n);
  long double c = 0;
  for (size_t i = 0; i < n; i++) {
    const long double dx = x[i] - mx, dy = y[i] - my;
    c += (dx * dy - c) / (i + 1);
  }
  return (double)c * ((double)n / (double)(n - 1));
}

/* The largest |y_i|. */
static double max_abs(const double *v, size_t n) {
  double m = 0;
  for (size_t i = 0; i < n; i++) m = fmax(m, fabs(v[i]));
  return m;
}

/* Defects of a path taken only for data as large as *ctx: off by 2^-40 relative, or by one
 * ulp. */
static double covariance_gsl_large_off(const double *x, const double *y, size_t n, void *ctx) {
  double c = covariance_gsl(x, y, n, NULL);
  return max_abs(y, n) >= *(const double *)ctx ? c * (1 + 0x1p-40) : c;
}
static double covariance_gsl_large_ulp(const double *x, const double *y, size_t n, void *ctx) {
  double c = covariance_gsl(x, y, n, NULL);
  return max_abs(y, n) >= *(const double *)ctx ? nextafter(c, INFINITY) : c;
}

/* Defect: the denominator uses x's spread twice. */
static double pearson_asymmetric(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  double sxx, syy, sxy;
  sums(x, y, n, &sxx, &syy, &sxy);
  return sxy / (sqrt(sxx) * sqrt(sxx + 0 * syy));
}

/* Defect: an off-by-one loop bound drops the last pair. */
static double pearson_drops_last(const double *x, const double *y, size_t n, void *ctx) {
  return pearson(x, y, n - 1, ctx);
}

/* Defect: "robust" code that answers 0 for a constant series. */
static double pearson_zero_for_constant(const double *x, const double *y, size_t n, void *ctx) {
  double r = pearson(x, y, n, ctx);
  return isnan(r) ? 0.0 : r;
}

/* Spearman's coefficient: the Pearson coefficient of the average ranks. */
static double spearman(const double *x, const double *y, size_t n, void *ctx) {
  double *rx = malloc(n * sizeof *rx), *ry = malloc(n * sizeof *ry);
  assert_non_null(rx), assert_non_null(ry);
  assert_int_equal(corr_average_ranks(x, n, rx), 0);
  assert_int_equal(corr_average_ranks(y, n, ry), 0);
  double r = pearson(rx, ry, n, ctx);
  free(rx), free(ry);
  return r;
}

/* Defect: Spearman's coefficient with the last pair dropped. */
static double spearman_drops_last(const double *x, const double *y, size_t n, void *ctx) {
  return spearman(x, y, n - 1, ctx);
}

static void make_data(double *x, double *y, uint64_t seed) {
  mlf_rng r;
  mlf_rng_seed(&r, seed);
  for (size_t i = 0; i < N; i++) {
    x[i] = 2 * mlf_rng_unit(&r) - 1;
    y[i] = 0.7 * x[i] + 0.3 * (2 * mlf_rng_unit(&r) - 1);
  }
}

/* Violations of the relation named only (all when NULL) by fn on (x, y). */
/* The relations `only` (NULL: all) on subject fn with context ctx; the message's scale
 * (scale-pow2 multiplies y by the power of two at or below it, with its sign). */
static size_t violations_with(corr_fn fn, void *ctx, corr_measure m, const char *only,
                              const double *x, const double *y, size_t n, double scale,
                              mlf_run *run) {
  corr_subject s = {"subject", m, fn, ctx, 0x1p-53, NULL};
  mlf_run_reset(run);
  return corr_check_relations("test", &s, x, y, n, scale, 0.5, 1, only, run);
}

static size_t violations_on(corr_fn fn, corr_measure m, const char *only, const double *x,
                            const double *y, size_t n, uint64_t seed, mlf_run *run) {
  corr_subject s = {"subject", m, fn, NULL, 0x1p-53, NULL};
  mlf_run_reset(run);
  return corr_check_relations("test", &s, x, y, n, -3.0, 0.5, seed, only, run);
}

static size_t violations(corr_fn fn, corr_measure m, const char *only, mlf_run *run) {
  double x[N], y[N];
  size_t total = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    make_data(x, y, seed);
    total += violations_on(fn, m, only, x, y, N, seed, run);
  }
  return total;
}

static void correct_subjects_hold(void **state) {
  (void)state;
  mlf_run run;
  assert_int_equal(violations(pearson, CORR_PEARSON, NULL, &run), 0);
  assert_int_equal(violations(covariance, CORR_COVARIANCE, NULL, &run), 0);
}

static void asymmetry_is_caught_by_swap(void **state) {
  (void)state;
  mlf_run run;
  assert_true(violations(pearson_asymmetric, CORR_PEARSON, "swap", &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":swap:"));
}

static void dropped_pair_is_caught_by_permutation(void **state) {
  (void)state;
  mlf_run run;
  assert_true(violations(pearson_drops_last, CORR_PEARSON, "permute-pairs", &run) > 0);
}

static void zero_for_constant_is_caught(void **state) {
  (void)state;
  mlf_run run;
  assert_true(violations(pearson_zero_for_constant, CORR_PEARSON, "constant", &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":constant:nan-mismatch"));
}

/* Exactly uncorrelated spikes (centred products cancel exactly): the follow-up of y -> -2 y
 * sums to +0 (IEEE 754 6.3), not -0; a nonzero answer there is still caught. */
static double pearson_plus_ulp(const double *x, const double *y, size_t n, void *ctx) {
  double r = pearson(x, y, n, ctx);
  return y[0] < 0 ? nextafter(r, 1.0) : r;
}

static void scale_pow2_takes_either_zero_for_exact_zero(void **state) {
  (void)state;
  mlf_run run;
  const double x[] = {0.5, -0.5, 0.5, -0.5, 0}, y[] = {0.5, 0.5, -0.5, -0.5, 0};
  assert_true(pearson(x, y, 5, NULL) == 0);
  assert_int_equal(violations_with(pearson, NULL, CORR_PEARSON, "scale-pow2", x, y, 5, -2.0, &run), 0);
  assert_true(violations_with(pearson_plus_ulp, NULL, CORR_PEARSON, "scale-pow2", x, y, 5, -2.0,
                              &run) > 0);
}

static void only_runs_the_named_relation(void **state) {
  (void)state;
  mlf_run run;
  violations(pearson, CORR_PEARSON, "negate", &run);
  assert_non_null(strstr(run.log, "subject negate: holds"));
  assert_null(strstr(run.log, "subject swap:"));
}

static void spearman_holds_under_outlier(void **state) {
  (void)state;
  mlf_run run;
  assert_int_equal(violations(spearman, CORR_SPEARMAN, "outlier", &run), 0);
}

/* The campaign's case (GSL 2.7.1 was right): deviations of 2/3 DBL_MAX in x and y make the
 * spread overflow; the relation used to append (max x + 2^20, DBL_MAX), a pair tied with y's
 * largest value, and expected the no-ties formula. */
static void spearman_outlier_skips_spread_past_double_range(void **state) {
  (void)state;
  mlf_run run;
  const double x[] = {-DBL_MAX, -0x1.9d69103227bc6p-2, 0x1.a0073583e17ffp+0};
  const double y[] = {DBL_MAX, -0x1.a1c8aa69f12b5p-1, 0x1.6d7c5978a537p-1};
  assert_int_equal(violations_on(spearman, CORR_SPEARMAN, "outlier", x, y, 3, 1, &run), 0);
  assert_non_null(strstr(run.log, "subject outlier: "));
}

/* The campaign's case (GSL 2.7.1 was right): with normal data the population covariance
 * 2^-1075 rounds to 0, that of (x, -2y), -2^-1074, does not; 2^k times a zero r is no exact
 * expectation there, only a bound. A subject off by a factor of 2 still breaks it. */
static void covariance_scale_allows_zero_rounded_from_below_subnormal(void **state) {
  (void)state;
  mlf_run run;
  const double x[] = {0, 0x1p-537}, y[] = {0, 0x1p-536};
  assert_int_equal(violations_on(covariance_long, CORR_COVARIANCE, "scale-pow2", x, y, 2, 1, &run), 0);
  assert_true(violations_on(covariance_long_doubled, CORR_COVARIANCE, "scale-pow2", x, y, 2, 1, &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":scale-pow2:"));
}

/* The 10-minute campaigns' case (GSL 2.7.1 was right): x = (DBL_MAX, 0, 0),
 * y = (0, 0, DBL_MIN), y -> 8 y. GSL's mean of y, DBL_MIN / 3, rounds to a subnormal double,
 * absolutely, that of 8 y to a normal one, so cov(x, 8 y) is not 8 cov(x, y) to the bit; both
 * stay within their rounding tolerances, and a subject off by 2^-40 on the scaled data alone
 * breaks that. On plain data the comparison stays exact: one ulp off on the scaled data is
 * caught. */
static void covariance_scale_bounds_mean_rounded_subnormal(void **state) {
  (void)state;
  mlf_run run;
  const double x[] = {DBL_MAX, 0, 0}, y[] = {0, 0, DBL_MIN};
  double scaled = 8 * DBL_MIN, plain_scaled = 32;
  assert_int_equal(violations_with(covariance_gsl, NULL, CORR_COVARIANCE, "scale-pow2", x, y, 3, 8, &run), 0);
  assert_true(violations_with(covariance_gsl_large_off, &scaled, CORR_COVARIANCE, "scale-pow2", x, y, 3, 8,
                              &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":scale-pow2:"));
  const double px[] = {1, 2, 4, 8}, py[] = {3, 1, 2, 4};
  assert_int_equal(violations_with(covariance_gsl, NULL, CORR_COVARIANCE, "scale-pow2", px, py, 4, 8, &run), 0);
  assert_true(violations_with(covariance_gsl_large_ulp, &plain_scaled, CORR_COVARIANCE, "scale-pow2", px, py,
                              4, 8, &run) > 0);
}

/* The AMD campaign's case (GSL 2.7.1 was right): x = (0, 1), y = (0, 1.5 + 2^-52),
 * y -> 2^-1021 y. The population covariance of the scaled data, 0x1.8000000000001p-1023, is
 * rounded to double (a subnormal: 0x1.8p-1023, the last bit lost) before GSL doubles it, so
 * cov(x, 2^-1021 y) = 0x1.8p-1022 is one ulp off 2^-1021 cov(x, y) though both are normal. A
 * subject off by 2^-40 on the plain data alone is still caught there. */
static void covariance_scale_bounds_population_rounded_subnormal(void **state) {
  (void)state;
  mlf_run run;
  const double x[] = {0, 1}, y[] = {0, 0x1.8000000000001p0};
  double plain = 1;
  assert_true(covariance_gsl(x, y, 2, NULL) == 0x1.8000000000001p-1);
  assert_int_equal(violations_with(covariance_gsl, NULL, CORR_COVARIANCE, "scale-pow2", x, y, 2, 0x1p-1021,
                                   &run), 0);
  assert_true(violations_with(covariance_gsl_large_off, &plain, CORR_COVARIANCE, "scale-pow2", x, y, 2,
                              0x1p-1021, &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":scale-pow2:"));
}

static void dropped_pair_is_caught_by_outlier(void **state) {
  (void)state;
  mlf_run run;
  assert_true(violations(spearman_drops_last, CORR_SPEARMAN, "outlier", &run) > 0);
  assert_non_null(strstr(run.findings[0].tag, ":outlier:value-mismatch"));
}

/* The exact range of the coefficients: +-1 itself passes, one ulp past it is caught; NaN is
 * left to the reference; a covariance has no range. */
static void coefficient_range_is_exact(void **state) {
  (void)state;
  for (corr_measure m = CORR_PEARSON; m <= CORR_SPEARMAN; m++) {
    assert_false(corr_outside_range(m, 1.0));
    assert_false(corr_outside_range(m, -1.0));
    assert_false(corr_outside_range(m, NAN));
    assert_true(corr_outside_range(m, nextafter(1.0, 2.0)));
    assert_true(corr_outside_range(m, nextafter(-1.0, -2.0)));
    assert_true(corr_outside_range(m, -INFINITY));
  }
  assert_false(corr_outside_range(CORR_COVARIANCE, 7.0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(correct_subjects_hold),
      cmocka_unit_test(coefficient_range_is_exact),
      cmocka_unit_test(asymmetry_is_caught_by_swap),
      cmocka_unit_test(dropped_pair_is_caught_by_permutation),
      cmocka_unit_test(zero_for_constant_is_caught),
      cmocka_unit_test(only_runs_the_named_relation),
      cmocka_unit_test(scale_pow2_takes_either_zero_for_exact_zero),
      cmocka_unit_test(spearman_holds_under_outlier),
      cmocka_unit_test(spearman_outlier_skips_spread_past_double_range),
      cmocka_unit_test(dropped_pair_is_caught_by_outlier),
      cmocka_unit_test(covariance_scale_allows_zero_rounded_from_below_subnormal),
      cmocka_unit_test(covariance_scale_bounds_mean_rounded_subnormal),
      cmocka_unit_test(covariance_scale_bounds_population_rounded_subnormal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
