/* oneDNN backend: the layers with weight matrices or filters. DENSE is an inner product on
 * [F] inputs and a matmul over the last axis otherwise ({rows, F} x {F, units}, the weights
 * [units][F] read transposed). CONV2D, DEPTHWISE_CONV2D (grouped, G = C) and DECONV2D are
 * direct (de)convolutions whose weights, source and destination layouts oneDNN picks
 * (format any), reordered from and to the user's NHWC and [OC][KH][KW][IC] (ohwi). The
 * layer's activation is offered as an eltwise post-op. */
#include "lemon_onednn_internal.h"

/* Runs pd with the user's source, weights, bias and destination, each through the layout
 * the primitive chose. */
static void run_weighted(onednn_ctx *c, const char *what, dnnl_primitive_desc_t pd,
                         const dnnl_memory_desc_t *src_md, const dnnl_memory_desc_t *w_md,
                         const dnnl_memory_desc_t *b_md, const dnnl_memory_desc_t *dst_md) {
  if (!pd) return;
  const lemon_layer *l = c->l;
  dnnl_memory_t dst = onednn_user_mem(c, dst_md, c->out);
  dnnl_memory_t dst_lib = onednn_output_as(c, pd, DNNL_ARG_DST, dst);
  const dnnl_exec_arg_t args[4] = {
      {DNNL_ARG_SRC, onednn_input_as(c, pd, DNNL_ARG_SRC, onednn_user_mem(c, src_md, c->in[0]))},
      {DNNL_ARG_WEIGHTS,
       onednn_input_as(c, pd, DNNL_ARG_WEIGHTS,
                       onednn_user_mem(c, w_md, onednn_const_copy(c, l->weights, l->n_weights, "weights")))},
      {DNNL_ARG_BIAS, onednn_user_mem(c, b_md, onednn_const_copy(c, l->bias, l->n_bias, "bias"))},
      {DNNL_ARG_DST, dst_lib}};
  onednn_execute(c, what, pd, args, 4);
  onednn_output_back(c, dst_lib, dst);
}

void onednn_dense(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  const lemon_shape *in = l->in[0];
  dnnl_dim_t f = in->dim[in->rank - 1], units = l->units;
  dnnl_dim_t rows = (dnnl_dim_t)(onednn_count(in, c->g->batch) / (size_t)f);
  dnnl_memory_desc_t src, w_user, w_any, bias, dst;
  dnnl_status_t st;
  if (in->rank == 1) {
    onednn_md(&src, 2, (dnnl_dim_t[]){rows, f}, dnnl_nc);
    onednn_md(&w_user, 2, (dnnl_dim_t[]){units, f}, dnnl_oi);
    onednn_md(&w_any, 2, (dnnl_dim_t[]){units, f}, dnnl_format_tag_any);
    onednn_md(&bias, 1, (dnnl_dim_t[]){units}, dnnl_x);
    onednn_md(&dst, 2, (dnnl_dim_t[]){rows, units}, dnnl_nc);
    dnnl_inner_product_desc_t desc;
    st = dnnl_inner_product_forward_desc_init(&desc, dnnl_forward_inference, &src, &w_any, &bias, &dst);
    if (onednn_check(c, st, "inner_product"))
      run_weighted(c, "inner_product", onednn_pd(c, "inner_product", &desc, 1), &src, &w_user,
                   &bias, &dst);
    return;
  }
  onednn_md(&src, 2, (dnnl_dim_t[]){rows, f}, dnnl_ab);
  onednn_md(&w_user, 2, (dnnl_dim_t[]){f, units}, dnnl_ba);
  onednn_md(&w_any, 2, (dnnl_dim_t[]){f, units}, dnnl_format_tag_any);
  onednn_md(&bias, 2, (dnnl_dim_t[]){1, units}, dnnl_ab);
  onednn_md(&dst, 2, (dnnl_dim_t[]){rows, units}, dnnl_ab);
  dnnl_matmul_desc_t desc;
  st = dnnl_matmul_desc_init(&desc, &src, &w_any, &bias, &dst);
  if (onednn_check(c, st, "matmul"))
    run_weighted(c, "matmul", onednn_pd(c, "matmul", &desc, 1), &src, &w_user, &bias, &dst);
}

void onednn_conv(onednn_ctx *c) {
  const lemon_layer *l = c->l;
  const lemon_geometry *geo = &l->geo;
  const lemon_shape *in = l->in[0];
  dnnl_dim_t n = c->g->batch, ic = in->dim[2], oc = geo->out.dim[2], k = l->kernel;
  int depthwise = l->kind == MLF__LEMON__LAYER_KIND__DEPTHWISE_CONV2D;
  int deconv = l->kind == MLF__LEMON__LAYER_KIND__DECONV2D;
  dnnl_memory_desc_t src, src_any, w_user, w_any, bias, dst, dst_any;
  onednn_md(&src, 4, (dnnl_dim_t[]){n, ic, in->dim[0], in->dim[1]}, dnnl_nhwc);
  onednn_md(&src_any, 4, src.dims, dnnl_format_tag_any);
  onednn_md(&dst, 4, (dnnl_dim_t[]){n, oc, geo->out.dim[0], geo->out.dim[1]}, dnnl_nhwc);
  onednn_md(&dst_any, 4, dst.dims, dnnl_format_tag_any);
  if (depthwise) {
    onednn_md(&w_user, 5, (dnnl_dim_t[]){ic, 1, 1, k, k}, dnnl_goihw);
    onednn_md(&w_any, 5, w_user.dims, dnnl_format_tag_any);
  } else {
    onednn_md(&w_user, 4, (dnnl_dim_t[]){oc, ic, k, k}, dnnl_ohwi);
    onednn_md(&w_any, 4, w_user.dims, dnnl_format_tag_any);
  }
  onednn_md(&bias, 1, (dnnl_dim_t[]){oc}, dnnl_x);
  const dnnl_dims_t strides = {geo->stride, geo->stride},
                    dilates = {geo->dilation - 1, geo->dilation - 1},
                    pad_l = {geo->pad_top, geo->pad_left}, pad_r = {geo->pad_bottom, geo->pad_right};
  const char *what = deconv ? "deconvolution" : "convolution";
  dnnl_status_t st;
  union {
    dnnl_convolution_desc_t conv;
    dnnl_deconvolution_desc_t deconv;
  } desc;
  if (deconv)
    st = dnnl_dilated_deconvolution_forward_desc_init(
        &desc.deconv, dnnl_forward_inference, dnnl_deconvolution_direct, &src_any, &w_any, &bias,
        &dst_any, strides, dilates, pad_l, pad_r);
  else
    st = dnnl_dilated_convolution_forward_desc_init(
        &desc.conv, dnnl_forward_inference, dnnl_convolution_direct, &src_any, &w_any, &bias,
        &dst_any, strides, dilates, pad_l, pad_r);
  if (onednn_check(c, st, what))
    run_weighted(c, what, onednn_pd(c, what, &desc, 1), &src, &w_user, &bias, &dst);
}
