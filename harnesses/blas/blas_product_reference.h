/* Ground truth for every BLAS operation that is a sum of products: C := alpha L R + beta C, with
 * L (m x k) and R (k x n) dense in long double. gemm, gemv, symm, syrk, ger, trmv, ... reduce to
 * it once their structured operands are expanded (blas_structure.h). The exact result follows
 * the BLAS specification's rules and comes with a rigorous bound on the error a correct
 * implementation in the target precision may make. Reference, not a target. */
#ifndef BLAS_PRODUCT_REFERENCE_H
#define BLAS_PRODUCT_REFERENCE_H
#include <stddef.h>
#include "blas_operand.h"
#include "mlf_numeric.h"

typedef struct {
  long double re, im;
} blas_cld;

typedef struct {
  blas_precision p;
  size_t m, n, k;
  double alpha[2], beta[2]; /* real and imaginary parts, already rounded */
  const blas_cld *left;     /* m x k, row after row */
  const blas_cld *right;    /* k x n, row after row */
  const blas_cld *c_in;     /* m x n, row after row */
  /* Which entries of L and R exist (NULL: all): an entry outside a band or triangle is a
   * structural zero that never enters the computation, so Inf * it is not NaN. */
  const unsigned char *left_present, *right_present;
  /* A scalar the caller folded into left, passing alpha = 1 (Hermitian rank-2 updates carry
   * alpha and conj(alpha) there): kernels still multiply by it, also the right factor (zher2:
   * TEMP1 = ALPHA*DCONJG(Y(J))) and an empty sum (zher2k: ALPHA*TEMP1 with TEMP1 = 0), which
   * the bounds and the empty-sum-scaled semantics account for. */
  int alpha_folded;
  double folded_alpha[2];
  /* 1: the reference routine multiplies alpha by a sum of some terms that may be empty
   * (netlib ?symv, ?symm and the packed and band forms: ALPHA*TEMP2 with TEMP2 = ZERO at the
   * triangle's edge, dsymm.f "C(I,J) = TEMP1*A(I,I) + ALPHA*TEMP2"), so an infinite alpha
   * gives NaN there without a zero factor: a real element keeps any non-finite result. */
  int alpha_of_partial_sums;
  /* How the reference splits a complex element's terms there, for the allowed set of an element
   * an infinity enters (blas_complex_allowed): netlib's zsymm.f from the left, "TEMP1 =
   * ALPHA*B(I,J) ... C(K,J) = C(K,J) + TEMP1*A(K,I); TEMP2 = TEMP2 + B(K,J)*A(K,I) ... C(I,J) =
   * TEMP1*A(I,I) + ALPHA*TEMP2", and zsymv.f, zhemv.f and their packed and band forms alike:
   * the terms before the diagonal (upper) or after it (lower) enter TEMP2, which alpha
   * multiplies (alpha times zero where TEMP2 is empty: NaN for an infinite alpha), the others
   * are alpha times one factor, times the other. Read only where alpha_of_partial_sums is set. */
  struct {
    int from_right; /* the symmetric factor is R: the diagonal is at term l = j and the other
                       terms are (alpha x) y; else it is L, at l = i, and (alpha y) x */
    int after;      /* TEMP2 holds the terms l > the diagonal, else l < it */
  } reference_split;
  /* 1: blas_product_reference leaves the allowed set of a complex element an infinity enters
   * MLF_SET_PENDING (deriving it, blas_complex_allowed, is the reference's costly part), and
   * the caller settles an element with blas_product_settle before a check needs its set. */
  int sets_on_demand;
} blas_product;

