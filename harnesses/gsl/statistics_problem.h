/* One problem of the gsl_statistics target: the data x, the weights w and the parameters of
 * the calls that take one, derived from a SeriesCase inside their valid domains (the domain
 * fuzzing of statistics_domain.c takes the raw message values instead). */
#ifndef STATISTICS_PROBLEM_H
#define STATISTICS_PROBLEM_H
#include <stddef.h>
#include "mlf_common.pb-c.h"

typedef struct {
  size_t n;
  double *x, *w; /* n elements each (at least one allocated), owned */
  double mu;     /* the known mean of the _with_fixed_mean functions: the message's shift */
  double f;      /* quantile fraction in [0, 1]: the message's fraction, wrapped */
  double trim;   /* trimmed-mean fraction in [0, 0.6): 0.6 f, so that >= 0.5 (median) occurs */
  size_t k;      /* select rank, < n when n > 0: the message's window modulo n */
} statistics_problem;

/* Builds the problem of c from mlf_series (x and weights; y is not used). Returns 0, or -1
 * when out of memory. */
int statistics_problem_from_case(const Mlf__SeriesCase *c, statistics_problem *p);
/* A deep copy of src with its own arrays (n elements); aborts when out of memory. */
void statistics_problem_copy(const statistics_problem *src, statistics_problem *dst);
void statistics_problem_free(statistics_problem *p);
/* 1 when every weight is finite and >= 0 with at least one positive (the documented domain:
 * w_i = 1 / sigma_i^2, a zero weight removes its sample). */
int statistics_problem_weights_valid(const statistics_problem *p);
/* The terms of the long-double sum GSL 2.7.1's wtss forms about wmean (wvariance_source.c
 * compute_wtss: w_i (x_i - wmean)^2 over w_i > 0, the difference taken in double): 2 when one
 * is infinite (an infinite w_i or x_i - wmean), 0 when all are 0, 1 otherwise. With 1 the sum
 * is finite and nonzero (w delta^2 within 2^-3222..2^3072, fit for a long double), and an
 * infinite or zero wtss is its rounding to double overflowing or underflowing. */
int statistics_problem_wtss_terms(const statistics_problem *p, double wmean);
#endif
