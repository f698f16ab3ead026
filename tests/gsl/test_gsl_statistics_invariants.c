/* Unit tests of the gsl_statistics invariants (statistics_invariants.c): results a correct GSL
 * gives pass, and each planted violation is caught under its kind, including the ones the
 * numeric bound alone lets through (a mean one ulp past the maximum, a variance of 2^-1074 for
 * constant data, a trimmed mean outside the kept samples but inside the data). */
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
  v = correct_values();
  v.v[SQ_MAX] = v.v[SQ_MINMAX_MAX] = v.v[SQ_MIN] = v.v[SQ_MINMAX_MIN] = v.v[SQ_SELECT] = 0.0;
  v.v[SQ_MEDIAN] = v.v[SQ_MEDIAN_SORTED] = v.v[SQ_MEAN] = v.v[SQ_WMEAN] = v.v[SQ_TRMEAN] = 0;
  v.v[SQ_VARIANCE] = v.v[SQ_SD] = 0;
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
  statistics_values v;
  memset(&v, 0, sizeof v);
  for (statistics_q q = SQ_MAX; q <= SQ_TRMEAN; q++) v.v[q] = 0.1;
  v.v[SQ_MEAN] = v.v[SQ_WMEAN] = 0.1;
  v.v[SQ_MAX_INDEX] = v.v[SQ_MIN_INDEX] = v.v[SQ_MINMAX_INDEX_MIN] = v.v[SQ_MINMAX_INDEX_MAX] = 0;
  v.v[SQ_QUANTILE] = v.v[SQ_GASTWIRTH] = 0.1;
  assert_int_equal(check(&p, &v).failed, 0);
  v.v[SQ_TSS_M] = 0x1p-1074; /* within the reference's bound of 2^-1073 */
  assert_caught(&p, &v, SQ_TSS_M, "nonzero-for-constant-data");
  v.v[SQ_TSS_M] = 0, v.v[SQ_MEAN] = nextafter(0.1, 1);
  assert_caught(&p, &v, SQ_MEAN, "outside-data-range");
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
      cmocka_unit_test(test_constant_data),        cmocka_unit_test(test_nan_data_unchecked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
