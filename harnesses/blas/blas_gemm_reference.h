/* Ground truth for C := alpha op(A) op(B) + beta C: the exact result evaluated in long double
 * with the BLAS specification's rules, and a rigorous bound on the error a correct
 * implementation in the target precision may make. Reference, not a target. */
#ifndef BLAS_GEMM_REFERENCE_H
#define BLAS_GEMM_REFERENCE_H
#include "blas_operand.h"
#include "mlf_numeric.h"

typedef struct {
  blas_precision p;
  int row_major;
  Mlf__Blas__Transpose trans_a, trans_b;
  size_t m, n, k;
  double alpha[2], beta[2];    /* real and imaginary parts, already rounded */
  const blas_matrix *a, *b, *c;
} blas_gemm_problem;

/* The exact semantics, an equally valid one, and deviant ones that real kernels show, to name
 * how a result went wrong: zero-skip leaves out terms whose factor times alpha is zero;
 * beta-as-zero ignores beta C; empty-sum-scaled computes alpha * 0 for k = 0 (NaN for an
 * infinite alpha); zero-alpha-computed forms alpha op(A) op(B) even when alpha = 0, so a NaN or
 * Inf in A or B reaches C although the BLAS says they are not referenced. complex-zero-parts is not a deviation: complex products whose component
 * products with a zero factor count as zero (the BLAS does not specify complex arithmetic with
 * Inf and NaN, and real-scalar shortcuts do this), so a result matching it is correct. */
typedef enum {
  BLAS_GEMM_EXACT,
  BLAS_GEMM_ZERO_SKIP,
  BLAS_GEMM_BETA_AS_ZERO,
  BLAS_GEMM_EMPTY_SUM_SCALED,
  BLAS_GEMM_ZERO_ALPHA_COMPUTED,
  BLAS_GEMM_COMPLEX_ZERO_PARTS,
  BLAS_GEMM_SEMANTICS
} blas_gemm_semantics;
extern const char *const blas_gemm_semantics_names[BLAS_GEMM_SEMANTICS];

/* Fills exact[(i * n + j) * parts + part] with the exact semantics' expectations, parts = 2 for
 * complex (real, imaginary), and keeps g's operands loaded for blas_gemm_expect_one. */
void blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *exact);

/* Element (i, j) under another semantics (out[0], and out[1] for complex), computed on demand
 * in O(k): only needed to name a mismatch. g must be the problem of the last
 * blas_gemm_reference call. */
void blas_gemm_expect_one(const blas_gemm_problem *g, blas_gemm_semantics sem, size_t i,
                          size_t j, mlf_expect *out);
#endif
