/* Unit tests of the GSL-independent oracles of gsl_movstat, gsl_fit and gsl_fft: running
 * error bounds contain the real error and give up on possible division by zero; the
 * documented moving windows for every end type; the replay of the O(1) moving sum and mean
 * equals the exact window statistics on integer data; the verdicts on both sides of their
 * bounds; the FFT bounds' growth; the impulse check takes the constant exactly (either zero
 * sign) and catches a bin one ulp off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "gsl/fft_bound.h"
#include "gsl/movstat_running.h"
#include "gsl/tracked_arith.h"
#include "gsl/movstat_verdict.h"
#include "gsl/movstat_window.h"

/* Catastrophic cancellation: the computed sum is 0 or 2 away from the exact 2, always
 * inside its bound, and the bound is of the order of u times the large terms. */
static void test_tracked_bound_contains_error(void **state) {
  (void)state;
  const double v[] = {1e16, 1.0, -1e16, 1.0};
  tracked_double s = tracked_exact(0.0);
  for (size_t i = 0; i < 4; i++) s = tracked_add(s, tracked_exact(v[i]));
  assert_true(fabs(s.v - 2.0) <= tracked_bound(s));
  assert_true(tracked_bound(s) < 16.0);
  tracked_double third = tracked_div(tracked_exact(1.0), tracked_exact(3.0));
  assert_true(fabsl((long double)third.v - 1.0L / 3.0L) <= tracked_bound(third));
  assert_true(tracked_bound(third) < 1e-16);
}

static void test_tracked_division_by_possible_zero(void **state) {
  (void)state;
  tracked_double tiny = tracked_sub(tracked_add(tracked_exact(1.0), tracked_exact(1e-17)),
                                     tracked_exact(1.0)); /* 0, exact value 1e-17 */
  assert_false(tracked_bounded(tracked_div(tracked_exact(1.0), tiny)));
  assert_false(tracked_bounded(tracked_exact(INFINITY)));
  assert_true(tracked_bounded(tracked_div(tracked_exact(1.0), tracked_exact(4.0))));
  /* huge operands: the division's bound must not overflow to a wrong 0 */
  tracked_double big = tracked_mul(tracked_exact(1e200), tracked_exact(3.0));
  tracked_double q = tracked_div(tracked_exact(1e100), big);
  assert_true(q.e > 0 && tracked_bounded(q));
}

static void expect_window(const movstat_layout *l, size_t i, const double *want, size_t m) {
  double got[16];
  assert_int_equal(movstat_window(l, i, got), m);
  assert_memory_equal(got, want, m * sizeof *want);
}

/* x = 1..5, H = 2, J = 1: the three end rules at both ends and in the middle. */
static void test_documented_windows(void **state) {
  (void)state;
  const double x[] = {1, 2, 3, 4, 5};
  movstat_layout l = {x, 5, 2, 1, GSL_MOVSTAT_END_PADZERO, 0, 0};
  expect_window(&l, 0, (const double[]){0, 0, 1, 2}, 4);
  expect_window(&l, 4, (const double[]){3, 4, 5, 0}, 4);
  expect_window(&l, 2, (const double[]){1, 2, 3, 4}, 4);
  l.end = GSL_MOVSTAT_END_PADVALUE;
  expect_window(&l, 0, (const double[]){1, 1, 1, 2}, 4);
  expect_window(&l, 4, (const double[]){3, 4, 5, 5}, 4);
  l.end = GSL_MOVSTAT_END_TRUNCATE;
  expect_window(&l, 0, (const double[]){1, 2}, 2);
  expect_window(&l, 4, (const double[]){3, 4, 5}, 3);
}

/* A NaN at index 1 with H = 1: in the window of outputs 0..2, in the history from 3 on. */
static void test_history(void **state) {
  (void)state;
  const double x[] = {1, NAN, 3, 4, 5};
  movstat_layout l = {x, 5, 1, 1, GSL_MOVSTAT_END_TRUNCATE, 0, 0};
  movstat_scan(&l);
  assert_false(movstat_history_has(&l, 2, 1));
  assert_true(movstat_history_has(&l, 3, 1));
  assert_true(movstat_history_has(&l, 4, 0));
  l.end = GSL_MOVSTAT_END_PADVALUE; /* the pads are x_0 = 1: finite */
  assert_false(movstat_history_has(&l, 1, 0));
}

