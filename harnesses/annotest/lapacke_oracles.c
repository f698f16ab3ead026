/* The LAPACKE target's oracles (@check functions of annotations/lapacke.h). Two kinds:
 *
 * Mathematical: the test ratios of LAPACK's own test suite (TESTING/LIN, TESTING/EIG of the
 * same Debian source), each a backward error normalised as the LAPACK Users' Guide states
 * its bounds ("of order n eps |A|"), against the threshold LAPACK's test drivers use for it:
 * 30 for linear equations and orthogonal factorisations (TESTING/dtest.in: "30.0 Threshold
 * value of test ratio"), 50 for the SVD and the symmetric eigenproblem (svd.in, sep.in), 20
 * for the nonsymmetric eigenproblem (nep.in, ded.in). EPS is dlamch('Epsilon') = 2^-53 in the
 * LIN ratios and ULP = dlamch('Precision') = 2^-52 in the EIG ones, as there. Each bound gets
 * an absolute term for gradual underflow: each operation may add DBL_TRUE_MIN / 2 beside its
 * relative error (Higham, Accuracy and Stability, (2.8)), at most (n + 1)^2 of them reach an
 * element, scaled by at most the norm of the matrix they multiply (elements are drawn from
 * [-100, 100], subnormals included).
 *
 * Layout: the same call in the other layout on a copy of the same input must give the same
 * outputs bit for bit. Row major, the LAPACKE wrappers transpose the input into column-major
 * scratch with the smallest leading dimension, call the same Fortran routine and transpose
 * the outputs back (lapacke_<r>_work.c): transposition copies values exactly, and the
 * reference LAPACK and BLAS (mlf_lapacke_session.c proves they are the ones loaded) address
 * but never compute with the leading dimension, so only the documented outputs' bits can
 * differ if a wrapper transposes wrongly. Compared are the documented outputs only: what a
 * routine leaves in a destroyed input (dgesdd's A) or in unreferenced storage is not promised,
 * and an output a routine does not set (dgesdd's V^T on a quick return, a known finding) is
 * whatever the caller's or LAPACKE's scratch held. This does not hold for an optimised BLAS (its
 * kernels' order of operations may depend on alignment and leading dimension), which is why
 * the target links the reference. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/lapacke.h"
#include "lapacke_matrix.h"

#define EPS (DBL_EPSILON / 2)
#define ULP DBL_EPSILON
#define THRESH_LIN 30.0
#define THRESH_SVD 50.0
#define THRESH_SEP 50.0
#define THRESH_NEP 20.0

static double underflow(lapack_int n, double scale) {
  return ((double)n + 1) * ((double)n + 1) * DBL_TRUE_MIN * (1 + scale);
}

static const char *layout_name(int layout) { return layout == LAPACK_ROW_MAJOR ? "row major" : "column major"; }

/* err <= thresh * denominator + the underflow term, else a finding of kind. */
static int within(at_ctx *ctx, const char *kind, double err, double thresh, double denominator, double slack,
                  const char *what) {
  if (err <= thresh * denominator + slack) return 1;
  at_property_failed(ctx, kind, "%s: ratio %.3g > threshold %.0f (error %.3g, normaliser %.3g)", what,
                     err / denominator, thresh, err, denominator);
  return 0;
}

/* ---- the same call in the other layout --------------------------------------------------- */

/* The other layout's output must equal the first's bit for bit (kind layout-mismatch). */
static int same_matrix(at_ctx *ctx, const char *name, int layout, lapack_int rows, lapack_int cols, const double *a,
                       lapack_int lda, const double *b, lapack_int ldb) {
  long k = lpk_first_difference(layout, rows, cols, a, lda, b, ldb);
  if (k < 0) return 1;
  int ia = (int)(k / (cols ? cols : 1)), ja = (int)(k % (cols ? cols : 1));
  at_property_failed(ctx, "layout-mismatch", "%s (%d x %d) element (%d, %d): %.17g %s, %.17g %s", name, rows, cols,
                     ia, ja, layout == LAPACK_ROW_MAJOR ? a[(size_t)ia * lda + ja] : a[ia + (size_t)ja * lda],
                     layout_name(layout), layout == LAPACK_ROW_MAJOR ? b[ia + (size_t)ja * ldb] : b[(size_t)ia * ldb + ja],
                     layout_name(lpk_other(layout)));
  return 0;
}

static int same_vector(at_ctx *ctx, const char *name, const void *a, const void *b, size_t bytes) {
  if (!memcmp(a, b, bytes)) return 1;
  at_property_failed(ctx, "layout-mismatch", "%s differs between the layouts (%zu bytes)", name, bytes);
  return 0;
}

static int same_info(at_ctx *ctx, lapack_int ret, lapack_int other, int layout) {
  if (ret == other) return 1;
  at_property_failed(ctx, "layout-mismatch", "INFO %d %s but %d %s on the same input", ret, layout_name(layout), other,
                     layout_name(lpk_other(layout)));
  return 0;
}

/* Zeroed scratch of n elements (at least one) for the repeated call, guarded (lpk_release). */
static void *scratch(size_t n, size_t size) { return lpk_guarded((n ? n : 1) * size, size); }

/* ---- shared ratios ------------------------------------------------------------------------ */

/* dget02 / dpot02 / dtrt02: max over columns of |b_j - A x_j|_1 / (|A|_1 |x_j|_1 EPS). */
static void check_solution(at_ctx *ctx, lpk_mat A, int trans, lpk_mat X, lpk_mat B, const char *what) {
  lpk_mat AX = lpk_mul(A, trans, X, 0);
  double anorm = lpk_norm1(A);
  for (lapack_int j = 0; j < X.cols; j++) {
    double r = 0, x = 0;
    for (lapack_int i = 0; i < X.rows; i++) r += fabs(LPK(B, i, j) - LPK(AX, i, j)), x += fabs(LPK(X, i, j));
    if (!isfinite(x)) { /* the annotations keep solutions far from overflow */
      at_property_failed(ctx, "nonfinite-solution", "%s: column %d of X holds %g", what, j, x);
      break;
    }
    if (!within(ctx, "residual", r, THRESH_LIN, anorm * x * EPS, underflow(A.rows, anorm), what)) break;
  }
  lpk_free(&AX);
}

/* dget03 / dpot03 / dtrt01: |I - A Ainv|_1 / (n |A|_1 |Ainv|_1 EPS). */
static void check_inverse(at_ctx *ctx, lpk_mat A, lpk_mat Ainv, const char *what) {
  lpk_mat P = lpk_mul(A, 0, Ainv, 0);
  double an = lpk_norm1(A), in = lpk_norm1(Ainv);
  if (!isfinite(in)) at_property_failed(ctx, "nonfinite-inverse", "%s: the inverse of a nonsingular matrix holds %g", what, in);
  else within(ctx, "inverse", lpk_identity_error(P), THRESH_LIN, (double)A.rows * an * in * EPS, underflow(A.rows, an * in), what);
  lpk_free(&P);
}

/* dort01: |I - Q^T Q|_1 / (rows ULP) for a matrix with orthonormal columns. */
static void check_orthonormal(at_ctx *ctx, lpk_mat Q, double eps, double thresh, const char *what) {
  lpk_mat P = lpk_mul(Q, 1, Q, 0);
  within(ctx, "orthogonality", lpk_identity_error(P), thresh, (double)(Q.rows > 1 ? Q.rows : 1) * eps,
         underflow(Q.rows, 1), what);
  lpk_free(&P);
}

/* |A V - V diag(w)|_1 / (|A|_1 n ULP + tolerance) for the first cols eigenpairs (dsyt21,
 * dsyt22); tolerance is what the caller allowed the eigenvalues beyond that (dsyevr's ABSTOL). */
static void check_symmetric_eigen(at_ctx *ctx, lpk_mat A, lpk_mat V, const double *w, double tolerance,
                                  const char *what) {
  lpk_mat AV = lpk_mul(A, 0, V, 0), VW = lpk_zeros(V.rows, V.cols);
  for (lapack_int j = 0; j < V.cols; j++)
    for (lapack_int i = 0; i < V.rows; i++) LPK(VW, i, j) = LPK(V, i, j) * w[j];
  double an = lpk_norm1(A);
  within(ctx, "eigen-residual", lpk_diff_norm1(AV, VW), THRESH_SEP, an * (double)(A.rows ? A.rows : 1) * ULP + tolerance,
         underflow(A.rows, an), what);
  lpk_free(&AV), lpk_free(&VW);
}

