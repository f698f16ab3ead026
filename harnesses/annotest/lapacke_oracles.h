/* The LAPACKE target's helpers its annotations call (shapes tied to the layout, the character
 * arguments as named constants, the generators' side results) and its oracles (@check
 * functions of annotations/lapacke.h, lapacke_oracles.c). A @check gets the context, the
 * result, the arguments after the call and the same arguments built afresh. */
#ifndef ANNOTEST_LAPACKE_ORACLES_H
#define ANNOTEST_LAPACKE_ORACLES_H
#include <lapacke.h>
#include "annotest_runtime.h"

/* The character arguments (the annotation language has no character literals). */
#define ANNOTEST_CHAR_A 'A'
#define ANNOTEST_CHAR_I 'I'
#define ANNOTEST_CHAR_L 'L'
#define ANNOTEST_CHAR_N 'N'
#define ANNOTEST_CHAR_R 'R'
#define ANNOTEST_CHAR_S 'S'
#define ANNOTEST_CHAR_T 'T'
#define ANNOTEST_CHAR_U 'U'
#define ANNOTEST_CHAR_V 'V'

static inline long long annotest_lapacke_min(long long a, long long b) { return a < b ? a : b; }
static inline long long annotest_lapacke_max(long long a, long long b) { return a > b ? a : b; }
/* Rows (row major) or columns (column major) stored of a rows x cols matrix. */
static inline long long annotest_lapacke_lines(long long layout, long long rows, long long cols) {
  return layout == LAPACK_ROW_MAJOR ? rows : cols;
}
/* The smallest leading dimension of a rows x cols matrix: cols (row major), max(1, rows)
 * (column major), and at least 1 in both. */
static inline long long annotest_lapacke_ld(long long layout, long long rows, long long cols) {
  return annotest_lapacke_max(1, layout == LAPACK_ROW_MAJOR ? cols : rows);
}
/* The order of an eigenvector matrix: n when job is 'V', else 1 (not referenced). */
static inline long long annotest_lapacke_job_dim(long long job, long long n) { return job == 'V' ? n : 1; }
/* dormqr's order of Q: m for side 'L', n for 'R'. */
static inline long long annotest_lapacke_side_dim(long long side, long long m, long long n) {
  return side == 'L' ? m : n;
}
/* dgesdd's U (u_rows x u_cols) and V^T (vt_rows x n) for jobz 'A', 'S', 'N'. */
static inline long long annotest_lapacke_gesdd_u_rows(long long jobz, long long m) { return jobz == 'N' ? 1 : m; }
static inline long long annotest_lapacke_gesdd_u_cols(long long jobz, long long m, long long n) {
  return jobz == 'A' ? m : jobz == 'S' ? annotest_lapacke_min(m, n) : 1;
}
static inline long long annotest_lapacke_gesdd_vt_rows(long long jobz, long long m, long long n) {
  return jobz == 'A' ? n : jobz == 'S' ? annotest_lapacke_min(m, n) : 1;
}
/* dsyevr's columns of Z: 1 unless jobz is 'V'; n for range 'A', iu - il + 1 for 'I'. */
static inline long long annotest_lapacke_syevr_z_cols(long long jobz, long long range, long long n, long long il,
                                                      long long iu) {
  return jobz != 'V' ? 1 : range == 'I' ? iu - il + 1 : n;
}

/* 1 when one of the n pivots is nonzero (a column flagged to the front). */
static inline int annotest_lapacke_any_nonzero(const lapack_int *jpvt, long long n) {
  for (long long j = 0; j < n; j++)
    if (jpvt[j]) return 1;
  return 0;
}

/* 1 when every element of the rows x cols matrix a (layout, ld) is zero. */
static inline int annotest_lapacke_all_zero(long long layout, long long rows, long long cols, const double *a,
                                            long long ld) {
  for (long long i = 0; i < rows; i++)
    for (long long j = 0; j < cols; j++)
      if (a[layout == LAPACK_ROW_MAJOR ? i * ld + j : i + j * ld] != 0) return 0;
  return 1;
}

