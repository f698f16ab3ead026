/* oneDNN backend: layers that combine, copy or resample tensors, all on channels-last
 * views. ADD, MULTIPLY, MAXIMUM fold their inputs left to right with binary primitives (the
 * later ones in place on the output), the activation offered as a post-op of the last;
 * CONCAT is a concat over channels (no implementation iterator exists for it); FLATTEN and
 * a LINEAR ACTIVATION are a reorder copy; RESIZE is resampling nearest / linear (oneDNN's
 * linear samples at half-pixel centres and clamps at the border, as lemon does); REDUCE_MEAN
 * is reduction_mean over H and W. */
#include "lemon_onednn_internal.h"

void onednn_binary(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  dnnl_alg_kind_t alg = l->kind == MLF__LEMON__LAYER_KIND__ADD        ? dnnl_binary_add
                        : l->kind == MLF__LEMON__LAYER_KIND__MULTIPLY ? dnnl_binary_mul
                                                                      : dnnl_binary_max;
  dnnl_memory_desc_t md;
  onednn_md_channels_last(&md, &l->geo.out, c->g->batch);
  dnnl_binary_desc_t desc;
  if (!onednn_check(c, dnnl_binary_desc_init(&desc, alg, &md, &md, &md), "binary")) return;
  for (uint32_t k = 1; k < l->geo.n_inputs && onednn_fine(c); k++) {
    dnnl_primitive_desc_t pd = onednn_pd(c, "binary", &desc, k + 1 == l->geo.n_inputs);
    if (!pd) return;
    const dnnl_exec_arg_t args[3] = {
        {DNNL_ARG_SRC_0, onednn_user_mem(c, &md, k == 1 ? c->in[0] : c->out)},
        {DNNL_ARG_SRC_1, onednn_user_mem(c, &md, c->in[k])},
        {DNNL_ARG_DST, onednn_user_mem(c, &md, c->out)}};
    onednn_execute(c, "binary", pd, args, 3);
  }
}

void onednn_concat(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  dnnl_memory_desc_t src[LEMON_MAX_LAYER_INPUTS], dst;
  for (uint32_t k = 0; k < l->geo.n_inputs; k++)
    onednn_md_channels_last(&src[k], l->in[k], c->g->batch);
  onednn_md_channels_last(&dst, &l->geo.out, c->g->batch);
  dnnl_primitive_attr_t attr = NULL;
  dnnl_primitive_desc_t pd = NULL;
  dnnl_status_t st = dnnl_primitive_attr_create(&attr);
  if (st == dnnl_success) st = dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user);
  if (st == dnnl_success)
    st = dnnl_concat_primitive_desc_create(&pd, &dst, (int)l->geo.n_inputs, 1, src, attr,
                                           mlf_onednn_engine);
  if (attr) dnnl_primitive_attr_destroy(attr);
  if (!onednn_check(c, st, "concat")) return;
  onednn_note_impl(c, "concat", pd);
  dnnl_exec_arg_t args[LEMON_MAX_LAYER_INPUTS + 1];
  for (uint32_t k = 0; k < l->geo.n_inputs; k++)
    args[k] = (dnnl_exec_arg_t){DNNL_ARG_MULTIPLE_SRC + (int)k, onednn_user_mem(c, &src[k], c->in[k])};
  args[l->geo.n_inputs] = (dnnl_exec_arg_t){DNNL_ARG_DST, onednn_user_mem(c, &dst, c->out)};
  onednn_execute(c, "concat", pd, args, (int)l->geo.n_inputs + 1);
}

void onednn_copy(onednn_ctx *c) {
  dnnl_memory_desc_t md;
  onednn_md(&md, 2,
            (dnnl_dim_t[]){c->g->batch, (dnnl_dim_t)onednn_count(c->l->in[0], 1)}, dnnl_ab);
  onednn_reorder(c, onednn_user_mem(c, &md, c->in[0]), onednn_user_mem(c, &md, c->out));
}

void onednn_resize(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  if (l->alpha != 0 && l->alpha != 1) {
    onednn_check(c, dnnl_unimplemented, "resize mode (alpha) other than 0 or 1");
    return;
  }
  dnnl_memory_desc_t src, dst;
  onednn_md_channels_last(&src, l->in[0], c->g->batch);
  onednn_md_channels_last(&dst, &l->geo.out, c->g->batch);
  dnnl_resampling_desc_t desc;
  dnnl_status_t st = dnnl_resampling_forward_desc_init(
      &desc, dnnl_forward_inference, l->alpha == 0 ? dnnl_resampling_nearest : dnnl_resampling_linear,
      NULL, &src, &dst);
  if (onednn_check(c, st, "resampling"))
    onednn_run_src_dst(c, "resampling", onednn_pd(c, "resampling", &desc, 1), &src, &dst);
}

void onednn_reduce_mean(onednn_ctx *c) {
  const lemon_shape *in = c->l->in[0];
  dnnl_memory_desc_t src, dst;
  onednn_md_channels_last(&src, in, c->g->batch);
  onednn_md(&dst, 4, (dnnl_dim_t[]){c->g->batch, in->dim[in->rank - 1], 1, 1}, dnnl_nhwc);
  dnnl_reduction_desc_t desc;
  dnnl_status_t st = dnnl_reduction_desc_init(&desc, dnnl_reduction_mean, &src, &dst, 0.0f, 0.0f);
  if (onednn_check(c, st, "reduction"))
    onednn_run_src_dst(c, "reduction", onednn_pd(c, "reduction", &desc, 1), &src, &dst);
}