/* Eigenvalues w[0..n-1] in ascending order (dsyevd, dsyevr: "in ascending order"). */
static void check_ascending(at_ctx *ctx, const double *w, lapack_int n) {
  for (lapack_int i = 0; i + 1 < n; i++)
    if (!(w[i] <= w[i + 1])) {
      at_property_failed(ctx, "eigenvalue-order", "w[%d] = %.17g > w[%d] = %.17g", i, w[i], i + 1, w[i + 1]);
      return;
    }
}

/* Complex eigenvalues come in conjugate pairs, the positive imaginary part first (dgeev,
 * dgees: "complex conjugate pairs of eigenvalues appear consecutively with the eigenvalue
 * having the positive imaginary part first": wr equal, wi opposite). dggev (wr NULL) says
 * only "if positive, then the j-th and (j+1)-st eigenvalues are a complex conjugate pair,
 * with ALPHAI(j+1) negative": its pair is (ALPHAR + i ALPHAI) / BETA with a BETA of its own,
 * so ALPHAI(j+1) is -ALPHAI(j) only up to BETA(j+1) / BETA(j) (an oracle bug the fuzzer found
 * asked for -ALPHAI(j) exactly). */
static int check_pairs(at_ctx *ctx, const double *wr, const double *wi, lapack_int n) {
  for (lapack_int j = 0; j < n; j++) {
    if (wi[j] == 0) continue;
    int conjugate = j + 1 < n && (wr ? wi[j + 1] == -wi[j] && wr[j + 1] == wr[j] : wi[j + 1] < 0);
    if (!(wi[j] > 0) || !conjugate) {
      at_property_failed(ctx, "conjugate-pairs", "eigenvalue %d: imaginary part %.17g not followed by its conjugate", j, wi[j]);
      return 0;
    }
    j++;
  }
  return 1;
}

/* dget22: |op(A) E - E W|_1 / (|A|_1 |E|_1 ULP), E's columns real or (re, im) pairs; left
 * eigenvectors (u^H A = lambda u^H) are A^T u = conj(lambda) u: trans 1 and the conjugate.
 * The underflow term is taken off the error first. */
static double general_eigen_ratio(lpk_mat A, int trans, lpk_mat E, const double *wr, const double *wi) {
  lpk_mat AE = lpk_mul(A, trans, E, 0), EW = lpk_zeros(E.rows, E.cols);
  double sign = trans ? -1 : 1;
  for (lapack_int j = 0; j < E.cols; j++) {
    if (wi[j] == 0) {
      for (lapack_int i = 0; i < E.rows; i++) LPK(EW, i, j) = LPK(E, i, j) * wr[j];
      continue;
    }
    double im = sign * wi[j]; /* (re + i im)(x + i y) = (re x - im y) + i (im x + re y) */
    for (lapack_int i = 0; i < E.rows; i++) {
      double x = LPK(E, i, j), y = LPK(E, i, j + 1);
      LPK(EW, i, j) = wr[j] * x - im * y;
      LPK(EW, i, j + 1) = im * x + wr[j] * y;
    }
    j++;
  }
  double an = lpk_norm1(A), en = lpk_norm1(E), err = lpk_diff_norm1(AE, EW) - underflow(A.rows, an * en);
  lpk_free(&AE), lpk_free(&EW);
  return err <= 0 ? 0 : err / (an * en * ULP);
}

/* The dget22 ratio of the eigenvectors DGEEVX computes for the column-major n x n A with
 * BALANC = 'P': permuted, not scaled (the reference LAPACK called directly, as a diagnosis). */
static double unscaled_eigen_ratio(lpk_mat A, int left) {
  lapack_int n = A.rows, ld = n > 0 ? n : 1, ilo, ihi, info = 0, lwork = -1, iwork[1];
  char balanc = 'P', jl = left ? 'V' : 'N', jr = left ? 'N' : 'V', sense = 'N';
  lpk_mat H = lpk_from(LAPACK_COL_MAJOR, n, n, A.v, ld), E = lpk_zeros(n, n);
  double *wr = scratch((size_t)n, sizeof *wr), *wi = scratch((size_t)n, sizeof *wi), *scale = scratch((size_t)n, sizeof *scale);
  double abnrm, rconde, rcondv, query = 0;
  LAPACK_dgeevx(&balanc, &jl, &jr, &sense, &n, H.v, &ld, wr, wi, E.v, &ld, E.v, &ld, &ilo, &ihi, scale, &abnrm, &rconde,
                &rcondv, &query, &lwork, iwork, &info);
  lwork = query > 1 ? (lapack_int)query : 1;
  double *work = scratch((size_t)lwork, sizeof *work), ratio = INFINITY;
  if (info == 0)
    LAPACK_dgeevx(&balanc, &jl, &jr, &sense, &n, H.v, &ld, wr, wi, E.v, &ld, E.v, &ld, &ilo, &ihi, scale, &abnrm, &rconde,
                  &rcondv, work, &lwork, iwork, &info);
  if (info == 0) ratio = general_eigen_ratio(A, left, E, wr, wi);
  lpk_free(&H), lpk_free(&E), lpk_release(wr), lpk_release(wi), lpk_release(scale), lpk_release(work);
  return ratio;
}

/* dgeev's eigenvectors E (left: of A^T) against dget22. DGEEV always balances, scaling rows
 * and columns by powers of two; for matrices with elements near underflow the scaling can be
 * extreme (D = diag(3.7e-155, 1)) and the eigenvectors lose all accuracy (Watkins, "A case
 * where balancing is harmful", ETNA 23, 2006). A failure is therefore diagnosed: when DGEEVX
 * without scaling passes, it is the known finding balancing-residual, else eigen-residual. */
static void check_general_eigen(at_ctx *ctx, lpk_mat A, int left, lpk_mat E, const double *wr, const double *wi,
                                const char *what) {
  double ratio = general_eigen_ratio(A, left, E, wr, wi);
  if (ratio <= THRESH_NEP) return;
  double unscaled = unscaled_eigen_ratio(A, left);
  at_property_failed(ctx, unscaled <= THRESH_NEP ? "balancing-residual" : "eigen-residual",
                     "%s: ratio %.3g > threshold %.0f (without scaling, DGEEVX BALANC='P': %.3g)", what, ratio,
                     THRESH_NEP, unscaled);
}

/* ---- singular values and eigenvalues ------------------------------------------------------ */

