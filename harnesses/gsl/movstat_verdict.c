/* Verdicts of the moving and running statistics (see movstat_verdict.h). */
#include "movstat_verdict.h"
#include <math.h>
#include "movstat_window.h"

const char *movstat_judge(double got, tracked_double algorithm, tracked_double reference,
                          const movstat_context *c, double *ratio) {
  *ratio = 0;
  if (c->window_flags) return isfinite(got) ? "nonfinite-lost" : NULL;
  if (!isfinite(got)) {
    if (c->history_nonfinite) return "nonfinite-history";
    if (!tracked_bounded(algorithm)) return NULL; /* the updates may overflow on the way */
    if (isinf(got) && isinf(reference.v) && (got > 0) == (reference.v > 0)) return NULL;
    return isnan(got) ? "nan-mismatch" : "inf-mismatch";
  }
  if (!tracked_bounded(algorithm) || !tracked_bounded(reference)) return NULL;
  double bound = tracked_bound(algorithm) + tracked_bound(reference);
  long double err = fabsl((long double)got - (long double)reference.v);
  *ratio = bound > 0 ? (double)(err / bound) : (err > 0 ? INFINITY : 0);
  return err <= bound ? NULL : "value-mismatch";
}

const char *movstat_judge_exact(double got, double want, int history_nan) {
  if (movstat_same(got, want)) return NULL;
  return history_nan ? "nan-history" : "value-mismatch";
}
