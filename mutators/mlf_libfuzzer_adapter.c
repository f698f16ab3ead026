/* libFuzzer hooks LLVMFuzzerCustomMutator / LLVMFuzzerCustomCrossOver over the generic
 * mutator for the target's root type. One mutator, reseeded from libFuzzer's seed on every
 * call, so a recorded mutation sequence replays to the same bytes.
 *
 * MLF_MUTATOR=bytes turns the same binary into plain byte-level libFuzzer (the baseline of
 * scripts/bench-coverage.sh): the mutator hook hands the bytes to LLVMFuzzerMutate, which is
 * libFuzzer's own default mutation (bit flips, byte insertion/erasure, dictionary and
 * comparison words, byte-level crossover with the corpus), and the crossover hook declines
 * (returns 0), so libFuzzer draws again and lands on the mutator hook: every mutation is
 * one libFuzzer would make without a custom mutator. MLF_MUTATOR unset or "structure" is the structure-aware mutator;
 * any other value is refused. The harness is the same in both modes: inputs that do not
 * parse as the root message are rejected (-1) and never enter the corpus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlf_mutator.h"

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size); /* libFuzzer's */

/* 1 when MLF_MUTATOR=bytes, 0 for the structure-aware mutator; read once per process. */
static int byte_level(void) {
  static int mode = -1;
  if (mode < 0) {
    const char *v = getenv("MLF_MUTATOR");
    if (!v || !*v || !strcmp(v, "structure")) {
      mode = 0;
    } else if (!strcmp(v, "bytes")) {
      mode = 1;
      fprintf(stderr, "INFO: MLF_MUTATOR=bytes: libFuzzer's byte-level mutations only\n");
    } else {
      fprintf(stderr, "mlfuzz: MLF_MUTATOR=%s: expected 'structure' or 'bytes'\n", v);
      exit(2);
    }
  }
  return mode;
}

static mlf_mutator *seeded_mutator(unsigned int seed) {
  static mlf_mutator *m; /* lives as long as the process */
  if (!m)
    m = mlf_mutator_new(mlf_root_descriptor(), seed, NULL);
  else
    mlf_mutator_reseed(m, seed);
  return m;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  if (byte_level()) return LLVMFuzzerMutate(data, size, max_size);
  return mlf_mutate_bytes(seeded_mutator(seed), data, size, max_size);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed) {
  if (byte_level()) return 0; /* declined: libFuzzer draws the mutator hook instead */
  return mlf_crossover_bytes(seeded_mutator(seed), data1, size1, data2, size2, out,
                             max_out_size);
}
