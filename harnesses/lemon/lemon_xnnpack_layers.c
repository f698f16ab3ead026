/* One layer of a lemon_graph as XNNPACK subgraph nodes (lemon_graph.h semantics):
 * DENSE fully_connected over the last axis; CONV2D, DEPTHWISE_CONV2D, DECONV2D with explicit
 * paddings; SOFTMAX; ADD, MULTIPLY, MAXIMUM as a left fold of 2-input nodes; FLATTEN a static
 * reshape; BATCH_NORM as (x - mean) * a + shift
 * with a = scale / sqrt(variance + eps) rounded once from double (the formula's roundings, in
 * its order). The activation follows as an output range or nodes. No node for LAYER_NORM
 * (no reduction), LRN (no power), LOG_SOFTMAX (no log) and the RNNs (no f32 tanh). */
#include <math.h>
#include <stdlib.h>
#include "lemon_xnnpack_internal.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name
#define BAD XNN_INVALID_VALUE_ID

/* Kinds whose XNNPACK operator clamps its output to a range (a fused clamp activation). */
static int takes_range(Mlf__Lemon__LayerKind k) {
  return k == K(DENSE) || k == K(CONV2D) || k == K(DEPTHWISE_CONV2D) || k == K(DECONV2D) ||
         k == K(MAX_POOL2D) || k == K(AVG_POOL2D) || k == K(GLOBAL_AVG_POOL2D) ||
         k == K(REDUCE_MEAN) || k == K(ADD) || k == K(MULTIPLY) || k == K(BATCH_NORM);
}

static int kind_supported(lx_ctx *c, const lemon_layer *l) {
  switch (l->kind) {
    case K(LAYER_NORM): return lx_unsupported(c, "no reduction over the last axis in XNNPACK");
    case K(LRN): return lx_unsupported(c, "no power operator in XNNPACK");
    case K(LOG_SOFTMAX): return lx_unsupported(c, "no f32 log operator in XNNPACK");
    case K(LSTM):
    case K(GRU):
    case K(SIMPLE_RNN):
      return lx_unsupported(c, "no recurrent layer and no f32 tanh in this XNNPACK");
    default: return 0;
  }
}

int lx_window_size_ok(lx_ctx *c, const lemon_layer *l, uint32_t kernel, uint32_t dilation) {
  const lemon_geometry *g = &l->geo;
  uint32_t extent = (kernel - 1) * dilation + 1;
  uint32_t h = l->in[0]->dim[0] + g->pad_top + g->pad_bottom;
  uint32_t w = l->in[0]->dim[1] + g->pad_left + g->pad_right;
  if (h < extent || w < extent || (h - extent) / g->stride + 1 != g->out.dim[0] ||
      (w - extent) / g->stride + 1 != g->out.dim[1])
    return lx_failed(c, "harness: window geometry disagrees with the output shape");
  return 0;
}

static uint32_t bias_value(lx_ctx *c, const lemon_layer *l) {
  const size_t dims[1] = {l->n_bias};
  return lx_static(c, l->bias, 1, dims, "bias");
}

static int dense(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const size_t dims[2] = {l->units, l->in[0]->dim[l->in[0]->rank - 1]};
  uint32_t w = lx_static(c, l->weights, 2, dims, "DENSE weights"), b = bias_value(c, l);
  if (w == BAD || b == BAD) return -1;
  return lx_check(c, xnn_define_fully_connected(c->sg, t->lo, t->hi, in, w, b, t->value, 0),
                  "xnn_define_fully_connected");
}

static int conv(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const lemon_geometry *g = &l->geo;
  const size_t ic = l->in[0]->dim[2], dims[4] = {l->units, l->kernel, l->kernel, ic};
  if (lx_window_size_ok(c, l, l->kernel, g->dilation) < 0) return -1;
  uint32_t w = lx_static(c, l->weights, 4, dims, "CONV2D weights"), b = bias_value(c, l);
  if (w == BAD || b == BAD) return -1;
  return lx_check(
      c,
      xnn_define_convolution_2d(c->sg, g->pad_top, g->pad_right, g->pad_bottom, g->pad_left,
                                l->kernel, l->kernel, g->stride, g->stride, g->dilation,
                                g->dilation, 1, ic, l->units, t->lo, t->hi, in, w, b, t->value, 0),
      "xnn_define_convolution_2d");
}

