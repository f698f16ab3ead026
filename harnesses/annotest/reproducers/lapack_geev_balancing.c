/* Standalone reproducer (known finding mlf:annotest_lapacke:lapacke:LAPACKE_dgeev:balancing-residual)
 * against Debian's liblapacke and liblapack3 3.11.0-2: the eigenvectors of A = [[0, DBL_MIN],
 * [25.26, 95.97]] (eigenvalues -5.86e-309 and 95.97). DGEEV balances with scaling, here
 * D = diag(3.7e-155, 1); it returns eigenvalue 0 with eigenvector (1, 0), residual
 * |A v - w v| = 25.3, where DGEEVX without scaling (BALANC 'N' or 'P') returns (-0.967, 0.255):
 *   cc lapack_geev_balancing.c -llapacke -lm -o geevbal && ./geevbal
 * (LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas for the
 * netlib reference; the OpenBLAS alternative prints the same; the link line below uses an rpath
 * for netlib.) Exits 1 while DGEEV's residual exceeds LAPACK's own test bound (dget22's ratio
 * |A v - w v| / (n eps |A|) below the threshold 20 of nep.in).
 * tags: mlf:annotest_lapacke:lapacke:LAPACKE_dgeev:balancing-residual
 * link: -llapacke -lm -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas
 */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>

/* |(A v - w v)_2|: the first component is DBL_MIN v_2 - w v_1, negligible here. */
static double residual(double w, double v0, double v1) { return fabs(25.263964759857018 * v0 + 95.9682735820289 * v1 - w * v1); }

int main(void) {
  const char balancings[] = "NPSB";
  for (int k = 0; k < 4; k++) {
    double a[4] = {0, 2.2250738585072014e-308, 25.263964759857018, 95.9682735820289};
    double wr[2], wi[2], vl[4], vr[4], scale[2], abnrm, rce[2], rcv[2];
    lapack_int ilo, ihi;
    lapack_int info = LAPACKE_dgeevx(LAPACK_ROW_MAJOR, balancings[k], 'N', 'V', 'N', 2, a, 2, wr, wi, vl, 2, vr, 2, &ilo,
                                     &ihi, scale, &abnrm, rce, rcv);
    printf("DGEEVX balanc %c: INFO %d, w0 = %g, v0 = (%g, %g), scale (%g, %g), |A v0 - w0 v0| = %g\n", balancings[k],
           info, wr[0], vr[0], vr[2], scale[0], scale[1], residual(wr[0], vr[0], vr[2]));
  }
  double a[4] = {0, 2.2250738585072014e-308, 25.263964759857018, 95.9682735820289}, wr[2], wi[2], vr[4];
  lapack_int info = LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', 'V', 2, a, 2, wr, wi, NULL, 1, vr, 2);
  printf("DGEEV: INFO %d, w0 = %g, v0 = (%g, %g), |A v0 - w0 v0| = %g\n", info, wr[0], vr[0], vr[2],
         residual(wr[0], vr[0], vr[2]));
  double norm_a = 25.263964759857018 + 95.9682735820289; /* |A|_1: the second column */
  double allowed = 20 * 2 * DBL_EPSILON * norm_a;
  printf("allowed residual (20 n eps |A|_1): %g\n", allowed);
  return !(residual(wr[0], vr[0], vr[2]) <= allowed);
}
