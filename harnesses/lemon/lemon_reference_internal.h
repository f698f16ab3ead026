/* Internals of the LEMON reference interpreter (lemon_reference.h): the float rounding model
 * shared by every layer, and the per-layer kernels. A kernel computes one batch item of one
 * layer: x[k] / xe[k] are the values and error bounds of its k-th input, y / ye its output.
 *
 * The error model: a bound e on an element means |float implementation - exact| <= e, where
 * "exact" is the real-number value of lemon_graph.h's formula on the exact float parameters
 * and inputs. Values are computed in double; their own error (about 2^-53 relative) is
 * absorbed by the float rounding terms, which are at least 2^-24 relative to the magnitudes. */
#ifndef LEMON_REFERENCE_INTERNAL_H
#define LEMON_REFERENCE_INTERNAL_H
#include <float.h>
#include <math.h>

#include "lemon_reference.h"
#include "mlf_numeric.h"

#define LREF_U 0x1p-24  /* float's unit roundoff */
/* Relative accuracy of tanh and log, and of exp inside ELU and SWISH: oneDNN's own f32
 * conformance test (benchdnn eltwise, get_eltwise_threshold) accepts 4e-5 relative error for
 * gelu_tanh, elu, swish, tanh, soft_relu, logsigmoid, mish and log (4e-5 = 671.1 u), and
 * 4e-6 (= 67.1 u, LEMON_ELTWISE_ULPS) for the other algorithms. */
#define LREF_ULPS_COMPLEX 672.0
/* Absolute error granted per float operation on top of the relative model: covers results
 * flushed to zero (FTZ/DAZ, at most 2^-126 each) with a wide margin, and is invisible
 * against any non-negligible value. */
#define LREF_TINY 0x1p-100

/* Higham's gamma_n for float: the relative error of a sum of n rounded terms in any order. */
static inline double lref_gamma(double n) { return mlf_gamma(n, LREF_U); }

/* Rounding bound of a float sum (any order, fused or not) of n terms, products counting as
 * terms, whose magnitudes add up to mag. */
static inline double lref_sum_rounding(double n, double mag) {
  return lref_gamma(n) * mag + n * LREF_TINY;
}

/* 1 when a float sum of n nonnegative terms adding up to at most total (squares, say) may
 * overflow in some order: its partial sums are then +Inf (IEEE 754-2019 7.4), and what the
 * layer makes of that infinity (1 / sqrt(Inf) = 0) is no rounding of the value. */
static inline int lref_float_sum_may_overflow(double n, double total) {
  return !(total + lref_sum_rounding(n, total) < FLT_MAX);
}

/* |a^ b^ - a b| for |a^ - a| <= ea, |b^ - b| <= eb (exact product; rounding separate). */
static inline double lref_product_error(double a, double ea, double b, double eb) {
  return fabs(a) * eb + fabs(b) * ea + ea * eb;
}

/* One element-wise activation: y = f(x) for an input known to within e, and the bound on
 * the output (propagated input error plus the function's own float error). */
void lref_activation(Mlf__Lemon__Activation act, double alpha, double beta, double x, double e,
                     double *y, double *ye);

/* Kernels (one batch item). */
typedef void lref_kernel(const lemon_layer *l, const double *const *x, const double *const *xe,
                         double *y, double *ye);
lref_kernel lref_dense, lref_conv2d, lref_depthwise_conv2d, lref_deconv2d;
lref_kernel lref_max_pool2d, lref_avg_pool2d, lref_global_avg_pool2d, lref_resize;
lref_kernel lref_batch_norm, lref_layer_norm, lref_lrn, lref_softmax, lref_log_softmax;
lref_kernel lref_add, lref_multiply, lref_maximum, lref_concat, lref_copy;
lref_kernel lref_lstm, lref_gru, lref_simple_rnn;

/* A float sum of terms (products count as one term each) being accumulated: the exact sum,
 * the sum of the terms' magnitudes (with their input errors) and the propagated input error. */
typedef struct {
  double sum, mag, prop, n;
} lref_acc;

static inline void lref_acc_product(lref_acc *a, double w, double x, double xe) {
  a->sum += w * x, a->mag += fabs(w) * (fabs(x) + xe), a->prop += fabs(w) * xe, a->n += 1;
}

/* The sum and its bound: input errors through the linear map, plus gamma_(n + extra) of the
 * magnitudes for the rounding (extra: further roundings, e.g. a division for a mean). */
static inline void lref_acc_result(const lref_acc *a, double extra, double scale, double *y,
                                   double *ye) {
  *y = a->sum * scale;
  *ye = (a->prop + lref_sum_rounding(a->n + extra, a->mag)) * fabs(scale);
}

/* The accuracy granted to a float implementation's function value y: k relative to |y|,
 * and k absolute where |y| <= 1e-5 -- oneDNN's own acceptance rule (benchdnn's compare:
 * relative difference above 1e-5 in magnitude, absolute difference below). */
static inline double lref_granted_accuracy(double k, double y) {
  return k * (fabs(y) > 1e-5 ? fabs(y) : 1.0);
}

/* The max of some values known to within their bounds: max x^ lies in [max (x - e),
 * max (x + e)], and so does max x, hence the bound is the interval's reach from max x.
 * A NaN operand makes the result NaN, which leaves it unjudged: whether max(NaN, x) is NaN
 * or x is implementation-defined (IEEE 754-2019 maximum vs maximumNumber, x86 maxps). */
typedef struct {
  double max, lo, hi;
  int any, nan;
} lref_max_acc;

static inline void lref_max_add(lref_max_acc *m, double x, double xe) {
  if (isnan(x)) m->nan = 1;
  if (!m->any || x > m->max) m->max = x;
  if (!m->any || x - xe > m->lo) m->lo = x - xe;
  if (!m->any || x + xe > m->hi) m->hi = x + xe;
  m->any = 1;
}

static inline void lref_max_result(const lref_max_acc *m, double *y, double *ye) {
  *y = m->nan ? NAN : m->any ? m->max : 0.0;
  *ye = m->any ? fmax(m->hi - m->max, m->max - m->lo) : INFINITY;
}
#endif
