/* Subject of the mutation-score evaluation: a textbook two-pass Pearson correlation as a user
 * would write it (means first, then centred cross and square sums). Its mutants are judged
 * by the correlation relations of harnesses/gsl/correlation_relations.h. */
#include "pearson.h"
#include <math.h>

static double mean(const double *v, size_t n) {
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    sum += v[i];
  return sum / (double)n;
}

double pearson(const double *x, const double *y, size_t n) {
  if (n < 2)
    return NAN;
  double mx = mean(x, n), my = mean(y, n);
  double sxy = 0.0, sxx = 0.0, syy = 0.0;
  for (size_t i = 0; i < n; i++) {
    double dx = x[i] - mx, dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  /* A constant series has no correlation. */
  if (sxx == 0.0 || syy == 0.0)
    return NAN;
  return sxy / sqrt(sxx * syy);
}
