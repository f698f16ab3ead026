/* aN annotations of LAPACKE 3.11.0 (Debian lapack 3.11.0-2; grammar: ../ANNOTATIONS.md), double
 * precision only: 21 drivers and computational routines beyond the BLAS family's (getrf, getrs,
 * gesv, potrf, potrs, geqrf, gels, gelss, gelsd, gesvd, syev, gecon). Each annotated
 * declaration is a copy of the one /usr/include/lapacke.h installs; compiling this header after
 * it fails with the function's name when they differ. Domains cite the routine's documentation
 * in Debian's lapack source (SRC/<routine>.f, "doc") and, for the row-major leading dimensions,
 * the checks of LAPACKE/src/lapacke_<routine>_work.c ("wrapper"): in row-major layout a matrix
 * of R rows and C columns is stored row after row, lda >= C (the wrapper returns -i otherwise);
 * in column-major layout column after column, lda >= max(1, R) (the doc's LDA >= max(1,M)).
 * annotest_lapacke_lines(layout, R, C) is the number of stored rows or columns and
 * annotest_lapacke_ld(layout, R, C) the smallest leading dimension; each array's shape is
 * [lines, smallest ld] with its leading dimension drawn from ld .. ld + 3. Dimensions are drawn
 * from 0 (the doc's M >= 0, N >= 0: quick returns are part of the contract) to 12, elements
 * from [-100, 100]. Matrices a routine needs to be of a kind (symmetric positive definite,
 * triangular with a nonzero diagonal, factorised) are built so by the generators
 * (lapacke_objects.c); the oracles (@check) are in lapacke_oracles.c. INFO > 0 (a singular
 * factor, no convergence) is a documented outcome of these routines only for inputs the
 * annotations exclude by construction, so every call ensures ret == 0. */
#ifndef ANNOTEST_ANNOTATIONS_LAPACKE_H
#define ANNOTEST_ANNOTATIONS_LAPACKE_H
#include <lapacke.h>
#include "lapacke_oracles.h"

/* ==== generators (harness code building matrices valid by construction) ================== */

// A = B B^T + n I in full storage (both triangles), B the n x n data: x^T A x = |B^T x|^2 +
// n |x|^2 > 0 for x != 0, so A is symmetric positive definite, its eigenvalues >= n.
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-10, max=10))
double *annotest_lapacke_spd(int layout, lapack_int n, lapack_int lda, const double *data);

// The Cholesky factor (uplo's triangle, dpotrf of the reference LAPACK, called directly) of
// annotest_lapacke_spd; the other triangle keeps A's elements; annotest_lapacke_spd_norm1(a) is
// A's 1-norm.
//@ generator(free = annotest_lapacke_factor_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-10, max=10))
double *annotest_lapacke_cholesky(int layout, char uplo, lapack_int n, lapack_int lda, const double *data);

// Symmetric, strictly diagonally dominant: the data's lower triangle mirrored, each diagonal
// element +-(1 + the sum of the other magnitudes in its row). Such a matrix is nonsingular
// (Levy-Desplanques) and Bunch-Kaufman (dsytrf) takes 1 x 1 pivots without interchanges
// (|a_kk| >= alpha * max |a_ik| with alpha < 1): the factorisation is stable, growth <= 2.
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-100, max=100))
double *annotest_lapacke_symmetric_dominant(int layout, lapack_int n, lapack_int lda, const double *data);

// A band matrix (kl sub-, ku superdiagonals) in dgbsv's band storage, doc: "AB(KL+KU+1+i-j,j) =
// A(i,j) for max(1,j-KU)<=i<=min(N,j+KL)", rows 1..KL left for the factorisation; the
// LAPACKE wrapper's row-major form is its transpose (lapacke_dgb_trans). The diagonal is
// +-(1 + the other magnitudes of its column): strictly column diagonally dominant, so
// nonsingular and factorised by partial pivoting without interchanges, growth <= 2 (Higham,
// Accuracy and Stability of Numerical Algorithms, Thm 9.9).
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(kl): ints(min=0, max=4)
//@ arg(ku): ints(min=0, max=4)
//@ arg(ldab): ints(min=annotest_lapacke_ld(layout, 2 * kl + ku + 1, n), max=annotest_lapacke_ld(layout, 2 * kl + ku + 1, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[2 * kl + ku + 1, n], elements=floats(min=-100, max=100))
double *annotest_lapacke_band_dominant(int layout, lapack_int n, lapack_int kl, lapack_int ku, lapack_int ldab,
                                       const double *data);

