/* Byte-level baseline of annotest_gsl (make bench; a yardstick, not a target): libFuzzer's raw
 * bytes cast to the same functions' arguments with no folding (bytes_cast.h), each valid input
 * run as annotest_gsl runs it (@require checked, the function called, @ensure and @check
 * judged). Counts per function as the target's (MLF_ANNOTEST_STATS_DIR,
 * scripts/annotest-stats.sh): calls = inputs, rejected = out of the annotations or refused by
 * @require. */
#include <gsl/gsl_errno.h>
#include "annotest_gsl_glue.h"
#include "bytes_cast.h"
#include "gsl_oracles.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_gsl_build((const Mlf__Annotest__GslAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_gsl_run((const Mlf__Annotest__GslAnnotatedCall *)call, ctx);
}

static const bytes_glue glue = {&mlf__annotest__gsl_annotated_call__descriptor, "annotest_gsl_bytes", "gsl",
                                annotest_gsl_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  gsl_set_error_handler_off();
  at_stats_watch(annotest_gsl_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return bytes_test_one_input(&glue, data, size); }
