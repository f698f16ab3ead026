/* Unit tests of the gsl_statistics invariants (statistics_invariants.c): results a correct GSL
 * gives pass, and each planted violation is caught under its kind, including the ones the
 * numeric bound alone lets through (a mean one ulp past the maximum, a variance of 2^-1074 for
 * constant data, a trimmed mean outside the kept samples but inside the data, a quantile or
 * Gastwirth inside the data but outside its interpolated elements, a later tied index). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "gsl/statistics_invariants.h"

static double data[5] = {3, -1, 4, 1, 5}; /* sorted: -1 1 3 4 5 */
static double weights[5] = {1, 0, 2, 1, 1}; /* -1 has weight 0: positively weighted [1, 5] */

static statistics_problem problem(void) {
  return (statistics_problem){5, data, weights, 0.0, 0.5, 0.2, 1};
}

/* What a correct GSL returns on problem() (the values the invariants look at). */
static statistics_values correct_values(void) {
  statistics_values v;
  memset(&v, 0, sizeof v);
  v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = 5, v.v[SQ_MIN] = v.v[SQ_MINMAX_MIN] = -1;
  v.v[SQ_SELECT] = 1, v.v[SQ_MEDIAN] = v.v[SQ_MEDIAN_SORTED] = 3;
  v.v[SQ_MEAN] = 2.4, v.v[SQ_WMEAN] = 3.2, v.v[SQ_TRMEAN] = 8.0 / 3;
  v.v[SQ_VARIANCE] = 5.8, v.v[SQ_SD] = sqrt(5.8), v.v[SQ_KURTOSIS] = -2.1;
  v.v[SQ_MAX_INDEX] = v.v[SQ_MINMAX_INDEX_MAX] = 4;
  v.v[SQ_MIN_INDEX] = v.v[SQ_MINMAX_INDEX_MIN] = 1;
  v.v[SQ_QUANTILE] = 3, v.v[SQ_GASTWIRTH] = 0x1.6666666666666p+1; /* GSL 2.7.1's 2.8 */
  return v;
}

/* The values of constant data c (x[0] first): every location c, the indices 0, spreads 0. */
static statistics_values constant_values(double c) {
  statistics_values v;
  memset(&v, 0, sizeof v);
  for (statistics_q q = SQ_MAX; q <= SQ_GASTWIRTH; q++) v.v[q] = c;
  v.v[SQ_MEAN] = v.v[SQ_WMEAN] = c;
  v.v[SQ_MAX_INDEX] = v.v[SQ_MIN_INDEX] = v.v[SQ_MINMAX_INDEX_MIN] = v.v[SQ_MINMAX_INDEX_MAX] = 0;
  return v;
}

static statistics_relation_log check(const statistics_problem *p, const statistics_values *v) {
  statistics_relation_log log;
  memset(&log, 0, sizeof log);
  statistics_check_invariants(p, v, &log);
  return log;
}

/* v passes except for q, which is logged under kind. */
static void assert_caught(const statistics_problem *p, const statistics_values *v, statistics_q q,
                          const char *kind) {
  statistics_relation_log log = check(p, v);
  assert_int_equal(log.failed, 1ull << q);
  assert_string_equal(log.kind[q], kind);
}

static void test_correct_results_pass(void **state) {
  (void)state;
  statistics_problem p = problem();
  statistics_values v = correct_values();
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_MEAN] = -1, v.v[SQ_KURTOSIS] = -3, v.v[SQ_VARIANCE] = 0; /* the limits themselves */
  assert_int_equal(check(&p, &v).failed, 0);
}

static void test_elements_bit_for_bit(void **state) {
  (void)state;
  statistics_problem p = problem();
  statistics_values v = correct_values();
  v.v[SQ_MAX] = nextafter(5, 6);
  assert_caught(&p, &v, SQ_MAX, "not-an-element");
  v = correct_values(), v.v[SQ_SELECT] = 2; /* inside the range, but no sample */
  assert_caught(&p, &v, SQ_SELECT, "not-an-element");
  v = correct_values(), v.v[SQ_MEDIAN_SORTED] = 3.5;
  assert_caught(&p, &v, SQ_MEDIAN_SORTED, "not-an-element");
  double zeros[2] = {0.0, 0.0};
  statistics_problem z = {2, zeros, weights, 0.0, 0.5, 0.2, 0};
  v = constant_values(0.0);
  assert_int_equal(check(&z, &v).failed, 0);
  v.v[SQ_MIN] = -0.0; /* equal to 0, but no element */
  assert_caught(&z, &v, SQ_MIN, "not-an-element");
}

