/* OpenBLAS drotg_ with a = -0.125, b = 7.6757728672085107e+174: r comes back Inf and c = s = 0,
 * where the reference BLAS (which scales) returns the finite rotation r = |b| (sign of b),
 * c = a / r, s = b / r. OpenBLAS 0.3.21 interface/rotg.c (x86-64 branch) holds a and b in
 * long double but takes the double sqrt of da * da + db * db, rounded to double first, so it
 * overflows above about 1.3e154 (and underflows for tiny inputs).
 * Written by hand from corpora/blas_level1/regress/openblas-drotg-overflow.textproto; the
 * fuzzer found it in OpenBLAS 0.3.21 built here from Debian's source (HASWELL kernels), this
 * runs Debian's prebuilt libopenblas0-serial 0.3.21+ds-4 (the code is generic C, not a kernel).
 * Expected: r, c, s finite and c^2 + s^2 = 1 within 1e-12. Exit 1 while the bug shows.
 * tags: mlf:blas_level1:openblas*:drotg:rotg-non-finite
 * link: /usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas.so.0 -Wl,-rpath,/usr/lib/x86_64-linux-gnu/openblas-serial -lm
 * env: OPENBLAS_CORETYPE=Haswell
 * needs: openblas-coretype Haswell
 */
#include <math.h>
#include <stdio.h>

void drotg_(double *a, double *b, double *c, double *s);

int main(void) {
  double a = -0.125, b = 7.6757728672085107e+174, c = NAN, s = NAN;
  const double r = 7.6757728672085107e+174; /* |b| > |a|: r = sign(b) sqrt(a^2 + b^2) = b */
  printf("expected: r = %.17g, c = %.17g, s = 1 (finite, c^2 + s^2 = 1)\n", r, a / r);
  drotg_(&a, &b, &c, &s); /* a := r, b := z */
  printf("actual:   r = %.17g, c = %.17g, s = %.17g\n", a, c, s);
  int ok = isfinite(a) && isfinite(c) && isfinite(s) && fabs(c * c + s * s - 1) <= 1e-12;
  printf(ok ? "the bug is absent\n" : "the bug is present\n");
  return ok ? 0 : 1;
}
