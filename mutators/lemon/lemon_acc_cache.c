/* The ACC cache (lemon_acc_cache.h), kept in the guidance state (lemon_guidance.h). */
#include "lemon_acc_cache.h"
#include <stdlib.h>
#include "lemon_guidance.h"

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
  lemon_guidance_state *g = lemon_guidance();
  size_t slot = (size_t)(key & (LEMON_ACC_SLOTS - 1));
  g->acc[slot].key = key;
  g->acc[slot].acc = acc;
  g->acc[slot].used = 1;
}

int lemon_acc_cache_get(const lemon_model_msg *m, double *acc) {
  uint64_t key = lemon_model_key(m);
  lemon_guidance_state *g = lemon_guidance();
  size_t slot = (size_t)(key & (LEMON_ACC_SLOTS - 1));
  if (!g->acc[slot].used || g->acc[slot].key != key) return 0;
  *acc = g->acc[slot].acc;
  return 1;
}