static void test_ranges(void **state) {
  (void)state;
  statistics_problem p = problem();
  statistics_values v = correct_values();
  v.v[SQ_MEAN] = nextafter(5, 6);
  assert_caught(&p, &v, SQ_MEAN, "outside-data-range");
  v = correct_values(), v.v[SQ_WMEAN] = 0.5; /* within the data, not the weighted ones */
  assert_caught(&p, &v, SQ_WMEAN, "outside-data-range");
  v = correct_values(), v.v[SQ_TRMEAN] = 4.5; /* trim 0.2 keeps 1, 3, 4 */
  assert_caught(&p, &v, SQ_TRMEAN, "outside-data-range");
  double even[4] = {1, 2, 4, 8};
  statistics_problem e = {4, even, weights, 0.0, 0.5, 0.6 * 0.9, 2};
  v = correct_values();
  v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = 8, v.v[SQ_MIN] = v.v[SQ_MINMAX_MIN] = 1;
  v.v[SQ_SELECT] = 4, v.v[SQ_MEAN] = 3.75, v.v[SQ_WMEAN] = 3;
  v.v[SQ_MEDIAN] = v.v[SQ_MEDIAN_SORTED] = v.v[SQ_TRMEAN] = 3; /* trim >= 0.5: the median */
  v.v[SQ_MAX_INDEX] = v.v[SQ_MINMAX_INDEX_MAX] = 3;
  v.v[SQ_MIN_INDEX] = v.v[SQ_MINMAX_INDEX_MIN] = 0;
  v.v[SQ_QUANTILE] = v.v[SQ_GASTWIRTH] = 3;
  assert_int_equal(check(&e, &v).failed, 0);
  v.v[SQ_MEDIAN] = 4.5;
  assert_caught(&e, &v, SQ_MEDIAN, "outside-data-range");
}

static void test_signs(void **state) {
  (void)state;
  statistics_problem p = problem();
  statistics_values v = correct_values();
  v.v[SQ_WVARIANCE_M] = -0x1p-1074;
  assert_caught(&p, &v, SQ_WVARIANCE_M, "negative");
  v = correct_values(), v.v[SQ_QN] = -1;
  assert_caught(&p, &v, SQ_QN, "negative");
  v = correct_values(), v.v[SQ_WKURTOSIS] = nextafter(-3, -4);
  assert_caught(&p, &v, SQ_WKURTOSIS, "below-minus-three");
  v = correct_values(), v.v[SQ_SD] = NAN; /* NaN is the reference's business */
  assert_int_equal(check(&p, &v).failed, 0);
}

static void test_constant_data(void **state) {
  (void)state;
  double c[3] = {0.1, 0.1, 0.1};
  statistics_problem p = {3, c, weights, 0.0, 0.5, 0.2, 0};
  statistics_values v = constant_values(0.1);
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_TSS_M] = 0x1p-1074; /* within the reference's bound of 2^-1073 */
  assert_caught(&p, &v, SQ_TSS_M, "nonzero-for-constant-data");
  v.v[SQ_TSS_M] = 0, v.v[SQ_MEAN] = nextafter(0.1, 1);
  assert_caught(&p, &v, SQ_MEAN, "outside-data-range");
}

/* delta = 0 (f (n - 1) whole) and lhs = n - 1 give the element exactly; otherwise the quantile
 * is within its two interpolated elements widened by the rounding allowance, which GSL needs. */
static void test_quantile(void **state) {
  (void)state;
  statistics_problem p = problem(); /* f = 0.5: index 2, the element 3 */
  statistics_values v = correct_values();
  v.v[SQ_QUANTILE] = nextafter(3, 4);
  assert_caught(&p, &v, SQ_QUANTILE, "not-exact");
  p.f = 1, v = correct_values(), v.v[SQ_QUANTILE] = 5;
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_QUANTILE] = nextafter(5, 0);
  assert_caught(&p, &v, SQ_QUANTILE, "not-exact");
  p.f = 0.3, v = correct_values(), v.v[SQ_QUANTILE] = 0x1.6666666666666p+0; /* GSL's 1.4 */
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_QUANTILE] = 3.5; /* index 1.2: between 1 and 3, not 4 */
  assert_caught(&p, &v, SQ_QUANTILE, "outside-data-range");
  /* Constant data a: GSL 2.7.1 returns a + 1 ulp (toward 0), outside [a, a]; the allowance is
   * 2 ulps here, 3 are caught. */
  double a = -0x1.e8a8b5430b7bbp-473, x[2] = {a, a};
  statistics_problem r = {2, x, weights, 0.0, 0x1.26d452193d1b4p-7, 0.0, 0};
  v = constant_values(a), v.v[SQ_QUANTILE] = -0x1.e8a8b5430b7bap-473;
  assert_int_equal(check(&r, &v).failed, 0);
  v.v[SQ_QUANTILE] = -0x1.e8a8b5430b7b8p-473;
  assert_caught(&r, &v, SQ_QUANTILE, "outside-data-range");
  /* An infinite upper element weighs in (0 Inf or Inf): no statement; f = 1 is still exact. */
  double inf[2] = {1, INFINITY};
  statistics_problem i = {2, inf, weights, 0.0, 0.0, 0.0, 0};
  v = constant_values(1), v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = INFINITY;
  v.v[SQ_MAX_INDEX] = v.v[SQ_MINMAX_INDEX_MAX] = 1, v.v[SQ_QUANTILE] = NAN;
  assert_int_equal(check(&i, &v).failed, 0);
  i.f = 1, v.v[SQ_QUANTILE] = 1;
  assert_caught(&i, &v, SQ_QUANTILE, "not-exact");
}

