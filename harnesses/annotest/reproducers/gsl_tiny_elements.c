/* Standalone reproducer (known findings mlf:annotest_gsl:gsl:gsl_linalg_QR_decomp:
 * householder-subnormal-column and gsl_linalg_SV_decomp:svd-tiny-elements) against Debian's
 * libgsl27 2.7.1+dfsg-5+deb12u1: a QR factorisation that does not reconstruct its matrix when a
 * column is subnormal, and an SVD that fails to converge with negative singular values when
 * elements of order 1e-188 sit beside ones of order 1. Both matrices come from the aNNoTest
 * false-alarm run. Exits 1 while either bug is present.
 *   cc gsl_tiny_elements.c -lgsl -lgslcblas -lm -o t && ./t
 * tags: mlf:annotest_gsl:gsl:gsl_linalg_QR_decomp:householder-subnormal-column mlf:annotest_gsl:gsl:gsl_linalg_SV_decomp:svd-tiny-elements
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ||A - Q R||_F for the factors gsl_linalg_QR_decomp left in qr and tau. */
static double qr_error(const double *a, gsl_matrix *qr, gsl_vector *tau) {
  gsl_matrix *q = gsl_matrix_alloc(3, 3), *r = gsl_matrix_alloc(3, 3);
  gsl_linalg_QR_unpack(qr, tau, q, r);
  double err = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int k = 0; k < 3; k++) s += gsl_matrix_get(q, i, k) * gsl_matrix_get(r, k, j);
      err += (s - a[i * 3 + j]) * (s - a[i * 3 + j]);
    }
  gsl_matrix_free(q);
  gsl_matrix_free(r);
  return sqrt(err);
}

int main(void) {
  gsl_set_error_handler_off();
  const double a[9] = {-4.9406564584124654e-324, 0, -68, 0, 0.5, 0, 4.9406564584124654e-324, -1.2645711973176262e-52,
                       -46.670864223407605};
  double qr[9];
  memcpy(qr, a, sizeof qr);
  gsl_matrix_view qv = gsl_matrix_view_array(qr, 3, 3);
  gsl_vector *tau = gsl_vector_alloc(3);
  int status = gsl_linalg_QR_decomp(&qv.matrix, tau);
  double err = qr_error(a, &qv.matrix, tau);
  /* Householder QR is backward stable: ||A - Q R||_F <= c m n u ||A||_F, about 1e-12 here. */
  printf("QR_decomp: status %d, tau[0] = %g, ||A - Q R||_F = %g (expected about 1e-12 or less)\n", status,
         gsl_vector_get(tau, 0), err);

  double s[9] = {2.6163812812726357e-188, -0.58663901770378946, 0, 0, 2.6163812812726357e-188, 1,
                 0, 2.6163812812726357e-188, -0.58663901770378946};
  gsl_matrix_view sv = gsl_matrix_view_array(s, 3, 3);
  gsl_matrix *v = gsl_matrix_alloc(3, 3);
  gsl_vector *sing = gsl_vector_alloc(3), *work = gsl_vector_alloc(3);
  int svd = gsl_linalg_SV_decomp(&sv.matrix, v, sing, work);
  printf("SV_decomp: status %d (%s), S = %g %g %g (expected GSL_SUCCESS, S >= 0)\n", svd, gsl_strerror(svd),
         gsl_vector_get(sing, 0), gsl_vector_get(sing, 1), gsl_vector_get(sing, 2));
  return err > 1e-10 || svd != GSL_SUCCESS;
}
