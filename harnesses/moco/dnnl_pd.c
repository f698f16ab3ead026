/* The DNNL_PRIMITIVES blocks on primitive descriptors (dnnl_blocks.h). Each operation takes
 * the program's source descriptor; the descriptors it needs besides (weights, bias,
 * destination) are made here from the source's dims with dnnl_format_tag_any, so that they fit
 * by construction: a convolution's weights {oc, ic, k, k...} (grouped: {G, oc/G, ic/G, k...})
 * and destination {n, oc, (in + 2 pad - dilated k) / stride + 1...}, an inner product's
 * {oc, ic...} and {n, oc}, a matmul's {1..., K, N} and {batch..., M, N}. Where the source
 * cannot serve the operation (its rank, a window larger than the padded input) the block is
 * skipped. The source a descriptor
 * was created with is kept to check its queries, and the dims and attribute of a weighted
 * primitive for the reference of its executions. */
#include <string.h>
#include "dnnl_blocks.h"
#include "dnnl_judge.h"
#include "libraries/onednn/mlf_onednn_session.h"
#include "moco_dnnl_spec.h"

/* Weights of a convolution, inner product or matmul of source type dt: s8 for integer
 * sources, the source's type otherwise (the data type combinations of oneDNN's convolution and
 * matmul guides); the destination is f32 for integer sources. */
static dnnl_data_type_t weights_type(dnnl_data_type_t dt) { return dt == dnnl_s8 || dt == dnnl_u8 ? dnnl_s8 : dt; }
static dnnl_data_type_t dst_type(dnnl_data_type_t dt) { return dt == dnnl_s8 || dt == dnnl_u8 ? dnnl_f32 : dt; }

/* 1 when dt is a source type of convolution, inner product and matmul: f32, bf16, f16, u8,
 * s8 (the "Data Types" tables of their developer guides, oneDNN 2.6); s32 is not one
 * (dnnl_convolution_forward_desc_init refuses it with dnnl_invalid_arguments). Otherwise the
 * block is skipped. */
static int weighted_source(const dnnl_ctx *c, dnnl_data_type_t dt) {
  if (dt != dnnl_s32) return 1;
  dnnl_skip(c, "s32 is not a source type of this operation");
  return 0;
}

/* 1 when the eltwise algorithm of block c accepts data type dt: integer types only with relu
 * and linear, round only with f32 (oneDNN 2.6 math::is_eltwise_ok; the eltwise developer
 * guide's data types); otherwise the block is skipped. */
static int eltwise_type_fits(const dnnl_ctx *c, dnnl_data_type_t dt) {
  dnnl_alg_kind_t alg = dnnl_eltwise_alg(dnnl_arg_int(c, 1));
  int integer = dt == dnnl_s32 || dt == dnnl_s8 || dt == dnnl_u8;
  if ((!integer || alg == dnnl_eltwise_relu || alg == dnnl_eltwise_linear) &&
      (alg != dnnl_eltwise_round || dt == dnnl_f32))
    return 1;
  dnnl_skip(c, "the algorithm does not take this data type");
  return 0;
}

static int any_md(dnnl_memory_desc_t *md, int ndims, const dnnl_dim_t *dims, dnnl_data_type_t dt) {
  return dnnl_memory_desc_init_by_tag(md, ndims, dims, dt, dnnl_format_tag_any);
}

/* dnnl_primitive_desc_create on an operation descriptor whose initialization returned st; the
 * note names the implementation oneDNN chose (its ISA, as ONEDNN_VERBOSE would print it). */
static void create_from(const dnnl_ctx *c, int st, const void *op_desc, const_dnnl_primitive_attr_t attr) {
  dnnl_slot *s = &c->o->slot[c->b];
  if (st != dnnl_success) { dnnl_record(c, st, "operation descriptor"); return; }
  st = dnnl_primitive_desc_create(&s->pd, op_desc, attr, mlf_onednn_engine, NULL);
  const char *impl = NULL;
  if (st == dnnl_success && dnnl_primitive_desc_query(s->pd, dnnl_query_impl_info_str, 0, &impl) == dnnl_success && impl)
    dnnl_record(c, st, "%s", impl);
  else
    dnnl_record(c, st, NULL);
}

/* The attribute of an "+attr" block (param i), or NULL; records what it changes in the
 * arithmetic; skips the block (returning 0) when a binary post-op's source has another rank
 * than the destination. */
