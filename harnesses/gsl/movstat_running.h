/* GSL's O(1)-update moving sum, mean and variance replayed with running error bounds: the
 * same sequence of insertions, deletions and reads that gsl_movstat_apply_accum makes (pads,
 * full-window replacement, the shrinking windows of TRUNCATE), each update as the
 * accumulators compute it (sumacc: sum -= oldest, sum += x; mvacc: Welford while filling,
 * the replacement update when full, the reverse update on deletion). The bound of an output
 * therefore covers the rounding of every earlier update, which a batch bound would not. */
#ifndef MOVSTAT_RUNNING_H
#define MOVSTAT_RUNNING_H
#include "tracked_arith.h"
#include "movstat_window.h"

typedef struct {
  tracked_double sum, mean, variance; /* per output index */
} movstat_running_out;

/* Fills out[0..l->n) (n >= 1). Returns 0, or -1 when the workspace is too large. */
int movstat_running(const movstat_layout *l, movstat_running_out *out);
#endif
