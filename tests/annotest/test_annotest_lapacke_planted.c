/* Planted wrong annotations (plantedlpk_lapacke.h) run through the harness's glue, runtime and
 * oracles on the reference LAPACK under the instrumented LAPACKE wrappers:
 *   LAPACKE_dgelqf with the row-major lda rule in both layouts: column major, m = 3 > n = 2,
 *     lda = 2 must raise documented-error (DGELQF: LDA < max(1,M)); row major raises nothing;
 *     random messages hit it; the target's annotation folds the same raw lda into [3, 6];
 *   LAPACKE_dtrtrs over a diagonal admitted down to 0: a zero diagonal raises documented-error
 *     (INFO > 0), a subnormal one an overflowing solution the residual oracle reports
 *     (nonfinite-solution); a diagonal of 1 raises nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/lapacke.h"
#include "annotest_lapacke_glue.h"
#include "annotest_plantedlpk_glue.h"
#include "planted_support.h"

static void run_planted(const ProtobufCMessage *m, at_ctx *ctx) { annotest_plantedlpk_run((const void *)m, ctx); }
static void run_target(const ProtobufCMessage *m, at_ctx *ctx) { annotest_lapacke_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_plantedlpk", "lapacke", annotest_lapacke_blame, run_planted};
static const planted_glue real = {"annotest_lapacke", "lapacke", annotest_lapacke_blame, run_target};

static void assert_finding(const mlf_run *run, const char *function, const char *kind) {
  char tag[128];
  snprintf(tag, sizeof tag, "mlf:%s:lapacke:%s:%s", planted.target, function, kind);
  for (size_t i = 0; i < run->n_findings; i++)
    if (!strcmp(run->findings[i].tag, tag)) return;
  fail_msg("%zu findings, none is %s", run->n_findings, tag);
}

/* LAPACKE_dgelqf of an m x 2 matrix in layout (pick 0 row, 1 column major) with lda = 2. */
static void planted_gelqf(int64_t layout, int64_t m, mlf_run *run) {
  Mlf__Annotest__PlantedlpkLapackeDgelqfCall f = MLF__ANNOTEST__PLANTEDLPK_LAPACKE_DGELQF_CALL__INIT;
  Mlf__Annotest__PlantedlpkAnnotatedCall call = MLF__ANNOTEST__PLANTEDLPK_ANNOTATED_CALL__INIT;
  f.has_matrix_layout = f.has_m = f.has_n = f.has_lda = 1;
  f.matrix_layout = layout, f.m = m, f.n = 2, f.lda = 2;
  call.call_case = MLF__ANNOTEST__PLANTEDLPK_ANNOTATED_CALL__CALL_LAPACKE_DGELQF;
  call.lapacke_dgelqf = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_leading_dimension_is_reported(void **state) {
  (void)state;
  mlf_run run;
  planted_gelqf(1, 3, &run);
  assert_finding(&run, "LAPACKE_dgelqf", "documented-error");
  planted_gelqf(0, 3, &run);
  assert_int_equal(run.n_findings, 0);
}

/* LAPACKE_dtrtrs, row major, upper, 2 x 2 with diagonal (d, 1), right-hand side (1, 2): x = (-1 / d, 2). */
static void planted_trtrs(double d, mlf_run *run) {
  Mlf__Annotest__PlantedlpkAnnotestLapackeTriangularCall t = MLF__ANNOTEST__PLANTEDLPK_ANNOTEST_LAPACKE_TRIANGULAR_CALL__INIT;
  Mlf__Annotest__PlantedlpkLapackeDtrtrsCall f = MLF__ANNOTEST__PLANTEDLPK_LAPACKE_DTRTRS_CALL__INIT;
  Mlf__Annotest__PlantedlpkAnnotatedCall call = MLF__ANNOTEST__PLANTEDLPK_ANNOTATED_CALL__INIT;
  double data[4] = {1, 1, 0, 1}, diag[2] = {d, 1}, b[2] = {1, 2};
  t.n_data = 4, t.data = data, t.n_diag = 2, t.diag = diag;
  f.has_n = f.has_nrhs = f.has_lda = f.has_ldb = 1;
  f.n = 2, f.nrhs = 1, f.lda = 2, f.ldb = 1, f.a = &t, f.n_b = 2, f.b = b;
  call.call_case = MLF__ANNOTEST__PLANTEDLPK_ANNOTATED_CALL__CALL_LAPACKE_DTRTRS;
  call.lapacke_dtrtrs = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_diagonal_is_caught_by_the_oracles(void **state) {
  (void)state;
  mlf_run run;
  planted_trtrs(0, &run);
  assert_finding(&run, "LAPACKE_dtrtrs", "documented-error");
  planted_trtrs(4.9406564584124654e-324, &run);
  assert_finding(&run, "LAPACKE_dtrtrs", "nonfinite-solution");
  planted_trtrs(1, &run);
  assert_int_equal(run.n_findings, 0);
}

static void random_inputs_find_the_wrong_leading_dimension(void **state) {
  (void)state;
  mlf_run run;
  int found = planted_first_hit(&planted, &mlf__annotest__plantedlpk_annotated_call__descriptor, "lapacke_dgelqf", 12,
                                2000, "documented-error", &run);
  assert_true(found >= 0);
  print_message("documented-error raised by random message %d\n", found);
  assert_finding(&run, "LAPACKE_dgelqf", "documented-error");
}

/* The target's annotation: column major, m = 3, the raw lda 2 folds into [3, 6]. */
static void the_real_annotation_folds_the_same_input(void **state) {
  (void)state;
  Mlf__Annotest__LapackeDgelqfCall f = MLF__ANNOTEST__LAPACKE_DGELQF_CALL__INIT;
  Mlf__Annotest__LapackeAnnotatedCall call = MLF__ANNOTEST__LAPACKE_ANNOTATED_CALL__INIT;
  f.has_matrix_layout = f.has_m = f.has_n = f.has_lda = 1;
  f.matrix_layout = 1, f.m = 3, f.n = 2, f.lda = 2;
  call.call_case = MLF__ANNOTEST__LAPACKE_ANNOTATED_CALL__CALL_LAPACKE_DGELQF;
  call.lapacke_dgelqf = &f;
  mlf_run run;
  planted_run(&real, &call.base, &run);
  assert_int_equal(run.n_findings, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wrong_leading_dimension_is_reported),
      cmocka_unit_test(wrong_diagonal_is_caught_by_the_oracles),
      cmocka_unit_test(random_inputs_find_the_wrong_leading_dimension),
      cmocka_unit_test(the_real_annotation_folds_the_same_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
