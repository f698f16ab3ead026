/* aNNoTest over LIBSVM 3.24: one annotated call per input (annotations/libsvm.h), its
 * arguments (sparse problems, svm_parameter dicts, models trained here, model files saved here
 * and changed one token at a time) built valid by construction by the generated glue. A crash,
 * sanitizer report, hang or leak on such an input is a bug; so is a failed @ensure (a model
 * that is not returned, a file that does not load, a svm_check_parameter message) and a failed
 * @check (a model file that does not survive save(load(file)), a loaded model that predicts
 * otherwise, an invalid prediction or probability). LIBSVM's log is silenced and its random
 * numbers (cross-validation, probability training) are seeded per input, so a replay repeats
 * the run. Calls, @require rejections and findings per function: at_stats_watch. */
#include <stdlib.h>
#include "annotations/libsvm.h"
#include "annotest_libsvm_glue.h"
#include "libraries/libsvm/mlf_libsvm_session.h"
#include "mlf_target.h"

static void annotest_libsvm_init(void) {
  char identity[64];
  size_t n;
  mlf_libsvm_open(identity, sizeof identity);
  at_stats_watch(annotest_libsvm_stats(&n), n);
}

static void annotest_libsvm_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  srand(1);
  at_ctx_init(&ctx, run, "annotest_libsvm", "libsvm", annotest_svm_blame);
  annotest_libsvm_run((const Mlf__Annotest__LibsvmAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_libsvm, mlf__annotest__libsvm_annotated_call__descriptor, annotest_libsvm_init, annotest_libsvm_fuzz_run)