// The diagonal of a tridiagonal matrix whose off-diagonal elements lie in [-100, 100]:
// d_i = +-(floor + |mag_i|) with the sign of mag_i (positive: always +). With floor = 201 every
// diagonal element exceeds the sum of the two others of its row and column (<= 200): strictly
// diagonally dominant, so nonsingular and factorised by partial pivoting without
// interchanges, growth <= 2 (Higham Thm 9.9, §9.5 for tridiagonal GEPP); positive and
// symmetric it is positive definite (Gershgorin), as dptsv needs.
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(n): ints(min=0, max=12)
//@ arg(floor): floats(min=201, max=1000)
//@ arg(positive): bools()
//@ arg(mag): arrays(dtype=double, shape=[n], elements=floats(min=-100, max=100))
double *annotest_lapacke_dominant_diagonal(lapack_int n, double floor, int positive, const double *mag);

// Triangular (uplo) with |diagonal| in [1, 100]: diag's magnitudes with the sign of the
// data's diagonal. Nonsingular, and with |elements| <= 100, n <= 12, a solution is at most
// 101^12 times the right-hand side: no overflow.
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-100, max=100))
//@ arg(diag): arrays(dtype=double, shape=[n], elements=floats(min=1, max=100))
double *annotest_lapacke_triangular(int layout, char uplo, lapack_int n, lapack_int lda, const double *data,
                                    const double *diag);

// The LU factors and pivots (dgetrf of the reference LAPACK) of the data with diagonal
// shifted by +-(1 + its row's other magnitudes): strictly diagonally dominant, so U has no
// zero on its diagonal, as dgetri needs ("INFO = i, U(i,i) is exactly zero; the matrix is
// singular"). annotest_lapacke_lu_pivots(a) are its pivots.
//@ generator(free = annotest_lapacke_factor_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-100, max=100))
double *annotest_lapacke_lu(int layout, lapack_int n, lapack_int lda, const double *data);

// The Householder reflectors of the QR factorisation (dgeqrf of the reference LAPACK) of the
// m x n data, m >= n, as dorgqr and dormqr take them (their doc: "as returned by DGEQRF");
// annotest_lapacke_reflector_tau(a) are the n scalar factors.
//@ generator(free = annotest_lapacke_factor_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=m)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, m, n), max=annotest_lapacke_ld(layout, m, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[m, n], elements=floats(min=-100, max=100))
double *annotest_lapacke_reflectors(int layout, lapack_int m, lapack_int n, lapack_int lda, const double *data);

/* ==== singular values and eigenvalues ==================================================== */