void annotest_check_dgesdd(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, lapack_int m, lapack_int n,
                           double *a, lapack_int lda, double *s, double *u, lapack_int ldu, double *vt,
                           lapack_int ldvt, int matrix_layout0, char jobz0, lapack_int m0, lapack_int n0, double *a0,
                           lapack_int lda0, double *s0, double *u0, lapack_int ldu0, double *vt0, lapack_int ldvt0) {
  (void)a, (void)lda, (void)matrix_layout0, (void)jobz0, (void)m0, (void)n0, (void)s0, (void)u0, (void)ldu0, (void)vt0, (void)ldvt0;
  if (ret != 0) return;
  lapack_int k = m < n ? m : n;
  for (lapack_int i = 0; i < k; i++) /* ddrvbd test 4: nonnegative, decreasing */
    if (!(s[i] >= 0) || (i > 0 && !(s[i] <= s[i - 1]))) {
      at_property_failed(ctx, "singular-values", "s[%d] = %.17g (s[%d] = %.17g): not nonnegative and decreasing", i,
                         s[i], i ? i - 1 : 0, s[i ? i - 1 : 0]);
      return;
    }
  lapack_int ur = (lapack_int)annotest_lapacke_gesdd_u_rows(jobz, m), uc = (lapack_int)annotest_lapacke_gesdd_u_cols(jobz, m, n);
  lapack_int vr = (lapack_int)annotest_lapacke_gesdd_vt_rows(jobz, m, n);
  if (jobz != 'N') { /* dbdt01: |A - U S V^T|_1 / (n |A|_1 ULP); dort01 for U and V */
    lpk_mat A = lpk_from(matrix_layout, m, n, a0, lda0), U = lpk_from(matrix_layout, ur, uc, u, ldu),
            VT = lpk_from(matrix_layout, vr, n, vt, ldvt), US = lpk_zeros(m, vr);
    for (lapack_int j = 0; j < k; j++)
      for (lapack_int i = 0; i < m; i++) LPK(US, i, j) = LPK(U, i, j) * s[j];
    lpk_mat R = lpk_mul(US, 0, VT, 0);
    double an = lpk_norm1(A);
    if (within(ctx, "reconstruction", lpk_diff_norm1(A, R), THRESH_SVD, (double)(n ? n : 1) * an * ULP,
               underflow(n > m ? n : m, an), "A = U S V^T"))
      check_orthonormal(ctx, U, ULP, THRESH_SVD, "U^T U = I");
    lpk_mat V = lpk_zeros(n, vr); /* V's columns: V^T's rows */
    for (lapack_int i = 0; i < vr; i++)
      for (lapack_int j = 0; j < n; j++) LPK(V, j, i) = LPK(VT, i, j);
    check_orthonormal(ctx, V, ULP, THRESH_SVD, "V^T V = I");
    lpk_free(&A), lpk_free(&U), lpk_free(&VT), lpk_free(&US), lpk_free(&R), lpk_free(&V);
  }
  lapack_int lda2, ldu2, ldvt2;
  double *a2 = lpk_other_layout(matrix_layout, m, n, a0, lda0, &lda2), *s2 = scratch((size_t)k, sizeof *s2);
  double *u2 = lpk_other_layout(matrix_layout, ur, uc, u0, ldu0, &ldu2), *vt2 = lpk_other_layout(matrix_layout, vr, n, vt0, ldvt0, &ldvt2);
  lapack_int r2 = LAPACKE_dgesdd(lpk_other(matrix_layout), jobz, m, n, a2, lda2, s2, u2, ldu2, vt2, ldvt2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "s", s, s2, (size_t)k * sizeof *s) && jobz != 'N' &&
      same_matrix(ctx, "U", matrix_layout, ur, uc, u, ldu, u2, ldu2))
    same_matrix(ctx, "V^T", matrix_layout, vr, n, vt, ldvt, vt2, ldvt2);
  lpk_release(a2), lpk_release(s2), lpk_release(u2), lpk_release(vt2);
}

void annotest_check_dgeev(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvl, char jobvr, lapack_int n,
                          double *a, lapack_int lda, double *wr, double *wi, double *vl, lapack_int ldvl, double *vr,
                          lapack_int ldvr, int matrix_layout0, char jobvl0, char jobvr0, lapack_int n0, double *a0,
                          lapack_int lda0, double *wr0, double *wi0, double *vl0, lapack_int ldvl0, double *vr0,
                          lapack_int ldvr0) {
  (void)a, (void)lda, (void)matrix_layout0, (void)jobvl0, (void)jobvr0, (void)n0, (void)wr0, (void)wi0, (void)vl0,
      (void)ldvl0, (void)vr0, (void)ldvr0;
  if (ret != 0 || !check_pairs(ctx, wr, wi, n)) return;
  lpk_mat A = lpk_from(matrix_layout, n, n, a0, lda0);
  if (jobvr == 'V') {
    lpk_mat E = lpk_from(matrix_layout, n, n, vr, ldvr);
    check_general_eigen(ctx, A, 0, E, wr, wi, "A VR = VR W");
    lpk_free(&E);
  }
  if (jobvl == 'V') {
    lpk_mat E = lpk_from(matrix_layout, n, n, vl, ldvl);
    check_general_eigen(ctx, A, 1, E, wr, wi, "VL^H A = W VL^H");
    lpk_free(&E);
  }
  lpk_free(&A);
  lapack_int dl = (lapack_int)annotest_lapacke_job_dim(jobvl, n), dr = (lapack_int)annotest_lapacke_job_dim(jobvr, n);
  lapack_int lda2, ldvl2, ldvr2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *wr2 = scratch((size_t)n, sizeof *wr2),
         *wi2 = scratch((size_t)n, sizeof *wi2), *vl2 = lpk_other_layout(matrix_layout, dl, dl, vl0, ldvl0, &ldvl2),
         *vr2 = lpk_other_layout(matrix_layout, dr, dr, vr0, ldvr0, &ldvr2);
  lapack_int r2 = LAPACKE_dgeev(lpk_other(matrix_layout), jobvl, jobvr, n, a2, lda2, wr2, wi2, vl2, ldvl2, vr2, ldvr2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "wr", wr, wr2, (size_t)n * sizeof *wr) &&
      same_vector(ctx, "wi", wi, wi2, (size_t)n * sizeof *wi) &&
      (jobvl != 'V' || same_matrix(ctx, "VL", matrix_layout, n, n, vl, ldvl, vl2, ldvl2)) && jobvr == 'V')
    same_matrix(ctx, "VR", matrix_layout, n, n, vr, ldvr, vr2, ldvr2);
  lpk_release(a2), lpk_release(wr2), lpk_release(wi2), lpk_release(vl2), lpk_release(vr2);
}

void annotest_check_dsyevd(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, char uplo, lapack_int n,
                           double *a, lapack_int lda, double *w, int matrix_layout0, char jobz0, char uplo0,
                           lapack_int n0, double *a0, lapack_int lda0, double *w0) {
  (void)matrix_layout0, (void)jobz0, (void)uplo0, (void)n0, (void)w0;
  if (ret != 0) return;
  check_ascending(ctx, w, n);
  if (jobz == 'V') { /* dsyt21: A = U S U^T and U orthogonal */
    lpk_mat A = lpk_symmetric(matrix_layout, uplo, n, a0, lda0), V = lpk_from(matrix_layout, n, n, a, lda);
    check_symmetric_eigen(ctx, A, V, w, 0, "A V = V diag(w)");
    check_orthonormal(ctx, V, ULP, THRESH_SEP, "V^T V = I");
    lpk_free(&A), lpk_free(&V);
  }
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *w2 = scratch((size_t)n, sizeof *w2);
  lapack_int r2 = LAPACKE_dsyevd(lpk_other(matrix_layout), jobz, uplo, n, a2, lda2, w2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "w", w, w2, (size_t)n * sizeof *w) && jobz == 'V')
    same_matrix(ctx, "V", matrix_layout, n, n, a, lda, a2, lda2);
  lpk_release(a2), lpk_release(w2);
}

