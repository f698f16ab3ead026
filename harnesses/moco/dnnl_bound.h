/* The error bound of the weighted-primitive reference (dnnl_reference.h): how far oneDNN's
 * f32 result may lie from the value the reference computes, by the standard rounding-error
 * analysis of a dot product (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed.,
 * section 3.1, eq. 3.5, which holds for every order of summation, FMA or not):
 *   |fl(sum_k w_k x_k) - sum_k w_k x_k| <= gamma_n * sum_k |w_k x_k|,  gamma_n = n u / (1 - n u),
 * with n the number of roundings any one term meets: K products and sums, one more for the
 * bias, one for an output scale, two when the fpmath mode lets the inputs be rounded to a
 * narrower format. u is the unit roundoff of the narrowest format the primitive may compute
 * in. The fpmath mode (oneDNN 2.6 doc/programming_model/attributes_fpmath_mode.md) says
 * "these down-conversions are allowed only during computation", without saying which
 * operations, so every one of them is assumed to be done in the narrowest format allowed:
 *   strict  f32  u = 2^-24
 *   bf16    bf16 u = 2^-8 ("down-conversion only from f32 to a datatype at least as accurate
 *                          as the specified data-type (at least same number of exponent and
 *                          mantissa bits)": bf16 itself is the least accurate)
 *   f16     f16  u = 2^-11 (f16's 10 stored mantissa bits; its range ends at 65504)
 *   any     bf16's u = 2^-8 with f16's range ("all conversions from f32 to a smaller
 *           floating-point datatype (bf16 or f16)")
 * (oneDNN 2.6 has no tf32 mode.) Where n u >= 1 the bound says nothing and the element is not
 * judged. Low-precision sources follow oneDNN 2.6's "General numerical behavior"
 * (doc/programming_model/data_types.md): bf16 and f16 inputs accumulate in f32 (then as above),
 * s8 and u8 in s32, exactly ("This attribute is ignored if a primitive computation data-type
 * is integral": strict), then "convert_dst_dt(postops_f32(oscale_f32 * convert_f32(Op(...))))":
 * a bf16 or f16 destination rounds once more in its own format (round to nearest). The model
 * fl(a op b) = (a op b)(1 + d) + e, |d| <= u, needs no overflow, and its absolute part e
 * (underflow, or a flush to zero) is at most the format's smallest normal per operation: the
 * bound adds that, and inputs outside the format's normal range are not judged in the f16
 * modes. The s8 and u8 inputs the harness makes are at most 255 by 4 in magnitude, so the u8
 * by s8 pair sums of AVX2 and AVX-512 kernels without VNNI cannot saturate
 * (doc/advanced/int8_computations.md). */
#ifndef DNNL_BOUND_H
#define DNNL_BOUND_H
#include <stddef.h>
#include "dnnl_reference.h"

/* The narrowest format an fpmath mode lets a primitive compute in. */
typedef struct {
  double u;          /* unit roundoff */
  double tiny;       /* smallest normal: the absolute error an operation may add */
  double huge;       /* largest finite value */
  int conversions;   /* roundings of an input per product: 0 (f32 throughout) or 2 */
} dnnl_bound_format;

dnnl_bound_format dnnl_bound_format_of(dnnl_fpmath_mode_t mode);
/* gamma_n = n u / (1 - n u), or infinity when n u >= 1. */
double dnnl_bound_gamma(size_t n, double u);
/* 1 when an input value is exact or rounds relatively in format f (0, or a magnitude within
 * its normal range). */
int dnnl_bound_input_fits(double v, const dnnl_bound_format *f);

/* A value of the reference and the bound on oneDNN's distance from it (infinite: not judged). */
typedef struct {
  double want, bound;
} dnnl_bounded;

/* output_scale * (sum + bias) of `terms` products: sum as the reference computed it in double,
 * magnitude = sum |w x| + |bias|. The bound includes the reference's own double rounding. */
dnnl_bounded dnnl_bound_accumulation(double sum, double magnitude, size_t terms, int with_bias, float output_scale,
                                     const dnnl_bound_format *f);
/* v stored to a destination of type dt: f32 as computed, bf16 and f16 rounded once more;
 * another type has no model (infinite bound). */
dnnl_bounded dnnl_bound_store(dnnl_bounded v, dnnl_data_type_t dt);
/* 1 when the reference models eltwise post-ops of alg (Lipschitz, at most one rounding). */
int dnnl_bound_eltwise_modelled(dnnl_alg_kind_t alg);
/* scale * alg(x) of a modelled eltwise post-op. */
dnnl_bounded dnnl_bound_eltwise(dnnl_bounded x, const dnnl_post_op *op, const dnnl_bound_format *f);
#endif
