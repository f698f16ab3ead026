/* The level-2 and level-3 routines as data: argument order (a signature string), entry point
 * per precision, the operation and the structure of A, and one generic caller for both
 * interfaces, so no routine needs hand-written calling code. */
#ifndef LEVEL23_ROUTINES_H
#define LEVEL23_ROUTINES_H
#include "blas_backend.h"
#include "blas_level23.pb-c.h"
#include "blas_structure.h"

typedef enum {
  OP_MV,     /* y := alpha op(A) x + beta y */
  OP_TRMV,   /* x := op(A) x */
  OP_TRSV,   /* x := op(A)^-1 x */
  OP_R1,     /* A := alpha x y^T (or ^H) + A, A in the structure */
  OP_R2,     /* A := alpha x y^T + alpha y x^T (Hermitian: alpha x y^H + conj(alpha) y x^H) + A */
  OP_MM,     /* C := alpha op(A) op(B) + beta C; symm/hemm: A on the side given */
  OP_RK,     /* C := alpha op(A) op(A)^T (or ^H) + beta C */
  OP_R2K,    /* C := alpha op(A) op(B)^T + alpha op(B) op(A)^T + beta C (Hermitian: conj) */
  OP_TRMM,   /* B := alpha op(A) B or alpha B op(A) */
  OP_TRSM    /* B := alpha op(A)^-1 B or alpha B op(A)^-1 */
} level23_op;

typedef struct {
  const char *name;       /* routine stem for tags: "gemv", "hpr2", ... */
  /* Arguments in CBLAS order (the Fortran order drops O): O order, T trans, t trans_b, U uplo,
   * S side, D diag, m n k, l kl, u ku, a alpha, b beta, A (A, lda), P (packed AP), B (B, ldb),
   * C (C, ldc), x (x, incx), y (y, incy). */
  const char *signature;
  int fn[4];              /* BLAS_FN_* per precision s, d, c, z; -1 where it does not exist */
  level23_op op;
  blas_kind kind;         /* structure of A */
  blas_storage storage;
  int real_alpha, real_beta, conjugate; /* Hermitian scalars; y^H / op(B)^H in rank updates */
} level23_routine;

const level23_routine *level23_routine_of(Mlf__Blas__Level23Case__Routine r);

/* Every value a call may pass; the signature picks which and in what order. Scalars point to
 * two numbers (re, im) of the precision. */
typedef struct {
  int row_major, trans, trans_b, lower, right_side, unit_diagonal; /* trans: 0 N, 1 T, 2 C */
  int m, n, k, kl, ku, lda, ldb, ldc, incx, incy;
  const void *alpha, *beta;
  void *a, *b, *c, *x, *y;
} level23_args;

/* Calls routine r of backend b through CBLAS (fortran = 0) or Fortran (column-major only).
 * Returns 0 when the backend lacks the entry point. */
int level23_call(const blas_backend *b, const level23_routine *r, const blas_precision *p,
                 int fortran, const level23_args *args);
#endif
