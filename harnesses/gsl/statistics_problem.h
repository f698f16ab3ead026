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
/* 1 when no term of the long-double sum GSL 2.7.1's wtss forms about wmean is infinite
 * (wvariance_source.c compute_wtss: w_i (x_i - wmean)^2 over w_i > 0, the difference taken in
 * double): every such w_i and x_i - wmean finite (w delta^2 <= 2^3072 and the sum of such fit a
 * long double). An infinite wtss is then that sum overflowing in its rounding to double. */
int statistics_problem_wtss_sum_finite(const statistics_problem *p, double wmean);
#endif
