/* LEMON's per-output oracles (lemon_oracle.h). */
#include "lemon_oracle.h"
#include <float.h>
#include <math.h>

void lemon_judge(const float *o, const double *g, const double *b, size_t n, lemon_judgement *j) {
  *j = (lemon_judgement){LEMON_OK, 0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(g[i]) || !isfinite(b[i])) continue;
    j->judged++;
    lemon_verdict v = LEMON_OK;
    double err = fabs((double)o[i] - g[i]), allowed = b[i] + LEMON_SUBNORMAL_SLACK;
    if (!isfinite(o[i])) {
      /* A float may overflow legitimately only near FLT_MAX. */
      v = fabs(g[i]) + b[i] < FLT_MAX / 2 ? LEMON_NAN : LEMON_OK;
    } else {
      if (err / allowed > j->worst_ratio) j->worst_ratio = err / allowed;
      if (err > allowed) v = LEMON_BEYOND_BOUND;
    }
    if (v > j->verdict) {
      j->verdict = v;
      j->element = i, j->value = o[i], j->reference = g[i], j->bound = b[i];
    }
  }
}

double lemon_delta(const float *o, const double *g, size_t n) {
  double sum = 0;
  size_t counted = 0;
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(g[i])) continue;
    if (!isfinite(o[i])) return INFINITY;
    sum += fabs((double)o[i] - g[i]);
    counted++;
  }
  return counted ? sum / (double)counted : 0;
}

double lemon_dmad(double dj, double dk) {
  if (dj == 0 && dk == 0) return 0;
  if (isinf(dj) || isinf(dk)) return isinf(dj) && isinf(dk) ? 0 : 1;
  return fabs(dj - dk) / (dj + dk);
}

int lemon_near_overflow(const double *g, const double *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isfinite(g[i]) && isfinite(b[i]) && fabs(g[i]) + b[i] >= FLT_MAX / 2) return 1;
  return 0;
}

int lemon_same_non_finite(const float *o, const double *g, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isnan(o[i]) != isnan(g[i]) || ((isinf(o[i]) || isinf(g[i])) && o[i] != g[i])) return 0;
  return 1;
}

size_t lemon_nan_lost(const float *o, const double *g, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isnan(g[i]) && !isnan(o[i])) return i;
  return n;
}