static int attr_fits(const dnnl_ctx *c, unsigned i, int dst_ndims, const_dnnl_primitive_attr_t *attr) {
  const dnnl_slot *a = dnnl_arg_slot(c, i);
  *attr = a->attr;
  dnnl_op_info *op = &c->o->slot[c->b].op;
  op->attr_changes_values = a->attr_ops.attr_changes_values;
  op->arith = a->attr_ops.arith;
  for (int j = 0; j < op->arith.n_post_ops; j++)
    if (op->arith.post_op[j].src1_ndims && op->arith.post_op[j].src1_ndims != dst_ndims) {
      dnnl_skip(c, "a binary post-op's source has another rank than the destination");
      return 0;
    }
  return 1;
}

static void reorder(const dnnl_ctx *c, const dnnl_memory_desc_t *src, int with_attr) {
  dnnl_slot *s = &c->o->slot[c->b];
  const_dnnl_primitive_attr_t attr = NULL;
  if (with_attr && !attr_fits(c, 3, src->ndims, &attr)) return;
  int st = dnnl_memory_desc_init_by_tag(&s->md, src->ndims, src->dims, (dnnl_data_type_t)dnnl_arg_int(c, 2),
                                        dnnl_tag_choice(src->ndims, dnnl_arg_int(c, 1)));
  if (st != dnnl_success) { dnnl_skip(c, "no destination layout of that rank"); return; }
  st = dnnl_reorder_primitive_desc_create(&s->pd, src, mlf_onednn_engine, &s->md, mlf_onednn_engine, attr);
  dnnl_record(c, st, NULL);
}

/* Spatial sizes of a window operation: 1 when every output size is at least 1. */
static int window_dims(const dnnl_memory_desc_t *src, int k, int stride, int pad, dnnl_dim_t *out) {
  for (int d = 2; d < src->ndims; d++) {
    dnnl_dim_t span = src->dims[d] + 2 * pad - k;
    if (span < 0) return 0;
    out[d] = span / stride + 1;
  }
  return 1;
}

static void pooling(const dnnl_ctx *c, const dnnl_memory_desc_t *src) {
  static const dnnl_alg_kind_t algs[MOCO_DNNL_POOLING_ALGS] = {dnnl_pooling_max, dnnl_pooling_avg_include_padding,
                                                               dnnl_pooling_avg_exclude_padding};
  int k = dnnl_arg_int(c, 2), stride = dnnl_arg_int(c, 3), pad = dnnl_arg_int(c, 4);
  dnnl_dims_t dims = {src->dims[0], src->dims[1]}, ks = {k, k, k}, ss = {stride, stride, stride}, ps = {pad, pad, pad};
  if (src->ndims < 3 || src->ndims > 5 || !window_dims(src, k, stride, pad, dims)) {
    dnnl_skip(c, "pooling needs 1 to 3 spatial dims at least as large as the kernel");
    return;
  }
  dnnl_memory_desc_t dst;
  any_md(&dst, src->ndims, dims, src->data_type);
  dnnl_pooling_desc_t d;
  int st = dnnl_pooling_forward_desc_init(&d, dnnl_forward_inference, algs[dnnl_arg_int(c, 1) % MOCO_DNNL_POOLING_ALGS],
                                          src, &dst, ss, ks, ps, ps);
  create_from(c, st, &d, NULL);
}

/* The dims a weighted primitive is created with, from the descriptors the harness built for
 * it (b NULL: no bias), for the reference of its executions (dnnl_reference.h). */
static dnnl_weighted_shape *record_shape(const dnnl_ctx *c, dnnl_weighted_kind kind, const dnnl_memory_desc_t *src,
                                         const dnnl_memory_desc_t *w, const dnnl_memory_desc_t *b,
                                         const dnnl_memory_desc_t *dst) {
  dnnl_weighted_shape *s = &c->o->slot[c->b].op.shape;
  s->kind = kind, s->groups = 1;
  s->ndims = src->ndims, s->weights_ndims = w->ndims, s->bias_ndims = b ? b->ndims : 0, s->dst_ndims = dst->ndims;
  memcpy(s->src, src->dims, sizeof s->src);
  memcpy(s->weights, w->dims, sizeof s->weights);
  if (b) memcpy(s->bias, b->dims, sizeof s->bias);
  memcpy(s->dst, dst->dims, sizeof s->dst);
  return s;
}

static dnnl_dim_t gcd(dnnl_dim_t a, dnnl_dim_t b) { return b ? gcd(b, a % b) : a; }

/* A convolution block (api: dense, dense with an attribute, or dilated). Groups: the greatest
 * common divisor of the groups argument and both channel counts; weights {oc, ic, k...}, or
 * {G, oc/G, ic/G, k...} when G > 1. */
