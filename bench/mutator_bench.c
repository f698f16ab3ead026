/* Mutator throughput: the full engine cycle of mlf_mutate_bytes (unpack, mutate,
 * post-process, pack) per message type and size budget, from a realistic seed of a few
 * hundred bytes. A seed larger than 3/4 of the budget loses its last removable elements
 * first so that it fits. Two rates per case, printed as
 *   mutator_throughput <type> budget=<n> chained <mutations_per_s>
 *   mutator_throughput <type> budget=<n> fresh <mutations_per_s>
 * chained: as libFuzzer stacks mutations, each input is the previous output (a decode-cache
 * hit) except that every CHAIN_LENGTH-th restarts from the seed; fresh: every input is the
 * seed, so every call unpacks. Then, on stderr, the seed size and the rate of a bare protobuf-c unpack + pack + free of the
 * same seed, the floor any such cycle stands on, to compare machines. Rates are per second
 * of this thread's CPU time, so other load on the machine distorts them less. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "mlf_mutator.h"
#include "mlf_test_seeds.h"

#define BENCH_SECONDS 1.0
#define BATCH 1000
#define BUF_SIZE 4096
#define CHAIN_LENGTH 5 /* libFuzzer's default -mutate_depth */

typedef struct {
  const ProtobufCMessageDescriptor *type;
  mlf_mutator *m;
  uint8_t seed[BUF_SIZE], buf[BUF_SIZE];
  size_t seed_size, budget, buf_size;
  unsigned step;
} bench_case;

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Calls step in batches for BENCH_SECONDS of CPU time; returns calls per second. */
static double per_second(void (*step)(bench_case *), bench_case *c) {
  long n = 0;
  double start = cpu_now(), elapsed;
  do {
    for (int i = 0; i < BATCH; i++) step(c);
    n += BATCH;
  } while ((elapsed = cpu_now() - start) < BENCH_SECONDS);
  return (double)n / elapsed;
}

static void fresh_step(bench_case *c) {
  memcpy(c->buf, c->seed, c->seed_size);
  mlf_mutate_bytes(c->m, c->buf, c->seed_size, c->budget);
}

static void chained_step(bench_case *c) {
  if (c->step++ % CHAIN_LENGTH == 0) {
    memcpy(c->buf, c->seed, c->seed_size);
    c->buf_size = c->seed_size;
  }
  c->buf_size = mlf_mutate_bytes(c->m, c->buf, c->buf_size, c->budget);
}

static void protobuf_c_step(bench_case *c) {
  ProtobufCMessage *msg = protobuf_c_message_unpack(c->type, NULL, c->seed_size, c->seed);
  protobuf_c_message_pack(msg, c->buf);
  protobuf_c_message_free_unpacked(msg, NULL);
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
  static bench_case c;
  c.type = type;
  c.budget = budget;
  c.seed_size = fit_seed(type, c.seed, make_seed(c.seed), budget * 3 / 4);
  c.step = 0;
  c.m = mlf_mutator_new(type, 1, NULL);
  printf("mutator_throughput %s budget=%zu chained %.0f\n", type->short_name, budget,
         per_second(chained_step, &c));
  printf("mutator_throughput %s budget=%zu fresh %.0f\n", type->short_name, budget,
         per_second(fresh_step, &c));
  fflush(stdout);
  fprintf(stderr, "  (seed %zu bytes; protobuf-c unpack + pack + free alone: %.0f/s)\n",
          c.seed_size, per_second(protobuf_c_step, &c));
  mlf_mutator_free(c.m);
}

int main(void) {
  const size_t budgets[] = {256, 1024};
  for (int b = 0; b < 2; b++) {
    bench(&mlf__blas__gemm_case__descriptor, mlf_seed_gemm, budgets[b]);
    bench(&mlf__test__all_types__descriptor, mlf_seed_alltypes, budgets[b]);
  }
  return 0;
}
