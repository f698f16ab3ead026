/* oneDNN backend: the window layers on NHWC data. MAX_POOL2D (oneDNN's max ignores padding),
 * AVG_POOL2D (pooling_avg_exclude_padding), GLOBAL_AVG_POOL2D (average pooling over the
 * whole H x W), all with the activation offered as a post-op; LRN across channels, whose
 * formula x / (k + alpha / size * sum x^2)^beta is lemon's with k = 1 (oneDNN divides alpha
 * by the local size across channels, as lemon does). */
#include "lemon_onednn_internal.h"

void onednn_pool(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  const lemon_geometry *geo = &l->geo;
  const lemon_shape *in = l->in[0];
  int global = l->kind == MLF__LEMON__LAYER_KIND__GLOBAL_AVG_POOL2D;
  dnnl_memory_desc_t src, dst;
  onednn_md_channels_last(&src, in, c->g->batch);
  if (global) /* [C] out: {N, C, 1, 1} */
    onednn_md(&dst, 4, (dnnl_dim_t[]){c->g->batch, in->dim[2], 1, 1}, dnnl_nhwc);
  else
    onednn_md_channels_last(&dst, &geo->out, c->g->batch);
  dnnl_dims_t strides = {geo->stride, geo->stride}, kernel = {l->kernel, l->kernel},
              pad_l = {geo->pad_top, geo->pad_left}, pad_r = {geo->pad_bottom, geo->pad_right};
  if (global) {
    strides[0] = strides[1] = 1;
    kernel[0] = in->dim[0], kernel[1] = in->dim[1];
    pad_l[0] = pad_l[1] = pad_r[0] = pad_r[1] = 0;
  }
  dnnl_alg_kind_t alg = l->kind == MLF__LEMON__LAYER_KIND__MAX_POOL2D
                            ? dnnl_pooling_max
                            : dnnl_pooling_avg_exclude_padding;
  dnnl_pooling_desc_t desc;
  dnnl_status_t st = dnnl_pooling_forward_desc_init(&desc, dnnl_forward_inference, alg, &src, &dst,
                                                    strides, kernel, pad_l, pad_r);
  if (onednn_check(c, st, "pooling"))
    onednn_run_src_dst(c, "pooling", onednn_pd(c, "pooling", &desc, 1), &src, &dst);
}

void onednn_lrn(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  dnnl_memory_desc_t md;
  onednn_md_channels_last(&md, l->in[0], c->g->batch);
  dnnl_lrn_desc_t desc;
  dnnl_status_t st = dnnl_lrn_forward_desc_init(&desc, dnnl_forward_inference,
                                                dnnl_lrn_across_channels, &md, l->kernel,
                                                (float)l->alpha, (float)l->beta, 1.0f);
  if (onednn_check(c, st, "lrn")) onednn_run_src_dst(c, "lrn", onednn_pd(c, "lrn", &desc, 0), &md, &md);
}