// dgesdd doc: A (M x N) = U SIGMA V^T; JOBZ 'A': all M columns of U and N rows of V^T, 'S':
// min(M,N) of each, 'N': none ('O', U or V^T over A, is not annotated); "LDU >= 1; if JOBZ =
// 'S' or 'A' ... LDU >= M"; "LDVT >= 1; if JOBZ = 'A' ... LDVT >= N; if JOBZ = 'S', LDVT >=
// min(M,N)". The row-major wrapper checks ldu >= the columns of U and ldvt >= N for every
// JOBZ (lapacke_dgesdd_work.c: "if( ldvt < n )"), so V^T is vt_rows x N in both layouts.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobz): froms([ANNOTEST_CHAR_A, ANNOTEST_CHAR_S, ANNOTEST_CHAR_N])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_ld(matrix_layout, m, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(s): outs(count=annotest_lapacke_max(1, annotest_lapacke_min(m, n)))
//@ dim(u_rows): annotest_lapacke_gesdd_u_rows(jobz, m)
//@ dim(u_cols): annotest_lapacke_gesdd_u_cols(jobz, m, n)
//@ arg(ldu): ints(min=annotest_lapacke_ld(matrix_layout, u_rows, u_cols), max=annotest_lapacke_ld(matrix_layout, u_rows, u_cols) + 3)
//@ arg(u): outs(count=annotest_lapacke_max(1, annotest_lapacke_lines(matrix_layout, u_rows, u_cols) * ldu))
//@ dim(vt_rows): annotest_lapacke_gesdd_vt_rows(jobz, m, n)
//@ arg(ldvt): ints(min=annotest_lapacke_ld(matrix_layout, vt_rows, n), max=annotest_lapacke_ld(matrix_layout, vt_rows, n) + 3)
//@ arg(vt): outs(count=annotest_lapacke_max(1, annotest_lapacke_lines(matrix_layout, vt_rows, n) * ldvt))
// Known finding gesdd-empty-no-orthogonal-factor: with M = 0 or N = 0 and JOBZ = 'A' DGESDD
// quick-returns without setting the N x N V^T (or the M x M U) the doc promises ("VT contains
// the N-by-N orthogonal matrix V**T"), and the row-major wrapper copies its uninitialised
// scratch into it.
//@ known(gesdd-empty-no-orthogonal-factor, jobz == ANNOTEST_CHAR_A && (m == 0 || n == 0) && m + n > 0)
//@ ensure(ret == 0)
//@ check(annotest_check_dgesdd)
//@ cc_example(matrix_layout=LAPACK_ROW_MAJOR, jobz=ANNOTEST_CHAR_A, m=2, n=2, lda=2, a=[3, 0, 4, 5], ldu=2, ldvt=2)
lapack_int LAPACKE_dgesdd( int matrix_layout, char jobz, lapack_int m,
                           lapack_int n, double* a, lapack_int lda, double* s,
                           double* u, lapack_int ldu, double* vt,
                           lapack_int ldvt );

// dgeev doc: eigenvalues WR + i WI and left/right eigenvectors of a general N x N matrix;
// "LDVL >= 1; if JOBVL = 'V', LDVL >= N" (LDVR likewise); complex pairs stored as two real
// columns. VL and VR are job_dim x job_dim (N when 'V', else 1).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobvl): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_V])
//@ arg(jobvr): froms([ANNOTEST_CHAR_V, ANNOTEST_CHAR_N])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(wr): outs(count=annotest_lapacke_max(1, n))
//@ arg(wi): outs(count=annotest_lapacke_max(1, n))
//@ dim(vl_dim): annotest_lapacke_job_dim(jobvl, n)
//@ arg(ldvl): ints(min=annotest_lapacke_ld(matrix_layout, vl_dim, vl_dim), max=annotest_lapacke_ld(matrix_layout, vl_dim, vl_dim) + 3)
//@ arg(vl): outs(count=annotest_lapacke_max(1, vl_dim * ldvl))
//@ dim(vr_dim): annotest_lapacke_job_dim(jobvr, n)
//@ arg(ldvr): ints(min=annotest_lapacke_ld(matrix_layout, vr_dim, vr_dim), max=annotest_lapacke_ld(matrix_layout, vr_dim, vr_dim) + 3)
//@ arg(vr): outs(count=annotest_lapacke_max(1, vr_dim * ldvr))
//@ ensure(ret == 0)
//@ check(annotest_check_dgeev)
//@ cc_example(matrix_layout=LAPACK_COL_MAJOR, jobvl=ANNOTEST_CHAR_N, jobvr=ANNOTEST_CHAR_V, n=2, lda=2, a=[0, -1, 1, 0], ldvl=1, ldvr=2)
lapack_int LAPACKE_dgeev( int matrix_layout, char jobvl, char jobvr,
                          lapack_int n, double* a, lapack_int lda, double* wr,
                          double* wi, double* vl, lapack_int ldvl, double* vr,
                          lapack_int ldvr );

// dsyevd doc: eigenvalues (ascending) and, JOBZ = 'V', orthonormal eigenvectors of a real
// symmetric matrix, of which only the UPLO triangle is referenced (any data is symmetric
// by that reading).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobz): froms([ANNOTEST_CHAR_V, ANNOTEST_CHAR_N])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(w): outs(count=annotest_lapacke_max(1, n))
//@ ensure(ret == 0)
//@ check(annotest_check_dsyevd)
//@ cc_example(matrix_layout=LAPACK_ROW_MAJOR, jobz=ANNOTEST_CHAR_V, uplo=ANNOTEST_CHAR_U, n=2, lda=2, a=[2, 1, 1, 2])
lapack_int LAPACKE_dsyevd( int matrix_layout, char jobz, char uplo, lapack_int n,
                           double* a, lapack_int lda, double* w );

