/* Ground truth for C := alpha op(A) op(B) + beta C: the gemm operands expanded into the dense
 * product the reference evaluates (blas_product_reference.h). Reference, not a target. */
#ifndef BLAS_GEMM_REFERENCE_H
#define BLAS_GEMM_REFERENCE_H
#include "blas_operand.h"
#include "blas_product_reference.h"

typedef struct {
  blas_precision p;
  int row_major;
  Mlf__Blas__Transpose trans_a, trans_b;
  size_t m, n, k;
  double alpha[2], beta[2];    /* real and imaginary parts, already rounded */
  const blas_matrix *a, *b, *c;
} blas_gemm_problem;

/* The problem a GemmCase describes, its operands A, B, C built into a, b, c (guard-page
 * buffers on the message's side, A and B read-only; free with blas_gemm_problem_free). */
void blas_gemm_problem_make(blas_gemm_problem *g, const Mlf__Blas__GemmCase *gc, blas_matrix *a,
                            blas_matrix *b, blas_matrix *c);
void blas_gemm_problem_free(blas_gemm_problem *g);

/* Fills exact[(i * n + j) * parts + part] (parts = 2 for complex) with the exact semantics'
 * expectations and returns the loaded product, valid until the next call, for
 * blas_product_expect_one; sets_on_demand as in blas_product. */
const blas_product *blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *exact,
                                        int sets_on_demand);
#endif
