/* drotmg(d1 = 3e17, d2 = 1, x1 = 0, y1 = -1) (corpora/blas_level1/regress/
 * rotmg-rescale-loop.textproto). x1 = 0 gives the swap form (flag 1, H = [0 1; -1 0] with the
 * implied entries), d1' = d2 = 1 and d2' = d1 = 3e17, which needs two passes of the d2
 * rescaling loop. The reference BLAS 3.11 (Debian libblas3 3.11.0-2, BLAS/SRC/drotmg.f:218-237)
 * sets DH21 = -1 and DH12 = 1 at the top of every pass when DFLAG is not 0, so the second pass
 * throws away the first one's scaling of h21: H = [-0 1; -4096 -0] instead of -2^24, and
 * D'^1/2 H D^-1/2 is no longer orthogonal (its second row has norm 2^-12, not 1), so a
 * following drotm does not apply the rotation drotmg claims. Reference-LAPACK issue #244
 * (2018); fixed on its master by #1284 and #1344 (merged 2026-07-30). ATLAS 3.10.3 (Debian
 * libatlas3-base 3.10.3-13) ships the same loop; OpenBLAS fixed its copy in 2018 (#1454,
 * #1463, #1480). The library is opened by path (both share the soname libblas.so.3):
 * ./drotmg-rescale-loop netlib|atlas. Exit 1 while the row norm is not 1.
 * case: netlib mlf:blas_level1:netlib:?rotmg:rotmg-relation
 * case: atlas mlf:blas_level1:atlas:?rotmg:rotmg-relation
 * link: -ldl -lm
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *path = argc > 1 && !strcmp(argv[1], "atlas")
                         ? "/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3"
                         : "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  void (*drotmg)(double *, double *, double *, const double *, double *) =
      lib ? (void (*)(double *, double *, double *, const double *, double *))dlsym(lib, "drotmg_") : NULL;
  if (!drotmg) {
    fprintf(stderr, "cannot load drotmg_ from %s: %s\n", path, dlerror());
    return 2;
  }
  const double d1_in = 3e17, d2_in = 1, y1 = -1;
  double d1 = d1_in, d2 = d2_in, x1 = 0, p[5];
  drotmg(&d1, &d2, &x1, &y1, p);
  /* H with the entries the flag implies (drotm.f's forms) */
  double h21 = p[0] == 1 ? -1 : p[2], h22 = p[0] == 0 ? 1 : p[4];
  double norm = sqrt(d2) * hypot(h21 / sqrt(d1_in), h22 / sqrt(d2_in));
  printf("%s drotmg(3e17, 1, 0, -1): flag %g, h21 %g, h22 %g, d1' %g, d2' %g\n", path, p[0], h21,
         h22, d1, d2);
  printf("row 2 of D'^1/2 H D^-1/2: norm expected 1, actual %.17g\n", norm);
  int ok = fabs(norm - 1) <= 1e-12;
  printf(ok ? "the bug is absent\n" : "the bug is present\n");
  return ok ? 0 : 1;
}
