/* Documented moving windows (see movstat_window.h). */
#include "movstat_window.h"
#include <math.h>
#include <stdlib.h>

/* The value at index j of the padded signal, for j in [-H, n + J). */
static double padded(const movstat_layout *l, long j) {
  if (j >= 0 && (size_t)j < l->n) return l->x[j];
  if (l->end == GSL_MOVSTAT_END_PADZERO) return 0.0;
  return j < 0 ? l->x[0] : l->x[l->n - 1];
}

size_t movstat_window(const movstat_layout *l, size_t i, double *win) {
  long lo = (long)i - (long)l->H, hi = (long)i + (long)l->J;
  if (l->end == GSL_MOVSTAT_END_TRUNCATE) {
    if (lo < 0) lo = 0;
    if (hi > (long)l->n - 1) hi = (long)l->n - 1;
  }
  size_t m = 0;
  for (long j = lo; j <= hi; j++) win[m++] = padded(l, j);
  return m;
}

void movstat_scan(movstat_layout *l) {
  l->first_nan = l->first_nonfinite = l->n;
  for (size_t j = l->n; j-- > 0;) {
    if (isnan(l->x[j])) l->first_nan = j;
    if (!isfinite(l->x[j])) l->first_nonfinite = j;
  }
}

int movstat_history_has(const movstat_layout *l, size_t i, int nan_only) {
  size_t first = nan_only ? l->first_nan : l->first_nonfinite;
  double pad = l->n ? padded(l, -1) : 0.0;
  if (l->end != GSL_MOVSTAT_END_TRUNCATE && i > 0 && (nan_only ? isnan(pad) : !isfinite(pad)))
    return 1;
  return first + l->H < i;
}

unsigned movstat_value_flags(const double *v, size_t m) {
  unsigned f = 0;
  for (size_t i = 0; i < m; i++) {
    if (isnan(v[i])) f |= MOVSTAT_HAS_NAN;
    else if (isinf(v[i])) f |= MOVSTAT_HAS_INF;
  }
  return f;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void movstat_sort(double *v, size_t m) { qsort(v, m, sizeof *v, by_value); }

int movstat_same(double a, double b) { return a == b || (isnan(a) && isnan(b)); }
