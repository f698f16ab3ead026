/* aNNoTest over FANN 2.2.0 (float build): one annotated call per input (annotations/fann.h),
 * its arguments (networks, training data of the network's shape, scaled and cascade-ready
 * networks, training-data files saved here) built valid by construction by the generated glue.
 * A crash, sanitizer report, hang or leak on such an input is a bug; so is a failed @ensure (a
 * file that does not read, a refused scaling) and a failed @check (a copy, subset or merge that
 * differs, a shuffle that is no permutation, a scale/descale or save/read round trip outside its
 * float bound, an MSE fann_run's outputs do not give, a cascade that grows too much). FANN's
 * error log is silenced (errors are judged by the results), and rand(), which FANN draws
 * weights and shuffles from (the room builds it with FANN_NO_SEED, so FANN never reseeds it), is
 * seeded per input, so a replay repeats the run. Calls, @require rejections and findings per
 * function: at_stats_watch. */
#include <stdlib.h>
#include "annotations/fann.h"
#include "annotest_fann_glue.h"
#include "mlf_target.h"

static void annotest_fann_init(void) {
  size_t n;
  fann_set_error_log(NULL, NULL);
  at_stats_watch(annotest_fann_stats(&n), n);
}

static void annotest_fann_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  srand(1);
  at_ctx_init(&ctx, run, "annotest_fann", "fann", annotest_fann_blame);
  annotest_fann_run((const Mlf__Annotest__FannAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_fann, mlf__annotest__fann_annotated_call__descriptor, annotest_fann_init, annotest_fann_fuzz_run)
