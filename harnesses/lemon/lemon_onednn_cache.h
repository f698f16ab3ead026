/* Primitive descriptors and primitives of the oneDNN backend kept across runs and inputs,
 * keyed by everything that chose them (the op descriptor's bytes, the activation offered as a
 * post-op, the variant...). oneDNN's own primitive cache stays off (lemon_onednn.c: with it
 * the implementation iterator repeats implementations); this one sits after the iterator, so
 * variant v still gets the v-th implementation, created once instead of once per input.
 * Executing a kept primitive is what oneDNN's cache does on a hit: same code, same result. */
#ifndef LEMON_ONEDNN_CACHE_H
#define LEMON_ONEDNN_CACHE_H
#include <stddef.h>
#include <oneapi/dnnl/dnnl.h>

/* What the descriptor's search decided besides the descriptor. */
typedef struct {
  int fused;  /* the activation went in as a post-op */
  int known;  /* a known bug was stepped around (lemon_onednn_primitive.c) */
  int more;   /* the iterator offered an implementation past this one */
} onednn_pd_outcome;

/* The kept descriptor for key (owned by the cache) and its outcome, or NULL. */
dnnl_primitive_desc_t onednn_cache_find(const void *key, size_t len, onednn_pd_outcome *o);
/* Keeps pd (the cache owns it from now on) under key, evicting the least recently used
 * entry when full. */
void onednn_cache_keep(const void *key, size_t len, dnnl_primitive_desc_t pd,
                       const onednn_pd_outcome *o);
/* 1 when the cache owns pd (onednn_execute must not destroy it). */
int onednn_cache_owns(const_dnnl_primitive_desc_t pd);
/* The kept primitive of a descriptor the cache owns, created on first use. */
dnnl_status_t onednn_cache_primitive(const_dnnl_primitive_desc_t pd, dnnl_primitive_t *prim);
#endif
