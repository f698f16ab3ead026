/* Unit tests of the known-crash envelope of the GSL statistics calls (statistics_known.c) for
 * Qn: data sorted but for NaNs are called; data whose numbers are out of order, with a NaN among
 * them or not, are not (GSL 2.7.1's Qn reads past them or never returns). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "gsl/statistics_known.h"

static const char *qn0_on(const double *x, size_t n) {
  statistics_args a;
  memset(&a, 0, sizeof a);
  a.x = a.sorted = a.packed_x = x, a.n = n, a.stride = 1;
  return statistics_known_crash(SQ_QN0, &a);
}

static void sorted_but_for_nans_is_called(void **state) {
  (void)state;
  static const double nan_last[] = {-0.0657, 0.0167, 0.0426, NAN};
  static const double nan_inside[] = {-0.0657, 0.0167, NAN, 0.0426};
  assert_null(qn0_on(nan_last, 4));
  assert_null(qn0_on(nan_inside, 4));
}

static void out_of_order_across_a_nan_is_known(void **state) {
  (void)state;
  static const double plain[] = {0.0167, 0.0426, 0.5, -0.0657};
  static const double across_nan[] = {0.0167, 0.0426, NAN, -0.0657}; /* hung a campaign */
  assert_string_equal(qn0_on(plain, 4), "unsorted-read-past-end");
  assert_string_equal(qn0_on(across_nan, 4), "unsorted-read-past-end");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(sorted_but_for_nans_is_called),
      cmocka_unit_test(out_of_order_across_a_nan_is_known),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
