/* OpenBLAS zrotg_ with a = 1e-300, b = 3e-300 + 1e-310 i: r, c and s come back NaN, where the
 * reference BLAS 3.11 zrotg (scaled) returns a finite rotation (|c|^2 + |s|^2 = 1, r of
 * magnitude about 3.16e-300). OpenBLAS 0.3.21 zrotg forms |a|^2 + |b|^2 without scaling, so it
 * underflows to 0 for tiny inputs (and overflows for huge ones).
 * Written by hand from corpora/blas_level1/regress/openblas-zrotg-underflow.textproto; the
 * fuzzer found it in OpenBLAS 0.3.21 built here from Debian's source (HASWELL kernels), this
 * runs Debian's prebuilt libopenblas0-serial 0.3.21+ds-4 with those kernels.
 * Exit 1 while the bug shows.
 * tags: mlf:blas_level1:openblas*:zrotg:rotg-non-finite
 * link: /usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas.so.0 -Wl,-rpath,/usr/lib/x86_64-linux-gnu/openblas-serial -lm
 * env: OPENBLAS_CORETYPE=Haswell
 * needs: openblas-coretype Haswell
 */
#include <math.h>
#include <stdio.h>

void zrotg_(double a[2], const double b[2], double *c, double s[2]);

int main(void) {
  double a[2] = {1e-300, 0}, b[2] = {3e-300, 1e-310}, c = NAN, s[2] = {NAN, NAN};
  zrotg_(a, b, &c, s); /* a := r */
  double norm = c * c + s[0] * s[0] + s[1] * s[1];
  printf("expected: r, c, s finite, |r| about 3.1623e-300, c^2 + |s|^2 = 1\n");
  printf("actual:   r = (%.17g, %.17g), c = %.17g, s = (%.17g, %.17g)\n", a[0], a[1], c, s[0], s[1]);
  int ok = isfinite(a[0]) && isfinite(a[1]) && isfinite(norm) && fabs(norm - 1) <= 1e-12;
  printf(ok ? "the bug is absent\n" : "the bug is present\n");
  return ok ? 0 : 1;
}