static void convolution(const dnnl_ctx *c, const dnnl_memory_desc_t *src, int api) {
  int with_attr = api == MOCO_DNNL_PD_CONVOLUTION_ATTR, dilated = api == MOCO_DNNL_PD_DILATED_CONVOLUTION;
  int oc = dnnl_arg_int(c, 1), k = dnnl_arg_int(c, 2), stride = dnnl_arg_int(c, 3), pad = dnnl_arg_int(c, 4);
  int dilation = dilated ? dnnl_arg_int(c, 6) : 0;
  dnnl_dims_t dims = {src->dims[0], oc}, bdims = {oc};
  dnnl_dims_t ss = {stride, stride, stride}, ps = {pad, pad, pad}, ds = {dilation, dilation, dilation};
  if (src->ndims < 3 || src->ndims > 5 || !window_dims(src, (k - 1) * (dilation + 1) + 1, stride, pad, dims)) {
    dnnl_skip(c, "convolution needs 1 to 3 spatial dims at least as large as the padded (dilated) kernel");
    return;
  }
  const_dnnl_primitive_attr_t attr = NULL;
  if (!weighted_source(c, src->data_type) || (with_attr && !attr_fits(c, 6, src->ndims, &attr))) return;
  dnnl_dim_t groups = gcd(gcd(src->dims[1], oc), dnnl_arg_int(c, with_attr || dilated ? 7 : 6));
  dnnl_dims_t wdims;
  int wn = 0;
  if (groups > 1) wdims[wn++] = groups;
  wdims[wn++] = oc / groups, wdims[wn++] = src->dims[1] / groups;
  for (int d = 2; d < src->ndims; d++) wdims[wn++] = k;
  dnnl_memory_desc_t w, b, dst;
  any_md(&w, wn, wdims, weights_type(src->data_type));
  any_md(&b, 1, bdims, dnnl_f32);
  any_md(&dst, src->ndims, dims, dst_type(src->data_type));
  int with_bias = dnnl_arg_int(c, 5);
  dnnl_weighted_shape *shape = record_shape(c, DNNL_WEIGHTED_CONVOLUTION, src, &w, with_bias ? &b : NULL, &dst);
  shape->groups = groups;
  for (int d = 0; d < 3; d++) shape->stride[d] = stride, shape->pad_l[d] = pad, shape->dilation[d] = dilation;
  dnnl_convolution_desc_t desc;
  int st = dilated ? dnnl_dilated_convolution_forward_desc_init(&desc, dnnl_forward_inference, dnnl_convolution_direct, src,
                                                                &w, with_bias ? &b : NULL, &dst, ss, ds, ps, ps)
                   : dnnl_convolution_forward_desc_init(&desc, dnnl_forward_inference, dnnl_convolution_direct, src, &w,
                                                        with_bias ? &b : NULL, &dst, ss, ps, ps);
  create_from(c, st, &desc, attr);
}

static void inner_product(const dnnl_ctx *c, const dnnl_memory_desc_t *src) {
  int oc = dnnl_arg_int(c, 1);
  if (src->ndims < 2 || src->ndims > 5) { dnnl_skip(c, "an inner product needs 2 to 5 dims"); return; }
  if (!weighted_source(c, src->data_type)) return;
  dnnl_dims_t wdims = {oc}, dims = {src->dims[0], oc}, bdims = {oc};
  for (int d = 1; d < src->ndims; d++) wdims[d] = src->dims[d];
  dnnl_memory_desc_t w, b, dst;
  any_md(&w, src->ndims, wdims, weights_type(src->data_type));
  any_md(&b, 1, bdims, dnnl_f32);
  any_md(&dst, 2, dims, dst_type(src->data_type));
  int with_bias = dnnl_arg_int(c, 2);
  record_shape(c, DNNL_WEIGHTED_INNER_PRODUCT, src, &w, with_bias ? &b : NULL, &dst);
  dnnl_inner_product_desc_t d;
  int st = dnnl_inner_product_forward_desc_init(&d, dnnl_forward_inference, src, &w, with_bias ? &b : NULL, &dst);
  create_from(c, st, &d, NULL);
}

