/* Mutator throughput: the full engine cycle of mlf_mutate_bytes (unpack, mutate,
 * post-process, pack) per message type and size budget, each mutation starting again from a
 * realistic seed of a few hundred bytes, as libFuzzer does with a corpus input. A seed larger
 * than 3/4 of the budget loses its last removable elements first so that it fits.
 * Prints one line per case: mutator_throughput <type> budget=<n> <mutations_per_s> */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "mlf_mutator.h"
#include "mlf_test_seeds.h"

#define BENCH_SECONDS 1.0
#define BATCH 1000
#define BUF_SIZE 4096

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Re-encodes the seed without its last removable elements until it takes at most limit
 * bytes; returns the new size. */
static size_t fit_seed(const ProtobufCMessageDescriptor *type, uint8_t *seed, size_t size,
                       size_t limit) {
  ProtobufCMessage *msg = mlf_parse_or_default(type, seed, size);
  while (protobuf_c_message_get_packed_size(msg) > limit && mlf_count_removable(msg))
    mlf_remove_element(msg, mlf_count_removable(msg) - 1);
  size = protobuf_c_message_pack(msg, seed);
  protobuf_c_message_free_unpacked(msg, NULL);
  return size;
}

static void bench(const ProtobufCMessageDescriptor *type, size_t (*make_seed)(uint8_t *),
                  size_t budget) {
  static uint8_t seed[BUF_SIZE], buf[BUF_SIZE];
  size_t seed_size = fit_seed(type, seed, make_seed(seed), budget * 3 / 4);
  mlf_mutator *m = mlf_mutator_new(type, 1, NULL);
  size_t out_bytes = 0;
  long n = 0;
  double start = now(), elapsed;
  do {
    for (int i = 0; i < BATCH; i++) {
      memcpy(buf, seed, seed_size);
      out_bytes += mlf_mutate_bytes(m, buf, seed_size, budget);
    }
    n += BATCH;
  } while ((elapsed = now() - start) < BENCH_SECONDS);
  printf("mutator_throughput %s budget=%zu %.0f\n", type->short_name, budget, (double)n / elapsed);
  fprintf(stderr, "  (seed %zu bytes, mean output %zu bytes)\n", seed_size, out_bytes / (size_t)n);
  mlf_mutator_free(m);
}

int main(void) {
  const size_t budgets[] = {256, 1024};
  for (int b = 0; b < 2; b++) {
    bench(&mlf__blas__gemm_case__descriptor, mlf_seed_gemm, budgets[b]);
    bench(&mlf__test__all_types__descriptor, mlf_seed_alltypes, budgets[b]);
  }
  return 0;
}
