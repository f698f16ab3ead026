/* Ground truth, written here and not under test, for the weighted primitives of the
 * DNNL_PRIMITIVES template: forward convolution (strides, padding, dilation, groups), inner
 * product and matmul (batch broadcast, bias broadcast) on f32, bf16 or f16 source and
 * weights (f32 accumulation) or u8 and s8 ones (s32 accumulation), any bias type, and an f32,
 * bf16 or f16 destination, in any blocked layout (each logical element read through its
 * descriptor), with a
 * common output scale and eltwise post-ops whose function is Lipschitz and at most one rounding
 * (relu, abs, clip, clip_v2, bounded_relu). Each destination element is computed in double and
 * compared with oneDNN's within the error bound of dnnl_bound.h. What the reference needs is
 * recorded where the harness creates the primitive descriptor (dnnl_pd.c), from the values it
 * passed, not read back from oneDNN. */
#ifndef DNNL_REFERENCE_H
#define DNNL_REFERENCE_H
#include <stddef.h>
#include <oneapi/dnnl/dnnl.h>

#define DNNL_MAX_POST_OPS 8

typedef enum {
  DNNL_WEIGHTED_NONE,
  DNNL_WEIGHTED_CONVOLUTION,
  DNNL_WEIGHTED_INNER_PRODUCT,
  DNNL_WEIGHTED_MATMUL
} dnnl_weighted_kind;

/* The logical dims a weighted primitive was created with. A grouped convolution's weights are
 * {G, OC/G, IC/G, k...}, an ungrouped one's {OC, IC, k...} (groups 1). */
typedef struct {
  dnnl_weighted_kind kind;
  int ndims, weights_ndims, bias_ndims, dst_ndims; /* ndims: the source's; bias 0: none */
  dnnl_dims_t src, weights, bias, dst;
  dnnl_dim_t stride[3], pad_l[3], dilation[3]; /* convolution, per spatial dim; dilation 0: none */
  dnnl_dim_t groups;
} dnnl_weighted_shape;

/* One post-op as appended: kind dnnl_eltwise (alg, scale, alpha, beta), dnnl_sum (scale) or
 * dnnl_binary (alg, src1_ndims: the rank of its per-tensor source). */
typedef struct {
  dnnl_primitive_kind_t kind;
  dnnl_alg_kind_t alg;
  float scale, alpha, beta;
  int src1_ndims;
} dnnl_post_op;

/* What an attribute changes in the arithmetic: dst = post-ops(output_scale * (sum + bias)). */
typedef struct {
  float output_scale;        /* 1 when none was set */
  dnnl_fpmath_mode_t fpmath; /* the attribute's, or the default mode without one */
  dnnl_post_op post_op[DNNL_MAX_POST_OPS];
  int n_post_ops;
} dnnl_arithmetic;

/* A tensor as the primitive saw it. */
typedef struct {
  const dnnl_memory_desc_t *md;
  const void *buffer;
} dnnl_tensor;

/* The first destination element outside the bound. */
typedef struct {
  size_t element;   /* logical, row-major over the destination's dims */
  double got, want, bound;
  size_t terms;     /* the accumulation length K */
} dnnl_reference_miss;

enum { DNNL_REFERENCE_AGREES, DNNL_REFERENCE_DIFFERS, DNNL_REFERENCE_SKIPPED };

/* 1 when md's logical dims are the n dims given. */
int dnnl_reference_dims_are(const dnnl_memory_desc_t *md, int n, const dnnl_dim_t *dims);

/* Checks every element of dst against the reference of shape and arithmetic on src, weights
 * and bias (bias.md NULL when the shape has none; the descriptors' dims must be the shape's).
 * DNNL_REFERENCE_DIFFERS fills miss; DNNL_REFERENCE_SKIPPED sets why (a data type other than
 * those dnnl_data_value reads, an integer destination, a layout that is not blocked, a post-op
 * without a model, an fpmath mode or magnitude for which the bound does not hold). */
int dnnl_reference_check(const dnnl_weighted_shape *shape, const dnnl_arithmetic *arith, dnnl_tensor src,
                         dnnl_tensor weights, dnnl_tensor bias, dnnl_tensor dst, dnnl_reference_miss *miss,
                         const char **why);
#endif
