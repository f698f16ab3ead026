/* libFuzzer target that fuzzes the mutator itself. The first 9 bytes choose a seed, the root
 * type (GemmCase or AllTypes) and a budget (64, 256, 1024); the rest is the input.
 * Oracle: the mutator's decoder agrees with protobuf_c_message_unpack on the input; every
 * mlf_mutate_bytes / mlf_crossover_bytes output is a valid encoding within the budget
 * (mlf_check.h); removing elements keeps messages valid; text printing never fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alltypes.pb-c.h"
#include "blas.pb-c.h"
#include "mlf_check.h"
#include "mlf_mutator_internal.h"

#define MIN_DEPTH_LIMIT 8 /* the mutator's default max_depth */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(const char *err, const char *what, const ProtobufCMessageDescriptor *type) {
  if (!err) return;
  fprintf(stderr, "fuzz_mutator: %s: %s: %s\n", type->name, what, err);
  abort();
}

/* Nesting the mutator may leave: its limit, or what the input already had. */
static unsigned depth_limit(const ProtobufCMessageDescriptor *type, const uint8_t *data,
                            size_t size) {
  ProtobufCMessage *msg = mlf_wire_decode(type, data, size);
  unsigned depth = msg ? mlf_check_depth(msg) : 0;
  if (msg) protobuf_c_message_free_unpacked(msg, NULL);
  return depth > MIN_DEPTH_LIMIT ? depth : MIN_DEPTH_LIMIT;
}

/* Mutates (or crosses a with b into) a copy and checks the output. */
static void check_mutation(mlf_mutator *m, const uint8_t *a, size_t a_size, const uint8_t *b,
                           size_t b_size, size_t budget, FILE *sink) {
  unsigned limit = depth_limit(m->root, a, a_size);
  size_t cap = a_size > budget ? a_size : budget;
  uint8_t *buf = malloc(cap ? cap : 1);
  if (!buf) abort();
  size_t n;
  if (b) {
    n = mlf_crossover_bytes(m, a, a_size, b, b_size, buf, budget);
  } else {
    if (a_size) memcpy(buf, a, a_size);
    n = mlf_mutate_bytes(m, buf, a_size, budget);
  }
  if (n > budget) require("output over budget", mlf_mutator_last_op(m), m->root);
  require(mlf_check_encoding(m->root, buf, n, limit), mlf_mutator_last_op(m), m->root);
  ProtobufCMessage *msg = mlf_parse_or_default(m->root, buf, n);
  mlf_print_text(sink, msg);
  protobuf_c_message_free_unpacked(msg, NULL);
  free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const size_t budgets[] = {64, 256, 1024};
  static mlf_mutator *mutators[2];
  static FILE *sink;
  if (size < 9) return 0;
  if (!sink) sink = fopen("/dev/null", "w");
  uint64_t seed;
  memcpy(&seed, data, 8);
  int which = data[8] & 1;
  size_t budget = budgets[(data[8] >> 1) % 3];
  const ProtobufCMessageDescriptor *type =
      which ? &mlf__test__all_types__descriptor : &mlf__blas__gemm_case__descriptor;
  data += 9;
  size -= 9;
  if (!mutators[which]) mutators[which] = mlf_mutator_new(type, seed, NULL);
  mlf_mutator *m = mutators[which];
  mlf_mutator_reseed(m, seed);

  ProtobufCMessage *msg = mlf_wire_decode(type, data, size);
  require(mlf_check_decoder(type, data, size, msg, MLF_DECODE_NESTING_MAX), "decoder", type);
  if (msg) {
    mlf_print_text(sink, msg);
    size_t removable = mlf_count_removable(msg);
    if (removable && !mlf_remove_element(msg, (size_t)(seed % removable))) abort();
    if (mlf_count_removable(msg) >= removable && removable) abort();
    size_t n = protobuf_c_message_get_packed_size(msg);
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) abort();
    protobuf_c_message_pack(msg, buf);
    require(mlf_check_encoding(type, buf, n, 0), "after removing an element", type);
    free(buf);
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  check_mutation(m, data, size, NULL, 0, budget, sink);
  check_mutation(m, data, size / 2, data + size / 2, size - size / 2, budget, sink);
  return 0;
}
