/* Standalone reproducer for an undefined behaviour that only an instrumented OpenBLAS shows:
 * OpenBLAS 0.3.21 interface/zgbmv.c (and gbmv.c) evaluates `lda < kl + ku + 1` in int among its
 * argument checks, before it rejects a negative KL or KU: zgbmv_ with KU = INT_MIN and KL = -3
 * overflows (C11 6.5p5: undefined). The reference BLAS checks KL (parameter 4) first and
 * reports it. Debian's prebuilt libopenblas0 0.3.21+ds-4 wraps around and then reports
 * parameter 4 (later checks overwrite info), so against it this call looks right and the
 * generated program (out/replay/blas_errors --reproducer on
 * corpora/blas_errors/regress/openblas-zgbmv-kl-ku-sum-overflow.textproto) exits 0. This program
 * links instead the OpenBLAS 0.3.21 that mlfuzz builds from Debian's source with
 * -fsanitize=address,undefined (make build/libraries/openblas-libfuzzer/libopenblas.a; path
 * relative to the repository root), whose exported names carry the prefix mlf_openblas_ so
 * that it can sit beside Debian's libraries in one process: UBSan stops at "signed integer
 * overflow" (zgbmv.c:132) and the program exits 1. Exits 0 when the call reports KL
 * (parameter 4) and returns.
 * The error handler: OpenBLAS reports through the Fortran xerbla_ (renamed here
 * mlf_openblas_xerbla_), a weak alias of __xerbla in driver/others/xerbla.c, which prints and
 * returns, so a program may define its own; this one records the report.
 * tags: mlf:blas_errors:openblas:?gbmv:*-k[lu]-*
 * link: build/libraries/openblas-libfuzzer/libopenblas.a -fsanitize=address,undefined -fno-sanitize-recover=undefined -lpthread -lm
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

static int reports, reported_info;

void mlf_openblas_xerbla_(const char *srname, const int *info, size_t srname_length) {
  printf("report:   %.*s, parameter %d\n", (int)srname_length, srname, *info);
  reports++, reported_info = *info;
}

void mlf_openblas_zgbmv_(const char *trans, const int *m, const int *n, const int *kl,
                         const int *ku, const void *alpha, const void *a, const int *lda,
                         const void *x, const int *incx, const void *beta, void *y,
                         const int *incy, size_t trans_length);

int main(void) {
  const double alpha[2] = {0.5, -0.25}, beta[2] = {0.75, 0.5};
  const double a[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, x[2] = {1, 1};
  double y[4] = {1, 1, 1, 1};
  const int m = 1, n = 2, kl = -3, ku = INT_MIN, lda = 3, inc = 1;
  setvbuf(stdout, NULL, _IONBF, 0);
  mlf_openblas_zgbmv_("C", &m, &n, &kl, &ku, alpha, a, &lda, x, &inc, beta, y, &inc, 1);
  printf("expected: one report of parameter 4 (KL), no undefined behaviour\n");
  printf("actual:   %d report%s, last parameter %d\n", reports, reports == 1 ? "" : "s", reported_info);
  int wrong = reports != 1 || reported_info != 4;
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong;
}