void annotest_check_dsyevr(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobz, char range, char uplo,
                           lapack_int n, double *a, lapack_int lda, double vl, double vu, lapack_int il,
                           lapack_int iu, double abstol, lapack_int *m, double *w, double *z, lapack_int ldz,
                           lapack_int *isuppz, int matrix_layout0, char jobz0, char range0, char uplo0,
                           lapack_int n0, double *a0, lapack_int lda0, double vl0, double vu0, lapack_int il0,
                           lapack_int iu0, double abstol0, lapack_int *m0, double *w0, double *z0, lapack_int ldz0,
                           lapack_int *isuppz0) {
  (void)a, (void)lda, (void)matrix_layout0, (void)jobz0, (void)range0, (void)uplo0, (void)n0, (void)vl0, (void)vu0,
      (void)il0, (void)iu0, (void)abstol0, (void)m0, (void)w0, (void)isuppz, (void)isuppz0;
  if (ret != 0) return;
  lapack_int want = range == 'I' ? iu - il + 1 : n;
  if (*m != want) {
    at_property_failed(ctx, "eigenvalue-count", "M = %d eigenvalues found, %d asked for (RANGE %c)", *m, want, range);
    return;
  }
  check_ascending(ctx, w, *m);
  lapack_int zr = (lapack_int)annotest_lapacke_job_dim(jobz, n), zc = (lapack_int)annotest_lapacke_syevr_z_cols(jobz, range, n, il, iu);
  /* dsyt22: A Z = Z diag(w), Z^T Z = I. The doc: an eigenvalue "is accepted as converged when
   * it is determined to lie in an interval [a,b] of width less than or equal to ABSTOL + EPS *
   * max(|a|,|b|)": an eigenvalue off by up to ABSTOL leaves its eigenvector a residual of that
   * order (|r|_2 <= |lambda - w| for the eigenvector of lambda; |r|_1 <= sqrt(n) |r|_2), so a
   * positive ABSTOL joins the normaliser as n ABSTOL (an oracle bug the campaign found: ABSTOL
   * = 1 gave a residual of 0.34). */
  /* Orthogonality likewise holds to working precision only while the eigenvalues are as
   * accurate as by default ("If ABSTOL is less than or equal to zero, then EPS*|T| will be
   * used"): eigenvectors computed at eigenvalues off by ABSTOL lean towards their neighbours by
   * about ABSTOL / gap (the campaign: ABSTOL = 1, |Z^T Z - I| = 7e-7), so it is checked for
   * ABSTOL <= n ULP |A| only. */
  if (jobz == 'V') {
    lpk_mat A = lpk_symmetric(matrix_layout, uplo, n, a0, lda0), Z = lpk_from(matrix_layout, n, *m, z, ldz);
    check_symmetric_eigen(ctx, A, Z, w, abstol > 0 ? (double)n * abstol : 0, "A Z = Z diag(w)");
    if (abstol <= (double)n * ULP * lpk_norm1(A)) check_orthonormal(ctx, Z, ULP, THRESH_SEP, "Z^T Z = I");
    lpk_free(&A), lpk_free(&Z);
  }
  lapack_int lda2, ldz2, m2 = 0;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *w2 = scratch((size_t)n, sizeof *w2),
         *z2 = lpk_other_layout(matrix_layout, zr, zc, z0, ldz0, &ldz2);
  lapack_int *isuppz2 = scratch(2 * (size_t)(n > 1 ? n : 1), sizeof *isuppz2);
  lapack_int r2 = LAPACKE_dsyevr(lpk_other(matrix_layout), jobz, range, uplo, n, a2, lda2, vl, vu, il, iu, abstol, &m2,
                                 w2, z2, ldz2, isuppz2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "M", m, &m2, sizeof m2) &&
      same_vector(ctx, "w", w, w2, (size_t)*m * sizeof *w) && jobz == 'V')
    same_matrix(ctx, "Z", matrix_layout, n, *m, z, ldz, z2, ldz2);
  lpk_release(a2), lpk_release(w2), lpk_release(z2), lpk_release(isuppz2);
}

void annotest_check_dgees(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvs, char sort,
                          LAPACK_D_SELECT2 select, lapack_int n, double *a, lapack_int lda, lapack_int *sdim,
                          double *wr, double *wi, double *vs, lapack_int ldvs, int matrix_layout0, char jobvs0,
                          char sort0, LAPACK_D_SELECT2 select0, lapack_int n0, double *a0, lapack_int lda0,
                          lapack_int *sdim0, double *wr0, double *wi0, double *vs0, lapack_int ldvs0) {
  (void)matrix_layout0, (void)jobvs0, (void)sort0, (void)select0, (void)n0, (void)sdim0, (void)wr0, (void)wi0;
  if (ret != 0 || !check_pairs(ctx, wr, wi, n)) return;
  if (*sdim != 0) at_property_failed(ctx, "sdim", "SDIM = %d with SORT = 'N' (doc: \"SDIM = 0\")", *sdim);
  lpk_mat T = lpk_from(matrix_layout, n, n, a, lda);
  for (lapack_int j = 0; j < n; j++) /* quasi-triangular: nothing below the subdiagonal, 2 x 2 blocks apart */
    for (lapack_int i = j + 1; i < n; i++)
      if ((i > j + 1 && LPK(T, i, j) != 0) || (i == j + 1 && LPK(T, i, j) != 0 && j > 0 && LPK(T, j, j - 1) != 0)) {
        at_property_failed(ctx, "schur-form", "T(%d, %d) = %.17g: T is not quasi-upper-triangular", i, j, LPK(T, i, j));
        lpk_free(&T);
        return;
      }
  if (jobvs == 'V') { /* dhst01: |A - Z T Z^T|_1 / (n |A|_1 ULP), Z orthogonal */
    lpk_mat A = lpk_from(matrix_layout, n, n, a0, lda0), Z = lpk_from(matrix_layout, n, n, vs, ldvs);
    lpk_mat ZT = lpk_mul(Z, 0, T, 0), R = lpk_mul(ZT, 0, Z, 1);
    double an = lpk_norm1(A);
    within(ctx, "reconstruction", lpk_diff_norm1(A, R), THRESH_NEP, (double)n * an * ULP, underflow(n, an), "A = Z T Z^T");
    check_orthonormal(ctx, Z, ULP, THRESH_NEP, "Z^T Z = I");
    lpk_free(&A), lpk_free(&Z), lpk_free(&ZT), lpk_free(&R);
  }
  lpk_free(&T);
  lapack_int vsr = (lapack_int)annotest_lapacke_job_dim(jobvs, n), lda2, ldvs2, sdim2 = 0;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *wr2 = scratch((size_t)n, sizeof *wr2),
         *wi2 = scratch((size_t)n, sizeof *wi2), *vs2 = lpk_other_layout(matrix_layout, vsr, n, vs0, ldvs0, &ldvs2);
  lapack_int r2 = LAPACKE_dgees(lpk_other(matrix_layout), jobvs, sort, select, n, a2, lda2, &sdim2, wr2, wi2, vs2, ldvs2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "wr", wr, wr2, (size_t)n * sizeof *wr) &&
      same_vector(ctx, "wi", wi, wi2, (size_t)n * sizeof *wi) && same_matrix(ctx, "T", matrix_layout, n, n, a, lda, a2, lda2) &&
      jobvs == 'V')
    same_matrix(ctx, "Z", matrix_layout, n, n, vs, ldvs, vs2, ldvs2);
  lpk_release(a2), lpk_release(wr2), lpk_release(wi2), lpk_release(vs2);
}

/* dggev: structure of the eigenvalues and the layout comparison; no residual oracle (the
 * eigenvectors' normalisation and infinite eigenvalues need dget52, not written here). */
void annotest_check_dggev(at_ctx *ctx, lapack_int ret, int matrix_layout, char jobvl, char jobvr, lapack_int n,
                          double *a, lapack_int lda, double *b, lapack_int ldb, double *alphar, double *alphai,
                          double *beta, double *vl, lapack_int ldvl, double *vr, lapack_int ldvr,
                          int matrix_layout0, char jobvl0, char jobvr0, lapack_int n0, double *a0, lapack_int lda0,
                          double *b0, lapack_int ldb0, double *alphar0, double *alphai0, double *beta0, double *vl0,
                          lapack_int ldvl0, double *vr0, lapack_int ldvr0) {
  (void)a, (void)lda, (void)b, (void)ldb, (void)matrix_layout0, (void)jobvl0, (void)jobvr0, (void)n0, (void)alphar0,
      (void)alphai0, (void)beta0;
  if (ret != 0 || !check_pairs(ctx, NULL, alphai, n)) return;
  lapack_int dl = (lapack_int)annotest_lapacke_job_dim(jobvl, n), dr = (lapack_int)annotest_lapacke_job_dim(jobvr, n);
  lapack_int lda2, ldb2, ldvl2, ldvr2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *b2 = lpk_other_layout(matrix_layout, n, n, b0, ldb0, &ldb2),
         *ar2 = scratch((size_t)n, sizeof *ar2), *ai2 = scratch((size_t)n, sizeof *ai2), *be2 = scratch((size_t)n, sizeof *be2),
         *vl2 = lpk_other_layout(matrix_layout, dl, dl, vl0, ldvl0, &ldvl2), *vr2 = lpk_other_layout(matrix_layout, dr, dr, vr0, ldvr0, &ldvr2);
  lapack_int r2 = LAPACKE_dggev(lpk_other(matrix_layout), jobvl, jobvr, n, a2, lda2, b2, ldb2, ar2, ai2, be2, vl2, ldvl2,
                                vr2, ldvr2);
  size_t bytes = (size_t)n * sizeof(double);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "alphar", alphar, ar2, bytes) &&
      same_vector(ctx, "alphai", alphai, ai2, bytes) && same_vector(ctx, "beta", beta, be2, bytes) &&
      (jobvl != 'V' || same_matrix(ctx, "VL", matrix_layout, n, n, vl, ldvl, vl2, ldvl2)) && jobvr == 'V')
    same_matrix(ctx, "VR", matrix_layout, n, n, vr, ldvr, vr2, ldvr2);
  lpk_release(a2), lpk_release(b2), lpk_release(ar2), lpk_release(ai2), lpk_release(be2), lpk_release(vl2), lpk_release(vr2);
}