// dsyevr doc: RANGE 'A' all eigenvalues, 'I' the IL-th through IU-th ("1 <= IL <= IU <= N,
// if N > 0; IL = 1 and IU = 0 if N = 0"; not referenced for 'A'); 'V' (a half-open interval)
// is not annotated, so VL and VU are not referenced (0). ABSTOL any ("if ABSTOL is less than
// or equal to zero, then EPS*|T| will be used"); Z is N x M with "LDZ >= 1, and if JOBZ =
// 'V', LDZ >= max(1,N)"; ISUPPZ has 2*max(1,M) elements. M = N for 'A', IU-IL+1 for 'I'.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobz): froms([ANNOTEST_CHAR_V, ANNOTEST_CHAR_N])
//@ arg(range): froms([ANNOTEST_CHAR_A, ANNOTEST_CHAR_I])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(vl): 0
//@ arg(vu): 0
//@ arg(il): ints(min=1, max=annotest_lapacke_max(1, n))
//@ arg(iu): ints(min=annotest_lapacke_min(il, n), max=n)
//@ arg(abstol): floats(min=-1, max=1)
//@ arg(m): outs()
//@ arg(w): outs(count=annotest_lapacke_max(1, n))
//@ dim(z_rows): annotest_lapacke_job_dim(jobz, n)
//@ dim(z_cols): annotest_lapacke_syevr_z_cols(jobz, range, n, il, iu)
//@ arg(ldz): ints(min=annotest_lapacke_ld(matrix_layout, z_rows, z_cols), max=annotest_lapacke_ld(matrix_layout, z_rows, z_cols) + 3)
//@ arg(z): outs(count=annotest_lapacke_max(1, annotest_lapacke_lines(matrix_layout, z_rows, z_cols) * ldz))
//@ arg(isuppz): outs(count=2 * annotest_lapacke_max(1, n))
//@ ensure(ret == 0)
//@ check(annotest_check_dsyevr)
lapack_int LAPACKE_dsyevr( int matrix_layout, char jobz, char range, char uplo,
                           lapack_int n, double* a, lapack_int lda, double vl,
                           double vu, lapack_int il, lapack_int iu,
                           double abstol, lapack_int* m, double* w, double* z,
                           lapack_int ldz, lapack_int* isuppz );

// dgees doc: real Schur form A = Z T Z^T; SORT = 'N' ("Eigenvalues are not ordered"; SELECT
// "Not referenced if SORT = 'N'", so NULL, and SDIM = 0); "LDVS >= 1; if JOBVS = 'V', LDVS >=
// N"; the row-major wrapper checks ldvs >= N for every JOBVS ("if( ldvs < n )"), so VS is
// job_dim x N.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobvs): froms([ANNOTEST_CHAR_V, ANNOTEST_CHAR_N])
//@ arg(sort): ANNOTEST_CHAR_N
//@ arg(select): NULL
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(sdim): outs()
//@ arg(wr): outs(count=annotest_lapacke_max(1, n))
//@ arg(wi): outs(count=annotest_lapacke_max(1, n))
//@ dim(vs_rows): annotest_lapacke_job_dim(jobvs, n)
//@ arg(ldvs): ints(min=annotest_lapacke_ld(matrix_layout, vs_rows, n), max=annotest_lapacke_ld(matrix_layout, vs_rows, n) + 3)
//@ arg(vs): outs(count=annotest_lapacke_max(1, annotest_lapacke_lines(matrix_layout, vs_rows, n) * ldvs))
//@ ensure(ret == 0)
//@ check(annotest_check_dgees)
lapack_int LAPACKE_dgees( int matrix_layout, char jobvs, char sort,
                          LAPACK_D_SELECT2 select, lapack_int n, double* a,
                          lapack_int lda, lapack_int* sdim, double* wr,
                          double* wi, double* vs, lapack_int ldvs );

