/* Tightness statistics of a rigorous error bound over one output array: how much of the
 * bound the real errors use (err / bound) and how large the bound is against the value
 * (bound / |reference|), with the share of elements where a planted relative error of
 * 1e-4 would fall outside it. Measurement only: nothing here changes a verdict. */
#ifndef MLF_BOUND_STATS_H
#define MLF_BOUND_STATS_H
#include <stddef.h>

typedef struct {
  size_t n;                   /* elements with a finite reference, bound and result */
  double ratio_median, ratio_max;    /* |got - reference| / bound */
  double rel_median, rel_max;        /* bound / |reference| */
  double planted_seen;        /* share of elements with bound < 1e-4 |reference| */
} mlf_bound_stats;

/* Statistics of got[i] (stride 1) against reference[i] +- bound[i], i < n. Returns -1 when
 * out of memory (s is then zero), else 0. */
int mlf_bound_stats_of(const float *got, const double *reference, const double *bound, size_t n,
                       mlf_bound_stats *s);
#endif
