/* The weighted-primitive reference (dnnl_reference.h): ground truth, not under test. Each
 * tensor is first read into a dense row-major array of doubles through its descriptor
 * (dnnl_data_offset), then every destination element is a plain dot product over them. */
#include "dnnl_reference.h"
#include <math.h>
#include <stdlib.h>
#include "dnnl_bound.h"
#include "dnnl_data.h"

int dnnl_reference_dims_are(const dnnl_memory_desc_t *md, int n, const dnnl_dim_t *dims) {
  if (md->ndims != n) return 0;
  for (int d = 0; d < n; d++)
    if (md->dims[d] != dims[d]) return 0;
  return 1;
}

/* The logical elements of t as doubles, row-major; *fits cleared when one lies outside the
 * range format f rounds relatively. */
static double *dense(dnnl_tensor t, const dnnl_bound_format *f, int *fits) {
  size_t n = dnnl_data_elements(t.md);
  double *x = malloc((n ? n : 1) * sizeof *x);
  if (!x) abort();
  for (size_t e = 0; e < n; e++) {
    x[e] = dnnl_data_value(t.md, t.buffer, e);
    *fits &= dnnl_bound_input_fits(x[e], f);
  }
  return x;
}

/* The row-major index of position pos in dims. */
static size_t logical_index(int ndims, const dnnl_dim_t *dims, const dnnl_dim_t *pos) {
  size_t e = 0;
  for (int d = 0; d < ndims; d++) e = e * (size_t)dims[d] + (size_t)pos[d];
  return e;
}

/* The position of row-major index e in dims. */
static void position_of(size_t e, int ndims, const dnnl_dim_t *dims, dnnl_dim_t *pos) {
  for (int d = ndims - 1; d >= 0; d--) {
    pos[d] = (dnnl_dim_t)(e % (size_t)dims[d]);
    e /= (size_t)dims[d];
  }
}

/* A dot product in double: its value and the sum of its terms' magnitudes. */
typedef struct {
  double sum, magnitude;
  size_t terms;
} dot;

static void add_term(dot *d, double w, double x) {
  d->sum += w * x;
  d->magnitude += fabs(w * x);
}

/* Destination element (n, oc, o...) of a convolution: over the input channels of oc's group
 * and every kernel tap, the source at o * stride - pad_l + k * (dilation + 1) (taps in the
 * padding add 0). Weights {G, OC/G, IC/G, k...} are row-major over (oc, ic in group, k...) in
 * both the grouped and the ungrouped form. */
static dot convolution(const dnnl_weighted_shape *s, const double *src, const double *wei, const dnnl_dim_t *pos) {
  int spatial = s->ndims - 2;
  dnnl_dim_t ic_per_group = s->src[1] / s->groups, oc_per_group = s->dst[1] / s->groups;
  dnnl_dim_t first_ic = pos[1] / oc_per_group * ic_per_group, taps = 1;
  const dnnl_dim_t *kernel = &s->weights[s->weights_ndims - spatial];
  for (int d = 0; d < spatial; d++) taps *= kernel[d];
  dot r = {0, 0, (size_t)(ic_per_group * taps)};
  for (dnnl_dim_t ic = 0; ic < ic_per_group; ic++)
    for (dnnl_dim_t tap = 0; tap < taps; tap++) {
      dnnl_dim_t at[DNNL_MAX_NDIMS] = {pos[0], first_ic + ic}, rest = tap;
      int inside = 1;
      for (int d = spatial - 1; d >= 0; d--) {
        dnnl_dim_t k = rest % kernel[d];
        rest /= kernel[d];
        at[2 + d] = pos[2 + d] * s->stride[d] - s->pad_l[d] + k * (s->dilation[d] + 1);
        inside &= at[2 + d] >= 0 && at[2 + d] < s->src[2 + d];
      }
      if (inside) add_term(&r, wei[((size_t)pos[1] * (size_t)ic_per_group + (size_t)ic) * (size_t)taps + (size_t)tap],
                           src[logical_index(s->ndims, s->src, at)]);
    }
  return r;
}

/* Destination element (n, oc) of an inner product: source image n against weights row oc,
 * both over every dim after the first. */
static dot inner_product(const dnnl_weighted_shape *s, const double *src, const double *wei, const dnnl_dim_t *pos) {
  size_t inner = 1;
  for (int d = 1; d < s->ndims; d++) inner *= (size_t)s->src[d];
  dot r = {0, 0, inner};
  for (size_t e = 0; e < inner; e++) add_term(&r, wei[(size_t)pos[1] * inner + e], src[(size_t)pos[0] * inner + e]);
  return r;
}

/* pos with every dim where dims is 1 set to 0 (the broadcast of matmul's batch dims and
 * bias). */
static size_t broadcast_index(int ndims, const dnnl_dim_t *dims, const dnnl_dim_t *pos) {
  dnnl_dim_t at[DNNL_MAX_NDIMS];
  for (int d = 0; d < ndims; d++) at[d] = dims[d] == 1 ? 0 : pos[d];
  return logical_index(ndims, dims, at);
}

/* Destination element (batch..., m, n) of a matmul: row m of the source against column n of
 * the weights, each in its (broadcast) batch. */
