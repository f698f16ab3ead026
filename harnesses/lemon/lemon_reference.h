/* The ground truth G of LEMON: a naive double-precision interpreter of lowered models
 * (lemon_graph.h semantics), which also propagates, element by element, a rigorous bound on
 * how far any float32 implementation of the same model may lie from it through rounding
 * alone (any summation order, fused or not, correctly rounded up to the documented accuracy
 * of the library's element-wise functions). A backend beyond that bound is wrong. */
#ifndef LEMON_REFERENCE_H
#define LEMON_REFERENCE_H
#include "lemon_graph.h"

/* Relative accuracy the bound grants a float implementation of an element-wise function
 * (exp, log, tanh, erf, pow, ...), in units of float's unit roundoff u = 2^-24: oneDNN's f32
 * conformance test (benchdnn get_eltwise_threshold) accepts 4e-6 = 67.1 u (tanh, log and the
 * composites it tests at 4e-5 get LREF_ULPS_COMPLEX, lemon_reference_internal.h). */
#define LEMON_ELTWISE_ULPS 68.0

/* Runs the model. values[i] and bounds[i] (batch x elements of layer i, caller-allocated)
 * receive layer i's output and its rounding bound. A bound is +inf where the output is not
 * finite or the propagation cannot bound it (e.g. a log near 0). Returns 0. */
int lemon_reference_run(const lemon_graph *g, double *const *values, double *const *bounds);

/* Runs layer i alone on given inputs (in[k]: batch x elements of the k-th input, in the
 * layer's input order) with given input error bounds (NULL: exact inputs). */
void lemon_reference_layer(const lemon_graph *g, size_t i, const double *const *in,
                           const double *const *in_bounds, double *out, double *out_bound);
#endif