/* Integer data: every running sum is exact, so the replay equals the window sums, and the
 * means are within their bounds, for every end rule and asymmetric windows. */
static void test_running_replay(void **state) {
  (void)state;
  const double x[] = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 5};
  for (int end = 0; end < 3; end++) {
    movstat_layout l = {x, 11, 3, 1, (gsl_movstat_end_t)end, 0, 0};
    movstat_running_out out[11];
    assert_int_equal(movstat_running(&l, out), 0);
    for (size_t i = 0; i < 11; i++) {
      double win[8], sum = 0;
      size_t m = movstat_window(&l, i, win);
      for (size_t j = 0; j < m; j++) sum += win[j];
      assert_true(out[i].sum.v == sum);
      assert_true(fabs(out[i].mean.v - sum / (double)m) <= tracked_bound(out[i].mean) + 1e-15);
    }
  }
}

static void test_judge(void **state) {
  (void)state;
  movstat_context plain = {0, 0}, with_nan = {MOVSTAT_HAS_NAN, 0}, history = {0, 1};
  tracked_double algorithm = {1.0, 1e-15}, truth = tracked_exact(1.0);
  double ratio;
  assert_null(movstat_judge(1.0 + 0x1p-51, algorithm, truth, &plain, &ratio)); /* 4.4e-16 */
  assert_string_equal(movstat_judge(1.0 + 1e-14, algorithm, truth, &plain, &ratio), "value-mismatch");
  assert_string_equal(movstat_judge(NAN, algorithm, truth, &plain, &ratio), "nan-mismatch");
  assert_string_equal(movstat_judge(NAN, algorithm, truth, &history, &ratio), "nonfinite-history");
  assert_string_equal(movstat_judge(1.0, algorithm, truth, &with_nan, &ratio), "nonfinite-lost");
  assert_null(movstat_judge(NAN, algorithm, truth, &with_nan, &ratio));
  assert_null(movstat_judge_exact(NAN, NAN, 0));
  assert_string_equal(movstat_judge_exact(2.0, 3.0, 1), "nan-history");
}

/* The standard bound grows like log n for powers of two, a large prime costs more, and the
 * twiddle recurrences only ever widen it. */
static void test_fft_bounds(void **state) {
  (void)state;
  assert_true(fft_bound(1) == 0);
  assert_true(fft_bound(2) < fft_bound(4) && fft_bound(4) < fft_bound(1024));
  assert_true(fft_bound(1024) < 10 * 59.4 * 0x1p-53 * 1.01);
  assert_true(fft_bound(1021) > fft_bound(1024));
  assert_true(fft_bound_of(1021, FFT_TWIDDLES_RECURRENCE) > fft_bound(1021));
  assert_true(fft_bound_of(1024, FFT_TWIDDLES_RADIX2) > fft_bound(1024));
  assert_true(fft_bound_of(60, FFT_TWIDDLES_RECURRENCE) == fft_bound(60)); /* 2, 3, 5 */
}

static void test_fft_impulse_constant(void **state) {
  (void)state;
  double Y[8] = {0.75, -0.0, 0.75, 0.0, 0.75, -0.0, 0.75, 0.0};
  assert_int_equal(fft_first_not_constant(Y, 4, 0.75, 0.0), 4);
  Y[4] = nextafter(0.75, 1.0);
  assert_int_equal(fft_first_not_constant(Y, 4, 0.75, 0.0), 2);
  Y[4] = 0.75, Y[7] = 0x1p-1074; /* a stray imaginary part */
  assert_int_equal(fft_first_not_constant(Y, 4, 0.75, 0.0), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tracked_bound_contains_error),
      cmocka_unit_test(test_tracked_division_by_possible_zero),
      cmocka_unit_test(test_documented_windows),
      cmocka_unit_test(test_history),
      cmocka_unit_test(test_running_replay),
      cmocka_unit_test(test_judge),
      cmocka_unit_test(test_fft_bounds),
      cmocka_unit_test(test_fft_impulse_constant),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
