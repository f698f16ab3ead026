/* A planted wrong annotation (plantedlinear_liblinear.h: check_parameter with C admitted down to 0)
 * run through the harness's glue and runtime on the room's LIBLINEAR: a call with C = 0 must
 * raise mlf:<target>:liblinear:check_parameter:documented-error (check_parameter: "C <= 0");
 * C > 0 raises nothing; random messages hit the hole (a raw 0, an absent field, folds to 0);
 * and the target's own annotation folds the same raw C into [0.01, 100] and raises nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/liblinear.h"
#include "annotest_liblinear_glue.h"
#include "annotest_plantedlinear_glue.h"
#include "libraries/liblinear/mlf_liblinear_session.h"
#include "planted_support.h"

static void run_planted(const ProtobufCMessage *m, at_ctx *ctx) { annotest_plantedlinear_run((const void *)m, ctx); }
static void run_target(const ProtobufCMessage *m, at_ctx *ctx) { annotest_liblinear_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_plantedlinear", "liblinear", annotest_linear_blame, run_planted};
static const planted_glue real = {"annotest_liblinear", "liblinear", annotest_linear_blame, run_target};
static const char *const check_failed[] = {"@ensure(ret == NULL) failed", NULL};

static int quiet(void **state) {
  (void)state;
  char identity[64];
  mlf_liblinear_open(identity, sizeof identity);
  return 0;
}

/* check_parameter through the planted annotation: a two-row problem, L2R_LR with cost C. */
static void planted_call(double C, mlf_run *run) {
  Mlf__Annotest__PlantedlinearAnnotestLinearProblemCall prob =
      MLF__ANNOTEST__PLANTEDLINEAR_ANNOTEST_LINEAR_PROBLEM_CALL__INIT;
  Mlf__Annotest__PlantedlinearCheckParameterCallParam param =
      MLF__ANNOTEST__PLANTEDLINEAR_CHECK_PARAMETER_CALL_PARAM__INIT;
  Mlf__Annotest__PlantedlinearCheckParameterCall f = MLF__ANNOTEST__PLANTEDLINEAR_CHECK_PARAMETER_CALL__INIT;
  Mlf__Annotest__PlantedlinearAnnotatedCall call = MLF__ANNOTEST__PLANTEDLINEAR_ANNOTATED_CALL__INIT;
  int64_t labels[2] = {1, -1};
  prob.has_l = prob.has_features = 1, prob.l = 2, prob.features = 1;
  prob.n_labels = 2, prob.labels = labels;
  param.has_c = 1, param.c = C;
  f.prob = &prob, f.param = &param;
  call.call_case = MLF__ANNOTEST__PLANTEDLINEAR_ANNOTATED_CALL__CALL_CHECK_PARAMETER;
  call.check_parameter = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_cost_annotation_is_reported(void **state) {
  (void)state;
  mlf_run run;
  planted_call(0, &run);
  planted_assert_documented_error(&run, &planted, "check_parameter", check_failed);
  planted_call(1, &run);
  assert_int_equal(run.n_findings, 0);
}

static void random_inputs_find_the_wrong_annotation(void **state) {
  (void)state;
  mlf_run run;
  int found = planted_first_hit(&planted, &mlf__annotest__plantedlinear_annotated_call__descriptor, "check_parameter",
                                12, 2000, "documented-error", &run);
  assert_true(found >= 0);
  print_message("documented-error raised by random message %d\n", found);
  planted_assert_documented_error(&run, &planted, "check_parameter", check_failed);
}

/* The target's annotation: C = 0 folds into [0.01, 100], no finding. */
static void the_real_annotation_folds_the_same_input(void **state) {
  (void)state;
  Mlf__Annotest__LiblinearAnnotestLinearProblemCall prob = MLF__ANNOTEST__LIBLINEAR_ANNOTEST_LINEAR_PROBLEM_CALL__INIT;
  Mlf__Annotest__LiblinearCheckParameterCallParam param = MLF__ANNOTEST__LIBLINEAR_CHECK_PARAMETER_CALL_PARAM__INIT;
  Mlf__Annotest__LiblinearCheckParameterCall f = MLF__ANNOTEST__LIBLINEAR_CHECK_PARAMETER_CALL__INIT;
  Mlf__Annotest__LiblinearAnnotatedCall call = MLF__ANNOTEST__LIBLINEAR_ANNOTATED_CALL__INIT;
  int64_t labels[2] = {1, -1};
  prob.has_l = prob.has_features = 1, prob.l = 2, prob.features = 1;
  prob.n_labels = 2, prob.labels = labels;
  param.has_c = 1, param.c = 0;
  f.prob = &prob, f.param = &param;
  call.call_case = MLF__ANNOTEST__LIBLINEAR_ANNOTATED_CALL__CALL_CHECK_PARAMETER;
  call.check_parameter = &f;
  mlf_run run;
  planted_run(&real, &call.base, &run);
  assert_int_equal(run.n_findings, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wrong_cost_annotation_is_reported),
      cmocka_unit_test(random_inputs_find_the_wrong_annotation),
      cmocka_unit_test(the_real_annotation_folds_the_same_input),
  };
  return cmocka_run_group_tests(tests, quiet, NULL);
}