/* ---- linear systems and least squares ----------------------------------------------------- */

/* JPVT is a permutation of 1..n (dgeqp3, dgelsy: "if JPVT(J)=K, then the J-th column of A*P
 * was the K-th column of A"). */
static int check_permutation(at_ctx *ctx, const lapack_int *jpvt, lapack_int n) {
  char *seen = scratch((size_t)n, 1);
  int ok = 1;
  for (lapack_int j = 0; j < n && ok; j++)
    if (jpvt[j] < 1 || jpvt[j] > n || seen[jpvt[j] - 1]++) {
      at_property_failed(ctx, "pivots", "JPVT(%d) = %d: not a permutation of 1..%d", j + 1, jpvt[j], n);
      ok = 0;
    }
  lpk_release(seen);
  return ok;
}

/* dgelsy at full rank (RANK = min(M, N)), from backward stability (Higham, Accuracy and
 * Stability, Thm 20.3: the Householder QR least-squares solution solves a problem with |dA| of
 * order eps |A|; the complete orthogonal factorisation of a full-rank A is that QR):
 * M >= N: X minimises |B - A X|, so A^T (B - A X) = 0 up to |A| (|A| |X| + |B|) eps per column
 * (dqrt17's test, normalised with |A| |X| so that it does not depend on the condition);
 * M < N: A X = B exactly solvable, the residual as for a square solve (dget02). Rank-deficient
 * answers are not checked (their solution is as sensitive as RCOND makes it). */
static void check_least_squares(at_ctx *ctx, lpk_mat A, lpk_mat X, lpk_mat B, double rcond) {
  lpk_mat AX = lpk_mul(A, 0, X, 0), R = lpk_zeros(B.rows, B.cols);
  for (lapack_int j = 0; j < B.cols; j++)
    for (lapack_int i = 0; i < B.rows; i++) LPK(R, i, j) = LPK(B, i, j) - LPK(AX, i, j);
  lpk_mat G = lpk_mul(A, 1, R, 0);
  double an = lpk_norm1(A), big = (double)(A.rows > A.cols ? A.rows : A.cols);
  for (lapack_int j = 0; j < X.cols; j++) {
    double x = 0, b = 0, g = 0, r = 0;
    for (lapack_int i = 0; i < X.rows; i++) x += fabs(LPK(X, i, j));
    for (lapack_int i = 0; i < B.rows; i++) b += fabs(LPK(B, i, j)), r += fabs(LPK(R, i, j));
    for (lapack_int i = 0; i < G.rows; i++) g += fabs(LPK(G, i, j));
    /* A full rank from DGELSY means an estimated condition below 1 / RCOND, so |X| is about
     * |B| / sigma_min <= |B| / (RCOND sigma_max): with a subnormal RCOND or A that exceeds
     * DBL_MAX and an infinite X is right (1e300 leaves 1e8 for the estimate's error; an oracle
     * bug the campaign found: A = [4.9e-324], B = 30.5). */
    if (!isfinite(x)) {
      if (rcond > 0 && b * big / (rcond * an) < 1e300)
        at_property_failed(ctx, "nonfinite-solution", "full-rank least squares (RCOND %g, |A| %g, |B| %g): column %d "
                           "of X holds %g", rcond, an, b, j, x);
      break;
    }
    int ok = A.rows >= A.cols
                 ? within(ctx, "residual", g, THRESH_LIN, big * an * (an * x + b) * EPS, underflow(big, an * (an + 1)),
                          "A^T (B - A X) = 0 (full column rank)")
                 : within(ctx, "residual", r, THRESH_LIN, big * an * x * EPS, underflow(big, an), "A X = B (full row rank)");
    if (!ok) break;
  }
  lpk_free(&AX), lpk_free(&R), lpk_free(&G);
}

/* dgelsy: 0 <= RANK <= min(M, N), JPVT a permutation, at full rank the least-squares
 * conditions above, and the layout comparison. */
void annotest_check_dgelsy(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n,
                           lapack_int nrhs, double *a, lapack_int lda, double *b, lapack_int ldb, lapack_int *jpvt,
                           double rcond, lapack_int *rank, int matrix_layout0, lapack_int m0, lapack_int n0,
                           lapack_int nrhs0, double *a0, lapack_int lda0, double *b0, lapack_int ldb0,
                           lapack_int *jpvt0, double rcond0, lapack_int *rank0) {
  (void)matrix_layout0, (void)m0, (void)n0, (void)nrhs0, (void)rcond0, (void)rank0;
  if (ret != 0) return;
  if (*rank < 0 || *rank > (m < n ? m : n)) {
    at_property_failed(ctx, "rank", "RANK = %d outside 0..min(M, N) = %d", *rank, m < n ? m : n);
    return;
  }
  if (!check_permutation(ctx, jpvt, n)) return;
  lapack_int br = m > n ? m : n, lda2, ldb2, rank2 = -1;
  /* The known finding rcond0-singular: at RCOND = 0 DGELSY's rank test "IF( SMAXPR*RCOND.LE.
   * SMINPR )" (dgelsy.f:383) accepts 0 <= 0, so a full RANK can come with an exact zero on the
   * diagonal of the triangular factor it leaves in A, where the doc asks "estimated condition
   * number < 1/RCOND". */
  for (lapack_int i = 0; rcond == 0 && i < *rank; i++)
    if ((matrix_layout == LAPACK_ROW_MAJOR ? a[(size_t)i * lda + i] : a[i + (size_t)i * lda]) == 0) {
      at_property_failed(ctx, "rcond0-singular", "RCOND = 0, RANK = %d, but T(%d, %d) = 0: a singular block accepted",
                         *rank, i + 1, i + 1);
      return;
    }
  if (*rank == (m < n ? m : n)) {
    lpk_mat A = lpk_from(matrix_layout, m, n, a0, lda0), Xall = lpk_from(matrix_layout, br, nrhs, b, ldb),
            Ball = lpk_from(matrix_layout, br, nrhs, b0, ldb0), X = lpk_zeros(n, nrhs), B = lpk_zeros(m, nrhs);
    for (lapack_int j = 0; j < nrhs; j++) {
      for (lapack_int i = 0; i < n; i++) LPK(X, i, j) = LPK(Xall, i, j);
      for (lapack_int i = 0; i < m; i++) LPK(B, i, j) = LPK(Ball, i, j);
    }
    check_least_squares(ctx, A, X, B, rcond);
    lpk_free(&A), lpk_free(&Xall), lpk_free(&Ball), lpk_free(&X), lpk_free(&B);
  }
  double *a2 = lpk_other_layout(matrix_layout, m, n, a0, lda0, &lda2), *b2 = lpk_other_layout(matrix_layout, br, nrhs, b0, ldb0, &ldb2);
  lapack_int *jpvt2 = scratch((size_t)n, sizeof *jpvt2);
  memcpy(jpvt2, jpvt0, (size_t)n * sizeof *jpvt2);
  lapack_int r2 = LAPACKE_dgelsy(lpk_other(matrix_layout), m, n, nrhs, a2, lda2, b2, ldb2, jpvt2, rcond, &rank2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "RANK", rank, &rank2, sizeof rank2) &&
      same_vector(ctx, "JPVT", jpvt, jpvt2, (size_t)n * sizeof *jpvt))
    same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2);
  lpk_release(a2), lpk_release(b2), lpk_release(jpvt2);
}

/* dsysv (ipiv given) and dposv (ipiv NULL) share their oracles: X solves A X = B for the
 * symmetric A of a0's uplo triangle, and the same call in the other layout gives the same INFO,
 * pivots, solution and factor. */
