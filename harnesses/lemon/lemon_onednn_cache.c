/* The oneDNN backend's primitive cache (lemon_onednn_cache.h): a fixed table searched by
 * hash then bytes, least recently used entry evicted. */
#include "lemon_onednn_cache.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Entries kept: a mutated model shares most layers with its parent, and a model has at most
 * 16 layers times 8 variants (about 130 descriptors with fallbacks); JIT code of 512
 * primitives stays within tens of megabytes. */
#define CACHE_ENTRIES 512

typedef struct {
  void *key;
  size_t len;
  uint64_t hash, last_use;
  dnnl_primitive_desc_t pd;
  dnnl_primitive_t prim;
  onednn_pd_outcome outcome;
} entry;

static entry table[CACHE_ENTRIES];
static uint64_t clock_ticks;

/* FNV-1a. */
static uint64_t hash_of(const void *key, size_t len) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < len; i++) h = (h ^ ((const unsigned char *)key)[i]) * 1099511628211ull;
  return h;
}

dnnl_primitive_desc_t onednn_cache_find(const void *key, size_t len, onednn_pd_outcome *o) {
  uint64_t h = hash_of(key, len);
  for (size_t i = 0; i < CACHE_ENTRIES; i++) {
    entry *e = &table[i];
    if (e->pd && e->hash == h && e->len == len && memcmp(e->key, key, len) == 0) {
      e->last_use = ++clock_ticks;
      *o = e->outcome;
      return e->pd;
    }
  }
  return NULL;
}

void onednn_cache_keep(const void *key, size_t len, dnnl_primitive_desc_t pd,
                       const onednn_pd_outcome *o) {
  entry *slot = &table[0];
  for (size_t i = 0; i < CACHE_ENTRIES && slot->pd; i++)
    if (!table[i].pd || table[i].last_use < slot->last_use) slot = &table[i];
  if (slot->pd) {
    if (slot->prim) dnnl_primitive_destroy(slot->prim);
    dnnl_primitive_desc_destroy(slot->pd);
    free(slot->key);
  }
  *slot = (entry){.key = malloc(len), .len = len, .hash = hash_of(key, len),
                  .last_use = ++clock_ticks, .pd = pd, .outcome = *o};
  if (!slot->key) abort();
  memcpy(slot->key, key, len);
}

static entry *owner(const_dnnl_primitive_desc_t pd) {
  for (size_t i = 0; pd && i < CACHE_ENTRIES; i++)
    if (table[i].pd == pd) return &table[i];
  return NULL;
}

int onednn_cache_owns(const_dnnl_primitive_desc_t pd) { return owner(pd) != NULL; }

dnnl_status_t onednn_cache_primitive(const_dnnl_primitive_desc_t pd, dnnl_primitive_t *prim) {
  entry *e = owner(pd);
  dnnl_status_t st = e->prim ? dnnl_success : dnnl_primitive_create(&e->prim, e->pd);
  if (st != dnnl_success) e->prim = NULL;
  *prim = e->prim;
  return st;
}
