/* Byte-level baseline of annotest_xgboost (make bench; a yardstick, not a target): libFuzzer's
 * raw bytes cast to the same functions' arguments with no folding (bytes_cast.h), each valid
 * input run as annotest_xgboost runs it (the generators' own XGBoost calls, @require, the
 * function, @ensure and @check). Counts per function as the target's (MLF_ANNOTEST_STATS_DIR,
 * scripts/annotest-stats.sh): calls = inputs, rejected = out of the annotations or refused. */
#include <stdio.h>
#include <stdlib.h>
#include "annotest_xgboost_glue.h"
#include "bytes_cast.h"
#include "libraries/xgboost/mlf_xgboost_session.h"
#include "xgboost_oracles.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_xgboost_build((const Mlf__Annotest__XgboostAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_xgboost_run((const Mlf__Annotest__XgboostAnnotatedCall *)call, ctx);
  annotest_xgb_generator_failure_clear();
}

static const bytes_glue glue = {&mlf__annotest__xgboost_annotated_call__descriptor, "annotest_xgboost_bytes",
                                "xgboost", annotest_xgb_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  char identity[128];
  if (mlf_xgboost_open(identity, sizeof identity) != 0) {
    fprintf(stderr, "annotest_xgboost_bytes: %s\n", identity);
    exit(1);
  }
  at_stats_watch(annotest_xgboost_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return bytes_test_one_input(&glue, data, size); }