static void check_symmetric_solve(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n,
                                  lapack_int nrhs, double *a, lapack_int lda, lapack_int *ipiv, double *b,
                                  lapack_int ldb, double *a0, lapack_int lda0, double *b0, lapack_int ldb0) {
  if (ret != 0) return;
  lpk_mat A = lpk_symmetric(matrix_layout, uplo, n, a0, lda0), X = lpk_from(matrix_layout, n, nrhs, b, ldb),
          B = lpk_from(matrix_layout, n, nrhs, b0, ldb0);
  check_solution(ctx, A, 0, X, B, "A X = B");
  lpk_free(&A), lpk_free(&X), lpk_free(&B);
  int other = lpk_other(matrix_layout);
  lapack_int lda2, ldb2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), *b2 = lpk_other_layout(matrix_layout, n, nrhs, b0, ldb0, &ldb2);
  lapack_int *ipiv2 = ipiv ? scratch((size_t)n, sizeof *ipiv2) : NULL;
  lapack_int r2 = ipiv ? LAPACKE_dsysv(other, uplo, n, nrhs, a2, lda2, ipiv2, b2, ldb2)
                       : LAPACKE_dposv(other, uplo, n, nrhs, a2, lda2, b2, ldb2);
  if (same_info(ctx, ret, r2, matrix_layout) &&
      (!ipiv || same_vector(ctx, "IPIV", ipiv, ipiv2, (size_t)n * sizeof *ipiv)) &&
      same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2))
    same_matrix(ctx, "factor", matrix_layout, n, n, a, lda, a2, lda2);
  lpk_release(a2), lpk_release(b2), lpk_release(ipiv2);
}

void annotest_check_dsysv(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, lapack_int nrhs,
                          double *a, lapack_int lda, lapack_int *ipiv, double *b, lapack_int ldb, int matrix_layout0,
                          char uplo0, lapack_int n0, lapack_int nrhs0, double *a0, lapack_int lda0,
                          lapack_int *ipiv0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)uplo0, (void)n0, (void)nrhs0, (void)ipiv0;
  check_symmetric_solve(ctx, ret, matrix_layout, uplo, n, nrhs, a, lda, ipiv, b, ldb, a0, lda0, b0, ldb0);
}

void annotest_check_dposv(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, lapack_int nrhs,
                          double *a, lapack_int lda, double *b, lapack_int ldb, int matrix_layout0, char uplo0,
                          lapack_int n0, lapack_int nrhs0, double *a0, lapack_int lda0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)uplo0, (void)n0, (void)nrhs0;
  check_symmetric_solve(ctx, ret, matrix_layout, uplo, n, nrhs, a, lda, NULL, b, ldb, a0, lda0, b0, ldb0);
}

/* The dense n x n matrix of dgbsv's band storage (rows kl .. 2 kl + ku of ab). */
static lpk_mat band_to_dense(int layout, lapack_int n, lapack_int kl, lapack_int ku, const double *ab, lapack_int ldab) {
  lpk_mat AB = lpk_from(layout, 2 * kl + ku + 1, n, ab, ldab), A = lpk_zeros(n, n);
  for (lapack_int j = 0; j < n; j++)
    for (lapack_int i = j - ku < 0 ? 0 : j - ku; i <= j + kl && i < n; i++) LPK(A, i, j) = LPK(AB, kl + ku + i - j, j);
  lpk_free(&AB);
  return A;
}

void annotest_check_dgbsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int kl, lapack_int ku,
                          lapack_int nrhs, double *ab, lapack_int ldab, lapack_int *ipiv, double *b, lapack_int ldb,
                          int matrix_layout0, lapack_int n0, lapack_int kl0, lapack_int ku0, lapack_int nrhs0,
                          double *ab0, lapack_int ldab0, lapack_int *ipiv0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)n0, (void)kl0, (void)ku0, (void)nrhs0, (void)ipiv0;
  if (ret != 0) return;
  lpk_mat A = band_to_dense(matrix_layout, n, kl, ku, ab0, ldab0), X = lpk_from(matrix_layout, n, nrhs, b, ldb),
          B = lpk_from(matrix_layout, n, nrhs, b0, ldb0);
  check_solution(ctx, A, 0, X, B, "A X = B (band)");
  lpk_free(&A), lpk_free(&X), lpk_free(&B);
  lapack_int rows = 2 * kl + ku + 1, ldab2, ldb2;
  double *ab2 = lpk_other_layout(matrix_layout, rows, n, ab0, ldab0, &ldab2), *b2 = lpk_other_layout(matrix_layout, n, nrhs, b0, ldb0, &ldb2);
  lapack_int *ipiv2 = scratch((size_t)n, sizeof *ipiv2);
  lapack_int r2 = LAPACKE_dgbsv(lpk_other(matrix_layout), n, kl, ku, nrhs, ab2, ldab2, ipiv2, b2, ldb2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "IPIV", ipiv, ipiv2, (size_t)n * sizeof *ipiv))
    same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2);
  (void)ab, (void)ldab;
  lpk_release(ab2), lpk_release(b2), lpk_release(ipiv2);
}

/* The tridiagonal matrix of dl, d, du (or e, d, e). */
static lpk_mat tridiagonal(lapack_int n, const double *dl, const double *d, const double *du) {
  lpk_mat A = lpk_zeros(n, n);
  for (lapack_int i = 0; i < n; i++) {
    LPK(A, i, i) = d[i];
    if (i + 1 < n) LPK(A, i + 1, i) = dl[i], LPK(A, i, i + 1) = du[i];
  }
  return A;
}

static double *copy_vector(const double *v, lapack_int n) {
  double *c = scratch((size_t)n, sizeof *c);
  memcpy(c, v, (size_t)(n > 0 ? n : 0) * sizeof *c);
  return c;
}

void annotest_check_dgtsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int nrhs, double *dl,
                          double *d, double *du, double *b, lapack_int ldb, int matrix_layout0, lapack_int n0,
                          lapack_int nrhs0, double *dl0, double *d0, double *du0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)n0, (void)nrhs0;
  if (ret != 0) return;
  lpk_mat A = tridiagonal(n, dl0, d0, du0), X = lpk_from(matrix_layout, n, nrhs, b, ldb), B = lpk_from(matrix_layout, n, nrhs, b0, ldb0);
  check_solution(ctx, A, 0, X, B, "A X = B (tridiagonal)");
  lpk_free(&A), lpk_free(&X), lpk_free(&B);
  lapack_int ldb2, k = n > 1 ? n - 1 : 1;
  double *dl2 = copy_vector(dl0, k), *d2 = copy_vector(d0, n), *du2 = copy_vector(du0, k),
         *b2 = lpk_other_layout(matrix_layout, n, nrhs, b0, ldb0, &ldb2);
  lapack_int r2 = LAPACKE_dgtsv(lpk_other(matrix_layout), n, nrhs, dl2, d2, du2, b2, ldb2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2) &&
      same_vector(ctx, "D", d, d2, (size_t)n * sizeof *d) && same_vector(ctx, "DL", dl, dl2, (size_t)(n - 1 > 0 ? n - 1 : 0) * sizeof *dl))
    same_vector(ctx, "DU", du, du2, (size_t)(n - 1 > 0 ? n - 1 : 0) * sizeof *du);
  lpk_release(dl2), lpk_release(d2), lpk_release(du2), lpk_release(b2);
}

void annotest_check_dptsv(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, lapack_int nrhs, double *d,
                          double *e, double *b, lapack_int ldb, int matrix_layout0, lapack_int n0, lapack_int nrhs0,
                          double *d0, double *e0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)n0, (void)nrhs0;
  if (ret != 0) return;
  lpk_mat A = tridiagonal(n, e0, d0, e0), X = lpk_from(matrix_layout, n, nrhs, b, ldb), B = lpk_from(matrix_layout, n, nrhs, b0, ldb0);
  check_solution(ctx, A, 0, X, B, "A X = B (positive definite tridiagonal)");
  lpk_free(&A), lpk_free(&X), lpk_free(&B);
  lapack_int ldb2;
  double *d2 = copy_vector(d0, n), *e2 = copy_vector(e0, n > 1 ? n - 1 : 1), *b2 = lpk_other_layout(matrix_layout, n, nrhs, b0, ldb0, &ldb2);
  lapack_int r2 = LAPACKE_dptsv(lpk_other(matrix_layout), n, nrhs, d2, e2, b2, ldb2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2) &&
      same_vector(ctx, "D", d, d2, (size_t)n * sizeof *d))
    same_vector(ctx, "E", e, e2, (size_t)(n - 1 > 0 ? n - 1 : 0) * sizeof *e);
  lpk_release(d2), lpk_release(e2), lpk_release(b2);
}

