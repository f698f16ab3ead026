/* GSL 2.7.1 cblas (Debian libgslcblas0 2.7.1+dfsg-5+deb12u1) cblas_sgemm with k = 0, beta = 1
 * and alpha = +Inf, in the transposed form the blas_level23 transpose-identity relation calls
 * (column-major, op(A) = A^T, op(B) = B^T, m = n = 1): the BLAS returns C unchanged for k = 0
 * and beta = 1 (reference dgemm.f:269-270), but GSL's dot-product branch (cblas/source_gemm_r.h:
 * temp = 0 over the empty loop, then C += alpha * temp) adds Inf * 0 = NaN. The untransposed
 * call of the same case takes the branch whose loop over k is empty and leaves C as it was, so
 * the relation's two calls differ. Exit 1 while C comes back NaN.
 * Written by hand from corpora/blas_level23/regress/gslcblas-sgemm-k-zero-relation-transpose.textproto
 * (generated programs make only the direct call).
 * tags: mlf:blas_level23:gslcblas:?gemm:relation-*-empty-sum-scaled
 * link: /usr/lib/x86_64-linux-gnu/libgslcblas.so.0 -Wl,-rpath,/usr/lib/x86_64-linux-gnu -lm
 */
#include <math.h>
#include <stdio.h>

enum { CblasColMajor = 102, CblasNoTrans = 111, CblasTrans = 112 };
void cblas_sgemm(int order, int trans_a, int trans_b, int m, int n, int k, float alpha,
                 const float *a, int lda, const float *b, int ldb, float beta, float *c, int ldc);

/* Runs one call on C = 0.5 and reports whether C stayed 0.5. */
static int unchanged(const char *name, int trans) {
  float a[1] = {NAN}, b[1] = {NAN}, c[1] = {0.5f}; /* k = 0: A and B are not read */
  cblas_sgemm(CblasColMajor, trans, trans, 1, 1, 0, INFINITY, a, 1, b, 1, 1.0f, c, 1);
  printf("%s: C = %g (expected 0.5, unchanged)\n", name, c[0]);
  return c[0] == 0.5f;
}

int main(void) {
  int direct = unchanged("cblas_sgemm(ColMajor, NoTrans, NoTrans, m = n = 1, k = 0, alpha = Inf, beta = 1)", CblasNoTrans);
  int transposed = unchanged("cblas_sgemm(ColMajor, Trans, Trans, m = n = 1, k = 0, alpha = Inf, beta = 1)", CblasTrans);
  int present = !(direct && transposed);
  printf(present ? "the bug is present\n" : "the bug is absent\n");
  return present;
}