/* lapacke_objects.c: what the factor generators keep beside the matrix they return. */
const lapack_int *annotest_lapacke_lu_pivots(const double *a);
const double *annotest_lapacke_reflector_tau(const double *a);
double annotest_lapacke_spd_norm1(const double *a);
void annotest_lapacke_factor_free(double *a);
/* Frees what the other generators return (guarded storage). */
void annotest_lapacke_matrix_free(double *a);
/* Says whether an INFO on an annotated-valid input points at the annotation or LAPACKE. */
const char *annotest_lapacke_blame(long long status);

void annotest_check_dgesdd(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, lapack_int m, lapack_int n,
                           double *a, lapack_int lda, double *s, double *u, lapack_int ldu, double *vt,
                           lapack_int ldvt, int matrix_layout0, char jobz0, lapack_int m0, lapack_int n0, double *a0,
                           lapack_int lda0, double *s0, double *u0, lapack_int ldu0, double *vt0, lapack_int ldvt0);
void annotest_check_dgeev(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvl, char jobvr, lapack_int n,
                          double *a, lapack_int lda, double *wr, double *wi, double *vl, lapack_int ldvl, double *vr,
                          lapack_int ldvr, int matrix_layout0, char jobvl0, char jobvr0, lapack_int n0, double *a0,
                          lapack_int lda0, double *wr0, double *wi0, double *vl0, lapack_int ldvl0, double *vr0,
                          lapack_int ldvr0);
void annotest_check_dsyevd(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, char uplo, lapack_int n,
                           double *a, lapack_int lda, double *w, int matrix_layout0, char jobz0, char uplo0,
                           lapack_int n0, double *a0, lapack_int lda0, double *w0);
void annotest_check_dsyevr(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, char range, char uplo,
                           lapack_int n, double *a, lapack_int lda, double vl, double vu, lapack_int il,
                           lapack_int iu, double abstol, lapack_int *m, double *w, double *z, lapack_int ldz,
                           lapack_int *isuppz, int matrix_layout0, char jobz0, char range0, char uplo0,
                           lapack_int n0, double *a0, lapack_int lda0, double vl0, double vu0, lapack_int il0,
                           lapack_int iu0, double abstol0, lapack_int *m0, double *w0, double *z0, lapack_int ldz0,
                           lapack_int *isuppz0);
void annotest_check_dgees(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvs, char sort,
                          LAPACK_D_SELECT2 select, lapack_int n, double *a, lapack_int lda, lapack_int *sdim,
                          double *wr, double *wi, double *vs, lapack_int ldvs, int matrix_layout0, char jobvs0,
                          char sort0, LAPACK_D_SELECT2 select0, lapack_int n0, double *a0, lapack_int lda0,
                          lapack_int *sdim0, double *wr0, double *wi0, double *vs0, lapack_int ldvs0);
void annotest_check_dggev(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvl, char jobvr, lapack_int n,
                          double *a, lapack_int lda, double *b, lapack_int ldb, double *alphar, double *alphai,
                          double *beta, double *vl, lapack_int ldvl, double *vr, lapack_int ldvr,
                          int matrix_layout0, char jobvl0, char jobvr0, lapack_int n0, double *a0, lapack_int lda0,
                          double *b0, lapack_int ldb0, double *alphar0, double *alphai0, double *beta0, double *vl0,
                          lapack_int ldvl0, double *vr0, lapack_int ldvr0);
void annotest_check_dgelsy(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n,
                           lapack_int nrhs, double *a, lapack_int lda, double *b, lapack_int ldb, lapack_int *jpvt,
                           double rcond, lapack_int *rank, int matrix_layout0, lapack_int m0, lapack_int n0,
                           lapack_int nrhs0, double *a0, lapack_int lda0, double *b0, lapack_int ldb0,
                           lapack_int *jpvt0, double rcond0, lapack_int *rank0);
