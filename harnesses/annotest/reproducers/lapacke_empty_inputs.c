/* Standalone reproducer of the known findings of LAPACK 3.11.0 on empty inputs and NRHS = 0
 * (Debian liblapacke and liblapack3 3.11.0-2), each a call the documentation allows:
 *   lwork-zero-empty            LAPACKE_dgelqf with M = 0 returns -8, LAPACKE_dgetri with N = 0
 *                               returns -7: their workspace query answers 0 (M*NB, N*NB) and the
 *                               routine then rejects LWORK = 0.
 *   geqp3-empty-fixed-columns   LAPACKE_dgeqp3 with M = 0 < N and a fixed column returns -13
 *                               (DORMQR's -12, passed through DGEQP3's INFO).
 *   gelsy-quick-return          LAPACKE_dgelsy with NRHS = 0 returns RANK = 0 for a rank-2
 *                               matrix and JPVT as given.
 *   gesdd-empty-no-orthogonal-factor  LAPACKE_dgesdd, JOBZ = 'A', M = 0: V^T is not set to an
 *                               orthogonal matrix (row major: LAPACKE's uninitialised scratch).
 *   cc lapacke_empty_inputs.c -llapacke -o empty && ./empty
 * (LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas for the
 * netlib reference; the OpenBLAS alternative prints the same INFOs; the link line below uses an
 * rpath for netlib.) Exits 1 while any of them shows; ./empty NAME runs one.
 * case: lwork-zero-empty mlf:annotest_lapacke:lapacke:LAPACKE_dgelqf:lwork-zero-empty mlf:annotest_lapacke:lapacke:LAPACKE_dgetri:lwork-zero-empty
 * case: geqp3-empty-fixed-columns mlf:annotest_lapacke:lapacke:LAPACKE_dgeqp3:geqp3-empty-fixed-columns
 * case: gelsy-quick-return mlf:annotest_lapacke:lapacke:LAPACKE_dgelsy:gelsy-quick-return
 * case: gesdd-empty-no-orthogonal-factor mlf:annotest_lapacke:lapacke:LAPACKE_dgesdd:gesdd-empty-no-orthogonal-factor
 * link: -llapacke -lm -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas
 */
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* 1 when the 2 x 2 column-major q has orthonormal columns. */
static int orthogonal(const double q[4]) {
  double c00 = q[0] * q[0] + q[1] * q[1], c11 = q[2] * q[2] + q[3] * q[3], c01 = q[0] * q[2] + q[1] * q[3];
  return fabs(c00 - 1) < 1e-12 && fabs(c11 - 1) < 1e-12 && fabs(c01) < 1e-12;
}

/* Each case prints expected against actual and returns 1 while its defect shows. */
static int lwork_zero_empty(void) {
  double a[2] = {0}, tau[2] = {0};
  lapack_int ipiv[1] = {1};
  lapack_int lqf = LAPACKE_dgelqf(LAPACK_COL_MAJOR, 0, 2, a, 1, tau);
  printf("dgelqf(m = 0, n = 2): INFO %d (expected 0)\n", lqf);
  lapack_int tri = LAPACKE_dgetri(LAPACK_COL_MAJOR, 0, a, 1, ipiv);
  printf("dgetri(n = 0): INFO %d (expected 0)\n", tri);
  return lqf != 0 || tri != 0;
}

static int geqp3_empty_fixed_columns(void) {
  double a[2] = {0}, tau[2] = {0};
  lapack_int jpvt[2] = {1, 0};
  lapack_int info = LAPACKE_dgeqp3(LAPACK_COL_MAJOR, 0, 2, a, 1, jpvt, tau);
  printf("dgeqp3(m = 0, n = 2, jpvt = [1, 0]): INFO %d (expected 0)\n", info);
  return info != 0;
}

static int gelsy_quick_return(void) {
  double a[4] = {1, 0, 0, 1}, b[2] = {0};
  lapack_int jpvt[2] = {0, 0}, rank = -1;
  lapack_int info = LAPACKE_dgelsy(LAPACK_COL_MAJOR, 2, 2, 0, a, 2, b, 2, jpvt, 0.01, &rank);
  printf("dgelsy(identity 2 x 2, nrhs = 0): INFO %d RANK %d (expected 2) JPVT [%d, %d] (expected a permutation of 1, 2)\n",
         info, rank, jpvt[0], jpvt[1]);
  return info != 0 || rank != 2 || jpvt[0] + jpvt[1] != 3 || jpvt[0] * jpvt[1] != 2;
}

static int gesdd_empty_no_orthogonal_factor(void) {
  double a[2] = {0}, s[2] = {0}, u[1] = {0}, vt[4] = {-7, -7, -7, -7};
  lapack_int info = LAPACKE_dgesdd(LAPACK_COL_MAJOR, 'A', 0, 2, a, 1, s, u, 1, vt, 2);
  printf("dgesdd(jobz 'A', m = 0, n = 2): INFO %d V^T = [[%g, %g], [%g, %g]] (expected orthogonal)\n", info, vt[0],
         vt[2], vt[1], vt[3]);
  return info != 0 || !orthogonal(vt);
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    int (*shows)(void);
  } cases[] = {
      {"lwork-zero-empty", lwork_zero_empty},
      {"geqp3-empty-fixed-columns", geqp3_empty_fixed_columns},
      {"gelsy-quick-return", gelsy_quick_return},
      {"gesdd-empty-no-orthogonal-factor", gesdd_empty_no_orthogonal_factor},
  };
  int shown = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (argc < 2 || !strcmp(argv[1], cases[i].name)) shown |= cases[i].shows();
  return shown;
}
