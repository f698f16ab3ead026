/* Strided copies in guard-page buffers (see guarded_series.h). */
#include "guarded_series.h"
#include <stdlib.h>
#include <string.h>
#include "mlf_series.h"

/* mlf_series's gap sentinel, read off a strided copy it made. */
static double sentinel(void) {
  static double s;
  static int known;
  if (!known) {
    const double two[2] = {0.0, 0.0};
    double *p = mlf_series_strided(two, 2, 2);
    if (!p) abort();
    s = p[1];
    free(p);
    known = 1;
  }
  return s;
}

size_t guarded_strided_len(size_t n, size_t stride, size_t width) {
  return n ? ((n - 1) * stride + 1) * width : 0;
}

double *guarded_blank(size_t n, size_t stride, size_t width, mlf_guard_side side,
                              const char *label) {
  size_t len = guarded_strided_len(n, stride, width);
  double *g = mlf_guard_alloc(len * sizeof(double), sizeof(double), side, label);
  double gap = sentinel();
  for (size_t i = 0; i < len; i++) g[i] = gap;
  return g;
}

double *guarded_copy(const double *packed, size_t n, size_t stride, size_t width,
                             mlf_guard_side side, const char *label) {
  double *g = guarded_blank(n, stride, width, side, label);
  for (size_t i = 0; i < n; i++)
    memcpy(&g[i * stride * width], &packed[i * width], width * sizeof(double));
  return g;
}

void guarded_unstride(const double *strided, size_t n, size_t stride, size_t width,
                      double *packed) {
  for (size_t i = 0; i < n; i++)
    memcpy(&packed[i * width], &strided[i * stride * width], width * sizeof(double));
}

int guarded_gaps_intact(const double *strided, size_t n, size_t stride, size_t width) {
  for (size_t i = 0; i + 1 < n; i++)
    for (size_t j = width; j < stride * width; j++)
      if (!mlf_series_is_sentinel(strided[i * stride * width + j])) return 0;
  return 1;
}
