/* The error bound of the weighted-primitive reference (dnnl_bound.h): ground truth, not under
 * test. */
#include "dnnl_bound.h"
#include <float.h>
#include <math.h>

/* The unit roundoff of double, in which the reference computes. */
#define DOUBLE_U 0x1p-53

/* The formats: unit roundoff, smallest normal, largest finite value. */
#define F32 0x1p-24, FLT_MIN, FLT_MAX
#define BF16 0x1p-8, FLT_MIN, 0x1.fep127
#define F16 0x1p-11, 0x1p-14, 65504

dnnl_bound_format dnnl_bound_format_of(dnnl_fpmath_mode_t mode) {
  switch (mode) {
    case dnnl_fpmath_mode_strict: return (dnnl_bound_format){F32, 0};
    case dnnl_fpmath_mode_bf16: return (dnnl_bound_format){BF16, 2};
    case dnnl_fpmath_mode_f16: return (dnnl_bound_format){F16, 2};
    default: return (dnnl_bound_format){0x1p-8, 0x1p-14, 65504, 2}; /* any: bf16's precision, f16's range */
  }
}

double dnnl_bound_gamma(size_t n, double u) {
  double nu = (double)n * u;
  return nu < 1 ? nu / (1 - nu) : INFINITY;
}

int dnnl_bound_input_fits(double v, const dnnl_bound_format *f) {
  return f->conversions == 0 || v == 0 || (fabs(v) >= f->tiny && fabs(v) <= f->huge);
}

/* The bound itself infinite when a value of magnitude up to `reach` may overflow f. */
static dnnl_bounded checked(double want, double bound, double reach, const dnnl_bound_format *f) {
  return (dnnl_bounded){want, reach < f->huge ? bound : INFINITY};
}

dnnl_bounded dnnl_bound_accumulation(double sum, double magnitude, size_t terms, int with_bias, float output_scale,
                                     const dnnl_bound_format *f) {
  size_t n = terms + (with_bias ? 1 : 0) + (output_scale != 1 ? 1 : 0) + (size_t)f->conversions;
  double gamma = dnnl_bound_gamma(n, f->u), scale = fabs((double)output_scale);
  /* The reference's sum: one double rounding per term, and one for the scaling. */
  double own = dnnl_bound_gamma(terms + (with_bias ? 1 : 0) + 1, DOUBLE_U);
  double absolute = (double)n * f->tiny * (1 + gamma) * fmax(1, scale);
  double bound = scale * magnitude * (gamma + own) + absolute;
  /* Every partial sum, scaled or not, is at most magnitude (1 + gamma) in size. */
  return checked((double)output_scale * sum, bound, fmax(1, scale) * magnitude * (1 + gamma) + absolute, f);
}

dnnl_bounded dnnl_bound_store(dnnl_bounded v, dnnl_data_type_t dt) {
  if (dt == dnnl_f32) return v;
  if (dt != dnnl_bf16 && dt != dnnl_f16) return (dnnl_bounded){v.want, INFINITY};
  dnnl_bound_format f = dt == dnnl_bf16 ? (dnnl_bound_format){BF16, 0} : (dnnl_bound_format){F16, 0};
  double reach = fabs(v.want) + v.bound;
  return checked(v.want, v.bound + f.u * reach + f.tiny, reach * (1 + f.u) + f.tiny, &f);
}

int dnnl_bound_eltwise_modelled(dnnl_alg_kind_t alg) {
  return alg == dnnl_eltwise_relu || alg == dnnl_eltwise_abs || alg == dnnl_eltwise_clip ||
         alg == dnnl_eltwise_clip_v2 || alg == dnnl_eltwise_bounded_relu;
}

/* f(x) of a modelled algorithm by the eltwise developer guide's forward formulas, in double,
 * and its Lipschitz constant: |f(a) - f(b)| <= lipschitz |a - b|. */
static double eltwise(const dnnl_post_op *op, double x, double *lipschitz) {
  double alpha = op->alpha, beta = op->beta;
  *lipschitz = 1;
  switch (op->alg) {
    case dnnl_eltwise_relu: *lipschitz = fmax(1, fabs(alpha)); return x > 0 ? x : alpha * x;
    case dnnl_eltwise_abs: return fabs(x);
    case dnnl_eltwise_bounded_relu: return x <= 0 ? 0 : x > alpha ? alpha : x;
    default: return x <= alpha ? alpha : x > beta ? beta : x; /* clip, clip_v2 */
  }
}

/* oneDNN computes scale * f(x^) from its x^ (|x^ - x| <= x.bound): f moves it by at most
 * lipschitz * x.bound and rounds at most once (relu's alpha * x), the scaling rounds once;
 * each rounding may add the format's smallest normal; the reference's double products round
 * twice at most. */
dnnl_bounded dnnl_bound_eltwise(dnnl_bounded x, const dnnl_post_op *op, const dnnl_bound_format *f) {
  double lipschitz, fx = eltwise(op, x.want, &lipschitz), scale = fabs((double)op->scale);
  double moved = lipschitz * x.bound, after_f = moved + f->u * (fabs(fx) + moved) + f->tiny;
  double reach = scale * (fabs(fx) + after_f);
  double want = (double)op->scale * fx;
  double bound = scale * after_f + f->u * reach + f->tiny + 2 * DOUBLE_U * fabs(want);
  return checked(want, bound, reach * (1 + f->u) + f->tiny, f);
}
