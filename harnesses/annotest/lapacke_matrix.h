/* Dense column-major matrices for the LAPACKE target's oracles (lapacke_matrix.c): copies of
 * the arguments in either layout, the products and norms the LAPACK test ratios use, the
 * Householder reflectors applied as their documentation defines them, and the same call in
 * the other layout (copies and a bit-for-bit comparison). Reference code written here: ground
 * truth for the oracles only, never under test. */
#ifndef ANNOTEST_LAPACKE_MATRIX_H
#define ANNOTEST_LAPACKE_MATRIX_H
#include <stddef.h>
#include <lapacke.h>

typedef struct {
  lapack_int rows, cols;
  double *v; /* element (i, j) at v[i + j * rows] */
} lpk_mat;

#define LPK(m, i, j) ((m).v[(size_t)(i) + (size_t)(j) * (size_t)(m).rows])

lpk_mat lpk_zeros(lapack_int rows, lapack_int cols);
lpk_mat lpk_identity(lapack_int n);
/* The rows x cols matrix stored in a (layout, ld). */
lpk_mat lpk_from(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int ld);
/* The symmetric matrix whose uplo triangle is stored in a. */
lpk_mat lpk_symmetric(int layout, char uplo, lapack_int n, const double *a, lapack_int ld);
/* The uplo triangle of a (diag 'U': unit diagonal), zeros elsewhere. */
lpk_mat lpk_triangle(int layout, char uplo, char diag, lapack_int rows, lapack_int cols, const double *a,
                     lapack_int ld);
void lpk_free(lpk_mat *m);
lpk_mat lpk_mul(lpk_mat a, int ta, lpk_mat b, int tb); /* op(a) op(b), t = transposed */
double lpk_norm1(lpk_mat m);                            /* max column sum of magnitudes */
double lpk_diff_norm1(lpk_mat a, lpk_mat b);            /* |a - b|_1 */
/* |I - m|_1 for square m. */
double lpk_identity_error(lpk_mat m);
/* H(1) ... H(k) c (trans 0) or H(k) ... H(1) c (trans 1), H(i) = I - tau_i v_i v_i^T with v_i
 * column i of v below the diagonal and v_i(i) = 1 (dgeqrf's reflectors). */
void lpk_apply_qr_reflectors(lpk_mat v, const double *tau, lapack_int k, int trans, lpk_mat *c);
/* c H(k) ... H(1) with v_i row i of v right of the diagonal, v_i(i) = 1 (dgelqf's). */
void lpk_apply_lq_reflectors_right(lpk_mat v, const double *tau, lapack_int k, lpk_mat *c);

/* Zeroed storage of bytes for the repeated call, ending at a guard page (mlf_guard.h: the
 * Fortran routines under LAPACKE are not instrumented); freed by lpk_release. */
void *lpk_guarded(size_t bytes, size_t align);
void lpk_release(void *p);
/* The same matrix in the other layout with its smallest leading dimension (*ld), for the
 * repeated call; at least one element; guarded. */
double *lpk_other_layout(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int ld,
                         lapack_int *other_ld);
static inline int lpk_other(int layout) { return layout == LAPACK_ROW_MAJOR ? LAPACK_COL_MAJOR : LAPACK_ROW_MAJOR; }
/* Index of the first element (row-major order) where a (layout, lda) and b (other layout,
 * ldb) differ in their bits, or -1. */
long lpk_first_difference(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int lda,
                          const double *b, lapack_int ldb);
#endif