/* ---- orthogonal factorisations ------------------------------------------------------------ */

void annotest_check_dgeqp3(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, double *a,
                           lapack_int lda, lapack_int *jpvt, double *tau, int matrix_layout0, lapack_int m0,
                           lapack_int n0, double *a0, lapack_int lda0, lapack_int *jpvt0, double *tau0) {
  (void)matrix_layout0, (void)m0, (void)n0, (void)tau0;
  if (ret != 0 || !check_permutation(ctx, jpvt, n)) return;
  lapack_int k = m < n ? m : n, leading = 0;
  for (lapack_int j = 0; j < n; j++) leading += jpvt0[j] != 0;
  for (lapack_int j = 0; j < leading; j++) /* doc: a column flagged nonzero goes "to the front of A*P" */
    if (jpvt0[jpvt[j] - 1] == 0) {
      at_property_failed(ctx, "pivots", "column %d of A P is free column %d of A, before a leading one", j + 1, jpvt[j]);
      return;
    }
  /* dqpt01: |A P - Q R|_1 / (M |A|_1 EPS); Q R = H(1) ... H(k) R */
  lpk_mat F = lpk_from(matrix_layout, m, n, a, lda), QR = lpk_triangle(LAPACK_COL_MAJOR, 'U', 'N', m, n, F.v, m),
          A = lpk_from(matrix_layout, m, n, a0, lda0), AP = lpk_zeros(m, n);
  lpk_apply_qr_reflectors(F, tau, k, 0, &QR);
  for (lapack_int j = 0; j < n; j++)
    for (lapack_int i = 0; i < m; i++) LPK(AP, i, j) = LPK(A, i, jpvt[j] - 1);
  double an = lpk_norm1(A);
  within(ctx, "reconstruction", lpk_diff_norm1(AP, QR), THRESH_LIN, (double)(m ? m : 1) * an * EPS, underflow(m > n ? m : n, an), "A P = Q R");
  lpk_free(&F), lpk_free(&QR), lpk_free(&A), lpk_free(&AP);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, m, n, a0, lda0, &lda2), *tau2 = scratch((size_t)k, sizeof *tau2);
  lapack_int *jpvt2 = scratch((size_t)n, sizeof *jpvt2);
  memcpy(jpvt2, jpvt0, (size_t)n * sizeof *jpvt2);
  lapack_int r2 = LAPACKE_dgeqp3(lpk_other(matrix_layout), m, n, a2, lda2, jpvt2, tau2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "JPVT", jpvt, jpvt2, (size_t)n * sizeof *jpvt) &&
      same_vector(ctx, "TAU", tau, tau2, (size_t)k * sizeof *tau))
    same_matrix(ctx, "QR factor", matrix_layout, m, n, a, lda, a2, lda2);
  lpk_release(a2), lpk_release(tau2), lpk_release(jpvt2);
}

void annotest_check_dgelqf(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, double *a,
                           lapack_int lda, double *tau, int matrix_layout0, lapack_int m0, lapack_int n0, double *a0,
                           lapack_int lda0, double *tau0) {
  (void)matrix_layout0, (void)m0, (void)n0, (void)tau0;
  if (ret != 0) return;
  lapack_int k = m < n ? m : n;
  /* dlqt01 normalised as N |A|_1 EPS: |A - L Q|_1, L Q = L H(k) ... H(1) */
  lpk_mat F = lpk_from(matrix_layout, m, n, a, lda), LQ = lpk_triangle(LAPACK_COL_MAJOR, 'L', 'N', m, n, F.v, m),
          A = lpk_from(matrix_layout, m, n, a0, lda0);
  lpk_apply_lq_reflectors_right(F, tau, k, &LQ);
  double an = lpk_norm1(A);
  within(ctx, "reconstruction", lpk_diff_norm1(A, LQ), THRESH_LIN, (double)(n ? n : 1) * an * EPS, underflow(m > n ? m : n, an), "A = L Q");
  lpk_free(&F), lpk_free(&LQ), lpk_free(&A);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, m, n, a0, lda0, &lda2), *tau2 = scratch((size_t)k, sizeof *tau2);
  lapack_int r2 = LAPACKE_dgelqf(lpk_other(matrix_layout), m, n, a2, lda2, tau2);
  if (same_info(ctx, ret, r2, matrix_layout) && same_vector(ctx, "TAU", tau, tau2, (size_t)k * sizeof *tau))
    same_matrix(ctx, "LQ factor", matrix_layout, m, n, a, lda, a2, lda2);
  lpk_release(a2), lpk_release(tau2);
}

void annotest_check_dorgqr(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int m, lapack_int n, lapack_int k,
                           double *a, lapack_int lda, const double *tau, int matrix_layout0, lapack_int m0,
                           lapack_int n0, lapack_int k0, double *a0, lapack_int lda0, const double *tau0) {
  (void)matrix_layout0, (void)m0, (void)n0, (void)k0, (void)tau0;
  if (ret != 0) return;
  /* dqrt01's |I - Q^T Q|_1 / (M EPS), and Q against H(1) ... H(k) I(:, 1:N) formed here */
  lpk_mat Q = lpk_from(matrix_layout, m, n, a, lda), V = lpk_from(matrix_layout, m, n, a0, lda0), R = lpk_zeros(m, n);
  for (lapack_int i = 0; i < n; i++) LPK(R, i, i) = 1;
  lpk_apply_qr_reflectors(V, tau, k, 0, &R);
  if (within(ctx, "reflector-product", lpk_diff_norm1(Q, R), THRESH_LIN, (double)(m ? m : 1) * EPS, underflow(m, 1),
             "Q = H(1) ... H(k) I"))
    check_orthonormal(ctx, Q, EPS, THRESH_LIN, "Q^T Q = I");
  lpk_free(&Q), lpk_free(&V), lpk_free(&R);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, m, n, a0, lda0, &lda2);
  lapack_int r2 = LAPACKE_dorgqr(lpk_other(matrix_layout), m, n, k, a2, lda2, tau);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "Q", matrix_layout, m, n, a, lda, a2, lda2);
  lpk_release(a2);
}

void annotest_check_dormqr(at_ctx *ctx, lapack_int ret, int matrix_layout, char side, char trans, lapack_int m,
                           lapack_int n, lapack_int k, const double *a, lapack_int lda, const double *tau, double *c,
                           lapack_int ldc, int matrix_layout0, char side0, char trans0, lapack_int m0, lapack_int n0,
                           lapack_int k0, const double *a0, lapack_int lda0, const double *tau0, double *c0,
                           lapack_int ldc0) {
  (void)a0, (void)lda0, (void)matrix_layout0, (void)side0, (void)trans0, (void)m0, (void)n0, (void)k0, (void)tau0;
  if (ret != 0) return;
  /* dqrt03: |op(Q) C - result|_1 / (max(M,N) |C|_1 EPS); C Q = (Q^T C^T)^T */
  lapack_int r = side == 'L' ? m : n;
  lpk_mat V = lpk_from(matrix_layout, r, k, a, lda), C0 = lpk_from(matrix_layout, m, n, c0, ldc0),
          C = lpk_from(matrix_layout, m, n, c, ldc), E = side == 'L' ? lpk_from(matrix_layout, m, n, c0, ldc0) : lpk_zeros(n, m);
  if (side == 'L') lpk_apply_qr_reflectors(V, tau, k, trans == 'T', &E);
  else {
    for (lapack_int i = 0; i < m; i++)
      for (lapack_int j = 0; j < n; j++) LPK(E, j, i) = LPK(C0, i, j);
    lpk_apply_qr_reflectors(V, tau, k, trans != 'T', &E); /* C op(Q) = (op(Q)^T C^T)^T */
    lpk_mat T = lpk_zeros(m, n);
    for (lapack_int i = 0; i < m; i++)
      for (lapack_int j = 0; j < n; j++) LPK(T, i, j) = LPK(E, j, i);
    lpk_free(&E);
    E = T;
  }
  double cn = lpk_norm1(C0);
  within(ctx, "reflector-product", lpk_diff_norm1(C, E), THRESH_LIN, (double)(m > n ? m : n) * cn * EPS,
         underflow(m > n ? m : n, cn), side == 'L' ? "op(Q) C" : "C op(Q)");
  lpk_free(&V), lpk_free(&C0), lpk_free(&C), lpk_free(&E);
  lapack_int lda2, ldc2;
  double *a2 = lpk_other_layout(matrix_layout, r, k, a, lda, &lda2), *c2 = lpk_other_layout(matrix_layout, m, n, c0, ldc0, &ldc2);
  lapack_int r2 = LAPACKE_dormqr(lpk_other(matrix_layout), side, trans, m, n, k, a2, lda2, tau, c2, ldc2);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "C", matrix_layout, m, n, c, ldc, c2, ldc2);
  lpk_release(a2), lpk_release(c2);
}

