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

/* Fills expected[(i * n + j) * parts + part], parts = 2 for complex (real, imaginary), and
 * zero_skipped likewise with every term that has an exactly zero factor left out. */
void blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *expected,
                         mlf_expect *zero_skipped);
#endif