/* The exact semantics, an equally valid one, and deviant ones that real kernels show, to name
 * how a result went wrong: zero-skip leaves out terms whose factor times alpha is zero;
 * beta-as-zero ignores beta C; empty-sum-scaled computes alpha * 0 for k = 0 (NaN for an
 * infinite alpha); zero-alpha-computed forms alpha L R even when alpha = 0, so a NaN or Inf in
 * L or R reaches C although the BLAS says they are not referenced; structural-zeros multiplies
 * the zeros outside a triangle or band as blocked kernels do on zero-filled copies, so a NaN or
 * Inf in the other factor meets them (0 * Inf = NaN); beta-over-alpha computes alpha (L R +
 * fl(beta / alpha) C), the quotient rounded to the target precision, as ATLAS's generated
 * kernels do (AtlasBase/Clint/atlas.base, emit_mmN: "BetaAlpha = beta / alpha"), so beta C is
 * lost when the quotient underflows (0 * Inf = NaN for an infinite C); beta-times-unit (complex
 * only) applies fl(beta (1, 0)) by the textbook formula, as BLIS 0.9.0 does when it folds beta
 * into the scalar attached to C (frame/base/bli_obj_scalar.c, bli_obj_scalar_apply_scalar:
 * bli_mulsc, i.e. bli_zscalris "yr = ar * xr - ai * xi; yi = ai * xr + ar * xi" with x = 1),
 * so an infinite part of beta makes the other one NaN (Inf * 0) and every beta c NaN; it differs
 * from exact only for a non-finite beta. product-times-unit (complex only) multiplies the sum of
 * the products, alpha applied in any of the orders, by (1, 0) with the textbook formula before
 * beta C is added, as BLIS 0.9.0's micro-kernels show on edge tiles (measured, not read in its
 * source: alpha applied to B while packing, then the product times (1, 0)), so an infinite part
 * of the sum makes the other part NaN; it differs from exact only where an infinity enters the
 * products (a finite sum times (1, 0) is itself; a NaN factor already makes both parts NaN).
 * complex-zero-parts is not a deviation: complex products whose component products with a zero factor count as zero (the
 * BLAS does not specify complex arithmetic with Inf and NaN, and real-scalar shortcuts do
 * this), so a result matching it is correct. */
typedef enum {
  BLAS_SEM_EXACT,
  /* tried first, then product-times-unit: where they explain a result, zero-alpha-computed (an
   * overflowing A B) and beta-over-alpha (a NaN or infinite quotient) may too, by coincidence
   * (BLIS forms neither); beta-times-unit, which differs from exact only for a non-finite beta,
   * is the simpler reading where both explain (BLIS's gemmt-based routines apply beta (1, 0);
   * its gemm, which copies beta, shows product-times-unit under a finite beta) */
  BLAS_SEM_BETA_TIMES_UNIT,
  BLAS_SEM_PRODUCT_TIMES_UNIT,
  BLAS_SEM_ZERO_SKIP,
  BLAS_SEM_BETA_AS_ZERO,
  BLAS_SEM_EMPTY_SUM_SCALED,
  BLAS_SEM_ZERO_ALPHA_COMPUTED,
  BLAS_SEM_STRUCTURAL_ZEROS,
  BLAS_SEM_BETA_OVER_ALPHA,
  BLAS_SEM_COMPLEX_ZERO_PARTS,
  BLAS_SEMANTICS
} blas_semantics;
extern const char *const blas_semantics_names[BLAS_SEMANTICS];

/* Fills exact[(i * n + j) * parts + part] with the exact semantics' expectations, parts = 2 for
 * complex (real, imaginary), and keeps pr loaded for blas_product_expect_one. The arrays pr
 * points to must stay unchanged until the next call. */
void blas_product_reference(const blas_product *pr, mlf_expect *exact);

/* Derives the pending allowed set of complex element (i, j) in exact (the array the last
 * blas_product_reference filled for pr); nothing when it is not pending. */
void blas_product_settle(const blas_product *pr, mlf_expect *exact, size_t i, size_t j);

/* As blas_product_settle, but only until the set of part `part` decides got (nothing for a
 * finite got or the value's own non-finite value, which a check decides without the set):
 * the orders are evaluated until one allows got, or all have been (MLF_SET_PARTIAL marks a set
 * left part-derived; it keeps what it held, so results it allowed stay allowed). The set is
 * then complete wherever got is not allowed, so a verdict that names a mismatch reads the
 * whole set. */
void blas_product_settle_for(const blas_product *pr, mlf_expect *exact, size_t i, size_t j,
                             size_t part, double got);

/* Element (i, j) under another semantics (out[0], and out[1] for complex), computed on demand
 * in O(k): only needed to name a mismatch. pr must be the last blas_product_reference's.
 * BLAS_SEM_ZERO_SKIP here tests both factors (BLAS_SKIP_EITHER below). */
