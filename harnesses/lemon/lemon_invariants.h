/* Semantic invariants of one layer output of one backend, beside G's rounding bound
 * (lemon_oracle.h), judged on the backend's own inputs (its outputs of the earlier layers),
 * where G's propagated input error lets a wrong value through the bound:
 *  - "outside-range": an element outside the range the layer's mathematics fixes: ReLU,
 *    |x|, x^2, sqrt, e^x, softplus >= 0; logistic and softmax in [0, 1]; tanh and the RNN
 *    outputs (o tanh(c), u h + (1 - u) o, tanh) in [-1, 1]; ELU >= -alpha; bounded ReLU and
 *    clip within their (float) bounds; log-sigmoid and log-softmax <= 0;
 *  - "not-an-integer": ROUND;
 *  - "not-an-input-element": a max pool output that is no element of its window, a MAXIMUM
 *    output that is none of its inputs at that position (bit for bit);
 *  - "not-a-copy": FLATTEN, CONCAT and nearest RESIZE not bit for bit the element they copy;
 *    standalone ReLU, abs and clip not the value their formula selects (x or 0; |x|; x,
 *    alpha or beta).
 * NaN outputs, and outputs computed from a NaN, are left to the bound and NaN judgements. */
#ifndef LEMON_INVARIANTS_H
#define LEMON_INVARIANTS_H
#include <stddef.h>
#include "lemon_graph.h"

typedef struct {
  const char *kind;      /* NULL: every invariant holds */
  size_t element;        /* first offending element (batch x elements) */
  float value;           /* the backend's output there */
  double lo, hi;         /* outside-range: the range */
} lemon_violation;

/* The range the mathematics fixes for layer l's outputs: 1 with [lo, hi], else 0. */
int lemon_output_range(const lemon_layer *l, double *lo, double *hi);

/* Checks layer i of a run whose layer outputs are out (batch x elements each); v says the
 * first broken invariant. Returns 1 when one is broken. */
int lemon_check_invariants(const lemon_graph *g, const float *const *out, size_t i,
                           lemon_violation *v);
#endif
