/* Residual oracles for LAPACK results, one per kind of result, in long double. Each returns the
 * worst ratio residual / allowed (> 1 is a violation), or -1 when it does not apply (a
 * non-finite result the bound cannot speak about). The allowed residual of each is stated, with
 * where it comes from, above its definition in lapack_check.c. */
#ifndef LAPACK_CHECK_H
#define LAPACK_CHECK_H
#include "lapack_dense.h"

/* Constant of a componentwise bound on computations whose entries are inner products of at
 * most k terms followed by one division (or multiplication by a rounded reciprocal). */
long double lapack_gamma(size_t k, int cplx, long double u);

/* P L U from ?getrf's packed output (m x n) and IPIV; 0 when IPIV is out of range. */
int lapack_unpack_lu(const ld_mat *lu, const int *ipiv, ld_mat *l, ld_mat *u);
/* Applies the row interchanges of IPIV to x: forward (P^T x) or backward (P x). */
void lapack_apply_ipiv(ld_mat *x, const int *ipiv, size_t k, int backward);

/* |A - P L U| <= gamma |P| |L| |U| elementwise (Higham, Thm 9.3). */
double lapack_check_lu(const ld_mat *a, const ld_mat *l, const ld_mat *u, const int *ipiv,
                       long double u_round, long double tiny);
/* |b - op(P L U) x| <= (2 gamma + gamma^2) |op(L)| |op(U)| |x| of the two triangular solves
 * (Higham, Thm 8.5 twice). trans: 0, or 1 for A^H x = b. */
double lapack_check_lu_solve(const ld_mat *l, const ld_mat *u, const int *ipiv, const ld_mat *b,
                             const ld_mat *x, int trans, long double u_round, long double tiny);
/* |A - L L^H| <= gamma |L| |L^H| (Higham, Thm 10.3). */
double lapack_check_cholesky(const ld_mat *a, const ld_mat *l, long double u_round, long double tiny);
/* |b - L L^H x| <= (2 gamma + gamma^2) |L| |L^H| |x|. */
double lapack_check_cholesky_solve(const ld_mat *l, const ld_mat *b, const ld_mat *x,
                                   long double u_round, long double tiny);

/* ||A - Q R||_1 / (m ||A||_1 eps) and ||I - Q^H Q||_1 / (m eps), against the LAPACK test
 * suite's threshold (ratio / 30), the first with an absolute allowance for gradual underflow
 * (R's elements and the reflections' products round to the subnormal grid, tiny each); QR
 * from ?geqrf's packed output and TAU. */
double lapack_check_qr(const ld_mat *a, const ld_mat *packed, const ld_mat *tau, long double eps,
                       long double tiny);

/* Least squares: ||op(A)^H r|| against a backward-stable solver's allowance, with an absolute
 * part for gradual underflow (tiny, the smallest subnormal; see .c). */
double lapack_check_least_squares(const ld_mat *a, int trans, const ld_mat *b, const ld_mat *x,
                                  long double rcond, long double eps, long double tiny);

/* The row space of op(A) truncated at rcond s_1 (the span of the right singular vectors kept),
 * as the minimum-norm check needs it: op(A)'s SVD, the values kept, whether the truncation is
 * ambiguous (a singular value close to rcond s_1, see .c) and the allowance's factors. It
 * depends on A, rcond and the number of right-hand sides only, so a harness derives it once
 * per case, not once per library. rcond 0 for ?gels, whose underdetermined solution is the
 * minimum-norm one. */
typedef struct {
  ld_mat v;        /* right singular vectors of op(A), one per column */
  size_t *order;   /* their indices by descending singular value */
  size_t r;        /* how many the truncation keeps */
  int ambiguous;
  long double spread, epsp, floor; /* E / gap, eps', the underflow floor (see .c) */
} lapack_row_space;
void lapack_row_space_derive(lapack_row_space *rs, const ld_mat *a, int trans, size_t nrhs,
                             long double rcond, long double eps, long double tiny);
void lapack_row_space_free(lapack_row_space *rs);

/* Minimum norm: the part of each column of X outside rs against perturbation theory's
 * allowance; -1 when the truncation is ambiguous. */
double lapack_check_minimum_norm(const lapack_row_space *rs, const ld_mat *x);

/* ||I - Q^H Q||_1 / (max(rows, cols) eps) / 50 (LAPACK's svd.in, sep.in threshold). */
double lapack_check_orthonormal_columns(const ld_mat *q, char op, long double eps);
/* ||A - U diag(s) V^H||_1 against 50 max(m,n) ||A||_1 eps plus the rounding of each s_j
 * to the precision in the subnormal range (absolute, at most tiny / 2, the smallest
 * subnormal's half: sum_j tiny / 2 ||u_j||_1 ||row j of V^H||_inf, the 1-norm of the rank-one
 * terms); u is m x k, vt is k x n. */
double lapack_check_svd(const ld_mat *a, const ld_mat *u, const long double *s, const ld_mat *vt,
                        long double eps, long double tiny);
#endif
