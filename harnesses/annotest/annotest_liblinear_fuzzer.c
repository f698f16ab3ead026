/* aNNoTest over LIBLINEAR 2.3: one annotated call per input (annotations/liblinear.h), its
 * arguments (sparse problems with or without a bias feature, parameter dicts, models trained
 * here, model files saved here and changed one token at a time) built valid by construction by
 * the generated glue. A crash, sanitizer report, hang or leak on such an input is a bug; so is
 * a failed @ensure (no model, a file that does not load, a check_parameter message) and a
 * failed @check (a file that does not survive save(load(file)), a loaded model that predicts
 * otherwise, a primal model that depends on the order of the rows beyond its optimality bound,
 * an invalid prediction, probability or accessor value). LIBLINEAR's log is silenced and its
 * random numbers (cross-validation folds, the dual solvers' permutations) are seeded per input,
 * so a replay repeats the run. Calls, @require rejections and findings per function:
 * at_stats_watch. */
#include <stdlib.h>
#include "annotations/liblinear.h"
#include "annotest_liblinear_glue.h"
#include "libraries/liblinear/mlf_liblinear_session.h"
#include "mlf_target.h"

static void annotest_liblinear_init(void) {
  char identity[64];
  size_t n;
  mlf_liblinear_open(identity, sizeof identity);
  at_stats_watch(annotest_liblinear_stats(&n), n);
}

static void annotest_liblinear_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  srand(1);
  at_ctx_init(&ctx, run, "annotest_liblinear", "liblinear", annotest_linear_blame);
  annotest_liblinear_run((const Mlf__Annotest__LiblinearAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_liblinear, mlf__annotest__liblinear_annotated_call__descriptor, annotest_liblinear_init,
           annotest_liblinear_fuzz_run)