void blas_product_expect_one(const blas_product *pr, blas_semantics sem, size_t i, size_t j,
                             mlf_expect *out);

/* Which factor a zero-skipping kernel tests: alpha times either one, only the left (GSL's
 * row-major op(A) = A^T branch tests alpha * A(l,i)), or only the right (GSL column-major, the
 * same branch with the operands swapped). Terms the untested factor would drop stay in. */
typedef enum { BLAS_SKIP_EITHER, BLAS_SKIP_LEFT, BLAS_SKIP_RIGHT, BLAS_SKIP_SIDES } blas_skip_side;

/* The complex arithmetic a semantics is evaluated in: the textbook formula, or the
 * complex-zero-parts one (a component product with an exactly zero factor counts as zero), which
 * is as valid (BLAS_SEM_COMPLEX_ZERO_PARTS) and is what leaving a unit beta out gives: the
 * reference does (3.11 cgemm.f:308, "ELSE IF (BETA.NE.ONE)" before C := BETA*C), so does GSL
 * (source_gemm_c.h:72 "!(beta_real == 1.0 && beta_imag == 0.0)"), where the textbook
 * (1, 0) (Inf, y) is (Inf, NaN). A deviant semantics is a deviation in either arithmetic
 * (blas_verdict). Real precisions have one arithmetic: both give the same. */
typedef enum { BLAS_ARITH_TEXTBOOK, BLAS_ARITH_ZERO_PARTS, BLAS_ARITHMETICS } blas_arithmetic;

/* 0 when sem (zero-skip testing side) in arithmetic gives element (i, j) of pr the exact
 * semantics' expectation in that arithmetic: the rules it applies to every element are the
 * exact ones (compared field by field: beta-as-zero with beta = 0, zero-alpha-computed with
 * alpha != 0, beta-over-alpha where alpha fl(beta / alpha) is beta exactly, ...) and so are
 * element (i, j)'s terms (zero-skip where no tested factor in row i of L or column j of R
 * vanishes, structural-zeros where the element has no structural zero, empty-sum-scaled where a
 * term enters), so it cannot explain a result the exact semantics in that arithmetic rejects
 * and need not be evaluated. pr must be the last
 * blas_product_reference's. */
int blas_product_semantics_differs(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                                   blas_arithmetic arithmetic, size_t i, size_t j);

/* How many terms of element (i, j) enter its sum: those that are no structural zero. */
size_t blas_product_terms(const blas_product *pr, size_t i, size_t j);

/* Element (i, j) under sem (zero-skip testing `side`; the others ignore it) in arithmetic, as
 * blas_product_expect_one. */
void blas_product_expect_in(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                            blas_arithmetic arithmetic, size_t i, size_t j, mlf_expect *out);

/* Membership for an infinite result of a real element (i, j) with alpha != 0 and at least one
 * term, where the expectation lets a non-finite result stand (an infinite alpha: every term a
 * kernel forms is an infinity or NaN, the order deciding which; alpha times a factor
 * underflowing to zero against an infinity; a partial sum that may overflow). Whatever the
 * order (alpha a first, a b first, alpha times the sum, any summation order), an infinity
 * arises from an infinite term, an overflowing product or partial sum, and rounding keeps
 * signs, so it has the sign of one of the nonzero terms alpha a b or of beta c (IEEE 754-2019
 * 6.1: a sum of infinities of one sign is that infinity; 4.3: rounding preserves the sign;
 * 7.2: Inf - Inf and 0 * Inf are invalid); a NaN factor leaves only NaN (6.2). Under sem:
 * beta-as-zero leaves beta c out, zero-skip the terms it skips testing `side` (as
 * blas_product_expect_in, NaN or not); side matters only to zero-skip; the
 * others keep the exact terms. 1 when got is in that set or the rule does not apply (complex,
 * alpha = 0, a finite or NaN got, an empty sum). */
int blas_product_infinity_allowed(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                                  size_t i, size_t j, double got);


/* The largest finite magnitude (|re| + |im|) in row i of L and column j of R and their sums, as
 * the last blas_product_reference loaded them: bounds for callers that post-process. */
long double blas_cld_mag(blas_cld x);
#endif
