/* cblas_snrm2 of x = (1, Inf, 1, -Inf, 1) (corpora/blas_level1/regress/
 * nrm2-two-infinities-legacy-scaled.textproto). The norm is Inf, and the reference BLAS 3.11
 * (Debian libblas3 3.11.0-2; dnrm2.f90, Anderson's safe scaling since LAPACK 3.10.0) returns
 * Inf; the pre-3.10 reference loop, ssq := ssq + (|x_i| / scale)^2, meets Inf / Inf once scale
 * is infinite and returns NaN. BLIS 0.9.0 (Debian libblis4-serial 0.9.0-1; fixed upstream by
 * flame/blis PR #668) and GSL 2.7.1 cblas (Debian libgslcblas0 2.7.1+dfsg-5+deb12u1,
 * cblas/source_nrm2_r.h) still use that loop. The library is opened by path (one program for
 * both): ./nrm2-two-infinities blis|gslcblas. Exit 1 while the result is not +Inf.
 * case: blis mlf:blas_level1:blis:*nrm2:nan-spurious-legacy-scaled*
 * case: gslcblas mlf:blas_level1:gslcblas:*nrm2:nan-spurious-legacy-scaled
 * link: -ldl
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *path = argc > 1 && !strcmp(argv[1], "gslcblas")
                         ? "/usr/lib/x86_64-linux-gnu/libgslcblas.so.0"
                         : "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  float (*snrm2)(int, const float *, int) = lib ? (float (*)(int, const float *, int))dlsym(lib, "cblas_snrm2") : NULL;
  if (!snrm2) {
    fprintf(stderr, "cannot load cblas_snrm2 from %s: %s\n", path, dlerror());
    return 2;
  }
  const float x[5] = {1, INFINITY, 1, -INFINITY, 1};
  float norm = snrm2(5, x, 1);
  printf("%s cblas_snrm2(5, {1, Inf, 1, -Inf, 1}, 1)\nexpected: inf\nactual:   %g\n", path, norm);
  int ok = isinf(norm) && norm > 0;
  printf(ok ? "the bug is absent\n" : "the bug is present\n");
  return ok ? 0 : 1;
}
