/* Byte-level baseline of annotest_lapacke (make bench; a yardstick, not a target): LAPACKE 3.11.0's
 * annotated functions on libFuzzer's raw bytes cast to their call messages with no folding
 * (bytes_cast.h), each valid input (layout, leading dimensions, shapes and elements all within
 * their annotations) run as annotest_lapacke runs it. Counts per function as the target's. */
#include "annotations/lapacke.h"
#include "libraries/lapacke/mlf_lapacke_session.h"
#include "annotest_lapacke_glue.h"
#include "bytes_cast.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_lapacke_build((const Mlf__Annotest__LapackeAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_lapacke_run((const Mlf__Annotest__LapackeAnnotatedCall *)call, ctx);
}

static const bytes_glue glue = {&mlf__annotest__lapacke_annotated_call__descriptor, "annotest_lapacke_bytes", "lapacke",
                                annotest_lapacke_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  char identity[256];
  mlf_lapacke_open(identity, sizeof identity);
  at_stats_watch(annotest_lapacke_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return bytes_test_one_input(&glue, data, size); }
