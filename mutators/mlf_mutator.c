/* The mutator's public entry points: one operation per call (retried when the chosen one
 * does not apply), post-processing, and the size budget: with little headroom only
 * shrinking operations run, and a result over budget loses random elements until it fits.
 * Bytes are decoded and encoded by protobuf-c; an input that is the previous output comes
 * from the decode cache (mlf_mutator_cache.c) instead. */
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

/* Sampling attempts before giving up when chosen operations do not apply. */
#define MLF_ATTEMPTS 8
/* Removal rounds before an over-budget message is reset to its default. */
#define MLF_SHRINK_ROUNDS 64

mlf_mutator *mlf_mutator_new(const ProtobufCMessageDescriptor *root, uint64_t seed,
                             const mlf_mutator_options *opts) {
  mlf_mutator *m = mlf_xmalloc(sizeof *m);
  memset(m, 0, sizeof *m);
  m->root = root;
  m->max_depth = opts && opts->max_depth ? opts->max_depth : MLF_DEFAULT_MAX_DEPTH;
  m->size_budget = opts ? opts->size_budget : 0;
  mlf_rng_seed(&m->rng, seed);
  m->name = mlf_xmalloc(MLF_OP_NAME_MAX);
  mlf_record_fixed(m, "none");
  return m;
}

void mlf_mutator_free(mlf_mutator *m) {
  if (!m) return;
  mlf_cache_free(m);
  free(m->name);
  free(m);
}

void mlf_mutator_reseed(mlf_mutator *m, uint64_t seed) { mlf_rng_seed(&m->rng, seed); }

static int apply_one(mlf_mutator *m, ProtobufCMessage *msg, const ProtobufCMessage *src,
                     mlf_mode mode, size_t headroom) {
  for (int attempt = 0; attempt < MLF_ATTEMPTS; attempt++) {
    mlf_target t;
    if (!mlf_sample_target(m, msg, mode, &t)) return 0;
    if (mlf_apply(m, &t, src ? src : msg, headroom)) return 1;
  }
  return 0;
}

/* Removes random elements (more at once the further over budget) until msg fits; resets
 * it to its default as a last resort. Returns the final packed size. */
static size_t fit_budget(mlf_mutator *m, ProtobufCMessage *msg, size_t budget) {
  size_t size = protobuf_c_message_get_packed_size(msg);
  if (size <= budget) return size;
  for (int round = 0; size > budget && round < MLF_SHRINK_ROUNDS; round++) {
    unsigned percent = (unsigned)((size - budget) * 100 / size);
    if (!mlf_remove_random(msg, &m->rng, percent)) {
      size_t n = mlf_count_removable(msg);
      if (!n) break;
      mlf_remove_element(msg, (size_t)mlf_rng_below(&m->rng, n));
    }
    mlf_post_process(msg);
    size = protobuf_c_message_get_packed_size(msg);
  }
  if (size <= budget) {
    m->last.suffix = "+shrink";
    return size;
  }
  mlf_message_reset(msg);
  mlf_post_process(msg);
  m->last.suffix = "+reset";
  return protobuf_c_message_get_packed_size(msg);
}

/* One mutation (or crossover from src) of msg, post-processed and fitted to the budget.
 * size is msg's encoded size when the caller knows it (the length of the bytes it came
 * from), else SIZE_MAX. Sets *applied when an operation was applied; returns the packed
 * size of the result. */
static size_t mutate_tree(mlf_mutator *m, ProtobufCMessage *msg, const ProtobufCMessage *src,
                          size_t budget, size_t size, int *applied) {
  if (size > budget) size = protobuf_c_message_get_packed_size(msg);
  int done = 0;
  if (size <= budget) {
    size_t headroom = budget - size;
    if (src) done = apply_one(m, msg, src, MLF_MODE_CROSSOVER, headroom);
    if (!done)
      done = apply_one(m, msg, NULL,
                       headroom < MLF_HEADROOM_MIN ? MLF_MODE_SHRINK : MLF_MODE_MUTATE, headroom);
  }
  if (!done) mlf_record_fixed(m, size <= budget ? "none" : "over-budget");
  *applied = done;
  mlf_post_process(msg);
  return fit_budget(m, msg, budget);
}

int mlf_mutate_message(mlf_mutator *m, ProtobufCMessage *msg, size_t budget) {
  int applied;
  size_t size = mutate_tree(m, msg, NULL, budget, SIZE_MAX, &applied);
  return applied && size <= budget;
}

int mlf_crossover_message(mlf_mutator *m, ProtobufCMessage *dst, const ProtobufCMessage *src,
                          size_t budget) {
  int applied;
  size_t size = mutate_tree(m, dst, src, budget, SIZE_MAX, &applied);
  return applied && size <= budget;
}

/* Decodes a (from the cache when a is the last output) and b for a crossover, mutates,
 * packs into out and caches the result. out may alias a. Returns 0 only when no encoding of
 * the root type fits in max_out. */
static size_t mutate_encoded(mlf_mutator *m, const uint8_t *a, size_t a_size, const uint8_t *b,
                             size_t b_size, uint8_t *out, size_t max_out) {
  size_t budget = m->size_budget && m->size_budget < max_out ? m->size_budget : max_out;
  size_t size = a_size; /* a canonical encoding's length is the size of what it decodes to */
  ProtobufCMessage *msg = mlf_cache_take(m, a, a_size);
  if (!msg) msg = mlf_parse(m->root, a, a_size);
  if (!msg) {
    msg = mlf_message_new_default(m->root);
    size = SIZE_MAX;
  }
  ProtobufCMessage *src = b ? mlf_parse_or_default(m->root, b, b_size) : NULL;
  int applied;
  size = mutate_tree(m, msg, src, budget, size, &applied);
  if (src) protobuf_c_message_free_unpacked(src, NULL);
  if (size > max_out) {
    protobuf_c_message_free_unpacked(msg, NULL);
    return 0;
  }
  protobuf_c_message_pack(msg, out); /* straight into the engine's buffer: size fits */
  mlf_cache_keep(m, msg, out, size);
  return size;
}

size_t mlf_mutate_bytes(mlf_mutator *m, uint8_t *data, size_t size, size_t max_size) {
  return mutate_encoded(m, data, size, NULL, 0, data, max_size);
}

size_t mlf_crossover_bytes(mlf_mutator *m, const uint8_t *a, size_t a_size, const uint8_t *b,
                           size_t b_size, uint8_t *out, size_t max_out) {
  static const uint8_t empty[1];
  return mutate_encoded(m, a, a_size, b ? b : empty, b ? b_size : 0, out, max_out);
}
