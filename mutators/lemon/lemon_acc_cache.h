/* The ACC (accumulated inconsistency, LEMON section 3.2) of the models run, by model (kept
 * in the guidance state, lemon_guidance.h: this process, or shared through a file): a small direct-mapped table keyed by a 64-bit hash of the packed model with its
 * lineage and parent_acc cleared (they do not change the numbers). In-process fuzzing: the
 * harness puts every model's ACC; the LEMON mutator reads the parent's and writes it into the
 * mutant's parent_acc. A newer model may evict an older one: a miss only means "unknown". */
#ifndef LEMON_ACC_CACHE_H
#define LEMON_ACC_CACHE_H
#include <stdint.h>
#include "lemon_shapes.h"

uint64_t lemon_model_key(const lemon_model_msg *m);
void lemon_acc_cache_put(const lemon_model_msg *m, double acc);
/* 1 and *acc when the model's ACC is known, else 0. */
int lemon_acc_cache_get(const lemon_model_msg *m, double *acc);
#endif
