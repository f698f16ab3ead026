/* The oneDNN 2.6 C API primitive lifecycle as MoCo blocks (moco_spec.h), written from
 * /usr/include/oneapi/dnnl/dnnl.h and dnnl_types.h of Debian's libdnnl-dev 2.6.3-1: memory
 * descriptors (dnnl.h 1060-1230), memories (1240-1360), attributes and post-ops (300-1000),
 * primitive descriptors of reorder, concat, sum (1370-1440), binary, convolution (dense and
 * dilated, grouped or not), eltwise, softmax, pooling, batch and layer normalization, inner
 * product (1450-2470), matmul (3679), primitives and execution (100-300).
 * Handle types: "dnnl_md" (a memory descriptor the harness holds by value), "dnnl_memory",
 * "dnnl_attr", "dnnl_post_ops", "dnnl_pd", "dnnl_primitive". Shapes a primitive needs besides
 * its source (weights, destination) are derived from the source descriptor by the harness
 * with dnnl_format_tag_any, so a legal block is legal whatever descriptor it is given; where
 * a source cannot serve an operation at all (a 1-D tensor for a convolution) the harness
 * skips the block and says so.
 * Refused boundaries (BC) only where oneDNN documents the value as invalid:
 * - dnnl_memory_desc_reshape, size of the inserted dimension: adding a dimension of size 1 "is
 *   always possible"; any other size changes the number of elements, a transformation that is
 *   impossible, for which "the function returns #dnnl_invalid_arguments" (dnnl.h 1120-1124).
 * - dnnl_primitive_attr_set_scratchpad_mode and _set_fpmath_mode: "The possible values are"
 *   the enum's (dnnl.h 340-346, 362-364; dnnl_types.h 2581-2614); another value is an
 *   incorrect argument, dnnl_invalid_arguments ("The operation failed because of incorrect
 *   function arguments", dnnl_types.h 43).
 * dnnl_unimplemented is never asked for: it means a legal combination this build does not
 * implement (dnnl_types.h 45). */
#include <math.h>
#include "moco_dnnl_spec.h"

#define I MOCO_I
#define R MOCO_R
#define H MOCO_H