void annotest_check_dsysv(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, lapack_int nrhs,
                          double *a, lapack_int lda, lapack_int *ipiv, double *b, lapack_int ldb, int matrix_layout0,
                          char uplo0, lapack_int n0, lapack_int nrhs0, double *a0, lapack_int lda0,
                          lapack_int *ipiv0, double *b0, lapack_int ldb0);
void annotest_check_dposv(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, lapack_int nrhs,
                          double *a, lapack_int lda, double *b, lapack_int ldb, int matrix_layout0, char uplo0,
                          lapack_int n0, lapack_int nrhs0, double *a0, lapack_int lda0, double *b0, lapack_int ldb0);
void annotest_check_dgbsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int kl, lapack_int ku,
                          lapack_int nrhs, double *ab, lapack_int ldab, lapack_int *ipiv, double *b, lapack_int ldb,
                          int matrix_layout0, lapack_int n0, lapack_int kl0, lapack_int ku0, lapack_int nrhs0,
                          double *ab0, lapack_int ldab0, lapack_int *ipiv0, double *b0, lapack_int ldb0);
void annotest_check_dgtsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int nrhs, double *dl,
                          double *d, double *du, double *b, lapack_int ldb, int matrix_layout0, lapack_int n0,
                          lapack_int nrhs0, double *dl0, double *d0, double *du0, double *b0, lapack_int ldb0);
void annotest_check_dptsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int nrhs, double *d,
                          double *e, double *b, lapack_int ldb, int matrix_layout0, lapack_int n0, lapack_int nrhs0,
                          double *d0, double *e0, double *b0, lapack_int ldb0);
void annotest_check_dgeqp3(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, double *a,
                           lapack_int lda, lapack_int *jpvt, double *tau, int matrix_layout0, lapack_int m0,
                           lapack_int n0, double *a0, lapack_int lda0, lapack_int *jpvt0, double *tau0);
void annotest_check_dgelqf(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, double *a,
                           lapack_int lda, double *tau, int matrix_layout0, lapack_int m0, lapack_int n0, double *a0,
                           lapack_int lda0, double *tau0);
void annotest_check_dorgqr(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, lapack_int k,
                           double *a, lapack_int lda, const double *tau, int matrix_layout0, lapack_int m0,
                           lapack_int n0, lapack_int k0, double *a0, lapack_int lda0, const double *tau0);
void annotest_check_dormqr(at_ctx *ctx, lapack_int ret, int matrix_layout, char side, char trans, lapack_int m,
                           lapack_int n, lapack_int k, const double *a, lapack_int lda, const double *tau, double *c,
                           lapack_int ldc, int matrix_layout0, char side0, char trans0, lapack_int m0, lapack_int n0,
                           lapack_int k0, const double *a0, lapack_int lda0, const double *tau0, double *c0,
                           lapack_int ldc0);
void annotest_check_dgetri(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, double *a, lapack_int lda,
                           const lapack_int *ipiv, int matrix_layout0, lapack_int n0, double *a0, lapack_int lda0,
                           const lapack_int *ipiv0);
void annotest_check_dpotri(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, double *a,
                           lapack_int lda, int matrix_layout0, char uplo0, lapack_int n0, double *a0, lapack_int lda0);
void annotest_check_dtrtrs(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, char trans, char diag,
                           lapack_int n, lapack_int nrhs, const double *a, lapack_int lda, double *b, lapack_int ldb,
                           int matrix_layout0, char uplo0, char trans0, char diag0, lapack_int n0, lapack_int nrhs0,
                           const double *a0, lapack_int lda0, double *b0, lapack_int ldb0);
void annotest_check_dtrtri(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, char diag, lapack_int n,
                           double *a, lapack_int lda, int matrix_layout0, char uplo0, char diag0, lapack_int n0,
                           double *a0, lapack_int lda0);
void annotest_check_dpocon(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, const double *a,
                           lapack_int lda, double anorm, double *rcond, int matrix_layout0, char uplo0, lapack_int n0,
                           const double *a0, lapack_int lda0, double anorm0, double *rcond0);
#endif
