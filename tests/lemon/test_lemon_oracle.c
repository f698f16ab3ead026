/* LEMON's per-output oracles: the paper's delta and D_MAD, the bound judgement (beyond the
 * bound, NaN where G is finite, legitimate overflow near FLT_MAX), and lost NaNs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <float.h>
#include <math.h>
#include <cmocka.h>
#include "lemon/lemon_oracle.h"

static void test_delta_and_dmad(void **state) {
  (void)state;
  const double g[4] = {1, 2, NAN, 4};
  const float o[4] = {1.5f, 2, 7, 3};  /* the NaN element of G is not counted */
  assert_float_equal(lemon_delta(o, g, 4), 0.5, 1e-15);
  assert_float_equal(lemon_dmad(0.5, 0.25), 0.25 / 0.75, 1e-15);
  assert_float_equal(lemon_dmad(0, 0), 0, 0);
  assert_float_equal(lemon_dmad(INFINITY, 1), 1, 0);
  const float bad[4] = {1, INFINITY, 0, 4};
  assert_true(isinf(lemon_delta(bad, g, 4)));
}

static void test_judgement(void **state) {
  (void)state;
  const double g[3] = {1, 2, 3}, b[3] = {0.25, 0.25, INFINITY};
  lemon_judgement j;
  const float inside[3] = {1.25f, 1.75f, 100};  /* the third is not judged: infinite bound */
  lemon_judge(inside, g, b, 3, &j);
  assert_int_equal(j.verdict, LEMON_OK);
  assert_int_equal(j.judged, 2);
  assert_true(j.worst_ratio > 0.99 && j.worst_ratio <= 1);
  const float outside[3] = {1, 2.5f, 3};
  lemon_judge(outside, g, b, 3, &j);
  assert_int_equal(j.verdict, LEMON_BEYOND_BOUND);
  assert_int_equal(j.element, 1);
  const float nan_out[3] = {1, NAN, 2.75f};  /* NaN outranks beyond-bound */
  lemon_judge(nan_out, g, b, 3, &j);
  assert_int_equal(j.verdict, LEMON_NAN);
  assert_int_equal(j.element, 1);
}

static void test_overflow_near_flt_max_is_legitimate(void **state) {
  (void)state;
  const double g[2] = {0.9 * FLT_MAX, 1}, b[2] = {0.01 * FLT_MAX, 0};
  const float o[2] = {INFINITY, 1};
  lemon_judgement j;
  lemon_judge(o, g, b, 2, &j);
  assert_int_equal(j.verdict, LEMON_OK);
  assert_true(lemon_near_overflow(g, b, 2));
  const double small[2] = {1, 2};
  assert_false(lemon_near_overflow(small, b + 1, 1));
}

/* NaN lost: judged only where the layer got the NaNs and the infinities G's layer got. */
static void test_lost_nans(void **state) {
  (void)state;
  const double g[3] = {NAN, 1, NAN};
  const float same[3] = {NAN, 1, NAN}, lost[3] = {NAN, 1, -INFINITY};
  assert_true(lemon_same_non_finite(same, g, 3));
  assert_false(lemon_same_non_finite(lost, g, 3));
  assert_int_equal(lemon_nan_lost(same, g, 3), 3);
  assert_int_equal(lemon_nan_lost(lost, g, 3), 2);
  /* infinities: a NaN of the next layer (inf - inf) is owed only for the same infinities */
  const double gi[3] = {INFINITY, -INFINITY, 0.9 * FLT_MAX};
  const float same_inf[3] = {INFINITY, -INFINITY, 0.9f * FLT_MAX}, overflowed[3] = {INFINITY, -INFINITY, INFINITY},
              flipped[3] = {INFINITY, INFINITY, 0.9f * FLT_MAX};
  assert_true(lemon_same_non_finite(same_inf, gi, 3));
  assert_false(lemon_same_non_finite(overflowed, gi, 3));
  assert_false(lemon_same_non_finite(flipped, gi, 3));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_delta_and_dmad),
      cmocka_unit_test(test_judgement),
      cmocka_unit_test(test_overflow_near_flt_max_is_legitimate),
      cmocka_unit_test(test_lost_nans),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
