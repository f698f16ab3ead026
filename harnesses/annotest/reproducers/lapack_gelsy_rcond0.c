/* Standalone reproducer (known finding mlf:annotest_lapacke:lapacke:LAPACKE_dgelsy:rcond0-singular)
 * against Debian's liblapacke and liblapack3 3.11.0-2: DGELSY with RCOND = 0 on the rank-1
 * matrix [[0, 25.26], [0, 95.97]]. Its rank test "IF( SMAXPR*RCOND.LE.SMINPR )" (dgelsy.f:383)
 * accepts 0 <= 0 for the singular 2 x 2 block although the documentation defines the rank by
 * "estimated condition number < 1/RCOND" (infinite is not < infinite): RANK = 2, INFO = 0 and
 * X = (-inf, nan). Exits 1 while RANK != 1 or X is not finite.
 * The link line puts the netlib reference (the harness's) before the liblapack.so.3 alternative.
 * tags: mlf:annotest_lapacke:lapacke:LAPACKE_dgelsy:rcond0-singular
 * link: -llapacke -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas
 */
#include <lapacke.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  double a[4] = {0, 0, 25.26, 95.97}, b[2] = {30.49, -26.36}; /* column major */
  lapack_int jpvt[2] = {0, 0}, rank = -1;
  lapack_int info = LAPACKE_dgelsy(LAPACK_COL_MAJOR, 2, 2, 1, a, 2, b, 2, jpvt, 0.0, &rank);
  printf("DGELSY(RCOND = 0): INFO %d RANK %d (expected 1) X = (%g, %g) (expected finite)\n", info, rank, b[0], b[1]);
  return info != 0 || rank != 1 || !isfinite(b[0]) || !isfinite(b[1]);
}
