/* Byte-level baseline of annotest_liblinear (make bench; a yardstick, not a target): LIBLINEAR 2.3's
 * annotated functions on libFuzzer's raw bytes cast to their call messages with no folding
 * (bytes_cast.h), each valid input run as annotest_liblinear runs it (random numbers seeded per
 * input, as the target seeds them). Counts per function as the target's. */
#include <stdlib.h>
#include "annotations/liblinear.h"
#include "libraries/liblinear/mlf_liblinear_session.h"
#include "annotest_liblinear_glue.h"
#include "bytes_cast.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_liblinear_build((const Mlf__Annotest__LiblinearAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_liblinear_run((const Mlf__Annotest__LiblinearAnnotatedCall *)call, ctx);
}

static const bytes_glue glue = {&mlf__annotest__liblinear_annotated_call__descriptor, "annotest_liblinear_bytes", "liblinear",
                                annotest_linear_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  char identity[64];
  mlf_liblinear_open(identity, sizeof identity);
  at_stats_watch(annotest_liblinear_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  srand(1);
  return bytes_test_one_input(&glue, data, size);
}