/* lemon's [C][KH][KW] filter in XNNPACK's [1][KH][KW][C] layout. */
static int depthwise(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const lemon_geometry *g = &l->geo;
  const size_t ch = l->in[0]->dim[2], kk = (size_t)l->kernel * l->kernel;
  const size_t dims[4] = {1, l->kernel, l->kernel, ch};
  if (lx_window_size_ok(c, l, l->kernel, g->dilation) < 0) return -1;
  float *hwc = malloc(kk * ch * sizeof(float));
  if (!hwc) return lx_failed(c, "harness: out of memory");
  for (size_t k = 0; k < kk; k++)
    for (size_t i = 0; i < ch; i++) hwc[k * ch + i] = l->weights[i * kk + k];
  uint32_t w = lx_static(c, hwc, 4, dims, "DEPTHWISE_CONV2D weights"), b = bias_value(c, l);
  free(hwc);
  if (w == BAD || b == BAD) return -1;
  return lx_check(c,
                  xnn_define_depthwise_convolution_2d(
                      c->sg, g->pad_top, g->pad_right, g->pad_bottom, g->pad_left, l->kernel,
                      l->kernel, g->stride, g->stride, g->dilation, g->dilation, 1, ch, t->lo,
                      t->hi, in, w, b, t->value, 0),
                  "xnn_define_depthwise_convolution_2d");
}

static int deconv(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const lemon_geometry *g = &l->geo;
  const size_t ic = l->in[0]->dim[2], dims[4] = {l->units, l->kernel, l->kernel, ic};
  if (g->pad_top || g->pad_bottom || g->pad_left || g->pad_right ||
      (l->in[0]->dim[0] - 1) * g->stride + l->kernel != g->out.dim[0] ||
      (l->in[0]->dim[1] - 1) * g->stride + l->kernel != g->out.dim[1])
    return lx_failed(c, "harness: DECONV2D geometry is not VALID");
  uint32_t w = lx_static(c, l->weights, 4, dims, "DECONV2D weights"), b = bias_value(c, l);
  if (w == BAD || b == BAD) return -1;
  return lx_check(c,
                  xnn_define_deconvolution_2d(c->sg, 0, 0, 0, 0, 0, 0, l->kernel, l->kernel,
                                              g->stride, g->stride, 1, 1, 1, ic, l->units, t->lo,
                                              t->hi, in, w, b, t->value, 0),
                  "xnn_define_deconvolution_2d");
}

/* (x - mean) * (scale / sqrt(variance + eps)) + shift, per channel of the last axis. */
static int batch_norm(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t, size_t rank,
                      const size_t *dims) {
  const size_t ch = l->n_weights / 4, cdims[1] = {ch};
  float *factor = malloc(ch * sizeof(float));
  if (!factor) return lx_failed(c, "harness: out of memory");
  for (size_t i = 0; i < ch; i++)
    factor[i] = (float)(l->weights[2 * ch + i] / sqrt((double)l->weights[ch + i] + LEMON_NORM_EPS));
  uint32_t mean = lx_static(c, l->weights, 1, cdims, "BATCH_NORM mean");
  uint32_t a = lx_static(c, factor, 1, cdims, "BATCH_NORM factor");
  uint32_t shift = lx_static(c, l->weights + 3 * ch, 1, cdims, "BATCH_NORM shift");
  free(factor);
  uint32_t centred = lx_internal(c, rank, dims), scaled = lx_internal(c, rank, dims);
  if (mean == BAD || a == BAD || shift == BAD || centred == BAD || scaled == BAD) return -1;
  if (lx_check(c, xnn_define_subtract(c->sg, -INFINITY, INFINITY, in, mean, centred, 0),
               "xnn_define_subtract (BATCH_NORM)") < 0 ||
      lx_check(c, xnn_define_multiply2(c->sg, -INFINITY, INFINITY, centred, a, scaled, 0),
               "xnn_define_multiply2 (BATCH_NORM)") < 0)
    return -1;
  return lx_check(c, xnn_define_add2(c->sg, t->lo, t->hi, scaled, shift, t->value, 0),
                  "xnn_define_add2 (BATCH_NORM)");
}

