/* The engine-pair counter (bench/keeper/keeper_pairs.c) on planted readings, no engine run:
 * each right/wrong combination lands in its class (a failure charged to the engine that read
 * it wrong, never to the one that read it right), a missing reading or a crash is counted
 * apart and a crash or hang as that engine's finding, the speech judge compares words, and
 * the hourly rate is count * 3600 / seconds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "keeper_pairs.h"

static keeper_result ran(const char *text) {
  keeper_result r = {.status = KEEPER_RAN};
  snprintf(r.api_text, sizeof r.api_text, "%s", text);
  return r;
}

static keeper_pair_outcome count(keeper_pair_tally *t, keeper_pair_judge judge, const char *truth,
                                 keeper_result first, keeper_result second, int *failing) {
  *failing = -1;
  return keeper_pair_count(t, judge, truth, &first, &second, failing);
}

static void test_ocr_pair_classes(void **state) {
  (void)state;
  keeper_pair_tally t = {0};
  int failing;
  /* Tesseract's trailing newline and doubled spaces are not misreadings. */
  assert_int_equal(count(&t, ocr_differential_judge, "NO ENTRY", ran("NO ENTRY\n"), ran("NO  ENTRY"), &failing),
                   PAIR_BOTH_RIGHT);
  assert_int_equal(count(&t, ocr_differential_judge, "NO ENTRY", ran("NO ENTRY\n"), ran("N0 ENTRY"), &failing),
                   PAIR_FAILURE);
  assert_int_equal(failing, 1);
  assert_int_equal(count(&t, ocr_differential_judge, "Coffee", ran("Cofee\n"), ran("Coffee"), &failing), PAIR_FAILURE);
  assert_int_equal(failing, 0);
  assert_int_equal(count(&t, ocr_differential_judge, "Coffee", ran("coffee\n"), ran("Coffee"), &failing), PAIR_FAILURE);
  assert_int_equal(failing, 0);
  assert_int_equal(count(&t, ocr_differential_judge, "Tea", ran("Tca"), ran("Te a"), &failing), PAIR_NOT_DETERMINABLE);
  assert_int_equal(count(&t, ocr_differential_judge, "Tea", ran(""), ran(""), &failing), PAIR_NOT_DETERMINABLE);
  keeper_result crashed = {.status = KEEPER_CRASHED, .signal = 11}, refused = {.status = KEEPER_NOT_GENERATED};
  assert_int_equal(count(&t, ocr_differential_judge, "Tea", ran("Tea"), crashed, &failing), PAIR_NOT_READ);
  assert_int_equal(count(&t, ocr_differential_judge, "Tea", refused, refused, &failing), PAIR_NOT_READ);
  assert_int_equal(t.scenes, 8);
  assert_int_equal(t.both_right, 1);
  assert_int_equal(t.failures[0], 2);
  assert_int_equal(t.failures[1], 1);
  assert_int_equal(t.not_determinable, 2);
  assert_int_equal(t.not_read, 2);
  assert_int_equal(t.engine_findings[0], 0);
  assert_int_equal(t.engine_findings[1], 1);
}

static void test_speech_pair_classes(void **state) {
  (void)state;
  keeper_pair_tally t = {0};
  int failing;
  const char *truth = "please turn on the light";
  assert_int_equal(count(&t, keeper_speech_differential_judge, truth, ran(truth), ran(truth), &failing), PAIR_BOTH_RIGHT);
  assert_int_equal(count(&t, keeper_speech_differential_judge, truth, ran("turn on the light"), ran(truth), &failing),
                   PAIR_FAILURE);
  assert_int_equal(failing, 0);
  assert_int_equal(count(&t, keeper_speech_differential_judge, "one two", ran("one two"), ran("one to"), &failing),
                   PAIR_FAILURE);
  assert_int_equal(failing, 1);
  assert_int_equal(count(&t, keeper_speech_differential_judge, "yes", ran(""), ran("no"), &failing), PAIR_NOT_DETERMINABLE);
  keeper_result hung = {.status = KEEPER_HUNG};
  assert_int_equal(count(&t, keeper_speech_differential_judge, "yes", hung, ran("yes"), &failing), PAIR_NOT_READ);
  assert_int_equal(t.failures[0], 1);
  assert_int_equal(t.failures[1], 1);
  assert_int_equal(t.both_right + t.not_determinable + t.not_read, 3);
  assert_int_equal(t.engine_findings[0], 1);
}

static void test_per_hour(void **state) {
  (void)state;
  assert_true(keeper_per_hour(5, 60.0) == 300.0);
  assert_true(keeper_per_hour(7, 3600.0) == 7.0);
  assert_true(keeper_per_hour(3, 0.0) == 0.0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ocr_pair_classes),
      cmocka_unit_test(test_speech_pair_classes),
      cmocka_unit_test(test_per_hour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
