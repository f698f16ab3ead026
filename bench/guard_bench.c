/* Steady-state cost of one mlf_guard_alloc + mlf_guard_free pair, in the pattern of a
 * harness: 15 buffers of mixed sizes, sides and alignments per input.
 * Build: clang-16 -O2 -Ioracles bench/guard_bench.c oracles/mlf_guard.c -o /tmp/guard_bench
 * Prints "guard_alloc_free_ns <n>". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "mlf_guard.h"

#define BUFFERS 15
#define INPUTS 200000

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One fuzz input's worth of buffers: 8 B to ~3 KiB, both sides, element alignments. */
static void one_input(unsigned input) {
  void *p[BUFFERS];
  for (unsigned i = 0; i < BUFFERS; i++) {
    size_t elems = 1 + (input * 7 + i * 37) % 384;
    size_t elem = (i & 1) ? sizeof(float) : sizeof(double);
    p[i] = mlf_guard_alloc(elems * elem, elem, i % 5 ? MLF_GUARD_TAIL : MLF_GUARD_HEAD, "b");
  }
  for (unsigned i = 0; i < BUFFERS; i++) mlf_guard_free(p[i]);
}

int main(void) {
  for (unsigned i = 0; i < 1000; i++) one_input(i); /* warm the mapping cache */
  double t0 = now_ns();
  for (unsigned i = 0; i < INPUTS; i++) one_input(i);
  double ns = (now_ns() - t0) / ((double)INPUTS * BUFFERS);
  printf("guard_alloc_free_ns %.0f\n", ns);
  return 0;
}