static dot matmul(const dnnl_weighted_shape *s, const double *src, const double *wei, const dnnl_dim_t *pos) {
  int nd = s->ndims;
  dnnl_dim_t at[DNNL_MAX_NDIMS];
  for (int d = 0; d < nd; d++) at[d] = pos[d];
  size_t k_count = (size_t)s->src[nd - 1], n_count = (size_t)s->weights[nd - 1];
  at[nd - 1] = 0;
  size_t row = broadcast_index(nd, s->src, at);
  at[nd - 2] = 0, at[nd - 1] = pos[nd - 1];
  size_t column = broadcast_index(nd, s->weights, at);
  dot r = {0, 0, k_count};
  for (size_t k = 0; k < k_count; k++) add_term(&r, wei[column + k * n_count], src[row + k]);
  return r;
}

/* The bias of destination position pos (0 without one). */
static double bias_of(const dnnl_weighted_shape *s, const double *bias, const dnnl_dim_t *pos) {
  if (!s->bias_ndims) return 0;
  if (s->kind != DNNL_WEIGHTED_MATMUL) return bias[pos[1]];
  return bias[broadcast_index(s->ndims, s->bias, pos)];
}

static int readable(dnnl_data_type_t dt) {
  return dt == dnnl_f32 || dt == dnnl_bf16 || dt == dnnl_f16 || dt == dnnl_s32 || dt == dnnl_s8 || dt == dnnl_u8;
}

/* Why the reference cannot judge these arguments (source, weights, destination, bias), or
 * NULL. */
static const char *unjudgeable(const dnnl_weighted_shape *s, const dnnl_arithmetic *arith, const dnnl_tensor *t) {
  for (int i = 0; i < 4; i++) {
    if (i == 3 && !s->bias_ndims) continue;
    if (!readable(t[i].md->data_type)) return "a data type the reference does not read";
    if (t[i].md->format_kind != dnnl_blocked) return "a tensor has no blocked layout";
  }
  dnnl_data_type_t dst = t[2].md->data_type;
  if (dst != dnnl_f32 && dst != dnnl_bf16 && dst != dnnl_f16) return "an integer destination (saturation not modelled)";
  for (int i = 0; i < arith->n_post_ops; i++)
    if (arith->post_op[i].kind != dnnl_eltwise || !dnnl_bound_eltwise_modelled(arith->post_op[i].alg))
      return "a post-op without a model (sum, binary, non-Lipschitz eltwise)";
  return NULL;
}

/* The format a primitive computes in: f32, or what its fpmath mode allows; an integral
 * computation (s8 or u8 source) accumulates exactly in s32 whatever the mode. */
static dnnl_bound_format computation(const dnnl_arithmetic *arith, dnnl_data_type_t src) {
  return dnnl_bound_format_of(src == dnnl_s8 || src == dnnl_u8 ? dnnl_fpmath_mode_strict : arith->fpmath);
}

int dnnl_reference_check(const dnnl_weighted_shape *shape, const dnnl_arithmetic *arith, dnnl_tensor src,
                         dnnl_tensor weights, dnnl_tensor bias, dnnl_tensor dst, dnnl_reference_miss *miss,
                         const char **why) {
  const dnnl_tensor tensors[4] = {src, weights, dst, bias};
  if ((*why = unjudgeable(shape, arith, tensors)) != NULL) return DNNL_REFERENCE_SKIPPED;
  dnnl_bound_format f = computation(arith, src.md->data_type);
  int fits = 1, result = DNNL_REFERENCE_AGREES;
  double *x = dense(src, &f, &fits), *w = dense(weights, &f, &fits), *b = shape->bias_ndims ? dense(bias, &f, &fits) : NULL;
  if (!fits) {
    *why = "an input outside the computing format's normal range";
    result = DNNL_REFERENCE_SKIPPED;
  }
  for (size_t e = 0, n = dnnl_data_elements(dst.md); e < n && fits && result != DNNL_REFERENCE_DIFFERS; e++) {
    dnnl_dim_t pos[DNNL_MAX_NDIMS];
    position_of(e, shape->dst_ndims, shape->dst, pos);
    dot r = shape->kind == DNNL_WEIGHTED_CONVOLUTION ? convolution(shape, x, w, pos)
            : shape->kind == DNNL_WEIGHTED_INNER_PRODUCT ? inner_product(shape, x, w, pos)
                                                        : matmul(shape, x, w, pos);
    double beta = bias_of(shape, b, pos);
    dnnl_bounded v = dnnl_bound_accumulation(r.sum + beta, r.magnitude + fabs(beta), r.terms, shape->bias_ndims != 0,
                                             arith->output_scale, &f);
    for (int i = 0; i < arith->n_post_ops; i++) v = dnnl_bound_eltwise(v, &arith->post_op[i], &f);
    v = dnnl_bound_store(v, dst.md->data_type);
    double got = dnnl_data_value(dst.md, dst.buffer, e);
    if (isinf(v.bound)) {
      *why = "no bound (K u >= 1, or overflow, in the computing format)";
      result = DNNL_REFERENCE_SKIPPED;
    } else if (!(fabs(got - v.want) <= v.bound)) {
      *miss = (dnnl_reference_miss){e, got, v.want, v.bound, r.terms};
      result = DNNL_REFERENCE_DIFFERS;
    }
  }
  free(x), free(w), free(b);
  return result;
}