// dggev doc: generalized eigenvalues (ALPHAR + i ALPHAI) / BETA of the pair (A, B) and their
// eigenvectors; "LDVL >= 1, and if JOBVL = 'V', LDVL >= N" (LDVR likewise). Any pair is
// valid (a singular pencil gives BETA = 0, not an error).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(jobvl): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_V])
//@ arg(jobvr): froms([ANNOTEST_CHAR_V, ANNOTEST_CHAR_N])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(b): arrays(dtype=double, shape=[n, annotest_lapacke_ld(matrix_layout, n, n)], ld=ldb, elements=floats(min=-100, max=100))
//@ arg(alphar): outs(count=annotest_lapacke_max(1, n))
//@ arg(alphai): outs(count=annotest_lapacke_max(1, n))
//@ arg(beta): outs(count=annotest_lapacke_max(1, n))
//@ dim(vl_dim): annotest_lapacke_job_dim(jobvl, n)
//@ arg(ldvl): ints(min=annotest_lapacke_ld(matrix_layout, vl_dim, vl_dim), max=annotest_lapacke_ld(matrix_layout, vl_dim, vl_dim) + 3)
//@ arg(vl): outs(count=annotest_lapacke_max(1, vl_dim * ldvl))
//@ dim(vr_dim): annotest_lapacke_job_dim(jobvr, n)
//@ arg(ldvr): ints(min=annotest_lapacke_ld(matrix_layout, vr_dim, vr_dim), max=annotest_lapacke_ld(matrix_layout, vr_dim, vr_dim) + 3)
//@ arg(vr): outs(count=annotest_lapacke_max(1, vr_dim * ldvr))
//@ ensure(ret == 0)
//@ check(annotest_check_dggev)
lapack_int LAPACKE_dggev( int matrix_layout, char jobvl, char jobvr,
                          lapack_int n, double* a, lapack_int lda, double* b,
                          lapack_int ldb, double* alphar, double* alphai,
                          double* beta, double* vl, lapack_int ldvl, double* vr,
                          lapack_int ldvr );

/* ==== linear systems and least squares ================================================== */

// dgelsy doc: minimum-norm least squares by complete orthogonal factorisation; B is
// max(M,N) x NRHS ("LDB >= max(1,M,N)"); "if JPVT(i) .ne. 0, the i-th column of A is permuted
// to the front"; RCOND determines the effective rank (any value; 0 or less: full numerical
// rank).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_ld(matrix_layout, m, n)], ld=lda, elements=floats(min=-100, max=100))
//@ dim(b_rows): annotest_lapacke_max(m, n)
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, b_rows, nrhs), max=annotest_lapacke_ld(matrix_layout, b_rows, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, b_rows, nrhs), annotest_lapacke_ld(matrix_layout, b_rows, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ arg(jpvt): arrays(dtype=lapack_int, shape=[annotest_lapacke_max(1, n)], elements=ints(min=0, max=1))
//@ arg(rcond): floats(min=0, max=0.5)
//@ arg(rank): outs()
// Known finding gelsy-quick-return: with MIN(M,N) = 0 or NRHS = 0 DGELSY returns at once
// with RANK = 0 ("IF( MN.EQ.0 .OR. NRHS.EQ.0 )"), leaving JPVT as given (doc: "On exit, if
// JPVT(i) = k, then the i-th column of AP was the k-th column of A") and RANK 0 for a matrix
// of any rank when NRHS = 0.
// The same for a zero matrix ("ELSE IF( ANRM.EQ.ZERO ) THEN / Matrix all zero. Return zero
// solution. ... RANK = 0 / GO TO 70", dgelsy.f:326): JPVT is left as given (the campaign).
//@ known(gelsy-quick-return, n > 0 && (m == 0 || nrhs == 0 || annotest_lapacke_all_zero(matrix_layout, m, n, a, lda)))
//@ ensure(ret == 0)
//@ check(annotest_check_dgelsy)
lapack_int LAPACKE_dgelsy( int matrix_layout, lapack_int m, lapack_int n,
                           lapack_int nrhs, double* a, lapack_int lda,
                           double* b, lapack_int ldb, lapack_int* jpvt,
                           double rcond, lapack_int* rank );

// dsysv doc: A X = B for symmetric A (UPLO triangle referenced), Bunch-Kaufman; "INFO = i,
// D(i,i) is exactly zero": excluded by building A diagonally dominant (generator above).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_symmetric_dominant, layout=matrix_layout, n=n, lda=lda)
//@ arg(ipiv): outs(count=annotest_lapacke_max(1, n))
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dsysv)
lapack_int LAPACKE_dsysv( int matrix_layout, char uplo, lapack_int n,
                          lapack_int nrhs, double* a, lapack_int lda,
                          lapack_int* ipiv, double* b, lapack_int ldb );

