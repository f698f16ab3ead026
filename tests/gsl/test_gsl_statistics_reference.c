/* Unit tests of the gsl_statistics ground truth (GSL-independent): the expectations of small
 * hand-computed data sets, the documented degenerate cases (n = 1, constant data, a single
 * positive weight, infinities), the O(n^2) Sn and Qn, the total-order sort, the finding kinds,
 * and that each expectation rejects a result just outside its bound. Links
 * harnesses/gsl/statistics_{reference,moments,wmoments,order,quantity,problem}.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <string.h>

#include "gsl/statistics_order.h"
#include "gsl/statistics_reference.h"

/* Expectations of x (weights w, or all 1), with GSL's mean and sd stood in by the exact ones. */
static void expect_of(const double *x, const double *w, size_t n, double f,
                      statistics_expected *ex) {
  static double ones[64];
  for (size_t i = 0; i < 64; i++) ones[i] = 1.0;
  statistics_problem p = {n, (double *)x, (double *)(w ? w : ones), 0.0, f, 0.0, 0};
  statistics_values v;
  memset(&v, 0, sizeof v);
  statistics_expect(&p, &v, ex); /* first pass: the means and sds the _m forms take */
  v.v[SQ_MEAN] = ex->e[SQ_MEAN].value, v.v[SQ_SD] = ex->e[SQ_SD].value;
  v.v[SQ_WMEAN] = ex->e[SQ_WMEAN].value, v.v[SQ_WSD] = ex->e[SQ_WSD].value;
  statistics_expect(&p, &v, ex);
}

/* got passes; the same value moved by a few times its bound does not. */
static void assert_tight(const statistics_expected *ex, statistics_q q, double got) {
  assert_true(ex->defined[q]);
  assert_true(statistics_within(ex, q, got));
  double off = got + 4 * ex->e[q].bound + 1e-300;
  assert_false(statistics_within(ex, q, off));
}

static void test_moments_of_small_data(void **state) {
  (void)state;
  const double x[] = {1, 2, 4, 8};
  statistics_expected ex;
  expect_of(x, NULL, 4, 0.5, &ex);
  assert_tight(&ex, SQ_MEAN, 3.75);
  assert_tight(&ex, SQ_VARIANCE, 9.583333333333334); /* 28.75 / 3 */
  assert_tight(&ex, SQ_TSS, 28.75);
  assert_tight(&ex, SQ_ABSDEV, 2.25);          /* (2.75 + 1.75 + 0.25 + 4.25) / 4 */
  assert_tight(&ex, SQ_VARIANCE_FIXED, 21.25); /* mu = 0: (1 + 4 + 16 + 64) / 4 */
  assert_tight(&ex, SQ_SD, sqrt(28.75 / 3));
  assert_tight(&ex, SQ_WMEAN, 3.75);                  /* equal weights */
  assert_tight(&ex, SQ_WVARIANCE, 9.583333333333334); /* reduces to 1 / (N - 1) */
  assert_true(ex.e[SQ_MEAN].bound < 1e-14);
}

static void test_order_statistics_of_small_data(void **state) {
  (void)state;
  const double x[] = {8, 1, 4, 2};
  statistics_expected ex;
  expect_of(x, NULL, 4, 0.5, &ex);
  assert_true(ex.by_value[SQ_MAX] && ex.e[SQ_MAX].value == 8 && ex.e[SQ_MAX_INDEX].value == 0);
  assert_true(ex.e[SQ_MIN].value == 1 && ex.e[SQ_MIN_INDEX].value == 1);
  assert_tight(&ex, SQ_MEDIAN_SORTED, 3);
  assert_tight(&ex, SQ_QUANTILE, 3); /* index 1.5 between 2 and 4 */
  /* Qn0: 3rd smallest of the differences 1, 3, 7, 2, 6, 4; Sn0: lomed of (3, 2, 3, 6) */
  assert_true(ex.by_value[SQ_QN0] && ex.e[SQ_QN0].value == 3);
  assert_true(ex.by_value[SQ_SN0] && ex.e[SQ_SN0].value == 3);
  assert_true(ex.e[SQ_SELECT].value == 1); /* k = 0 */
}

static void test_documented_degenerate_cases(void **state) {
  (void)state;
  statistics_expected ex;
  const double one[] = {5};
  expect_of(one, NULL, 1, 0.5, &ex);
  assert_true(ex.defined[SQ_VARIANCE] && isnan(ex.e[SQ_VARIANCE].value)); /* 1 / (N - 1) */
  assert_true(isnan(ex.e[SQ_SKEW].value) && isnan(ex.e[SQ_KURTOSIS].value));
  assert_tight(&ex, SQ_TSS, 0);
  assert_true(isnan(ex.e[SQ_WVARIANCE_M].value)); /* one positive weight: 0 * (1 / 0) */
  const double constant[] = {1e100, 1e100, 1e100};
  expect_of(constant, NULL, 3, 0.5, &ex);
  assert_true(ex.e[SQ_VARIANCE].value == 0 && statistics_within(&ex, SQ_VARIANCE, 0));
  assert_true(isnan(ex.e[SQ_SKEW].value)); /* 0 / 0 */
  assert_true(ex.e[SQ_MEAN].value == 1e100);
}

