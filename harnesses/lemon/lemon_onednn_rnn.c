/* oneDNN backend: LSTM, GRU and SIMPLE_RNN as one-layer, left-to-right vanilla_lstm,
 * vanilla_gru and vanilla_rnn (eltwise_tanh) with zero initial state. lemon's W [G*U][F] is
 * [gate][unit][input], i.e. oneDNN's ldgoi for dims {1, 1, F, G, U} (R likewise with
 * I = U); the primitive gets them in the layout it chooses (format any) by reorder. The gate
 * orders are oneDNN's (i, f, c, o; u, r, o). Sequences are batch first: ntc. With
 * return_sequences the output is dst_layer, otherwise dst_iter (ldnc {1, 1, N, U}). */
#include "lemon_onednn_internal.h"

/* Weights {1, 1, rows, G, U} in the user's ldgoi over a guarded copy of w, then in the
 * primitive's layout. */
static dnnl_memory_t weights(onednn_ctx *c, dnnl_primitive_desc_t pd, int arg, const float *w,
                             dnnl_dim_t rows, dnnl_dim_t gates, dnnl_dim_t units, const char *label) {
  dnnl_memory_desc_t md;
  onednn_md(&md, 5, (dnnl_dim_t[]){1, 1, rows, gates, units}, dnnl_ldgoi);
  size_t n = (size_t)(rows * gates * units);
  return onednn_input_as(c, pd, arg, onednn_user_mem(c, &md, onednn_const_copy(c, w, n, label)));
}

void onednn_rnn(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  const lemon_shape *in = l->in[0];
  dnnl_dim_t t = in->dim[0], f = in->dim[1], n = c->g->batch, u = l->units;
  dnnl_dim_t gates = l->kind == MLF__LEMON__LAYER_KIND__LSTM ? 4
                     : l->kind == MLF__LEMON__LAYER_KIND__GRU ? 3 : 1;
  dnnl_memory_desc_t src, w_layer, w_iter, bias, dst_layer, dst_iter;
  onednn_md(&src, 3, (dnnl_dim_t[]){t, n, f}, dnnl_ntc);
  onednn_md(&w_layer, 5, (dnnl_dim_t[]){1, 1, f, gates, u}, dnnl_format_tag_any);
  onednn_md(&w_iter, 5, (dnnl_dim_t[]){1, 1, u, gates, u}, dnnl_format_tag_any);
  onednn_md(&bias, 4, (dnnl_dim_t[]){1, 1, gates, u}, dnnl_ldgo);
  onednn_md(&dst_layer, 3, (dnnl_dim_t[]){t, n, u}, dnnl_ntc);
  onednn_md(&dst_iter, 4, (dnnl_dim_t[]){1, 1, n, u}, dnnl_ldnc);
  const dnnl_memory_desc_t *iter = l->return_sequences ? NULL : &dst_iter;
  dnnl_rnn_desc_t desc;
  dnnl_status_t st;
  const dnnl_prop_kind_t prop = dnnl_forward_inference;
  const dnnl_rnn_direction_t dir = dnnl_unidirectional_left2right;
  if (gates == 4)
    st = dnnl_lstm_forward_desc_init(&desc, prop, dir, &src, NULL, NULL, &w_layer, &w_iter, &bias,
                                     &dst_layer, iter, iter, dnnl_rnn_flags_undef);
  else if (gates == 3)
    st = dnnl_gru_forward_desc_init(&desc, prop, dir, &src, NULL, &w_layer, &w_iter, &bias,
                                    &dst_layer, iter, dnnl_rnn_flags_undef);
  else
    st = dnnl_vanilla_rnn_forward_desc_init(&desc, prop, dnnl_eltwise_tanh, dir, &src, NULL,
                                            &w_layer, &w_iter, &bias, &dst_layer, iter,
                                            dnnl_rnn_flags_undef, 0.0f, 0.0f);
  if (!onednn_check(c, st, "rnn")) return;
  dnnl_primitive_desc_t pd = onednn_pd(c, "rnn", &desc, 0);
  if (!pd) return;
  size_t sequence = (size_t)(t * n * u), state = (size_t)(n * u);
  float *layer_out = l->return_sequences ? c->out : onednn_scratch(c, sequence, "dst_layer");
  dnnl_exec_arg_t args[7] = {
      {DNNL_ARG_SRC_LAYER, onednn_user_mem(c, &src, c->in[0])},
      {DNNL_ARG_WEIGHTS_LAYER, weights(c, pd, DNNL_ARG_WEIGHTS_LAYER, l->weights, f, gates, u, "w_layer")},
      {DNNL_ARG_WEIGHTS_ITER,
       weights(c, pd, DNNL_ARG_WEIGHTS_ITER, l->weights + f * gates * u, u, gates, u, "w_iter")},
      {DNNL_ARG_BIAS, onednn_user_mem(c, &bias, onednn_const_copy(c, l->bias, l->n_bias, "bias"))},
      {DNNL_ARG_DST_LAYER, onednn_user_mem(c, &dst_layer, layer_out)},
      {DNNL_ARG_DST_ITER, NULL}, {DNNL_ARG_DST_ITER_C, NULL}};
  int n_args = 5;
  if (iter) {
    args[n_args++].memory = onednn_user_mem(c, &dst_iter, c->out);
    if (gates == 4)
      args[n_args++].memory = onednn_user_mem(c, &dst_iter, onednn_scratch(c, state, "dst_iter_c"));
  }
  onednn_execute(c, "rnn", pd, args, n_args);
}
