/* The range the mathematics fixes for nrm2 and asum (level1_norm_in_range, which level1_judge
 * applies where the expectation lets a non-finite result stand): an overflow may reach +Inf,
 * not -Inf or NaN; no result is negative, however close to an exact 0; a NaN stands only for a
 * NaN exact value; other families are not restricted. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/level1_range.h"

static void overflow_reaches_only_plus_infinity(void **state) {
  (void)state;
  level1_family norms[2] = {L1(NRM2), L1(ASUM)};
  for (int f = 0; f < 2; f++) {
    assert_true(level1_norm_in_range(norms[f], 6e38, INFINITY));
    assert_true(level1_norm_in_range(norms[f], 6e38, 6e38));
    assert_false(level1_norm_in_range(norms[f], 6e38, -INFINITY));
    assert_false(level1_norm_in_range(norms[f], 6e38, NAN));
    assert_true(level1_norm_in_range(norms[f], NAN, NAN));
  }
}

static void never_negative(void **state) {
  (void)state;
  assert_true(level1_norm_in_range(L1(NRM2), 0, 0.0));
  assert_true(level1_norm_in_range(L1(ASUM), 0, -0.0)); /* -0 == 0 */
  assert_false(level1_norm_in_range(L1(NRM2), 0, -0x1p-149));
  assert_false(level1_norm_in_range(L1(ASUM), 0, -0x1p-149));
  assert_true(level1_norm_in_range(L1(DOT), 1, -INFINITY)); /* not a norm */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(overflow_reaches_only_plus_infinity),
      cmocka_unit_test(never_negative),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
