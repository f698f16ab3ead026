/* The run report: a finding tag raised twice is recorded once; a run fails on a new finding,
 * recorded or dropped past the cap of MLF_MAX_FINDINGS, and not on known findings alone, however
 * many. Known tags come from the registry's pattern for GSL's empty-sample defects
 * (mlf:gsl_correlation:gsl_stats_*:empty:*). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>
#include "mlf_report.h"

static void raise_known(mlf_run *run, int count) {
  for (int i = 0; i < count; i++) {
    char tag[64];
    snprintf(tag, sizeof tag, "mlf:gsl_correlation:gsl_stats_f%d:empty:k", i);
    mlf_finding(run, tag, "known %d", i);
  }
}

static void duplicate_tags_are_recorded_once(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  mlf_finding(&run, "mlf:test:a:b:c", "first");
  mlf_finding(&run, "mlf:test:a:b:c", "second");
  assert_int_equal(run.n_findings, 1);
  assert_int_equal(run.n_raised, 1);
}

static void known_findings_past_the_cap_do_not_fail(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  raise_known(&run, MLF_MAX_FINDINGS + 3);
  assert_int_equal(run.n_findings, MLF_MAX_FINDINGS);
  assert_non_null(run.findings[0].known_explanation);
  assert_false(mlf_run_failed(&run));
}

static void new_finding_past_the_cap_fails(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  raise_known(&run, MLF_MAX_FINDINGS);
  mlf_finding(&run, "mlf:test:not:in:registry", "new");
  assert_int_equal(run.n_findings, MLF_MAX_FINDINGS);
  assert_true(mlf_run_failed(&run));
}

static void new_recorded_finding_fails(void **state) {
  (void)state;
  mlf_run run;
  mlf_run_reset(&run);
  raise_known(&run, 1);
  mlf_finding(&run, "mlf:test:not:in:registry", "new");
  assert_true(mlf_run_failed(&run));
  assert_string_equal(mlf_run_verdict(&run), "mlf:gsl_correlation:gsl_stats_f0:empty:k");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(duplicate_tags_are_recorded_once),
      cmocka_unit_test(known_findings_past_the_cap_do_not_fail),
      cmocka_unit_test(new_finding_past_the_cap_fails),
      cmocka_unit_test(new_recorded_finding_fails),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
