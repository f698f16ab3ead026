/* Planted wrong annotations (planted_gsl.h) run through the harness's glue and runtime on GSL:
 * a call the wrong annotation admits outside GSL's documented domain (lngamma at zero and
 * negative integers, beta at negative integers) must raise the finding
 * mlf:<target>:gsl:<function>:documented-error, blaming the annotation; a call inside the
 * domain must raise nothing; random messages through the wrong annotation must hit it; and the
 * GSL target's own annotations (annotations/gsl.h) refuse the same raw choice by @require. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <gsl/gsl_errno.h>
#include "annotest_gsl_glue.h"
#include "annotest_planted_glue.h"
#include "gsl_oracles.h"
#include "planted_support.h"

static void run_planted_glue(const ProtobufCMessage *m, at_ctx *ctx) { annotest_planted_run((const void *)m, ctx); }
static void run_target(const ProtobufCMessage *m, at_ctx *ctx) { annotest_gsl_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_planted", "gsl", annotest_gsl_blame, run_planted_glue};
static const planted_glue real = {"annotest_gsl", "gsl", annotest_gsl_blame, run_target};
/* GSL_EDOM, blamed on the annotation. */
static const char *const domain_error[] = {"status 1)", "annotation bug", NULL};

static int quiet_gsl(void **state) {
  (void)state;
  gsl_set_error_handler_off();
  return 0;
}

static void lngamma_call(double x, mlf_run *run) {
  Mlf__Annotest__PlantedGslSfLngammaECall f = MLF__ANNOTEST__PLANTED_GSL_SF_LNGAMMA_ECALL__INIT;
  Mlf__Annotest__PlantedAnnotatedCall call = MLF__ANNOTEST__PLANTED_ANNOTATED_CALL__INIT;
  f.has_x = 1;
  f.x = x;
  call.call_case = MLF__ANNOTEST__PLANTED_ANNOTATED_CALL__CALL_GSL_SF_LNGAMMA_E;
  call.gsl_sf_lngamma_e = &f;
  planted_run(&planted, &call.base, run);
}

static void beta_call(double a, double b, mlf_run *run) {
  Mlf__Annotest__PlantedGslSfBetaECall f = MLF__ANNOTEST__PLANTED_GSL_SF_BETA_ECALL__INIT;
  Mlf__Annotest__PlantedAnnotatedCall call = MLF__ANNOTEST__PLANTED_ANNOTATED_CALL__INIT;
  f.has_a = f.has_b = 1;
  f.a = a;
  f.b = b;
  call.call_case = MLF__ANNOTEST__PLANTED_ANNOTATED_CALL__CALL_GSL_SF_BETA_E;
  call.gsl_sf_beta_e = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_lngamma_annotation_is_reported(void **state) {
  (void)state;
  static const double outside[] = {0, -1, -2, -7, -1000};
  mlf_run run;
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
    lngamma_call(outside[i], &run);
    planted_assert_documented_error(&run, &planted, "gsl_sf_lngamma_e", domain_error);
  }
  lngamma_call(-2.5, &run); /* inside the domain: Gamma(-2.5) is finite */
  assert_int_equal(run.n_findings, 0);
}

static void wrong_beta_annotation_is_reported(void **state) {
  (void)state;
  mlf_run run;
  beta_call(-1, 2, &run);
  planted_assert_documented_error(&run, &planted, "gsl_sf_beta_e", domain_error);
  beta_call(3, -4, &run);
  planted_assert_documented_error(&run, &planted, "gsl_sf_beta_e", domain_error);
  beta_call(0.5, 2, &run);
  assert_int_equal(run.n_findings, 0);
}

/* Random messages (random_message.c) through the wrong annotation reach its hole: a raw
 * zero or negative integer folds to itself. */
static void random_inputs_find_the_wrong_annotation(void **state) {
  (void)state;
  mlf_run run;
  int found = planted_first_hit(&planted, &mlf__annotest__planted_annotated_call__descriptor, "gsl_sf_lngamma_e", 12,
                                10000, "documented-error", &run);
  assert_true(found >= 0);
  print_message("documented-error raised by random message %d\n", found);
  planted_assert_documented_error(&run, &planted, "gsl_sf_lngamma_e", domain_error);
}

/* The GSL target's annotation of lngamma keeps its @require: the same x = -2 (there drawn as
 * s = -2.5, x = s + 0.5) is refused, counted as a rejection, and raises nothing. */
static void the_real_annotation_refuses_the_same_input(void **state) {
  (void)state;
  Mlf__Annotest__GslSfLngammaECall f = MLF__ANNOTEST__GSL_SF_LNGAMMA_ECALL__INIT;
  Mlf__Annotest__GslAnnotatedCall call = MLF__ANNOTEST__GSL_ANNOTATED_CALL__INIT;
  f.has_s = 1;
  f.s = -2.5;
  call.call_case = MLF__ANNOTEST__GSL_ANNOTATED_CALL__CALL_GSL_SF_LNGAMMA_E;
  call.gsl_sf_lngamma_e = &f;
  mlf_run run;
  const char *refused = planted_run(&real, &call.base, &run);
  assert_int_equal(run.n_findings, 0);
  assert_non_null(refused);
  assert_non_null(strstr(refused, "@require(x > 0 || x != floor(x))"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wrong_lngamma_annotation_is_reported),
      cmocka_unit_test(wrong_beta_annotation_is_reported),
      cmocka_unit_test(random_inputs_find_the_wrong_annotation),
      cmocka_unit_test(the_real_annotation_refuses_the_same_input),
  };
  return cmocka_run_group_tests(tests, quiet_gsl, NULL);
}