// dposv doc: A X = B for symmetric positive definite A ("INFO = i, the leading minor of order
// i of A is not positive": excluded by building A = B B^T + n I).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_spd, layout=matrix_layout, n=n, lda=lda)
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dposv)
//@ cc_example(matrix_layout=LAPACK_COL_MAJOR, uplo=ANNOTEST_CHAR_L, n=2, nrhs=1, lda=2, a=annotest_lapacke_spd(data=[1, 0, 0, 1]), ldb=2, b=[1, 2])
lapack_int LAPACKE_dposv( int matrix_layout, char uplo, lapack_int n,
                          lapack_int nrhs, double* a, lapack_int lda, double* b,
                          lapack_int ldb );

// dgbsv doc: A X = B for a band matrix, "LDAB >= 2*KL+KU+1", KL >= 0, KU >= 0; "INFO = i,
// U(i,i) is exactly zero": excluded by column diagonal dominance (generator above).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(kl): ints(min=0, max=4)
//@ arg(ku): ints(min=0, max=4)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(ldab): ints(min=annotest_lapacke_ld(matrix_layout, 2 * kl + ku + 1, n), max=annotest_lapacke_ld(matrix_layout, 2 * kl + ku + 1, n) + 3)
//@ arg(ab): objs(annotest_lapacke_band_dominant, layout=matrix_layout, n=n, kl=kl, ku=ku, ldab=ldab)
//@ arg(ipiv): outs(count=annotest_lapacke_max(1, n))
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dgbsv)
lapack_int LAPACKE_dgbsv( int matrix_layout, lapack_int n, lapack_int kl,
                          lapack_int ku, lapack_int nrhs, double* ab,
                          lapack_int ldab, lapack_int* ipiv, double* b,
                          lapack_int ldb );

// dgtsv doc: A X = B for tridiagonal A (DL, D, DU of N-1, N, N-1 elements); "INFO = i, U(i,i)
// is exactly zero": excluded by diagonal dominance (generator above; the off-diagonals are
// within [-100, 100]). DL and DU get at least one element (n = 0, 1: none is read).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(dl): arrays(dtype=double, shape=[annotest_lapacke_max(n - 1, 1)], elements=floats(min=-100, max=100))
//@ arg(du): arrays(dtype=double, shape=[annotest_lapacke_max(n - 1, 1)], elements=floats(min=-100, max=100))
//@ arg(d): objs(annotest_lapacke_dominant_diagonal, n=n, positive=0)
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
// Known finding gtsv-nrhs0-write: DGTSV with NRHS = 0 < N runs its back substitution for
// column J = 1 ("IF( NRHS.LE.2 ) THEN J = 1 ... B( N, J ) = B( N, J ) / D( N )", dgtsv.f:299):
// writes past B, which holds LDB x 0 elements; column major LAPACKE hands the caller's B
// straight to it (row major, its copy has MAX(1,NRHS) columns, but the oracle's repeated call
// in column major writes past its own copy: the 300 s campaign saw the heap corrupted, before
// the copies had guard pages).
//@ known(gtsv-nrhs0-write, nrhs == 0 && n > 0)
//@ ensure(ret == 0)
//@ check(annotest_check_dgtsv)
lapack_int LAPACKE_dgtsv( int matrix_layout, lapack_int n, lapack_int nrhs,
                          double* dl, double* d, double* du, double* b,
                          lapack_int ldb );

