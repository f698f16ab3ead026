/* Unit tests of mlf_feedback in its engine-less build: features are stable and spread,
 * hits count into their slot and saturate, reset clears. (The AFL++ and libFuzzer variants
 * are the same code plus a switch / a section attribute.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>

#include "mlf_feedback.h"

static void test_feature_is_stable(void **state) {
  (void)state;
  /* Pinned values (FNV-1a + murmur3 finalizer, recomputed independently): a change would
   * silently reshuffle the features of every stored corpus. */
  assert_int_equal(mlf_feature("mr", 3, 1), mlf_feature("mr", 3, 1));
  assert_int_equal(mlf_feature("", 0, 0), mlf_feature(NULL, 0, 0));
  assert_int_equal(mlf_feature("lemon-pair", 1, 2), 0x58eca7dau);
  assert_int_equal(mlf_feature("", 0, 0), 0xba992926u);
}

static void test_feature_separates_inputs(void **state) {
  (void)state;
  uint32_t base = mlf_feature("mr", 3, 1);
  assert_int_not_equal(base, mlf_feature("mr", 1, 3)); /* order matters */
  assert_int_not_equal(base, mlf_feature("ms", 3, 1));
  assert_int_not_equal(base, mlf_feature("mr", 3, 2));
  /* small grids of (a, b) spread over the slots with few collisions */
  static uint8_t seen[MLF_FEEDBACK_SLOTS];
  unsigned distinct = 0;
  for (uint32_t a = 0; a < 16; a++)
    for (uint32_t b = 0; b < 16; b++) {
      uint32_t slot = mlf_feature("pair", a, b) % MLF_FEEDBACK_SLOTS;
      distinct += !seen[slot];
      seen[slot] = 1;
    }
  assert_true(distinct >= 240); /* 256 draws into 4096 slots: ~248 expected */
}

static void test_hit_counts_and_saturates(void **state) {
  (void)state;
  size_t n;
  const uint8_t *c = mlf_feedback_counters(&n);
  assert_int_equal(n, MLF_FEEDBACK_SLOTS);
  mlf_feedback_reset();
  uint32_t f = mlf_feature("relation-outcome", 4, 2);
  uint32_t slot = f % MLF_FEEDBACK_SLOTS;
  mlf_feedback_hit(f);
  mlf_feedback_hit(f + MLF_FEEDBACK_SLOTS); /* same slot */
  assert_int_equal(c[slot], 2);
  for (int i = 0; i < 300; i++) mlf_feedback_hit(f);
  assert_int_equal(c[slot], 255);
  unsigned others = 0;
  for (size_t i = 0; i < n; i++) others += i != slot && c[i] != 0;
  assert_int_equal(others, 0);
  mlf_feedback_reset();
  assert_int_equal(c[slot], 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feature_is_stable),
      cmocka_unit_test(test_feature_separates_inputs),
      cmocka_unit_test(test_hit_counts_and_saturates),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
