/* oneDNN backend: normalizations over channels. BATCH_NORM is inference batch normalization
 * with the layer's statistics (use_global_stats) and separate scale and shift; LAYER_NORM
 * normalizes {rows, C} over C with scale and shift; both epsilon LEMON_NORM_EPS. SOFTMAX and
 * LOG_SOFTMAX are softmax v2 (accurate, log) over the channel axis. None of them takes
 * post-ops in oneDNN 2.6, so the activation is a separate eltwise. */
#include "lemon_onednn_internal.h"

/* A {C} memory over a guarded copy of parameter row k of the layer's weights. */
static dnnl_memory_t param_row(onednn_ctx *c, size_t k, size_t ch, const char *label) {
  dnnl_memory_desc_t md;
  onednn_md(&md, 1, (dnnl_dim_t[]){(dnnl_dim_t)ch}, dnnl_x);
  return onednn_user_mem(c, &md, onednn_const_copy(c, c->l->weights + k * ch, ch, label));
}

void onednn_norm(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  const lemon_shape *in = l->in[0];
  size_t ch = in->dim[in->rank - 1];
  int batch_norm = l->kind == MLF__LEMON__LAYER_KIND__BATCH_NORM;
  const char *what = batch_norm ? "batch_normalization" : "layer_normalization";
  dnnl_memory_desc_t md;
  dnnl_status_t st;
  union {
    dnnl_batch_normalization_desc_t bn;
    dnnl_layer_normalization_desc_t ln;
  } desc;
  if (batch_norm) {
    onednn_md_channels_last(&md, in, c->g->batch);
    st = dnnl_batch_normalization_forward_desc_init(
        &desc.bn, dnnl_forward_inference, &md, (float)LEMON_NORM_EPS,
        dnnl_use_global_stats | dnnl_use_scale | dnnl_use_shift);
  } else {
    dnnl_dim_t rows = (dnnl_dim_t)(onednn_count(in, c->g->batch) / ch);
    onednn_md(&md, 2, (dnnl_dim_t[]){rows, (dnnl_dim_t)ch}, dnnl_ab);
    st = dnnl_layer_normalization_forward_desc_init(&desc.ln, dnnl_forward_inference, &md, NULL,
                                                    (float)LEMON_NORM_EPS,
                                                    dnnl_use_scale | dnnl_use_shift);
  }
  if (!onednn_check(c, st, what)) return;
  dnnl_primitive_desc_t pd = onednn_pd(c, what, &desc, 0);
  if (!pd) return;
  size_t row = batch_norm ? 2 : 0; /* scale and shift follow mean and variance */
  dnnl_exec_arg_t args[6] = {{DNNL_ARG_SRC, onednn_user_mem(c, &md, c->in[0])},
                             {DNNL_ARG_DST, onednn_user_mem(c, &md, c->out)},
                             {DNNL_ARG_SCALE, param_row(c, row, ch, "scale")},
                             {DNNL_ARG_SHIFT, param_row(c, row + 1, ch, "shift")},
                             {DNNL_ARG_MEAN, NULL}, {DNNL_ARG_VARIANCE, NULL}};
  if (batch_norm) {
    args[4].memory = param_row(c, 0, ch, "mean");
    args[5].memory = param_row(c, 1, ch, "variance");
  }
  onednn_execute(c, what, pd, args, batch_norm ? 6 : 4);
}

void onednn_softmax(onednn_ctx *c) {
  dnnl_memory_desc_t md;
  onednn_md_channels_last(&md, c->l->in[0], c->g->batch);
  dnnl_alg_kind_t alg =
      c->l->kind == MLF__LEMON__LAYER_KIND__SOFTMAX ? dnnl_softmax_accurate : dnnl_softmax_log;
  dnnl_softmax_v2_desc_t desc;
  dnnl_status_t st = dnnl_softmax_v2_forward_desc_init(&desc, dnnl_forward_inference, alg, &md,
                                                       &md, 1);
  if (onednn_check(c, st, "softmax_v2"))
    onednn_run_src_dst(c, "softmax_v2", onednn_pd(c, "softmax_v2", &desc, 0), &md, &md);
}