/* ADD, MULTIPLY, MAXIMUM: ((in0 op in1) op in2) ...; the output range on the last node only. */
static int fold(lx_ctx *c, const lemon_layer *l, const uint32_t *in, const lx_target *t,
                size_t rank, const size_t *dims) {
  uint32_t acc = in[0];
  for (uint32_t k = 1; k < l->geo.n_inputs; k++) {
    int last = k + 1 == l->geo.n_inputs;
    uint32_t dst = last ? t->value : lx_internal(c, rank, dims);
    float lo = last ? t->lo : -INFINITY, hi = last ? t->hi : INFINITY;
    if (dst == BAD) return -1;
    enum xnn_status s;
    if (l->kind == K(ADD))
      s = xnn_define_add2(c->sg, lo, hi, acc, in[k], dst, 0);
    else if (l->kind == K(MULTIPLY))
      s = xnn_define_multiply2(c->sg, lo, hi, acc, in[k], dst, 0);
    else
      s = xnn_define_maximum2(c->sg, acc, in[k], dst, 0);
    if (lx_check(c, s,
                 l->kind == K(ADD)        ? "xnn_define_add2"
                 : l->kind == K(MULTIPLY) ? "xnn_define_multiply2"
                                          : "xnn_define_maximum2") < 0)
      return -1;
    acc = dst;
  }
  return 0;
}

static int core(lx_ctx *c, const lemon_layer *l, const uint32_t *in, const lx_target *t,
                size_t rank, const size_t *dims) {
  switch (l->kind) {
    case K(DENSE): return dense(c, l, in[0], t);
    case K(CONV2D): return conv(c, l, in[0], t);
    case K(DEPTHWISE_CONV2D): return depthwise(c, l, in[0], t);
    case K(DECONV2D): return deconv(c, l, in[0], t);
    case K(BATCH_NORM): return batch_norm(c, l, in[0], t, rank, dims);
    case K(SOFTMAX):
      return lx_check(c, xnn_define_softmax(c->sg, in[0], t->value, 0), "xnn_define_softmax");
    case K(ADD):
    case K(MULTIPLY):
    case K(MAXIMUM): return fold(c, l, in, t, rank, dims);
    case K(FLATTEN):
    case K(ACTIVATION): /* ACTIVATION: a copy, the activation follows */
      return lx_check(c, xnn_define_static_reshape(c->sg, rank, dims, in[0], t->value, 0),
                      "xnn_define_static_reshape");
    case K(MAX_POOL2D):
    case K(AVG_POOL2D):
    case K(GLOBAL_AVG_POOL2D):
    case K(REDUCE_MEAN): return lx_lower_pooling(c, l, in[0], t);
    case K(RESIZE): return lx_lower_resize(c, l, in[0], t);
    default: return lx_failed(c, "harness: kind without lowering");
  }
}

int lx_lower_layer(lx_ctx *c, const uint32_t *in, uint32_t out) {
  const lemon_layer *l = &c->g->layers[c->layer];
  if (kind_supported(c, l) < 0 || lx_activation_supported(c, l) < 0) return -1;
  size_t dims[XNN_MAX_TENSOR_DIMS];
  size_t rank = lx_dims(&l->geo.out, c->g->batch, dims);
  lx_target t = {out, -INFINITY, INFINITY};
  int clamp = lx_activation_clamp(l, &t.lo, &t.hi);
  int linear = l->act == MLF__LEMON__ACTIVATION__LINEAR;
  if (l->kind == K(ACTIVATION) && !linear) return lx_activation_nodes(c, l, in[0], out, rank, dims);
  if (linear || (clamp && takes_range(l->kind))) return core(c, l, in, &t, rank, dims);
  t = (lx_target){lx_internal(c, rank, dims), -INFINITY, INFINITY};
  if (t.value == BAD || core(c, l, in, &t, rank, dims) < 0) return -1;
  return lx_activation_nodes(c, l, t.value, out, rank, dims);
}