// dptsv doc: A X = B for symmetric positive definite tridiagonal A (D of N, E of N-1
// elements); "INFO = i, the leading minor of order i is not positive": excluded by a positive,
// diagonally dominant D (generator above).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(d): objs(annotest_lapacke_dominant_diagonal, n=n, positive=1)
//@ arg(e): arrays(dtype=double, shape=[annotest_lapacke_max(n - 1, 1)], elements=floats(min=-100, max=100))
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dptsv)
lapack_int LAPACKE_dptsv( int matrix_layout, lapack_int n, lapack_int nrhs,
                          double* d, double* e, double* b, lapack_int ldb );

/* ==== orthogonal factorisations ========================================================== */

// dgeqp3 doc: A P = Q R with column pivoting; JPVT on entry: nonzero puts a column in front;
// TAU has min(M,N) elements.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_ld(matrix_layout, m, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(jpvt): arrays(dtype=lapack_int, shape=[annotest_lapacke_max(1, n)], elements=ints(min=0, max=1))
//@ arg(tau): outs(count=annotest_lapacke_max(1, annotest_lapacke_min(m, n)))
// Known finding geqp3-empty-fixed-columns: with M = 0 < N and a column flagged to the front,
// DGEQP3 sizes its workspace for MIN(M,N) = 0 (IWS = LWKOPT = 1), then applies the (empty)
// QR of the fixed columns to the free ones with DORMQR, which needs LWORK >= N - NA and
// rejects it; DGEQP3 passes its own INFO to DORMQR, so it returns DORMQR's -12 (LAPACKE: -13).
//@ known(geqp3-empty-fixed-columns, m == 0 && annotest_lapacke_any_nonzero(jpvt, n))
//@ ensure(ret == 0)
//@ check(annotest_check_dgeqp3)
lapack_int LAPACKE_dgeqp3( int matrix_layout, lapack_int m, lapack_int n,
                           double* a, lapack_int lda, lapack_int* jpvt,
                           double* tau );

// dgelqf doc: A = L Q; "Q is represented as a product of elementary reflectors Q = H(k) . . .
// H(2) H(1), where k = min(m,n)", H(i) = I - tau v v^T with v(1:i-1) = 0, v(i) = 1 and
// v(i+1:n) in A(i,i+1:n).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_ld(matrix_layout, m, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(tau): outs(count=annotest_lapacke_max(1, annotest_lapacke_min(m, n)))
// Known finding lwork-zero-empty: with M = 0 DGELQF's workspace query answers WORK(1) =
// M*NB = 0, LAPACKE allocates that, and DGELQF then rejects LWORK = 0 ("LWORK >= max(1,M)"):
// INFO = -8 from LAPACKE on a valid empty matrix.
//@ known(lwork-zero-empty, m == 0)
//@ ensure(ret == 0)
//@ check(annotest_check_dgelqf)
lapack_int LAPACKE_dgelqf( int matrix_layout, lapack_int m, lapack_int n,
                           double* a, lapack_int lda, double* tau );

// dorgqr doc: the M x N matrix Q with orthonormal columns, "the first N columns of a product
// of K elementary reflectors of order M, Q = H(1) H(2) . . . H(k) as returned by DGEQRF";
// "M >= N >= 0", "N >= K >= 0". The reflectors come from dgeqrf of the data (generator).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=m)
//@ arg(k): ints(min=0, max=n)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(a): objs(annotest_lapacke_reflectors, layout=matrix_layout, m=m, n=n, lda=lda)
//@ arg(tau): annotest_lapacke_reflector_tau(a)
//@ ensure(ret == 0)
//@ check(annotest_check_dorgqr)
lapack_int LAPACKE_dorgqr( int matrix_layout, lapack_int m, lapack_int n,
                           lapack_int k, double* a, lapack_int lda,
                           const double* tau );

