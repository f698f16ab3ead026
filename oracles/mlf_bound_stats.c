/* Tightness statistics of a rigorous bound (mlf_bound_stats.h). */
#include "mlf_bound_stats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[0..n) (sorts v); 0 when n is 0. */
static double median(double *v, size_t n) {
  if (!n) return 0;
  qsort(v, n, sizeof *v, ascending);
  return v[n / 2];
}

int mlf_bound_stats_of(const float *got, const double *reference, const double *bound, size_t n,
                       mlf_bound_stats *s) {
  memset(s, 0, sizeof *s);
  double *ratio = malloc((n ? n : 1) * sizeof *ratio), *rel = malloc((n ? n : 1) * sizeof *rel);
  if (!ratio || !rel) {
    free(ratio), free(rel);
    return -1;
  }
  size_t seen = 0;
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(reference[i]) || !isfinite(bound[i]) || !isfinite(got[i]) || bound[i] <= 0) continue;
    ratio[s->n] = fabs((double)got[i] - reference[i]) / bound[i];
    rel[s->n] = bound[i] / fabs(reference[i]);
    seen += bound[i] < 1e-4 * fabs(reference[i]);
    s->ratio_max = fmax(s->ratio_max, ratio[s->n]);
    s->rel_max = fmax(s->rel_max, rel[s->n]);
    s->n++;
  }
  s->ratio_median = median(ratio, s->n);
  s->rel_median = median(rel, s->n);
  s->planted_seen = s->n ? (double)seen / (double)s->n : 0;
  free(ratio), free(rel);
  return 0;
}