/* Gastwirth within the hull of its quantiles' intervals (1 to 4 for problem()), widened. */
static void test_gastwirth(void **state) {
  (void)state;
  statistics_problem p = problem();
  statistics_values v = correct_values();
  v.v[SQ_GASTWIRTH] = 4.5; /* within the data [-1, 5], not within [1, 4] */
  assert_caught(&p, &v, SQ_GASTWIRTH, "outside-data-range");
  v.v[SQ_GASTWIRTH] = 0.5;
  assert_caught(&p, &v, SQ_GASTWIRTH, "outside-data-range");
  /* Constant data a: GSL 2.7.1 returns a - 1 ulp (away from 0), outside [a, a]; the allowance
   * is 5 ulps here (2 of the quantiles, 3 of the sum), 6 are caught. */
  double a = -0x1.e8a8b5430b7bbp-473, x[3] = {a, a, a};
  statistics_problem r = {3, x, weights, 0.0, 0.5, 0.0, 0};
  v = constant_values(a), v.v[SQ_GASTWIRTH] = -0x1.e8a8b5430b7bcp-473;
  assert_int_equal(check(&r, &v).failed, 0);
  v.v[SQ_GASTWIRTH] = -0x1.e8a8b5430b7c1p-473;
  assert_caught(&r, &v, SQ_GASTWIRTH, "outside-data-range");
}

/* max_index and min_index name the first extreme element; minmax_index any extreme one. */
static void test_indices(void **state) {
  (void)state;
  double x[5] = {2, 5, 1, 5, 1};
  statistics_problem p = {5, x, weights, 0.0, 0.5, 0.2, 2};
  statistics_values v;
  memset(&v, 0, sizeof v);
  v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = 5, v.v[SQ_MIN] = v.v[SQ_MINMAX_MIN] = 1;
  v.v[SQ_SELECT] = v.v[SQ_MEDIAN] = v.v[SQ_MEDIAN_SORTED] = v.v[SQ_QUANTILE] = 2;
  v.v[SQ_MEAN] = v.v[SQ_WMEAN] = v.v[SQ_TRMEAN] = v.v[SQ_GASTWIRTH] = 2.4;
  v.v[SQ_MAX_INDEX] = 1, v.v[SQ_MIN_INDEX] = 2, v.v[SQ_MINMAX_INDEX_MAX] = 1;
  v.v[SQ_MINMAX_INDEX_MIN] = 4; /* a tie: the manual does not say which */
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_MAX_INDEX] = 3;
  assert_caught(&p, &v, SQ_MAX_INDEX, "index-not-first");
  v.v[SQ_MAX_INDEX] = 1, v.v[SQ_MIN_INDEX] = 0;
  assert_caught(&p, &v, SQ_MIN_INDEX, "index-not-extreme");
  v.v[SQ_MIN_INDEX] = 2, v.v[SQ_MINMAX_INDEX_MAX] = 5; /* past the end */
  assert_caught(&p, &v, SQ_MINMAX_INDEX_MAX, "index-not-extreme");
  v.v[SQ_MINMAX_INDEX_MAX] = 1.5;
  assert_caught(&p, &v, SQ_MINMAX_INDEX_MAX, "index-not-extreme");
  double zeros[2] = {0.0, -0.0}; /* equal: the first is both the maximum and the minimum */
  statistics_problem z = {2, zeros, weights, 0.0, 0.5, 0.2, 0};
  v = constant_values(0.0);
  v.v[SQ_MIN] = v.v[SQ_MINMAX_MIN] = v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = 0.0;
  assert_int_equal(check(&z, &v).failed, 0);
  v.v[SQ_MIN_INDEX] = 1;
  assert_caught(&z, &v, SQ_MIN_INDEX, "index-not-first");
}

/* NaN in the data: no order and no range, so nothing is checked. */
static void test_nan_data_unchecked(void **state) {
  (void)state;
  double x[3] = {1, NAN, 2};
  statistics_problem p = {3, x, weights, 0.0, 0.5, 0.2, 0};
  statistics_values v;
  memset(&v, 0, sizeof v);
  v.v[SQ_MAX] = 7, v.v[SQ_VARIANCE] = -1;
  assert_int_equal(check(&p, &v).failed, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_correct_results_pass), cmocka_unit_test(test_elements_bit_for_bit),
      cmocka_unit_test(test_ranges),               cmocka_unit_test(test_signs),
      cmocka_unit_test(test_constant_data),        cmocka_unit_test(test_quantile),
      cmocka_unit_test(test_gastwirth),            cmocka_unit_test(test_indices),
      cmocka_unit_test(test_nan_data_unchecked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
