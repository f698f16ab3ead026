/* A planted wrong annotation (plantedsvm_libsvm.h: svm_check_parameter with gamma admitted below 0)
 * run through the harness's glue and runtime on the room's LIBSVM: a call with gamma < 0 and a
 * kernel that uses gamma must raise mlf:<target>:libsvm:svm_check_parameter:documented-error
 * with svm_check_parameter's message; gamma >= 0, or a negative gamma with the linear kernel
 * (which ignores it), raises nothing; random messages hit the hole; and the target's own
 * annotation folds the same raw gamma into [0, 8] and raises nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/libsvm.h"
#include "annotest_libsvm_glue.h"
#include "annotest_plantedsvm_glue.h"
#include "libraries/libsvm/mlf_libsvm_session.h"
#include "planted_support.h"

static void run_planted(const ProtobufCMessage *m, at_ctx *ctx) { annotest_plantedsvm_run((const void *)m, ctx); }
static void run_target(const ProtobufCMessage *m, at_ctx *ctx) { annotest_libsvm_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_plantedsvm", "libsvm", annotest_svm_blame, run_planted};
static const planted_glue real = {"annotest_libsvm", "libsvm", annotest_svm_blame, run_target};
static const char *const check_failed[] = {"@ensure(ret == NULL) failed", NULL};

static int quiet(void **state) {
  (void)state;
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
  return 0;
}

/* svm_check_parameter through the planted annotation: a two-row problem, C-SVC with kernel
 * (the froms index: 0 linear, 2 RBF) and gamma. */
static void planted_call(int64_t kernel, double gamma, mlf_run *run) {
  Mlf__Annotest__PlantedsvmAnnotestSvmProblemCall prob = MLF__ANNOTEST__PLANTEDSVM_ANNOTEST_SVM_PROBLEM_CALL__INIT;
  Mlf__Annotest__PlantedsvmSvmCheckParameterCallParam param =
      MLF__ANNOTEST__PLANTEDSVM_SVM_CHECK_PARAMETER_CALL_PARAM__INIT;
  Mlf__Annotest__PlantedsvmSvmCheckParameterCall f = MLF__ANNOTEST__PLANTEDSVM_SVM_CHECK_PARAMETER_CALL__INIT;
  Mlf__Annotest__PlantedsvmAnnotatedCall call = MLF__ANNOTEST__PLANTEDSVM_ANNOTATED_CALL__INIT;
  int64_t labels[2] = {1, -1};
  prob.has_l = prob.has_features = 1, prob.l = 2, prob.features = 1;
  prob.n_labels = 2, prob.labels = labels;
  param.has_kernel_type = param.has_gamma = 1, param.kernel_type = kernel, param.gamma = gamma;
  f.prob = &prob, f.param = &param;
  call.call_case = MLF__ANNOTEST__PLANTEDSVM_ANNOTATED_CALL__CALL_SVM_CHECK_PARAMETER;
  call.svm_check_parameter = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_gamma_annotation_is_reported(void **state) {
  (void)state;
  mlf_run run;
  planted_call(2, -1, &run);
  planted_assert_documented_error(&run, &planted, "svm_check_parameter", check_failed);
  planted_call(2, 0.5, &run);
  assert_int_equal(run.n_findings, 0);
  planted_call(0, -1, &run); /* the linear kernel has no gamma: svm_check_parameter ignores it */
  assert_int_equal(run.n_findings, 0);
}

static void random_inputs_find_the_wrong_annotation(void **state) {
  (void)state;
  mlf_run run;
  int found = planted_first_hit(&planted, &mlf__annotest__plantedsvm_annotated_call__descriptor, "svm_check_parameter",
                                12, 2000, "documented-error", &run);
  assert_true(found >= 0);
  print_message("documented-error raised by random message %d\n", found);
  planted_assert_documented_error(&run, &planted, "svm_check_parameter", check_failed);
}

/* The target's annotation: gamma = -1 folds into [0, 8] (mirrored to 1), no finding. */
static void the_real_annotation_folds_the_same_input(void **state) {
  (void)state;
  Mlf__Annotest__LibsvmAnnotestSvmProblemCall prob = MLF__ANNOTEST__LIBSVM_ANNOTEST_SVM_PROBLEM_CALL__INIT;
  Mlf__Annotest__LibsvmSvmCheckParameterCallParam param = MLF__ANNOTEST__LIBSVM_SVM_CHECK_PARAMETER_CALL_PARAM__INIT;
  Mlf__Annotest__LibsvmSvmCheckParameterCall f = MLF__ANNOTEST__LIBSVM_SVM_CHECK_PARAMETER_CALL__INIT;
  Mlf__Annotest__LibsvmAnnotatedCall call = MLF__ANNOTEST__LIBSVM_ANNOTATED_CALL__INIT;
  int64_t labels[2] = {1, -1};
  prob.has_l = prob.has_features = 1, prob.l = 2, prob.features = 1;
  prob.n_labels = 2, prob.labels = labels;
  param.has_kernel_type = param.has_gamma = 1, param.kernel_type = 2, param.gamma = -1;
  f.prob = &prob, f.param = &param;
  call.call_case = MLF__ANNOTEST__LIBSVM_ANNOTATED_CALL__CALL_SVM_CHECK_PARAMETER;
  call.svm_check_parameter = &f;
  mlf_run run;
  planted_run(&real, &call.base, &run);
  assert_int_equal(run.n_findings, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wrong_gamma_annotation_is_reported),
      cmocka_unit_test(random_inputs_find_the_wrong_annotation),
      cmocka_unit_test(the_real_annotation_folds_the_same_input),
  };
  return cmocka_run_group_tests(tests, quiet, NULL);
}
