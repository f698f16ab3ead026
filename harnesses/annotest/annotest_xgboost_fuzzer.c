/* aNNoTest over the XGBoost 1.7 C API (XGBoost 1.7.4): one annotated call per input
 * (annotations/xgboost.h), its arguments built valid by construction by the generated glue:
 * dense, CSR, CSC and libsvm-file DMatrix handles, boosters trained here with documented
 * parameters, saved models. A crash, sanitizer report, hang or leak on such an input is a bug;
 * so is a failed @ensure (a non-zero return, XGBGetLastError's message in the report: XGBoost's
 * bug or the annotation's) and a failed @check (a DMatrix that does not hold what it was given,
 * save(load(m)) != m, a loaded model that predicts differently, predictions that depend on row
 * order, contributions that do not add up to the margin). A generator whose own XGBoost call
 * fails on its valid input is reported as that generator's documented-error. XGBoost's log is
 * silenced (mlf_xgboost_open). Calls, @require rejections and findings per function:
 * at_stats_watch (MLF_ANNOTEST_STATS=1 at exit, MLF_ANNOTEST_STATS_DIR=dir as files). */
#include <stdio.h>
#include <stdlib.h>
#include "annotations/xgboost.h"
#include "annotest_xgboost_glue.h"
#include "libraries/xgboost/mlf_xgboost_session.h"
#include "mlf_target.h"

static void annotest_xgboost_init(void) {
  size_t n;
  char identity[128];
  if (mlf_xgboost_open(identity, sizeof identity) != 0) {
    fprintf(stderr, "annotest_xgboost: %s\n", identity);
    exit(1);
  }
  const at_function_stats *stats = annotest_xgboost_stats(&n);
  at_stats_watch(stats, n);
}

/* A generator's failed XGBoost call, as a finding of that generator. */
static void report_generator_failure(mlf_run *run) {
  const char *generator, *what = annotest_xgb_generator_failure(&generator);
  if (!what) return;
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:annotest_xgboost:xgboost:%s:documented-error", generator);
  mlf_finding(run, tag, "%s", what);
  annotest_xgb_generator_failure_clear();
}

static void annotest_xgboost_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  at_ctx_init(&ctx, run, "annotest_xgboost", "xgboost", annotest_xgb_blame);
  annotest_xgboost_run((const Mlf__Annotest__XgboostAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  report_generator_failure(run);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_xgboost, mlf__annotest__xgboost_annotated_call__descriptor, annotest_xgboost_init,
           annotest_xgboost_fuzz_run)
