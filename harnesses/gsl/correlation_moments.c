/* Long-double moments, ranks and tolerances for the correlation relations (see
 * correlation_moments.h). */
#include "correlation_moments.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int corr_all_finite(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

corr_moments corr_moments_of(const double *v, size_t n) {
  corr_moments m = {0.0L, 0.0L, INFINITY};
  if (n == 0) return m;
  long double sum = 0.0L;
  for (size_t i = 0; i < n; i++) sum += v[i];
  m.mean = sum / n;
  for (size_t i = 0; i < n; i++) m.ss += (v[i] - m.mean) * (v[i] - m.mean);
  if (isnan(m.ss) || isinf(m.ss)) {
    m.kappa = NAN;
  } else if (m.ss > 0) {
    m.kappa = (double)(1.0L + fabsl(m.mean) / sqrtl(m.ss / n));
  }
  return m;
}

long double corr_cross(const double *x, const double *y, size_t n, const corr_moments *mx,
                       const corr_moments *my) {
  long double s = 0.0L;
  for (size_t i = 0; i < n; i++) s += (x[i] - mx->mean) * (y[i] - my->mean);
  return s;
}

static const double *rank_keys; /* qsort has no context argument */

static int by_key(const void *a, const void *b) {
  double u = rank_keys[*(const size_t *)a], v = rank_keys[*(const size_t *)b];
  return (u > v) - (u < v);
}

int corr_average_ranks(const double *v, size_t n, double *rank) {
  size_t *order = malloc((n ? n : 1) * sizeof *order);
  if (!order) return -1;
  for (size_t i = 0; i < n; i++) order[i] = i;
  rank_keys = v;
  qsort(order, n, sizeof *order, by_key);
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && v[order[j + 1]] == v[order[i]]) j++;
    double shared = (double)(i + j + 2) / 2.0; /* mean of positions i+1 .. j+1 */
    for (size_t k = i; k <= j; k++) rank[order[k]] = shared;
    i = j + 1;
  }
  free(order);
  return 0;
}

static int by_value(const void *a, const void *b) {
  double u = *(const double *)a, v = *(const double *)b;
  return (u > v) - (u < v);
}

int corr_has_ties(const double *v, size_t n) {
  double *sorted = malloc((n ? n : 1) * sizeof *sorted);
  int ties = 0;
  if (!sorted) return 1;
  memcpy(sorted, v, n * sizeof *sorted);
  qsort(sorted, n, sizeof *sorted, by_value);
  for (size_t i = 0; i + 1 < n && !ties; i++) ties = sorted[i] == sorted[i + 1];
  free(sorted);
  return ties;
}

double corr_rounding_tolerance(size_t n, double u, double kappa_x, double kappa_y) {
  return 8 * 0x1p-53 + 16.0 * ((double)n + 2) * u * kappa_x * kappa_y;
}

double corr_covariance_tolerance(double t, long double ss_x, long double ss_y, size_t n) {
  return t * (double)(sqrtl(ss_x * ss_y) / (n - 1)) + 4 * DBL_TRUE_MIN;
}
