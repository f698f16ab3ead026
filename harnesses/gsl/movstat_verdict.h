/* Verdicts on one value of a moving or running statistic against its reference.
 * A value computed by O(1) running updates is right when it lies within the algorithm's
 * running error bound (movstat_running / the rstat replay) plus the reference's bound of the
 * exact statistic of its window. Non-finite data have no documented result: any non-finite
 * value is accepted for a window holding one, a finite one is not. */
#ifndef MOVSTAT_VERDICT_H
#define MOVSTAT_VERDICT_H
#include "tracked_arith.h"

typedef struct {
  unsigned window_flags; /* MOVSTAT_HAS_NAN / MOVSTAT_HAS_INF of the window's values */
  int history_nonfinite; /* a non-finite value passed through before the window */
} movstat_context;

/* NULL when got is acceptable, else the finding kind: "value-mismatch", "nan-mismatch",
 * "inf-mismatch", "nonfinite-lost" (finite result for a window holding NaN or Inf),
 * "nonfinite-history" (non-finite result for a finite window after a non-finite value left
 * it). *ratio receives |got - truth| / bound when both are finite, else 0. */
const char *movstat_judge(double got, tracked_double algorithm, tracked_double reference,
                          const movstat_context *c, double *ratio);

/* Exact statistics (order statistics, the window function of gsl_movstat_apply): NULL when
 * got is the same number as want, else "nan-history" when a NaN passed through before the
 * window, else "value-mismatch". */
const char *movstat_judge_exact(double got, double want, int history_nan);
#endif
