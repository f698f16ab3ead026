/* The non-finite results the specification allows for one part of a BLAS result that is a sum
 * of products, as a set of MLF_MAY_* bits for mlf_expect.overflow_possible (mlf_numeric.h), in
 * place of "any non-finite result stands".
 * The reference BLAS (netlib 3.11) forms complex products with Fortran's complex multiply,
 * which gfortran compiles to the textbook formula (xr yr - xi yi, xr yi + xi yr) without the
 * C11 Annex G recovery of an infinity from NaN parts (GCC's -fcx-fortran-rules, the Fortran
 * default); OpenBLAS, BLIS, ATLAS and GSL's CBLAS write the same formula in real arithmetic.
 * What the specification leaves open is the order: which complex product comes first
 * (alpha (x y), (alpha x) y, (alpha y) x, alpha applied to each product or to the sum), the
 * association of every sum, and rounding. IEEE 754-2019 fixes the rest: 6.1 (a sum of
 * infinities of one sign is that infinity), 6.2 (a NaN operand gives NaN), 7.2 (Inf - Inf and
 * 0 x Inf are invalid: NaN), 4.3 (rounding keeps the sign; a finite value rounds to zero or
 * overflows only near the ends of the range). */
#ifndef BLAS_ALLOWED_H
#define BLAS_ALLOWED_H
#include <stddef.h>
#include "blas_operand.h"
#include "blas_product_reference.h"

/* A sum f[0] f[1] + f[2] f[3] + ... of k products of two inputs (a level-1 part: scal, axpy,
 * rot, a dot), whose long-double value the expectation holds. Without an overflow (overflow
 * 0) its class is fixed in every order (NaN from a NaN factor, Inf x 0 or infinities of both
 * signs; else the infinity's sign), so no other non-finite result stands: 0. When a product
 * or partial sum may overflow, an overflowed value has the sign of a term (rounding keeps
 * signs), so: that infinity (or NaN) when an infinite term fixes the sign, else the signs of
 * the nonzero terms, and NaN when both signs are there. */
int blas_allowed_sum_of_products(const double *f, int k, int overflow);

/* One complex element alpha sum_l x_l y_l + beta c (the terms that enter; products 0 for an
 * empty sum or alpha = 0 where the BLAS does not form them, with_beta 0 where beta C is not
 * read). */
typedef struct {
  const blas_precision *p;
  blas_cld alpha, beta, c;
  const blas_cld *x, *y; /* k factor pairs */
  size_t k;
  int products, with_beta;
  int zero_parts; /* the complex-zero-parts arithmetic: a component product with an exact zero
                     factor counts as zero (blas_product_reference.h) */
  int product_times_unit; /* the product-times-unit semantics: the products' sum, alpha
                             applied, times (1, 0) before beta c is added */
  /* The reference's own order where it multiplies alpha by a partial sum (blas_product's
   * reference_split): 1 for the terms that enter that sum, one per term; NULL where it has none. */
  const unsigned char *in_partial_sum;
  int split_alpha_left; /* the other terms are (alpha x) y, else (alpha y) x */
} blas_complex_element;

/* The non-finite results allowed in part 0 (real) and 1 (imaginary) of e: the union, over the
 * orders above, the reference's split where it has one (and alpha or beta = 1 left out, as the reference leaves beta = 1 out and
 * kernels skip a unit alpha), of each order's class in exact arithmetic (NaN, +Inf, -Inf or
 * finite); all three where a finite intermediate that rounding may take to zero, to either
 * sign, or past the overflow threshold (its error bound reaches its value or the largest
 * number) meets an infinity or enters the result, and where a partial sum of the real products
 * may overflow in some association (the positive or the negative ones reach the largest
 * number), however small the whole sum. A part every order keeps finite gets 0.
 * need (NULL: the whole union) names the MLF_MAY_* bits per part a caller asks about: the
 * orders are evaluated until each part's set holds them. Returns 1 when the sets are the whole
 * union (every order evaluated, or every result allowed in both parts), 0 when they are a part
 * of it that holds need (a subset: a result in it is allowed, one outside is not decided). */
int blas_complex_allowed(const blas_complex_element *e, const int *need, int allowed[2]);
/* 1 when the sets allowed hold every MLF_MAY_* bit need asks for in both parts (0 for NULL). */
int blas_allowed_holds(const int allowed[2], const int *need);
#endif
