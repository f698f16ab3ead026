/* Standalone reproducer: GSL 2.7.1 gsl_linalg_LU_decomp returns GSL_SUCCESS with NaN in L for a
 * square matrix whose column is zero on and below the diagonal, e.g. [[0, -0.28], [0, 95.97]]:
 * LU_decomp_L2 (linalg/lu.c) scales the column below a pivot Ajj with |Ajj| < GSL_DBL_MIN
 * element by element with *ptr /= Ajj, also when Ajj = 0, so 0 / 0 = NaN. The factorisation
 * PA = LU of this matrix exists (L = I, U = A); LAPACK's dgetf2 skips the scaling for a zero
 * pivot and reports INFO = j, and GSL's earlier LU_decomp did too (if (ajj != 0)). Debian's
 * libgsl27 2.7.1+dfsg-5+deb12u1.
 * Exits 1 while a factor is not finite.
 * tags: mlf:annotest_gsl:gsl:gsl_linalg_LU_decomp:nonfinite-factor
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  double a[4] = {0, -0.28, 0, 95.97};
  gsl_matrix_view m = gsl_matrix_view_array(a, 2, 2);
  gsl_permutation *p = gsl_permutation_alloc(2);
  int signum, status = gsl_linalg_LU_decomp(&m.matrix, p, &signum);
  printf("GSL %s: gsl_linalg_LU_decomp([[0, -0.28], [0, 95.97]]) = %d, LU = [[%g, %g], [%g, %g]]; "
         "expected finite factors (L = I, U = A)\n",
         gsl_version, status, a[0], a[1], a[2], a[3]);
  int nonfinite = 0;
  for (int i = 0; i < 4; i++) nonfinite |= !isfinite(a[i]);
  gsl_permutation_free(p);
  return nonfinite;
}
