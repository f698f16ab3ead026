/* The planted wrong XGBoost annotation (plantedxgb_xgboost.h: weights admitted below 0) run
 * through the harness's glue and runtime on the instrumented XGBoost: a call with a negative
 * weight must raise mlf:<target>:xgboost:XGDMatrixSetFloatInfo:documented-error naming
 * XGBoost's message, a call with weights from 0 must raise nothing, and random messages through
 * the wrong annotation must hit the hole, each raising the finding exactly when a weight is
 * negative. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "annotest_plantedxgb_glue.h"
#include "libraries/xgboost/mlf_xgboost_session.h"
#include "planted_support.h"
#include "random_message.h"
#include "xgboost_oracles.h"

static const char tag[] = "mlf:annotest_plantedxgb:xgboost:XGDMatrixSetFloatInfo:documented-error";

static int open_session(void **state) {
  (void)state;
  char identity[128];
  return mlf_xgboost_open(identity, sizeof identity);
}

static void run_glue(const ProtobufCMessage *m, at_ctx *ctx) { annotest_plantedxgb_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_plantedxgb", "xgboost", annotest_xgb_blame, run_glue};

/* SetFloatInfo("weight") on a 3-row matrix with the given weights. */
static void weights_call(const double weights[3], mlf_run *run) {
  Mlf__Annotest__PlantedxgbXgdmatrixsetfloatinfoCall f = MLF__ANNOTEST__PLANTEDXGB_XGDMATRIXSETFLOATINFO_CALL__INIT;
  Mlf__Annotest__PlantedxgbAnnotatedCall call = MLF__ANNOTEST__PLANTEDXGB_ANNOTATED_CALL__INIT;
  f.has_nrow = 1;
  f.nrow = 3;
  f.n_array = 3;
  f.array = (double *)weights;
  call.call_case = MLF__ANNOTEST__PLANTEDXGB_ANNOTATED_CALL__CALL_XGDMATRIXSETFLOATINFO;
  call.xgdmatrixsetfloatinfo = &f;
  planted_run(&planted, &call.base, run);
}

static void negative_weight_is_reported_and_valid_weights_are_not(void **state) {
  (void)state;
  mlf_run run;
  weights_call((const double[]){0, 1.5, 1000}, &run);
  assert_int_equal(run.n_findings, 0);
  weights_call((const double[]){1, -0.5, 2}, &run);
  assert_int_equal(run.n_findings, 1);
  assert_string_equal(run.findings[0].tag, tag);
  assert_non_null(strstr(run.findings[0].detail, "Weights must be positive"));
}

static void random_messages_hit_the_hole(void **state) {
  (void)state;
  mlf_rng rng;
  size_t hits = 0, clean = 0;
  mlf_rng_seed(&rng, 0x9a17u);
  for (int k = 0; k < 300; k++) {
    ProtobufCMessage *m = random_message_with_member(&mlf__annotest__plantedxgb_annotated_call__descriptor,
                                                     "xgdmatrixsetfloatinfo", &rng);
    const Mlf__Annotest__PlantedxgbAnnotatedCall *call = (const void *)m;
    const char *function;
    at_slot *slots;
    mlf_run run;
    at_ctx ctx;
    mlf_run_reset(&run);
    at_ctx_init(&ctx, &run, planted.target, planted.library, planted.blame);
    assert_int_equal(annotest_plantedxgb_build(call, &ctx, &function, &slots), 0);
    int negative = 0; /* the variables: handle, field, array, len, then the dim nrow */
    for (size_t i = 0; i < slots[2].count; i++) negative |= ((const float *)slots[2].p)[i] < 0;
    at_release(&ctx);
    planted_run(&planted, m, &run);
    if (negative != (run.n_findings == 1 && !strcmp(run.findings[0].tag, tag)))
      fail_msg("message %d: %s negative weight, %zu findings", k, negative ? "a" : "no", run.n_findings);
    hits += negative, clean += !negative;
    protobuf_c_message_free_unpacked(m, NULL);
  }
  fprintf(stderr, "random messages: %zu with a negative weight (reported), %zu without (quiet)\n", hits, clean);
  assert_true(hits > 0);
  assert_true(clean > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(negative_weight_is_reported_and_valid_weights_are_not),
      cmocka_unit_test(random_messages_hit_the_hole),
  };
  return cmocka_run_group_tests(tests, open_session, NULL);
}