static void test_infinities_follow_the_formulas(void **state) {
  (void)state;
  statistics_expected ex;
  const double x[] = {1, 2, 3, INFINITY};
  expect_of(x, NULL, 4, 2.0 / 3.0, &ex);
  assert_true(ex.e[SQ_MEAN].value == INFINITY);
  assert_false(statistics_within(&ex, SQ_MEAN, NAN)); /* GSL's running mean gives NaN */
  assert_true(ex.e[SQ_QUANTILE].value == 3);          /* whole index: 0 * Inf vanishes */
  assert_false(statistics_within(&ex, SQ_QUANTILE, NAN));
  assert_true(ex.e[SQ_QN0].value == 2);
  assert_string_equal(statistics_kind_name(MLF_CMP_NAN, NAN, INFINITY), "nan-for-inf");
  assert_string_equal(statistics_kind_name(MLF_CMP_NAN, NAN, 3.0), "nan-mismatch");
}

static void test_total_order_sort(void **state) {
  (void)state;
  double v[] = {NAN, 1, 0.0, -0.0, -INFINITY, INFINITY};
  statistics_sort(v, 6);
  assert_true(v[0] == -INFINITY && signbit(v[1]) && v[1] == 0 && !signbit(v[2]) && v[2] == 0);
  assert_true(v[3] == 1 && v[4] == INFINITY && isnan(v[5]));
}

static void test_weights_documented_domain(void **state) {
  (void)state;
  double x[] = {1, 2, 3}, w[] = {1, 0, 2};
  statistics_problem p = {3, x, w, 0, 0, 0, 0};
  assert_true(statistics_problem_weights_valid(&p)); /* a zero weight removes a sample */
  w[1] = -1;
  assert_false(statistics_problem_weights_valid(&p));
  w[1] = NAN;
  assert_false(statistics_problem_weights_valid(&p));
  w[0] = w[1] = w[2] = 0;
  assert_false(statistics_problem_weights_valid(&p));
}

/* wtss's long-double sum is finite and nonzero (its double rounding may overflow or underflow)
 * unless a positively weighted term is infinite (an infinite weight, sample, or double
 * difference x - wmean) or all are 0. */
static void test_wtss_terms(void **state) {
  (void)state;
  double x[] = {0, 0x1p600}, w[] = {1, 1};
  statistics_problem p = {2, x, w, 0, 0, 0, 0};
  assert_int_equal(statistics_problem_wtss_terms(&p, 0x1p599), 1); /* 2^1199: inf in double */
  x[0] = 0x1p-600, x[1] = -0x1p-600;
  assert_int_equal(statistics_problem_wtss_terms(&p, 0), 1); /* 2^-1199: 0 in double */
  x[0] = x[1] = 3;
  assert_int_equal(statistics_problem_wtss_terms(&p, 3), 0);
  x[0] = DBL_MAX, x[1] = -DBL_MAX;
  assert_int_equal(statistics_problem_wtss_terms(&p, 0), 1);
  assert_int_equal(statistics_problem_wtss_terms(&p, -DBL_MAX / 2), 2); /* 1.5 DBL_MAX */
  x[0] = INFINITY, x[1] = 1;
  assert_int_equal(statistics_problem_wtss_terms(&p, 1), 2);
  w[0] = 0; /* a zero weight removes the sample */
  assert_int_equal(statistics_problem_wtss_terms(&p, 1), 0);
  w[1] = INFINITY;
  assert_int_equal(statistics_problem_wtss_terms(&p, 1), 2);
}

/* The variances under the sds, skews and kurtoses, whose range limits their exact scaling;
 * no other quantity (absdev, Sn, Qn, the variances themselves) takes a square root. */
static void test_variance_under(void **state) {
  (void)state;
  static const statistics_q under[][2] = {
      {SQ_SD, SQ_VARIANCE},           {SQ_SD_M, SQ_VARIANCE},
      {SQ_SD_FIXED, SQ_VARIANCE_FIXED}, {SQ_WSD, SQ_WVARIANCE},
      {SQ_WSD_M, SQ_WVARIANCE},       {SQ_WSD_FIXED, SQ_WVARIANCE_FIXED},
      {SQ_SKEW, SQ_VARIANCE},         {SQ_SKEW_M_SD, SQ_VARIANCE},
      {SQ_KURTOSIS, SQ_VARIANCE},     {SQ_KURTOSIS_M_SD, SQ_VARIANCE},
      {SQ_WSKEW, SQ_WVARIANCE},       {SQ_WSKEW_M_SD, SQ_WVARIANCE},
      {SQ_WKURTOSIS, SQ_WVARIANCE},   {SQ_WKURTOSIS_M_SD, SQ_WVARIANCE}};
  size_t n = sizeof under / sizeof *under, count = 0;
  for (size_t i = 0; i < n; i++)
    assert_int_equal(statistics_q_variance_under(under[i][0]), under[i][1]);
  for (statistics_q q = 0; q < SQ_COUNT; q++) count += statistics_q_variance_under(q) != SQ_COUNT;
  assert_int_equal(count, n);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_moments_of_small_data),
      cmocka_unit_test(test_order_statistics_of_small_data),
      cmocka_unit_test(test_documented_degenerate_cases),
      cmocka_unit_test(test_infinities_follow_the_formulas),
      cmocka_unit_test(test_total_order_sort),
      cmocka_unit_test(test_weights_documented_domain),
      cmocka_unit_test(test_wtss_terms),
      cmocka_unit_test(test_variance_under),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
