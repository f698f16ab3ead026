/* The LEMON reference interpreter (lemon_reference.h): runs a lowered model layer by layer in
 * double precision, batch loop outside, each layer's kernel (lemon_reference_{conv,norm,rnn,
 * merge}.c) then its activation (lemon_reference_eltwise.c), carrying every element's float
 * rounding bound. A bound becomes +inf wherever the value is not finite, the bound is not,
 * or a float could not hold the value (|value| + bound beyond FLT_MAX). */
#include <float.h>
#include <stdlib.h>

#include "lemon_reference_internal.h"

#define KIND(x) MLF__LEMON__LAYER_KIND__##x

static lref_kernel *kernel_of(Mlf__Lemon__LayerKind kind) {
  switch (kind) {
  case KIND(DENSE): return lref_dense;
  case KIND(CONV2D): return lref_conv2d;
  case KIND(DEPTHWISE_CONV2D): return lref_depthwise_conv2d;
  case KIND(DECONV2D): return lref_deconv2d;
  case KIND(MAX_POOL2D): return lref_max_pool2d;
  case KIND(AVG_POOL2D): return lref_avg_pool2d;
  case KIND(GLOBAL_AVG_POOL2D): return lref_global_avg_pool2d;
  case KIND(REDUCE_MEAN): return lref_global_avg_pool2d;  /* same numbers, [1, 1, C] */
  case KIND(BATCH_NORM): return lref_batch_norm;
  case KIND(LAYER_NORM): return lref_layer_norm;
  case KIND(LRN): return lref_lrn;
  case KIND(SOFTMAX): return lref_softmax;
  case KIND(LOG_SOFTMAX): return lref_log_softmax;
  case KIND(ADD): return lref_add;
  case KIND(MULTIPLY): return lref_multiply;
  case KIND(MAXIMUM): return lref_maximum;
  case KIND(CONCAT): return lref_concat;
  case KIND(RESIZE): return lref_resize;
  case KIND(LSTM): return lref_lstm;
  case KIND(GRU): return lref_gru;
  case KIND(SIMPLE_RNN): return lref_simple_rnn;
  case KIND(ACTIVATION):  /* the activation step below is the whole layer */
  case KIND(FLATTEN):
  default: return lref_copy;
  }
}

/* The activation of the layer, element by element, then a margin of 2^-20 relative to the
 * bound and 2^-50 to the value, which absorbs the double evaluation's own error and the
 * second-order terms (u^2) the propagations drop, then the finiteness rule. */
static void finish(const lemon_layer *l, double *y, double *ye, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (l->act != MLF__LEMON__ACTIVATION__LINEAR)
      lref_activation(l->act, l->act_alpha, l->act_beta, y[i], ye[i], &y[i], &ye[i]);
    ye[i] = ye[i] * (1 + 0x1p-20) + 0x1p-50 * fabs(y[i]);
    if (!isfinite(y[i]) || !(ye[i] <= FLT_MAX) || fabs(y[i]) + ye[i] > FLT_MAX) ye[i] = INFINITY;
  }
}

void lemon_reference_layer(const lemon_graph *g, size_t i, const double *const *in,
                           const double *const *in_bounds, double *out, double *out_bound) {
  const lemon_layer *l = &g->layers[i];
  size_t n_out = lemon_shape_elements(&l->geo.out), n_in[LEMON_MAX_LAYER_INPUTS];
  size_t widest = 0;
  for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
    n_in[k] = lemon_shape_elements(l->in[k]);
    if (n_in[k] > widest) widest = n_in[k];
  }
  /* exact inputs when no bounds are given */
  double *zeros = in_bounds ? NULL : calloc(widest ? widest : 1, sizeof *zeros);
  if (!in_bounds && !zeros) {
    for (size_t e = 0; e < g->batch * n_out; e++) out[e] = 0.0, out_bound[e] = INFINITY;
    return;
  }
  lref_kernel *kernel = kernel_of(l->kind);
  for (uint32_t b = 0; b < g->batch; b++) {
    const double *x[LEMON_MAX_LAYER_INPUTS], *xe[LEMON_MAX_LAYER_INPUTS];
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
      x[k] = in[k] + b * n_in[k];
      xe[k] = in_bounds ? in_bounds[k] + b * n_in[k] : zeros;
    }
    kernel(l, x, xe, out + b * n_out, out_bound + b * n_out);
    finish(l, out + b * n_out, out_bound + b * n_out, n_out);
  }
  free(zeros);
}

int lemon_reference_run(const lemon_graph *g, double *const *values, double *const *bounds) {
  size_t n = (size_t)g->batch * lemon_shape_elements(&g->input);
  double *input = malloc((n ? n : 1) * sizeof *input);
  double *input_bound = calloc(n ? n : 1, sizeof *input_bound);
  if (!input || !input_bound) {
    free(input), free(input_bound);
    return -1;
  }
  for (size_t e = 0; e < n; e++) input[e] = g->input_data[e];
  for (size_t i = 0; i < g->n_layers; i++) {
    const lemon_layer *l = &g->layers[i];
    const double *in[LEMON_MAX_LAYER_INPUTS], *in_bounds[LEMON_MAX_LAYER_INPUTS];
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
      in[k] = LEMON_REF_DATA(g, input, values, l->geo.inputs[k]);
      in_bounds[k] = LEMON_REF_DATA(g, input_bound, bounds, l->geo.inputs[k]);
    }
    lemon_reference_layer(g, i, in, in_bounds, values[i], bounds[i]);
  }
  free(input), free(input_bound);
  return 0;
}
