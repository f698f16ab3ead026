/* aNNoTest over GSL 2.7.1: one annotated call per input (annotations/gsl.h), its arguments
 * built valid by construction by the generated glue. A crash, sanitizer report, hang or leak
 * on such an input is a bug; so is a failed @ensure (a documented error code returned on a
 * valid input: GSL's or the annotation's, annotest_gsl_blame says which the harness thinks)
 * and a failed @check (a decomposition that does not reconstruct its matrix, a spline that
 * misses its knots, an unsorted sort). GSL's error handler is off so errors come back as
 * codes. Calls, @require rejections and findings per function: at_stats_watch
 * (MLF_ANNOTEST_STATS=1 at exit, MLF_ANNOTEST_STATS_DIR=dir as files that survive a crash). */
#include <gsl/gsl_errno.h>
#include "annotations/gsl.h"
#include "annotest_gsl_glue.h"
#include "mlf_target.h"

static void annotest_gsl_init(void) {
  size_t n;
  const at_function_stats *stats = annotest_gsl_stats(&n);
  gsl_set_error_handler_off();
  at_stats_watch(stats, n);
}

static void annotest_gsl_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  at_ctx_init(&ctx, run, "annotest_gsl", "gsl", annotest_gsl_blame);
  annotest_gsl_run((const Mlf__Annotest__GslAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_gsl, mlf__annotest__gsl_annotated_call__descriptor, annotest_gsl_init, annotest_gsl_fuzz_run)
