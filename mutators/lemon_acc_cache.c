/* The per-process ACC cache (lemon_acc_cache.h). */
#include "lemon_acc_cache.h"
#include <stdlib.h>

#define CACHE_SLOTS 4096 /* a power of two */

static struct {
  uint64_t key;
  double acc;
  int used;
} slots[CACHE_SLOTS];

/* FNV-1a over the packed message without lineage and parent_acc. */
uint64_t lemon_model_key(const lemon_model_msg *m) {
  lemon_model_msg view = *m;
  view.n_lineage = 0;
  view.has_parent_acc = 0;
  view.base.n_unknown_fields = 0;
  size_t n = mlf__lemon__model__get_packed_size(&view);
  uint8_t *buf = malloc(n ? n : 1);
  if (!buf) abort();
  mlf__lemon__model__pack(&view, buf);
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ buf[i]) * 0x100000001b3ULL;
  free(buf);
  return h;
}

void lemon_acc_cache_put(const lemon_model_msg *m, double acc) {
  uint64_t key = lemon_model_key(m);
  size_t slot = (size_t)(key & (CACHE_SLOTS - 1));
  slots[slot].key = key;
  slots[slot].acc = acc;
  slots[slot].used = 1;
}

int lemon_acc_cache_get(const lemon_model_msg *m, double *acc) {
  uint64_t key = lemon_model_key(m);
  size_t slot = (size_t)(key & (CACHE_SLOTS - 1));
  if (!slots[slot].used || slots[slot].key != key) return 0;
  *acc = slots[slot].acc;
  return 1;
}