static const moco_api dnnl_apis[] = {
    [MOCO_DNNL_MD_INIT_BY_TAG] = {"dnnl_memory_desc_init_by_tag", "md-init", 7,
     {I("ndims", 1, 4, 4), I("d0", 1, 16, 2), I("d1", 1, 16, 3), I("d2", 1, 16, 4), I("d3", 1, 16, 5),
      I("data_type", 1, 6, 3), I("tag", 0, MOCO_DNNL_TAG_CHOICES - 1, 0)}, 0, "dnnl_md", 0},
    [MOCO_DNNL_MD_SUBMEMORY] = {"dnnl_memory_desc_init_submemory", "md-derive", 3,
     {H("parent", "dnnl_md"), I("shrink", 0, 15, 1), I("offset", 0, 15, 0)}, 0, "dnnl_md", 0},
    [MOCO_DNNL_MD_RESHAPE] = {"dnnl_memory_desc_reshape", "md-derive", 3,
     {H("in", "dnnl_md"), I("axis", 0, 4, 0), I("inserted_size", 1, 1, 1)}, 0, "dnnl_md", 0},
    [MOCO_DNNL_MD_PERMUTE] = {"dnnl_memory_desc_permute_axes", "md-derive", 2,
     {H("in", "dnnl_md"), I("rotation", 0, 3, 1)}, 0, "dnnl_md", 0},
    [MOCO_DNNL_MD_EQUAL] = {"dnnl_memory_desc_equal", "md-inspect", 2,
     {H("lhs", "dnnl_md"), H("rhs", "dnnl_md")}, 0, NULL, 0},
    [MOCO_DNNL_MD_GET_SIZE] = {"dnnl_memory_desc_get_size", "md-inspect", 1, {H("md", "dnnl_md")}, 0, NULL, 0},
    [MOCO_DNNL_MEMORY_CREATE] = {"dnnl_memory_create", "memory", 1, {H("md", "dnnl_md")}, 0, "dnnl_memory", 0},
    [MOCO_DNNL_MEMORY_DESTROY] = {"dnnl_memory_destroy", "release", 1, {H("memory", "dnnl_memory")}, 0, NULL, 1},
    [MOCO_DNNL_MEMORY_GET_DATA_HANDLE] = {"dnnl_memory_get_data_handle", "memory-inspect", 1,
     {H("memory", "dnnl_memory")}, 0, NULL, 0},
    [MOCO_DNNL_MEMORY_SET_DATA_HANDLE] = {"dnnl_memory_set_data_handle", "memory-inspect", 1,
     {H("memory", "dnnl_memory")}, 0, NULL, 0},
    [MOCO_DNNL_MEMORY_GET_MD] = {"dnnl_memory_get_memory_desc", "memory-inspect", 1,
     {H("memory", "dnnl_memory")}, 0, "dnnl_md", 0},
    [MOCO_DNNL_ATTR_CREATE] = {"dnnl_primitive_attr_create", "attr", 0, {{0}}, 0, "dnnl_attr", 0},
    [MOCO_DNNL_ATTR_CLONE] = {"dnnl_primitive_attr_clone", "attr", 1, {H("existing", "dnnl_attr")}, 0, "dnnl_attr", 0},
    [MOCO_DNNL_ATTR_DESTROY] = {"dnnl_primitive_attr_destroy", "release", 1, {H("attr", "dnnl_attr")}, 0, NULL, 1},
    [MOCO_DNNL_ATTR_OUTPUT_SCALES] = {"dnnl_primitive_attr_set_output_scales", "attr-set", 2,
     {H("attr", "dnnl_attr"), R("scale", 0.125, 8, 1, 0.125)}, 0, NULL, 0},
    [MOCO_DNNL_ATTR_POST_OPS] = {"dnnl_primitive_attr_set_post_ops", "attr-set", 2,
     {H("attr", "dnnl_attr"), H("post_ops", "dnnl_post_ops")}, 0, NULL, 0},
    [MOCO_DNNL_ATTR_SCRATCHPAD_MODE] = {"dnnl_primitive_attr_set_scratchpad_mode", "attr-set", 2,
     {H("attr", "dnnl_attr"), I("mode", 0, 1, 0)}, 0, NULL, 0},
    [MOCO_DNNL_ATTR_FPMATH_MODE] = {"dnnl_primitive_attr_set_fpmath_mode", "attr-set", 2,
     {H("attr", "dnnl_attr"), I("mode", 0, 3, 0)}, 0, NULL, 0},
    [MOCO_DNNL_POST_OPS_CREATE] = {"dnnl_post_ops_create", "attr", 0, {{0}}, 0, "dnnl_post_ops", 0},
    [MOCO_DNNL_POST_OPS_DESTROY] = {"dnnl_post_ops_destroy", "release", 1, {H("post_ops", "dnnl_post_ops")}, 0, NULL, 1},
    [MOCO_DNNL_POST_OPS_ELTWISE] = {"dnnl_post_ops_append_eltwise", "post-op", 5,
     {H("post_ops", "dnnl_post_ops"), R("scale", 0.125, 4, 1, 0.125), I("alg", 0, MOCO_DNNL_ELTWISE_ALGS - 1, 0),
      R("alpha", -4, 4, 0, 0.125), R("beta", -4, 4, 0, 0.125)}, 0, NULL, 0},
    [MOCO_DNNL_POST_OPS_SUM] = {"dnnl_post_ops_append_sum", "post-op", 2,
     {H("post_ops", "dnnl_post_ops"), R("scale", 0.125, 4, 1, 0.125)}, 0, NULL, 0},
    /* src1: a per-tensor broadcast (every dimension 1) with as many dimensions as md. */
    [MOCO_DNNL_POST_OPS_BINARY] = {"dnnl_post_ops_append_binary", "post-op", 3,
     {H("post_ops", "dnnl_post_ops"), I("alg", 0, MOCO_DNNL_BINARY_ALGS - 1, 0), H("md", "dnnl_md")}, 0, NULL, 0},
    [MOCO_DNNL_POST_OPS_LEN] = {"dnnl_post_ops_len", "post-op", 1, {H("post_ops", "dnnl_post_ops")}, 0, NULL, 0},
    [MOCO_DNNL_PD_REORDER] = {"dnnl_reorder_primitive_desc_create", "pd-create", 3,
     {H("src", "dnnl_md"), I("dst_tag", 0, MOCO_DNNL_TAG_CHOICES - 1, 1), I("dst_data_type", 1, 6, 3)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_REORDER_ATTR] = {"dnnl_reorder_primitive_desc_create+attr", "pd-create", 4,
     {H("src", "dnnl_md"), I("dst_tag", 0, MOCO_DNNL_TAG_CHOICES - 1, 1), I("dst_data_type", 1, 6, 3),
      H("attr", "dnnl_attr")}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_ELTWISE] = {"dnnl_eltwise_forward_desc_init", "pd-create", 4,
     {H("src", "dnnl_md"), I("alg", 0, MOCO_DNNL_ELTWISE_ALGS - 1, 0), R("alpha", -4, 4, 0, 0.125),
      R("beta", -4, 4, 0, 0.125)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_SOFTMAX] = {"dnnl_softmax_forward_desc_init", "pd-create", 2,
     {H("src", "dnnl_md"), I("axis", 0, 3, 1)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_POOLING] = {"dnnl_pooling_forward_desc_init", "pd-create", 5,
     {H("src", "dnnl_md"), I("alg", 0, MOCO_DNNL_POOLING_ALGS - 1, 0), I("kernel", 1, 3, 2), I("stride", 1, 2, 1),
      I("padding", 0, 1, 0)}, 0, "dnnl_pd", 0},
    /* groups: the harness uses the greatest common divisor of it, the source's channels and
     * oc (so every value is legal; equal to both channel counts: a depthwise convolution). */
    [MOCO_DNNL_PD_CONVOLUTION] = {"dnnl_convolution_forward_desc_init", "pd-create", 7,
     {H("src", "dnnl_md"), I("oc", 1, 16, 4), I("kernel", 1, 3, 3), I("stride", 1, 2, 1), I("padding", 0, 2, 1),
      I("bias", 0, 1, 1), I("groups", 1, 16, 1)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_CONVOLUTION_ATTR] = {"dnnl_convolution_forward_desc_init+attr", "pd-create", 8,
     {H("src", "dnnl_md"), I("oc", 1, 16, 4), I("kernel", 1, 3, 3), I("stride", 1, 2, 1), I("padding", 0, 2, 1),
      I("bias", 0, 1, 1), H("attr", "dnnl_attr"), I("groups", 1, 16, 1)}, 0, "dnnl_pd", 0},
    /* dilation: the gaps between kernel taps, oneDNN's convention (0: a dense kernel). */
    [MOCO_DNNL_PD_DILATED_CONVOLUTION] = {"dnnl_dilated_convolution_forward_desc_init", "pd-create", 8,
     {H("src", "dnnl_md"), I("oc", 1, 16, 4), I("kernel", 1, 3, 3), I("stride", 1, 2, 1), I("padding", 0, 2, 1),
      I("bias", 0, 1, 1), I("dilation", 0, 2, 1), I("groups", 1, 16, 1)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_INNER_PRODUCT] = {"dnnl_inner_product_forward_desc_init", "pd-create", 3,
     {H("src", "dnnl_md"), I("oc", 1, 16, 4), I("bias", 0, 1, 1)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_MATMUL] = {"dnnl_matmul_desc_init", "pd-create", 3,
     {H("src", "dnnl_md"), I("n", 1, 16, 4), I("bias", 0, 1, 0)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_MATMUL_ATTR] = {"dnnl_matmul_desc_init+attr", "pd-create", 4,
     {H("src", "dnnl_md"), I("n", 1, 16, 4), I("bias", 0, 1, 0), H("attr", "dnnl_attr")}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_BINARY] = {"dnnl_binary_desc_init", "pd-create", 3,
     {H("src0", "dnnl_md"), I("alg", 0, MOCO_DNNL_BINARY_ALGS - 1, 0), I("broadcast", 0, 1, 0)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_CONCAT] = {"dnnl_concat_primitive_desc_create", "pd-create", 3,
     {H("src", "dnnl_md"), I("copies", 1, 3, 2), I("axis", 0, 3, 1)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_SUM] = {"dnnl_sum_primitive_desc_create", "pd-create", 3,
     {H("src", "dnnl_md"), I("copies", 1, 3, 2), R("scale", 0.25, 4, 1, 0.25)}, 0, "dnnl_pd", 0},
    /* flags: dnnl_normalization_flags_t bits (dnnl_types.h 1579-1635). */
    [MOCO_DNNL_PD_BATCH_NORM] = {"dnnl_batch_normalization_forward_desc_init", "pd-create", 3,
     {H("src", "dnnl_md"), I("flags", 0, 31, 0), R("epsilon", 1e-6, 1, 1e-5, 1e-6)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_LAYER_NORM] = {"dnnl_layer_normalization_forward_desc_init", "pd-create", 3,
     {H("src", "dnnl_md"), I("flags", 0, 31, 0), R("epsilon", 1e-6, 1, 1e-5, 1e-6)}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_CLONE] = {"dnnl_primitive_desc_clone", "pd", 1, {H("existing", "dnnl_pd")}, 0, "dnnl_pd", 0},
    [MOCO_DNNL_PD_DESTROY] = {"dnnl_primitive_desc_destroy", "release", 1, {H("pd", "dnnl_pd")}, 0, NULL, 1},
    /* which: 0 the source (index 0), 1 the destination, 2 the execution argument of post-op
     * 0's source (dnnl_query_exec_arg_md, DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1). */
    [MOCO_DNNL_PD_QUERY_MD] = {"dnnl_primitive_desc_query_md", "pd", 2,
     {H("pd", "dnnl_pd"), I("which", 0, 2, 1)}, 0, "dnnl_md", 0},
    [MOCO_DNNL_PRIMITIVE_CREATE] = {"dnnl_primitive_create", "lifecycle", 1, {H("pd", "dnnl_pd")}, 0, "dnnl_primitive", 0},
    [MOCO_DNNL_PRIMITIVE_DESTROY] = {"dnnl_primitive_destroy", "release", 1, {H("primitive", "dnnl_primitive")}, 0, NULL, 1},
    /* The arguments a primitive takes besides src and dst (weights, bias, statistics,
     * workspace, scratchpad, post-op sources) are memories the harness makes from the
     * primitive descriptor's dnnl_query_exec_arg_md; src and dst are the program's memories
     * when their descriptors equal the primitive's (otherwise the harness makes them too). */
    [MOCO_DNNL_PRIMITIVE_EXECUTE] = {"dnnl_primitive_execute", "lifecycle", 3,
     {H("primitive", "dnnl_primitive"), H("src", "dnnl_memory"), H("dst", "dnnl_memory")}, 0, NULL, 0},
};
_Static_assert(sizeof dnnl_apis / sizeof *dnnl_apis == MOCO_DNNL_APIS, "one row per API of moco_dnnl_spec.h");

/* Which side's just-past value oneDNN documents as refused (bit 0 lower, bit 1 upper). */
static unsigned refused_sides(unsigned api, unsigned param) {
  if (api == MOCO_DNNL_MD_RESHAPE && param == 2) return 3;
  if ((api == MOCO_DNNL_ATTR_SCRATCHPAD_MODE || api == MOCO_DNNL_ATTR_FPMATH_MODE) && param == 1) return 3;
  return 0;
}

/* Normalization flags a primitive accepts together: dnnl_use_scaleshift (2) not with
 * dnnl_use_scale (8) or dnnl_use_shift (16) (dnnl_types.h 1620-1635: they replace it), and
 * dnnl_fuse_norm_relu (4) only for batch normalization (the layer normalization flags of
 * dnnl.h 2390-2400 do not list it). */
static int flags_allowed(unsigned api, int flags) {
  if ((flags & 2) && (flags & 24)) return 0;
  return api != MOCO_DNNL_PD_LAYER_NORM || !(flags & 4);
}

static int arg_int(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? (int)moco_value_number(k->args[i]) : 0;
}

static double arg_real(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? moco_value_number(k->args[i]) : 0;
}

/* The alg, alpha and beta parameters of an eltwise block or post-op, or 0. */
static unsigned eltwise_alg_param(int api) {
  return api == MOCO_DNNL_PD_ELTWISE ? 1 : api == MOCO_DNNL_POST_OPS_ELTWISE ? 2 : 0;
}

/* alpha and beta an eltwise algorithm accepts (oneDNN 2.6 math::is_eltwise_ok, which
 * dnnl_eltwise_forward_desc_init applies, refusing others with dnnl_invalid_arguments; the
 * eltwise developer guide's formulas need them): bounded_relu (index 7) alpha >= 0, clip and
 * clip_v2 (14, 15) alpha <= beta. */
static int alpha_beta_allowed(int alg, double alpha, double beta) {
  if (alg == 7) return alpha >= 0;
  if (alg == 14 || alg == 15) return alpha <= beta;
  return 1;
}

static int dnnl_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  int api = moco_api_index(&moco_dnnl_spec, p->blocks[b]->api);
  if (api < 0 || param >= dnnl_apis[api].n_params) return 0;
  const moco_param *q = &dnnl_apis[api].params[param];
  if (q->kind == MOCO_HANDLE) return 1; /* the post-processor keeps references valid */
  if (v < q->lo || v > q->hi || (q->kind == MOCO_INT && v != floor(v))) return 0;
  const Mlf__Moco__Block *k = p->blocks[b];
  /* pooling: padding smaller than the kernel (the window never lies wholly in padding) */
  if (api == MOCO_DNNL_PD_POOLING && param == 4) return v < arg_int(k, 2);
  if (api == MOCO_DNNL_PD_POOLING && param == 2) return v > arg_int(k, 4);
  if ((api == MOCO_DNNL_PD_BATCH_NORM || api == MOCO_DNNL_PD_LAYER_NORM) && param == 1)
    return flags_allowed((unsigned)api, (int)v);
  unsigned e = eltwise_alg_param(api);
  if (e && param >= e && param <= e + 2) {
    double x[3] = {arg_int(k, e), arg_real(k, e + 1), arg_real(k, e + 2)};
    x[param - e] = v;
    return alpha_beta_allowed((int)x[0], x[1], x[2]);
  }
  return 1;
}

static void set_integer(Mlf__Moco__Value *v, int64_t x) {
  v->kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
  v->integer = x;
}

/* A pooling padding below its kernel; normalization flags a primitive accepts (dropping the
 * bits that conflict); eltwise alpha and beta its algorithm accepts (alpha made non-negative,
 * or alpha and beta swapped). Arguments are already in range. */
static void dnnl_legalize(Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks; b++) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_dnnl_spec, k->api);
    if (api == MOCO_DNNL_PD_POOLING && arg_int(k, 4) >= arg_int(k, 2)) set_integer(k->args[4], arg_int(k, 2) - 1);
    if ((api == MOCO_DNNL_PD_BATCH_NORM || api == MOCO_DNNL_PD_LAYER_NORM) &&
        !flags_allowed((unsigned)api, arg_int(k, 1))) {
      int flags = arg_int(k, 1);
      if (flags & 2) flags &= ~24;
      if (api == MOCO_DNNL_PD_LAYER_NORM) flags &= ~4;
      set_integer(k->args[1], flags);
    }
    unsigned e = eltwise_alg_param(api);
    if (e && !alpha_beta_allowed(arg_int(k, e), arg_real(k, e + 1), arg_real(k, e + 2))) {
      Mlf__Moco__Value *alpha = k->args[e + 1], *beta = k->args[e + 2];
      if (arg_int(k, e) == 7) alpha->real = -alpha->real;
      else k->args[e + 1] = beta, k->args[e + 2] = alpha;
    }
  }
}

static int dnnl_refused(unsigned api, unsigned param, int upper) {
  return (refused_sides(api, param) >> (upper ? 1 : 0)) & 1;
}

const moco_spec moco_dnnl_spec = {"dnnl", dnnl_apis, sizeof dnnl_apis / sizeof *dnnl_apis, -1,
                                  dnnl_legalize, dnnl_legal, dnnl_refused, 0};
