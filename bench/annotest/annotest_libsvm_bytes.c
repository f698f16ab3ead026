/* Byte-level baseline of annotest_libsvm (make bench; a yardstick, not a target): LIBSVM 3.24's
 * annotated functions on libFuzzer's raw bytes cast to their call messages with no folding
 * (bytes_cast.h), each valid input run as annotest_libsvm runs it (random numbers seeded per
 * input, as the target seeds them). Counts per function as the target's. */
#include <stdlib.h>
#include "annotations/libsvm.h"
#include "libraries/libsvm/mlf_libsvm_session.h"
#include "annotest_libsvm_glue.h"
#include "bytes_cast.h"

static int build(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_libsvm_build((const Mlf__Annotest__LibsvmAnnotatedCall *)call, ctx, function, slots);
}

static void run(const ProtobufCMessage *call, at_ctx *ctx) {
  annotest_libsvm_run((const Mlf__Annotest__LibsvmAnnotatedCall *)call, ctx);
}

static const bytes_glue glue = {&mlf__annotest__libsvm_annotated_call__descriptor, "annotest_libsvm_bytes", "libsvm",
                                annotest_svm_blame, build, run};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
  at_stats_watch(annotest_libsvm_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  srand(1);
  return bytes_test_one_input(&glue, data, size);
}