/* ---- inverses, triangular systems, condition ---------------------------------------------- */

void annotest_check_dgetri(at_ctx *ctx, lapack_int ret, int matrix_layout, lapack_int n, double *a, lapack_int lda,
                           const lapack_int *ipiv, int matrix_layout0, lapack_int n0, double *a0, lapack_int lda0,
                           const lapack_int *ipiv0) {
  (void)matrix_layout0, (void)n0, (void)ipiv0;
  if (ret != 0) return;
  /* A = P L U from the factors (dgetrf: "A = P * L * U"; row i swapped with IPIV(i)) */
  lpk_mat L = lpk_triangle(matrix_layout, 'L', 'U', n, n, a0, lda0), U = lpk_triangle(matrix_layout, 'U', 'N', n, n, a0, lda0);
  lpk_mat A = lpk_mul(L, 0, U, 0), Ainv = lpk_from(matrix_layout, n, n, a, lda);
  for (lapack_int i = n - 1; i >= 0; i--)
    if (ipiv[i] - 1 != i)
      for (lapack_int j = 0; j < n; j++) {
        double t = LPK(A, i, j);
        LPK(A, i, j) = LPK(A, ipiv[i] - 1, j), LPK(A, ipiv[i] - 1, j) = t;
      }
  check_inverse(ctx, A, Ainv, "A inv(A) = I");
  lpk_free(&L), lpk_free(&U), lpk_free(&A), lpk_free(&Ainv);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2);
  lapack_int r2 = LAPACKE_dgetri(lpk_other(matrix_layout), n, a2, lda2, ipiv);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "inv(A)", matrix_layout, n, n, a, lda, a2, lda2);
  lpk_release(a2);
}

void annotest_check_dpotri(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, double *a,
                           lapack_int lda, int matrix_layout0, char uplo0, lapack_int n0, double *a0, lapack_int lda0) {
  (void)matrix_layout0, (void)uplo0, (void)n0;
  if (ret != 0) return;
  lpk_mat F = lpk_triangle(matrix_layout, uplo, 'N', n, n, a0, lda0); /* A = U^T U or L L^T */
  lpk_mat A = uplo == 'U' ? lpk_mul(F, 1, F, 0) : lpk_mul(F, 0, F, 1), Ainv = lpk_symmetric(matrix_layout, uplo, n, a, lda);
  check_inverse(ctx, A, Ainv, "A inv(A) = I");
  lpk_free(&F), lpk_free(&A), lpk_free(&Ainv);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2);
  lapack_int r2 = LAPACKE_dpotri(lpk_other(matrix_layout), uplo, n, a2, lda2);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "inv(A)", matrix_layout, n, n, a, lda, a2, lda2);
  lpk_release(a2);
}

void annotest_check_dtrtrs(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, char trans, char diag,
                           lapack_int n, lapack_int nrhs, const double *a, lapack_int lda, double *b, lapack_int ldb,
                           int matrix_layout0, char uplo0, char trans0, char diag0, lapack_int n0, lapack_int nrhs0,
                           const double *a0, lapack_int lda0, double *b0, lapack_int ldb0) {
  (void)matrix_layout0, (void)uplo0, (void)trans0, (void)diag0, (void)n0, (void)nrhs0, (void)a0, (void)lda0;
  if (ret != 0) return;
  lpk_mat A = lpk_triangle(matrix_layout, uplo, diag, n, n, a, lda), X = lpk_from(matrix_layout, n, nrhs, b, ldb),
          B = lpk_from(matrix_layout, n, nrhs, b0, ldb0);
  check_solution(ctx, A, trans == 'T', X, B, "op(A) X = B (triangular)");
  lpk_free(&A), lpk_free(&X), lpk_free(&B);
  lapack_int lda2, ldb2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a, lda, &lda2), *b2 = lpk_other_layout(matrix_layout, n, nrhs, b0, ldb0, &ldb2);
  lapack_int r2 = LAPACKE_dtrtrs(lpk_other(matrix_layout), uplo, trans, diag, n, nrhs, a2, lda2, b2, ldb2);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "X", matrix_layout, n, nrhs, b, ldb, b2, ldb2);
  lpk_release(a2), lpk_release(b2);
}

void annotest_check_dtrtri(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, char diag, lapack_int n,
                           double *a, lapack_int lda, int matrix_layout0, char uplo0, char diag0, lapack_int n0,
                           double *a0, lapack_int lda0) {
  (void)matrix_layout0, (void)uplo0, (void)diag0, (void)n0;
  if (ret != 0) return;
  lpk_mat A = lpk_triangle(matrix_layout, uplo, diag, n, n, a0, lda0), Ainv = lpk_triangle(matrix_layout, uplo, diag, n, n, a, lda);
  check_inverse(ctx, A, Ainv, "A inv(A) = I (triangular)");
  lpk_free(&A), lpk_free(&Ainv);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2);
  lapack_int r2 = LAPACKE_dtrtri(lpk_other(matrix_layout), uplo, diag, n, a2, lda2);
  if (same_info(ctx, ret, r2, matrix_layout)) same_matrix(ctx, "inv(A)", matrix_layout, n, n, a, lda, a2, lda2);
  lpk_release(a2);
}

/* dpocon: RCOND = 1 / (ANORM * EST) with EST from dlacn2, "an estimate (a lower bound) for
 * norm(A)" of inv(A), computed as |inv(A) x|_1 for |x|_1 = 1, so EST >= 1 / |A|_1 and
 * 0 < RCOND <= 1 up to the rounding of dlacn2's n-term sums. */
void annotest_check_dpocon(at_ctx *ctx, lapack_int ret, int matrix_layout, char uplo, lapack_int n, const double *a,
                           lapack_int lda, double anorm, double *rcond, int matrix_layout0, char uplo0, lapack_int n0,
                           const double *a0, lapack_int lda0, double anorm0, double *rcond0) {
  (void)a, (void)lda, (void)matrix_layout0, (void)uplo0, (void)n0, (void)anorm0, (void)rcond0;
  if (ret != 0) return;
  if (n > 0 && !(*rcond > 0 && *rcond <= 1 + THRESH_LIN * (double)n * EPS))
    at_property_failed(ctx, "rcond", "RCOND = %.17g outside (0, 1] for a positive definite matrix (ANORM %.17g)", *rcond, anorm);
  lapack_int lda2;
  double *a2 = lpk_other_layout(matrix_layout, n, n, a0, lda0, &lda2), rcond2 = -1;
  lapack_int r2 = LAPACKE_dpocon(lpk_other(matrix_layout), uplo, n, a2, lda2, anorm, &rcond2);
  if (same_info(ctx, ret, r2, matrix_layout)) same_vector(ctx, "RCOND", rcond, &rcond2, sizeof rcond2);
  lpk_release(a2);
}
