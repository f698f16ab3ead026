/* The other-layout call of every routine that has one (see level23_duality.h). Row-major
 * storage of X is column-major storage of X^T, so the dual call reads every matrix as its
 * transpose and must compute the transpose of the result:
 *   gemv, gbmv: y = op(A) x is y = op'(A^T) x with m, n and kl, ku swapped;
 *   ger/geru: A^T = alpha y x^T, so x and y swap (gerc would need conj(y): none);
 *   real symv, sbmv, spmv, syr, spr, syr2, spr2: A^T = A with the other triangle stored,
 *     so only uplo flips (the Hermitian ones would need conj(A): none);
 *   trmv, tbmv, tpmv, trsv, tbsv, tpsv: op(A) = op'(A^T), uplo flips (A^H has no flag: none);
 *   gemm: C^T = op(B)^T op(A)^T, A and B swap with their transposes, m and n swap;
 *   symm, hemm: C^T = B^T A^T, and A^T is the symmetric (Hermitian) matrix the memory holds
 *     with the other triangle: side and uplo flip, m and n swap;
 *   syrk, herk: C^T = C from op'(A^T), uplo flips, trans N <-> T (herk: N <-> C);
 *   syr2k: the same; her2k: C^T = conj(C) swaps the two terms' scalars, so alpha is conjugated;
 *   trmm, trsm: B^T = alpha B^T op(A)^T, and op(A)^T = op(A^T) (also for C): side and uplo
 *     flip, m and n swap, trans stays.
 * These are the swaps a CBLAS makes to implement one layout with the other's kernels
 * (netlib's cblas_* wrappers make exactly these), which is why the bits agree. */
#include "level23_duality.h"

int level23_flipped_trans(int trans, const blas_precision *p) {
  if (trans == 0) return 1;
  return trans == 2 && p->is_complex ? -1 : 0;
}

static void swap_int(int *a, int *b) {
  int t = *a;
  *a = *b, *b = t;
}

static void swap_ptr(void **a, void **b) {
  void *t = *a;
  *a = *b, *b = t;
}

int level23_dual_args(const level23_problem *pb, level23_args *a, double alpha_store[2],
                      float alpha_store_f[2]) {
  const level23_routine *r = pb->routine;
  const blas_precision *p = &pb->p;
  int hermitian = r->kind == BLAS_HERMITIAN, general = r->kind == BLAS_GENERAL;
  a->row_major = !pb->row_major;
  a->lower = !a->lower;
  a->right_side = !a->right_side;
  switch (r->op) {
    case OP_MV: case OP_TRMV: case OP_TRSV:
      if (hermitian) return 0;
      if ((general || r->kind == BLAS_TRIANGULAR) && (a->trans = level23_flipped_trans(pb->trans, p)) < 0)
        return 0;
      if (general) swap_int(&a->m, &a->n), swap_int(&a->kl, &a->ku);
      return 1;
    case OP_R1: case OP_R2:
      if (hermitian || r->conjugate) return 0;
      if (general) swap_int(&a->m, &a->n), swap_int(&a->incx, &a->incy), swap_ptr(&a->x, &a->y);
      return 1;
    case OP_MM:
      swap_int(&a->m, &a->n);
      if (general) {
        swap_int(&a->trans, &a->trans_b), swap_int(&a->lda, &a->ldb), swap_ptr(&a->a, &a->b);
      }
      return 1;
    case OP_RK: case OP_R2K:
      a->trans = pb->trans ? 0 : hermitian ? 2 : 1;
      if (hermitian && r->op == OP_R2K) {
        alpha_store[0] = pb->alpha[0], alpha_store[1] = -pb->alpha[1];
        alpha_store_f[0] = (float)alpha_store[0], alpha_store_f[1] = (float)alpha_store[1];
        a->alpha = p->is_double ? (const void *)alpha_store : alpha_store_f;
      }
      return 1;
    default: /* trmm, trsm */
      swap_int(&a->m, &a->n);
      return 1;
  }
}
