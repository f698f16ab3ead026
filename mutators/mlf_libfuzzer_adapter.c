/* libFuzzer hooks LLVMFuzzerCustomMutator / LLVMFuzzerCustomCrossOver over the generic
 * mutator for the target's root type. One mutator, reseeded from libFuzzer's seed on every
 * call, so a recorded mutation sequence replays to the same bytes. */
#include "mlf_mutator.h"

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);

static mlf_mutator *seeded_mutator(unsigned int seed) {
  static mlf_mutator *m; /* lives as long as the process */
  if (!m)
    m = mlf_mutator_new(mlf_root_descriptor(), seed, NULL);
  else
    mlf_mutator_reseed(m, seed);
  return m;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  return mlf_mutate_bytes(seeded_mutator(seed), data, size, max_size);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed) {
  return mlf_crossover_bytes(seeded_mutator(seed), data1, size1, data2, size2, out,
                             max_out_size);
}
