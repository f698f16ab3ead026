/* Unit tests of the LSTM state ranges (harnesses/forecast/forecast_range.c): states on the
 * limits pass, a planted state one float step past them is caught at its index. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "forecast/forecast_range.h"

static void test_hidden_state_within_one(void **state) {
  (void)state;
  float h[5] = {-1.0f, 1.0f, 0.0f, -0.5f, NAN};
  assert_int_equal(forecast_outside_range(h, 5, 1), 5);
  h[3] = nextafterf(1.0f, 2.0f);
  assert_int_equal(forecast_outside_range(h, 5, 1), 3);
  h[3] = nextafterf(-1.0f, -2.0f);
  assert_int_equal(forecast_outside_range(h, 5, 1), 3);
  h[3] = -INFINITY;
  assert_int_equal(forecast_outside_range(h, 5, 1), 3);
}

static void test_cell_state_within_steps(void **state) {
  (void)state;
  float c[3] = {3.0f, -3.0f, 2.5f}; /* T = 3 steps */
  assert_int_equal(forecast_outside_range(c, 3, 3), 3);
  c[2] = nextafterf(3.0f, 4.0f);
  assert_int_equal(forecast_outside_range(c, 3, 3), 2);
  assert_int_equal(forecast_outside_range(c, 3, 4), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hidden_state_within_one),
      cmocka_unit_test(test_cell_state_within_steps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