static void matmul(const dnnl_ctx *c, const dnnl_memory_desc_t *src, int with_attr) {
  int n = src->ndims, cols = dnnl_arg_int(c, 1);
  if (n < 2) { dnnl_skip(c, "a matmul needs at least 2 dims"); return; }
  const_dnnl_primitive_attr_t attr = NULL;
  if (!weighted_source(c, src->data_type) || (with_attr && !attr_fits(c, 3, n, &attr))) return;
  dnnl_dims_t wdims, dims, bdims;
  for (int d = 0; d < n; d++) wdims[d] = bdims[d] = 1, dims[d] = src->dims[d];
  wdims[n - 2] = src->dims[n - 1], wdims[n - 1] = dims[n - 1] = bdims[n - 1] = cols;
  dnnl_memory_desc_t w, b, dst;
  any_md(&w, n, wdims, weights_type(src->data_type));
  any_md(&b, n, bdims, dnnl_f32);
  any_md(&dst, n, dims, dst_type(src->data_type));
  int with_bias = dnnl_arg_int(c, 2);
  record_shape(c, DNNL_WEIGHTED_MATMUL, src, &w, with_bias ? &b : NULL, &dst);
  dnnl_matmul_desc_t d;
  int st = dnnl_matmul_desc_init(&d, src, &w, with_bias ? &b : NULL, &dst);
  create_from(c, st, &d, attr);
}

static void binary(const dnnl_ctx *c, const dnnl_memory_desc_t *src) {
  dnnl_dims_t ones = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  dnnl_memory_desc_t src1 = *src, dst;
  if (src->ndims < 1) { dnnl_skip(c, "a zero descriptor"); return; }
  if (dnnl_arg_int(c, 2)) dnnl_memory_desc_init_by_tag(&src1, src->ndims, ones, dnnl_f32, dnnl_tag_choice(src->ndims, 0));
  any_md(&dst, src->ndims, src->dims, src->data_type);
  dnnl_binary_desc_t d;
  int st = dnnl_binary_desc_init(&d, dnnl_binary_alg(dnnl_arg_int(c, 1)), src, &src1, &dst);
  create_from(c, st, &d, NULL);
}

/* Concat and sum of `copies` copies of the source. */
static void concat_or_sum(const dnnl_ctx *c, const dnnl_memory_desc_t *src, int sum) {
  dnnl_slot *s = &c->o->slot[c->b];
  int copies = dnnl_arg_int(c, 1), axis = src->ndims > 0 ? dnnl_arg_int(c, 2) % src->ndims : 0;
  if (src->ndims < 1) { dnnl_skip(c, "a zero descriptor"); return; }
  dnnl_memory_desc_t srcs[3] = {*src, *src, *src}, dst;
  dnnl_dims_t dims;
  memcpy(dims, src->dims, sizeof dims);
  if (!sum) dims[axis] *= copies;
  any_md(&dst, src->ndims, dims, src->data_type);
  float scales[3];
  for (int i = 0; i < 3; i++) scales[i] = dnnl_arg_real(c, 2);
  int st = sum ? dnnl_sum_primitive_desc_create(&s->pd, &dst, copies, scales, srcs, NULL, mlf_onednn_engine)
               : dnnl_concat_primitive_desc_create(&s->pd, &dst, copies, axis, srcs, NULL, mlf_onednn_engine);
  dnnl_record(c, st, NULL);
}

/* Batch and layer normalization of a source of 2 to 5 dims: their developer guides define them
 * on N, C and up to 3 spatial dims (oneDNN 2.6 refuses 6 with dnnl_invalid_arguments). */
static void normalization(const dnnl_ctx *c, const dnnl_memory_desc_t *src, int layer) {
  if (src->ndims < 2 || src->ndims > 5) { dnnl_skip(c, "normalization needs 2 to 5 dims"); return; }
  unsigned flags = (unsigned)dnnl_arg_int(c, 1);
  float eps = dnnl_arg_real(c, 2);
  if (layer) {
    dnnl_layer_normalization_desc_t d;
    create_from(c, dnnl_layer_normalization_forward_desc_init(&d, dnnl_forward_inference, src, NULL, eps, flags), &d, NULL);
  } else {
    dnnl_batch_normalization_desc_t d;
    create_from(c, dnnl_batch_normalization_forward_desc_init(&d, dnnl_forward_inference, src, eps, flags), &d, NULL);
  }
}

/* dnnl_primitive_desc_query_md: the source is the one the descriptor was created with; a
 * reorder's destination the one built for it; the source of post-op 0 as an execution argument
 * (which 2) is "a zero memory descriptor if the parameter is not needed" (dnnl.h 195), i.e.
 * unless post-op 0 is a binary one. */
