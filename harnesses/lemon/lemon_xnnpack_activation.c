/* The layer activation (oneDNN's formulas, lemon_graph.h) on XNNPACK: clamps as output ranges
 * or clamp nodes, the element-wise nodes this XNNPACK has (abs, elu, hardswish, leaky ReLU,
 * sigmoid, square, square root, bankers' rounding), SWISH with alpha 1 as x * sigmoid(x) and
 * AFFINE as a multiply then an add (one rounding each, as any float implementation).
 * TANH, SOFT_RELU, EXP, LOG, POW, GELU, LOGSIGMOID and MISH have no f32 node in this snapshot:
 * unsupported (TANH as 2 sigmoid(2x) - 1 would lose all relative accuracy near 0). */
#include <math.h>
#include "lemon_xnnpack_internal.h"

#define ACT(name) MLF__LEMON__ACTIVATION__##name

int lx_activation_clamp(const lemon_layer *l, float *lo, float *hi) {
  *lo = -INFINITY, *hi = INFINITY;
  switch (l->act) {
    case ACT(LINEAR): return 1;
    case ACT(RELU):
      if (l->act_alpha != 0) return 0;
      *lo = 0;
      return 1;
    case ACT(BOUNDED_RELU): *lo = 0, *hi = (float)l->act_alpha; return 1;
    case ACT(CLIP): *lo = (float)l->act_alpha, *hi = (float)l->act_beta; return 1;
    default: return 0;
  }
}

int lx_activation_supported(lx_ctx *c, const lemon_layer *l) {
  const char *name = lemon_activation_name(l->act);
  float lo, hi, alpha = (float)l->act_alpha;
  if (lx_activation_clamp(l, &lo, &hi)) {
    /* XNNPACK needs output_min < output_max; a degenerate clamp is a constant it lacks. */
    if (!(lo < hi))
      return lx_unsupported(c, "activation %s with empty range [%g, %g]", name, lo, hi);
    return 0;
  }
  switch (l->act) {
    case ACT(RELU): /* leaky */
      if (!isfinite(alpha)) return lx_unsupported(c, "leaky RELU alpha %g not finite", alpha);
      return 0;
    case ACT(ELU):
      if (!(alpha > 0) || !isnormal(alpha))
        return lx_unsupported(c, "ELU alpha %g (XNNPACK takes a positive normal alpha)", alpha);
      return 0;
    case ACT(SWISH):
      if (l->act_alpha != 1)
        return lx_unsupported(c, "SWISH alpha %g (only alpha 1 is x * sigmoid(x) exactly)",
                              l->act_alpha);
      return 0;
    case ACT(AFFINE):
      if (!isfinite(alpha) || !isfinite((float)l->act_beta))
        return lx_unsupported(c, "AFFINE parameters not finite in float");
      return 0;
    case ACT(SQUARE):
    case ACT(ABS):
    case ACT(SQRT):
    case ACT(LOGISTIC):
    case ACT(ROUND):
    case ACT(HARDSWISH): return 0;
    default: return lx_unsupported(c, "activation %s: no such f32 operator in this XNNPACK", name);
  }
}

/* One unary node from in to out. */
static int unary(lx_ctx *c, const lemon_layer *l, uint32_t in, uint32_t out) {
  switch (l->act) {
    case ACT(RELU):
      return lx_check(c, xnn_define_leaky_relu(c->sg, (float)l->act_alpha, in, out, 0),
                      "xnn_define_leaky_relu");
    case ACT(ELU):
      return lx_check(c, xnn_define_elu(c->sg, (float)l->act_alpha, in, out, 0), "xnn_define_elu");
    case ACT(SQUARE): return lx_check(c, xnn_define_square(c->sg, in, out, 0), "xnn_define_square");
    case ACT(ABS): return lx_check(c, xnn_define_abs(c->sg, in, out, 0), "xnn_define_abs");
    case ACT(SQRT):
      return lx_check(c, xnn_define_square_root(c->sg, in, out, 0), "xnn_define_square_root");
    case ACT(LOGISTIC):
      return lx_check(c, xnn_define_sigmoid(c->sg, in, out, 0), "xnn_define_sigmoid");
    case ACT(ROUND): /* oneDNN rounds half to even (nearbyintf) */
      return lx_check(c, xnn_define_bankers_rounding(c->sg, in, out, 0),
                      "xnn_define_bankers_rounding");
    case ACT(HARDSWISH):
      return lx_check(c, xnn_define_hardswish(c->sg, in, out, 0), "xnn_define_hardswish");
    default: return lx_failed(c, "harness: activation %d has no unary node", (int)l->act);
  }
}

int lx_activation_nodes(lx_ctx *c, const lemon_layer *l, uint32_t in, uint32_t out, size_t rank,
                        const size_t *dims) {
  float lo, hi;
  if (lx_activation_clamp(l, &lo, &hi))
    return lx_check(c, xnn_define_clamp(c->sg, lo, hi, in, out, 0), "xnn_define_clamp");
  if (l->act == ACT(SWISH)) {
    uint32_t sig = lx_internal(c, rank, dims);
    if (sig == XNN_INVALID_VALUE_ID ||
        lx_check(c, xnn_define_sigmoid(c->sg, in, sig, 0), "xnn_define_sigmoid (SWISH)") < 0)
      return -1;
    return lx_check(c, xnn_define_multiply2(c->sg, -INFINITY, INFINITY, in, sig, out, 0),
                    "xnn_define_multiply2 (SWISH)");
  }
  if (l->act == ACT(AFFINE)) {
    uint32_t alpha = lx_scalar(c, (float)l->act_alpha, "AFFINE alpha");
    uint32_t beta = lx_scalar(c, (float)l->act_beta, "AFFINE beta");
    uint32_t scaled = lx_internal(c, rank, dims);
    if (scaled == XNN_INVALID_VALUE_ID || alpha == XNN_INVALID_VALUE_ID ||
        beta == XNN_INVALID_VALUE_ID ||
        lx_check(c, xnn_define_multiply2(c->sg, -INFINITY, INFINITY, in, alpha, scaled, 0),
                 "xnn_define_multiply2 (AFFINE)") < 0)
      return -1;
    return lx_check(c, xnn_define_add2(c->sg, -INFINITY, INFINITY, scaled, beta, out, 0),
                    "xnn_define_add2 (AFFINE)");
  }
  return unary(c, l, in, out);
}
