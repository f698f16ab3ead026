/* gsl_statistics problems from SeriesCase messages (statistics_problem.h). */
#include "statistics_problem.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_series.h"

static double *copy_of(const double *v, size_t n) {
  double *c = malloc((n ? n : 1) * sizeof *c);
  if (!c) abort();
  if (n) memcpy(c, v, n * sizeof *c);
  return c;
}

/* A fraction in [0, 1]: itself when it is one, its fractional part otherwise. */
static double wrapped_fraction(double f) {
  if (!isfinite(f)) return 0.0;
  return f >= 0.0 && f <= 1.0 ? f : f - floor(f);
}

int statistics_problem_from_case(const Mlf__SeriesCase *c, statistics_problem *p) {
  mlf_series s;
  memset(p, 0, sizeof *p);
  if (mlf_series_make(c, &s) != 0) return -1;
  p->n = s.n;
  p->x = copy_of(s.v[MLF_SERIES_X], s.n);
  p->w = copy_of(s.v[MLF_SERIES_W], s.n);
  mlf_series_free(&s);
  p->mu = isfinite(c->shift) ? c->shift : 0.0;
  p->f = wrapped_fraction(c->fraction);
  p->trim = 0.6 * p->f;
  p->k = p->n ? c->window % p->n : 0;
  return 0;
}

void statistics_problem_copy(const statistics_problem *src, statistics_problem *dst) {
  *dst = *src;
  dst->x = copy_of(src->x, src->n);
  dst->w = copy_of(src->w, src->n);
}

void statistics_problem_free(statistics_problem *p) {
  free(p->x);
  free(p->w);
  memset(p, 0, sizeof *p);
}

int statistics_problem_weights_valid(const statistics_problem *p) {
  int positive = 0;
  for (size_t i = 0; i < p->n; i++) {
    if (!(p->w[i] >= 0.0) || isinf(p->w[i])) return 0;
    positive |= p->w[i] > 0.0;
  }
  return positive;
}

int statistics_problem_wtss_terms(const statistics_problem *p, double wmean) {
  int nonzero = 0;
  for (size_t i = 0; i < p->n; i++) {
    if (!(p->w[i] > 0)) continue;
    double delta = p->x[i] - wmean;
    if (isinf(p->w[i]) || isinf(delta)) return 2;
    nonzero |= delta != 0;
  }
  return nonzero;
}
