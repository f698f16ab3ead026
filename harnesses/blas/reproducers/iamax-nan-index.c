/* cblas_i?amax of a vector holding a NaN, against the reference BLAS 3.11 (Debian libblas3
 * 3.11.0-2), whose loop (idamax.f:100-105: start at |x(1)|, take x(i) only when
 * |x(i)| .GT. the maximum) defines the index: the largest number's, or 1 when x(1) is NaN; the
 * reference's newer rule (Reference-LAPACK commit 50dc1bf23 for i[cz]amax, PR #1416 for
 * i[sd]amax) returns the first NaN. These libraries give neither:
 *   gslcblas: GSL 2.7.1 cblas (libgslcblas0 2.7.1+dfsg-5+deb12u1) idamax, x(1) = NaN, x(7) = 6,
 *     ones elsewhere: skips the NaN and returns 7 where both rules give 1 (nan-index-skip-nan)
 *   atlas: ATLAS 3.10.3 (libatlas3-base 3.10.3-13) isamax, x(1) = NaN, x(2) = 6, ones elsewhere,
 *     x 16-byte aligned: returns 5 where both rules give 1 (nan-index-other; its vector loop's
 *     answer depends on the alignment of x: 2, 3 or 4 at other offsets, never 1)
 * The library is opened by path: ./iamax-nan-index gslcblas|atlas. Indices printed 1-based
 * (CBLAS returns 0-based). Exit 1 while the index is neither rule's.
 * case: gslcblas mlf:blas_level1:*:i?amax:nan-index-skip-nan
 * case: atlas mlf:blas_level1:*:i?amax:nan-index-other
 * link: -ldl
 */
#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The index both rules give for x (1-based): the reference loop's and the first NaN's. */
static void rules(const double *x, int n, int *loop, int *first_nan) {
  double max = fabs(x[0]);
  *loop = 1, *first_nan = 0;
  for (int i = 1; i < n; i++)
    if (fabs(x[i]) > max) max = fabs(x[i]), *loop = i + 1;
  for (int i = n - 1; i >= 0; i--)
    if (isnan(x[i])) *first_nan = i + 1;
}

int main(int argc, char **argv) {
  int atlas = argc > 1 && !strcmp(argv[1], "atlas");
  const char *path = atlas ? "/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3"
                           : "/usr/lib/x86_64-linux-gnu/libgslcblas.so.0";
  const char *symbol = atlas ? "cblas_isamax" : "cblas_idamax";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  void *fn = lib ? dlsym(lib, symbol) : NULL;
  if (!fn) {
    fprintf(stderr, "cannot load %s from %s: %s\n", symbol, path, dlerror());
    return 2;
  }
  enum { N = 11 };
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 1;
  x[0] = NAN;
  x[atlas ? 1 : 6] = 6;
  int got;
  if (atlas) {
    _Alignas(16) float xs[N]; /* ATLAS's answer depends on x's alignment: 16 bytes here */
    for (int i = 0; i < N; i++) xs[i] = (float)x[i];
    got = (int)((size_t (*)(int, const float *, int))fn)(N, xs, 1) + 1;
  } else {
    got = (int)((size_t (*)(int, const double *, int))fn)(N, x, 1) + 1;
  }
  int loop, first_nan;
  rules(x, N, &loop, &first_nan);
  printf("%s %s, n = %d, x(%d) = NaN, largest number at %d\n", path, symbol, N, first_nan, atlas ? 2 : 7);
  printf("expected: %d (reference BLAS 3.11 loop) or %d (first NaN)\nactual:   %d\n", loop, first_nan, got);
  int ok = got == loop || got == first_nan;
  printf(ok ? "the bug is absent\n" : "the bug is present\n");
  return ok ? 0 : 1;
}
