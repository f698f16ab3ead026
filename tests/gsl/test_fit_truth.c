/* Unit tests of the gsl_fit oracle (harnesses/gsl/fit_truth.c, fit_replay.c) on a subject
 * written here: the campaign's weighted fit through the origin whose only used point has the
 * weight DBL_MIN, so that every weighted sum lies below the double range. The truth must
 * contain the exact slope y/x, the correctly computed slope (GSL's formula in double) must be
 * judged right, and a slope 64 ulps off (the bounds add up to about 37 ulps here) must still
 * be judged wrong. Also the sign invariant of the variances and the sum of squares
 * (fit_negative_output): a planted negative value is caught, the limits 0 pass. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>

#include "gsl/fit_model.h"
#include "gsl/movstat_reference.h"
#include "gsl/movstat_verdict.h"

static const double x[] = {0x1.4fdda8c4056f8p-1, -0x1.2d219932bf5eap-2};
static const double y[] = {-0x1.f140c71773178p-5, 0x1.2b74e9fe3324p-9};
static const double w[] = {0, DBL_MIN};
static const fit_data tiny_weight = {x, y, w, 2};

/* The verdict of the harness's truth check on a slope claimed for the data above. */
static const char *judge_slope(double got) {
  tracked_double truth[FIT_OUT_COUNT], replay[FIT_OUT_COUNT];
  fit_truth(FIT_WMUL, &tiny_weight, truth);
  fit_replay(FIT_WMUL, &tiny_weight, replay);
  movstat_context c = {0, 0};
  double ratio;
  return movstat_judge(got, replay[FIT_C1], truth[FIT_C1], &c, &ratio);
}

/* One point used: the least-squares slope is y/x exactly; the truth lies within its bound
 * of it, and that bound stays near the double rounding of the slope. */
static void test_truth_contains_slope_below_double_range(void **state) {
  (void)state;
  tracked_double truth[FIT_OUT_COUNT];
  fit_truth(FIT_WMUL, &tiny_weight, truth);
  long double exact = (long double)y[1] / x[1];
  assert_true(fabsl(truth[FIT_C1].v - exact) <= tracked_bound(truth[FIT_C1]));
  assert_true(tracked_bound(truth[FIT_C1]) < 4 * DBL_EPSILON * fabs(truth[FIT_C1].v));
}

static void test_right_slope_accepted_wrong_caught(void **state) {
  (void)state;
  double right = (x[1] * y[1]) / (x[1] * x[1]); /* gsl_fit_wmul's formula for one point */
  assert_null(judge_slope(right));
  double wrong = right;
  for (int i = 0; i < 64; i++) wrong = nextafter(wrong, 0.0);
  const char *verdict = judge_slope(wrong);
  assert_non_null(verdict);
  assert_string_equal(verdict, "value-mismatch");
}

/* A long double converted into the subnormal range keeps a bound that covers the rounding
 * (half a subnormal step), not one rounded to 0. */
static void test_conversion_bound_below_normal_range(void **state) {
  (void)state;
  long double v = 0x1.123456789abcdefp-1060L;
  tracked_double t = movstat_from_long(v, 0);
  assert_true(fabsl(v - t.v) > 0);
  assert_true(fabsl(v - t.v) <= t.e);
}

/* A collinear fit's exact zeros pass; a variance or sum of squares one step below 0 is caught,
 * except where the degrees of freedom are not positive (n = 2 for a line: n - 2 = 0). */
static void test_negative_variances_caught(void **state) {
  (void)state;
  double out[FIT_OUT_COUNT] = {1, 2, 0, -5, 0, 0};
  assert_int_equal(fit_negative_output(FIT_LINEAR, 5, out), -1);
  out[FIT_SUMSQ] = -0x1p-1074;
  assert_int_equal(fit_negative_output(FIT_LINEAR, 5, out), FIT_SUMSQ);
  assert_int_equal(fit_negative_output(FIT_LINEAR, 2, out), -1);
  assert_int_equal(fit_negative_output(FIT_WMUL, 1, out), FIT_SUMSQ);
  out[FIT_SUMSQ] = 0, out[FIT_COV00] = -1e-300;
  assert_int_equal(fit_negative_output(FIT_WLINEAR, 3, out), FIT_COV00);
  assert_int_equal(fit_negative_output(FIT_MUL, 3, out), -1); /* mul has no cov00 */
  out[FIT_COV11] = -1;
  assert_int_equal(fit_negative_output(FIT_MUL, 3, out), FIT_COV11);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_truth_contains_slope_below_double_range),
      cmocka_unit_test(test_right_slope_accepted_wrong_caught),
      cmocka_unit_test(test_conversion_bound_below_normal_range),
      cmocka_unit_test(test_negative_variances_caught),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
