/* The watchdog of library calls (oracles/mlf_watchdog.h), with a limit of 1 s
 * (MLF_HANG_SECONDS): a planted call that never returns, standing in for a library call, is
 * abandoned between 0.9 and 1 s after it began and becomes the one finding of the input,
 * mlf:<target>:<what>:hang, known when a registry row matches it (the GSL Qn row here);
 * later watched calls of that input are skipped; calls that return, slow ones included, are
 * left alone; a name in two parts is joined only for the tag. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mlf_watchdog.h"

static volatile int forever = 1;
static volatile unsigned long calls_made;

/* The test double of a library call that never returns. */
static void planted_hang(void) {
  calls_made++;
  while (forever) {
  }
}

/* A call that returns after busy-waiting seconds. */
static void slow_call(double seconds) {
  struct timespec t0, t;
  calls_made++;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do clock_gettime(CLOCK_MONOTONIC, &t);
  while ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 < seconds);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void a_hang_becomes_the_named_finding(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  mlf_watchdog_reset();
  mlf_finding(&run, "mlf:test:before:the:hang", "a finding the harness raised first");
  double t0 = now();
  MLF_WATCHED("planted_hang", planted_hang());
  double took = now() - t0;
  assert_true(took >= 0.85 && took < 1.5); /* within the limit, measured on a loaded machine */
  assert_string_equal(mlf_watchdog_hung(), "planted_hang");
  unsigned long before = calls_made;
  MLF_WATCHED("planted_hang", planted_hang()); /* skipped: the input already hung */
  assert_int_equal(calls_made, before);
  assert_int_equal(mlf_watchdog_report(&run, "test"), 1);
  assert_int_equal(run.n_findings, 1);
  assert_string_equal(mlf_run_verdict(&run), "mlf:test:planted_hang:hang");
  assert_null(run.findings[0].known_explanation);
  assert_true(mlf_run_failed(&run));
}

/* The tag a GSL hang of Qn0 gets (the harness names it as statistics_q_name does, the tag is
 * lowercased) is the one the registry row of the Qn hang matches. */
static void a_registered_hang_is_known(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  mlf_watchdog_reset();
  MLF_WATCHED("Qn0_from_sorted_data", planted_hang());
  assert_int_equal(mlf_watchdog_report(&run, "gsl_statistics"), 1);
  assert_string_equal(mlf_run_verdict(&run), "mlf:gsl_statistics:qn0_from_sorted_data:hang");
  assert_non_null(run.findings[0].known_explanation);
  assert_false(mlf_run_failed(&run));
}

/* A name in two parts (a backend and its routine, as level1_call.c watches every call) is
 * joined, in tag form, only for the tag. */
static void a_two_part_name_is_joined(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  mlf_watchdog_reset();
  MLF_WATCHED_IN("ATLAS", "SRotmg", planted_hang());
  assert_string_equal(mlf_watchdog_hung(), "atlas:srotmg");
  assert_int_equal(mlf_watchdog_report(&run, "blas_level1"), 1);
  assert_string_equal(mlf_run_verdict(&run), "mlf:blas_level1:atlas:srotmg:hang");
}

static void calls_that_return_are_left_alone(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  mlf_watchdog_reset();
  unsigned long before = calls_made;
  MLF_WATCHED("slow_call", slow_call(0.6)); /* below 0.9 of the limit */
  for (int i = 0; i < 1000; i++) MLF_WATCHED("slow_call", slow_call(0.001));
  assert_int_equal(calls_made, before + 1001);
  assert_null(mlf_watchdog_hung());
  assert_int_equal(mlf_watchdog_report(&run, "test"), 0);
  assert_string_equal(mlf_run_verdict(&run), "ok");
}

int main(void) {
  setenv("MLF_HANG_SECONDS", "1", 1);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_hang_becomes_the_named_finding),
      cmocka_unit_test(a_registered_hang_is_known),
      cmocka_unit_test(a_two_part_name_is_joined),
      cmocka_unit_test(calls_that_return_are_left_alone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
