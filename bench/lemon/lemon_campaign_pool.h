/* The campaign's model pool: the seed models (encoded Model messages read from a directory)
 * and the mutants a mode kept, each with its ACC and how often it was picked as a parent.
 * Seeds are never evicted; past the cap a new mutant replaces the oldest kept one, so memory
 * stays bounded. */
#ifndef LEMON_CAMPAIGN_POOL_H
#define LEMON_CAMPAIGN_POOL_H
#include <stddef.h>
#include <stdint.h>
#include "lemon_shapes.h"

typedef struct {
  lemon_model_msg **models;
  double *acc;
  uint32_t *picked;   /* LEMON's c: times the model was selected as a parent */
  size_t n, n_seeds, cap;
  size_t next_evict;  /* the oldest kept mutant (index >= n_seeds) */
} campaign_pool;

/* Reads every *.bin directly in dir (name order) as a seed. 0, or -1 with why when the
 * directory cannot be read, holds no seed, or a file is not a valid encoded Model. */
int campaign_pool_load(campaign_pool *p, const char *dir, size_t cap, char *why, size_t why_len);
/* A deep copy (pack and unpack); aborts when memory runs out. */
lemon_model_msg *campaign_model_copy(const lemon_model_msg *m);
/* Takes ownership of m; evicts the oldest kept mutant when the pool is full. */
void campaign_pool_add(campaign_pool *p, lemon_model_msg *m, double acc);
void campaign_pool_free(campaign_pool *p);
#endif