// dormqr doc: C := Q C, Q^T C, C Q or C Q^T with Q = H(1) ... H(k) "as returned by DGEQRF";
// A is M x K for SIDE = 'L' ("M >= K >= 0"), N x K for 'R' ("N >= K >= 0"); the reflectors
// are dgeqrf's of an r x k data matrix, r = M or N (generator).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(side): froms([ANNOTEST_CHAR_L, ANNOTEST_CHAR_R])
//@ arg(trans): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_T])
//@ arg(m): ints(min=0, max=12)
//@ arg(n): ints(min=0, max=12)
//@ dim(r): annotest_lapacke_side_dim(side, m, n)
//@ arg(k): ints(min=0, max=r)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, r, k), max=annotest_lapacke_ld(matrix_layout, r, k) + 3)
//@ arg(a): objs(annotest_lapacke_reflectors, layout=matrix_layout, m=r, n=k, lda=lda)
//@ arg(tau): annotest_lapacke_reflector_tau(a)
//@ arg(ldc): ints(min=annotest_lapacke_ld(matrix_layout, m, n), max=annotest_lapacke_ld(matrix_layout, m, n) + 3)
//@ arg(c): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_ld(matrix_layout, m, n)], ld=ldc, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dormqr)
lapack_int LAPACKE_dormqr( int matrix_layout, char side, char trans,
                           lapack_int m, lapack_int n, lapack_int k,
                           const double* a, lapack_int lda, const double* tau,
                           double* c, lapack_int ldc );

/* ==== inverses, triangular systems, condition ============================================ */

// dgetri doc: the inverse from the LU factorisation "computed by DGETRF"; "INFO = i, U(i,i)
// is exactly zero": excluded by a diagonally dominant matrix (generator).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_lu, layout=matrix_layout, n=n, lda=lda)
//@ arg(ipiv): annotest_lapacke_lu_pivots(a)
// Known finding lwork-zero-empty: with N = 0 DGETRI's workspace query answers WORK(1) = N*NB =
// 0 and DGETRI rejects LWORK = 0 ("LWORK >= max(1,N)"): INFO = -7 from LAPACKE.
//@ known(lwork-zero-empty, n == 0)
//@ ensure(ret == 0)
//@ check(annotest_check_dgetri)
lapack_int LAPACKE_dgetri( int matrix_layout, lapack_int n, double* a,
                           lapack_int lda, const lapack_int* ipiv );

// dpotri doc: the inverse of a symmetric positive definite A from "the triangular factor U
// or L from the Cholesky factorization A = U**T*U or A = L*L**T, as computed by DPOTRF".
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_cholesky, layout=matrix_layout, uplo=uplo, n=n, lda=lda)
//@ ensure(ret == 0)
//@ check(annotest_check_dpotri)
lapack_int LAPACKE_dpotri( int matrix_layout, char uplo, lapack_int n, double* a,
                           lapack_int lda );

// dtrtrs doc: op(A) X = B for triangular A; "INFO = i, the i-th diagonal element of A is zero":
// excluded by |diagonal| >= 1 (generator; DIAG = 'U' does not read it).
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(trans): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_T])
//@ arg(diag): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_U])
//@ arg(n): ints(min=0, max=12)
//@ arg(nrhs): ints(min=0, max=4)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_triangular, layout=matrix_layout, uplo=uplo, n=n, lda=lda)
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dtrtrs)
lapack_int LAPACKE_dtrtrs( int matrix_layout, char uplo, char trans, char diag,
                           lapack_int n, lapack_int nrhs, const double* a,
                           lapack_int lda, double* b, lapack_int ldb );

// dtrtri doc: the inverse of a triangular matrix; "INFO = i, A(i,i) is exactly zero":
// excluded as for dtrtrs.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(diag): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_U])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_triangular, layout=matrix_layout, uplo=uplo, n=n, lda=lda)
//@ ensure(ret == 0)
//@ check(annotest_check_dtrtri)
lapack_int LAPACKE_dtrtri( int matrix_layout, char uplo, char diag, lapack_int n,
                           double* a, lapack_int lda );

// dpocon doc: the reciprocal condition number of a symmetric positive definite A from its
// Cholesky factor (DPOTRF); "ANORM: The 1-norm (or infinity-norm) of the symmetric matrix
// A": the exact 1-norm of the matrix the factor came from.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_cholesky, layout=matrix_layout, uplo=uplo, n=n, lda=lda)
//@ arg(anorm): annotest_lapacke_spd_norm1(a)
//@ arg(rcond): outs()
//@ ensure(ret == 0)
//@ check(annotest_check_dpocon)
lapack_int LAPACKE_dpocon( int matrix_layout, char uplo, lapack_int n,
                           const double* a, lapack_int lda, double anorm,
                           double* rcond );
#endif
