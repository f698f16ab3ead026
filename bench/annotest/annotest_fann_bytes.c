/* Byte-level baseline of annotest_fann (make bench; a yardstick, not a target): FANN 2.2.0's
 * annotated functions on libFuzzer's raw bytes cast to their call messages with no folding
 * (bytes_cast.h), each valid input run as annotest_fann runs it (FANN's error log silenced,
 * rand() seeded per input, as the target does). Counts per function as the target's. */
#include <stdlib.h>
#include "annotations/fann.h"
#include "annotest_fann_glue.h"
#include "bytes_cast.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_fann_build((const Mlf__Annotest__FannAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_fann_run((const Mlf__Annotest__FannAnnotatedCall *)call, ctx);
}

static const bytes_glue glue = {&mlf__annotest__fann_annotated_call__descriptor, "annotest_fann_bytes", "fann",
                                annotest_fann_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  fann_set_error_log(NULL, NULL);
  at_stats_watch(annotest_fann_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  srand(1);
  return bytes_test_one_input(&glue, data, size);
}
