/* The four fits under test and what they return: gsl_fit_linear, gsl_fit_wlinear (c0, c1,
 * cov00, cov01, cov11, sum of squares) and gsl_fit_mul, gsl_fit_wmul (c1, cov11, sum of
 * squares; the other slots NaN). Two views of each: GSL's algorithm replayed operation by
 * operation with running error bounds (fit_replay), and the exact least-squares quantities
 * in long double with their bounds (fit_truth). A GSL output is right when it lies within the
 * sum of the two bounds of the truth. */
#ifndef FIT_MODEL_H
#define FIT_MODEL_H
#include <stddef.h>
#include "tracked_arith.h"

typedef enum { FIT_LINEAR, FIT_WLINEAR, FIT_MUL, FIT_WMUL, FIT_KIND_COUNT } fit_kind;
enum { FIT_C0, FIT_C1, FIT_COV00, FIT_COV01, FIT_COV11, FIT_SUMSQ, FIT_OUT_COUNT };

typedef struct {
  const double *x, *y, *w; /* packed; w only for the weighted fits */
  size_t n;
} fit_data;

extern const char *const fit_functions[FIT_KIND_COUNT];
extern const char *const fit_output_names[FIT_OUT_COUNT];

static inline int fit_weighted(fit_kind k) { return k == FIT_WLINEAR || k == FIT_WMUL; }
static inline int fit_has_intercept(fit_kind k) { return k == FIT_LINEAR || k == FIT_WLINEAR; }
/* 1 when output o is defined for kind k. */
int fit_output_used(fit_kind k, int o);
/* The first of cov00, cov11 and the sum of squares (chisq) that is negative in out, a kind k
 * fit of n points, or -1. None may be, whatever the rounding: GSL forms them from squares,
 * running averages of squares, sums of positive weights and the degrees of freedom n - 2
 * (linear) or n - 1 (mul), checked where those are positive. */
int fit_negative_output(fit_kind k, size_t n, const double out[FIT_OUT_COUNT]);

/* GSL's algorithm (fit/linear.c of GSL 2.7.1) replayed with running error bounds. */
void fit_replay(fit_kind k, const fit_data *d, tracked_double out[FIT_OUT_COUNT]);

/* The exact least-squares quantities of the documented model, in long double, as tracked
 * doubles whose bounds cover the long-double rounding. Weights <= 0 (or NaN) leave their
 * point out, as GSL does. */
void fit_truth(fit_kind k, const fit_data *d, tracked_double out[FIT_OUT_COUNT]);
#endif
