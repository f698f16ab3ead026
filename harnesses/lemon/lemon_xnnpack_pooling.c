/* Pooling, global means and resizing on XNNPACK (lemon_graph.h semantics): MAX_POOL2D and
 * AVG_POOL2D with explicit paddings (XNNPACK's max pooling never picks padding, its average
 * pooling divides by the elements inside the input, as lemon's); GLOBAL_AVG_POOL2D and
 * REDUCE_MEAN global_average_pooling_2d ([N, 1, 1, C], reshaped to [N, C] for the former);
 * RESIZE bilinear with half-pixel centres (no flag: neither TensorFlow legacy nor align
 * corners), nearest by an integer factor as [N, H, 1, W, 1, C] times a [1, 1, f, 1, f, 1]
 * tensor of ones broadcast to [N, H, f, W, f, C] (x * 1 is x exactly). */
#include <math.h>
#include <stdlib.h>
#include "lemon_xnnpack_internal.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

static int global_mean(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  if (l->kind == K(REDUCE_MEAN))
    return lx_check(c, xnn_define_global_average_pooling_2d(c->sg, t->lo, t->hi, in, t->value, 0),
                    "xnn_define_global_average_pooling_2d");
  const size_t ch = l->geo.out.dim[0];
  const size_t dims4[4] = {c->g->batch, 1, 1, ch}, dims2[2] = {c->g->batch, ch};
  uint32_t pooled = lx_internal(c, 4, dims4);
  if (pooled == XNN_INVALID_VALUE_ID ||
      lx_check(c, xnn_define_global_average_pooling_2d(c->sg, t->lo, t->hi, in, pooled, 0),
               "xnn_define_global_average_pooling_2d") < 0)
    return -1;
  return lx_check(c, xnn_define_static_reshape(c->sg, 2, dims2, pooled, t->value, 0),
                  "xnn_define_static_reshape (GLOBAL_AVG_POOL2D)");
}

int lx_lower_pooling(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const lemon_geometry *g = &l->geo;
  if (l->kind == K(GLOBAL_AVG_POOL2D) || l->kind == K(REDUCE_MEAN)) return global_mean(c, l, in, t);
  if (l->kernel == 1)
    return lx_unsupported(c, "1x1 pooling window (XNNPACK rejects pooling size 1)");
  if (lx_window_size_ok(c, l, l->kernel, g->dilation) < 0) return -1;
  if (l->kind == K(MAX_POOL2D))
    return lx_check(
        c,
        xnn_define_max_pooling_2d(c->sg, g->pad_top, g->pad_right, g->pad_bottom, g->pad_left,
                                  l->kernel, l->kernel, g->stride, g->stride, g->dilation,
                                  g->dilation, t->lo, t->hi, in, t->value, 0),
        "xnn_define_max_pooling_2d");
  if (g->dilation != 1) return lx_unsupported(c, "dilated average pooling (XNNPACK has none)");
  return lx_check(c,
                  xnn_define_average_pooling_2d(c->sg, g->pad_top, g->pad_right, g->pad_bottom,
                                                g->pad_left, l->kernel, l->kernel, g->stride,
                                                g->stride, t->lo, t->hi, in, t->value, 0),
                  "xnn_define_average_pooling_2d");
}

static int nearest(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  const size_t n = c->g->batch, h = l->in[0]->dim[0], w = l->in[0]->dim[1];
  const size_t ch = l->in[0]->dim[2], f = l->kernel;
  const size_t split[6] = {n, h, 1, w, 1, ch}, ones_dims[6] = {1, 1, f, 1, f, 1};
  const size_t wide[6] = {n, h, f, w, f, ch}, out[4] = {n, h * f, w * f, ch};
  float *ones = malloc(f * f * sizeof(float));
  if (!ones) return lx_failed(c, "harness: out of memory");
  for (size_t i = 0; i < f * f; i++) ones[i] = 1.0f;
  uint32_t one = lx_static(c, ones, 6, ones_dims, "RESIZE ones");
  free(ones);
  uint32_t a = lx_internal(c, 6, split), b = lx_internal(c, 6, wide);
  if (one == XNN_INVALID_VALUE_ID || a == XNN_INVALID_VALUE_ID || b == XNN_INVALID_VALUE_ID ||
      lx_check(c, xnn_define_static_reshape(c->sg, 6, split, in, a, 0),
               "xnn_define_static_reshape (RESIZE)") < 0 ||
      lx_check(c, xnn_define_multiply2(c->sg, -INFINITY, INFINITY, a, one, b, 0),
               "xnn_define_multiply2 (RESIZE)") < 0)
    return -1;
  return lx_check(c, xnn_define_static_reshape(c->sg, 4, out, b, t->value, 0),
                  "xnn_define_static_reshape (RESIZE)");
}

int lx_lower_resize(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t) {
  if (l->alpha == 0) return nearest(c, l, in, t);
  if (l->alpha != 1) return lx_unsupported(c, "RESIZE mode alpha %g", l->alpha);
  return lx_check(c,
                  xnn_define_static_resize_bilinear_2d(c->sg, l->geo.out.dim[0], l->geo.out.dim[1],
                                                       in, t->value, 0),
                  "xnn_define_static_resize_bilinear_2d");
}