static void query_md(const dnnl_ctx *c, const dnnl_slot *pd) {
  int which = dnnl_arg_int(c, 1);
  const dnnl_memory_desc_t *md =
      which == 2 ? dnnl_primitive_desc_query_md(pd->pd, dnnl_query_exec_arg_md, DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1)
                 : dnnl_primitive_desc_query_md(pd->pd, which ? dnnl_query_dst_md : dnnl_query_src_md, 0);
  int needed = which < 2 || (pd->op.arith.n_post_ops > 0 && pd->op.arith.post_op[0].src1_ndims > 0);
  if (md && !needed && md->ndims != 0)
    dnnl_judge_mismatch(c->o, c->b, "unneeded-arg-md-not-zero",
                        "post-op 0 is not binary, yet its source's descriptor reads ndims %d, data type %d", md->ndims,
                        (int)md->data_type);
  if (!md || md->ndims <= 0 || md->ndims > DNNL_MAX_NDIMS || !needed) {
    dnnl_record(c, DNNL_CALL_NO_STATUS, NULL);
    moco_note(&c->o->results, c->b, "none");
    return;
  }
  c->o->slot[c->b].md = *md;
  dnnl_record(c, dnnl_success, "%d dims", md->ndims);
  if (!which && !dnnl_memory_desc_equal(md, &pd->pd_src))
    dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "the queried source descriptor differs from the one the primitive descriptor was created with");
  int reorder = pd->op.api == MOCO_DNNL_PD_REORDER || pd->op.api == MOCO_DNNL_PD_REORDER_ATTR;
  if (which == 1 && reorder && !dnnl_memory_desc_equal(md, &pd->md))
    dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "the queried destination descriptor differs from the one the reorder was created with");
}

void dnnl_pd_call(const dnnl_ctx *c, int api) {
  dnnl_slot *s = &c->o->slot[c->b], *h = dnnl_arg_slot(c, 0);
  const dnnl_memory_desc_t *src = &h->md;
  switch (api) {
    case MOCO_DNNL_PD_CLONE: {
      int st = dnnl_primitive_desc_clone(&s->pd, h->pd);
      dnnl_record(c, st, NULL);
      s->op = h->op, s->pd_src = h->pd_src, s->md = h->md;
      return;
    }
    case MOCO_DNNL_PD_DESTROY: dnnl_record(c, dnnl_primitive_desc_destroy(h->pd), NULL); return;
    case MOCO_DNNL_PD_QUERY_MD: query_md(c, h); return;
    default: break;
  }
  s->op.api = api;
  s->op.arith = (dnnl_arithmetic){.output_scale = 1, .fpmath = dnnl_default_fpmath()};
  s->pd_src = *src;
  switch (api) {
    case MOCO_DNNL_PD_REORDER: reorder(c, src, 0); break;
    case MOCO_DNNL_PD_REORDER_ATTR: reorder(c, src, 1); break;
    case MOCO_DNNL_PD_ELTWISE: {
      dnnl_eltwise_desc_t d;
      if (!eltwise_type_fits(c, src->data_type)) break;
      s->op.alg = dnnl_eltwise_alg(dnnl_arg_int(c, 1));
      s->op.alpha = dnnl_arg_real(c, 2), s->op.beta = dnnl_arg_real(c, 3);
      create_from(c, dnnl_eltwise_forward_desc_init(&d, dnnl_forward_inference, s->op.alg, src, s->op.alpha, s->op.beta), &d, NULL);
      break;
    }
    case MOCO_DNNL_PD_SOFTMAX: {
      dnnl_softmax_desc_t d;
      if (src->ndims < 1) { dnnl_skip(c, "a zero descriptor"); break; }
      create_from(c, dnnl_softmax_forward_desc_init(&d, dnnl_forward_inference, src, dnnl_arg_int(c, 1) % src->ndims), &d, NULL);
      break;
    }
    case MOCO_DNNL_PD_POOLING: pooling(c, src); break;
    case MOCO_DNNL_PD_CONVOLUTION:
    case MOCO_DNNL_PD_CONVOLUTION_ATTR:
    case MOCO_DNNL_PD_DILATED_CONVOLUTION: convolution(c, src, api); break;
    case MOCO_DNNL_PD_INNER_PRODUCT: inner_product(c, src); break;
    case MOCO_DNNL_PD_MATMUL: matmul(c, src, 0); break;
    case MOCO_DNNL_PD_MATMUL_ATTR: matmul(c, src, 1); break;
    case MOCO_DNNL_PD_BINARY: binary(c, src); break;
    case MOCO_DNNL_PD_CONCAT: concat_or_sum(c, src, 0); break;
    case MOCO_DNNL_PD_SUM: concat_or_sum(c, src, 1); break;
    case MOCO_DNNL_PD_BATCH_NORM: normalization(c, src, 0); break;
    default: normalization(c, src, 1); break; /* MOCO_DNNL_PD_LAYER_NORM */
  }
}
