/* crotg_ and zrotg_ with a subnormal a whose parts are equal: the rotation comes back with
 * c^2 + |s|^2 = 2 at the smallest subnormal (1.7e-14 from 1 at a = (1e-310, 1e-310), 1.7e-9 at
 * 1e-315, 2.6e-4 at 1e-320), where the reference BLAS 3.11 crotg/zrotg (Debian libblas3
 * 3.11.0-2: the scaled algorithm of LAPACK 3.10's la_xrotg) returns c^2 + |s|^2 = 1 to rounding.
 * Both libraries use the old reference algorithm, alpha = a / |a|, s = alpha conj(b) / norm:
 * |a| = sqrt(2) 2^-1074 rounds to 2^-1074 (the subnormals near it are 2^-1074 apart), so
 * alpha = (1, 1), of magnitude sqrt(2), and s = (1, -1).
 *   blis: BLIS 0.9.0 (Debian libblis4-serial 0.9.0-1), frame/compat/f2c/bla_rotg.c (f2c of the
 *     old crotg.f/zrotg.f); unchanged on BLIS master 36df51a8 (2026-06-28)
 *   atlas: ATLAS 3.10.3 (Debian libatlas3-base 3.10.3-13), ATL_crotg/ATL_zrotg
 *     (AtlasBase/Clint/atlas-lvl1.base, ra = *a / absA); cblas_zrotg is the same routine
 *   zrotg  a = (2^-1074, 2^-1074), b = (0, 1e-146)
 *   crotg  a = (2^-149, 2^-149), b = (0, 1e-30)
 * Written by hand from corpora/blas_level1/regress/zrotg-subnormal-a.textproto (the fuzzer's
 * zrotg input). The library is opened by path: ./zrotg-subnormal-a blis|atlas. Exit 1 while
 * either routine's rotation is not one (|c^2 + |s|^2 - 1| above 1e-12, 1e-5 for crotg).
 * case: blis mlf:blas_level1:blis:[cz]rotg:rotg-not-a-rotation
 * case: atlas mlf:blas_level1:atlas:[cz]rotg:rotg-not-a-rotation
 * link: -ldl -lm
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef void (*zrotg_fn)(double a[2], const double b[2], double *c, double s[2]);
typedef void (*crotg_fn)(float a[2], const float b[2], float *c, float s[2]);

/* Prints and judges one rotation: 1 (the bug shows) unless c, s and r are finite and
 * c^2 + |s|^2 - 1 is within tolerance. */
static int judge(const char *name, double c, double s_re, double s_im, double r_re, double r_im,
                 double tolerance) {
  double unit = c * c + s_re * s_re + s_im * s_im - 1;
  printf("%s: r = (%.17g, %.17g), c = %.17g, s = (%.17g, %.17g)\n", name, r_re, r_im, c, s_re, s_im);
  printf("%s: c^2 + |s|^2 - 1 = %.3g (expected 0 within %.0e)\n", name, unit, tolerance);
  int ok = isfinite(r_re) && isfinite(r_im) && isfinite(unit) && fabs(unit) <= tolerance;
  printf(ok ? "%s: the bug is absent\n" : "%s: the bug is present\n", name);
  return !ok;
}

int main(int argc, char **argv) {
  int atlas = argc > 1 && !strcmp(argv[1], "atlas");
  const char *path = atlas ? "/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3"
                           : "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  zrotg_fn zrotg = lib ? (zrotg_fn)dlsym(lib, "zrotg_") : NULL;
  crotg_fn crotg = lib ? (crotg_fn)dlsym(lib, "crotg_") : NULL;
  if (!zrotg || !crotg) {
    fprintf(stderr, "cannot load zrotg_ and crotg_ from %s: %s\n", path, dlerror());
    return 2;
  }
  printf("%s\n", path);
  double za[2] = {0x1p-1074, 0x1p-1074}, zb[2] = {0, 1e-146}, zc = NAN, zs[2] = {NAN, NAN};
  zrotg(za, zb, &zc, zs); /* a := r */
  int shown = judge("zrotg", zc, zs[0], zs[1], za[0], za[1], 1e-12);
  float ca[2] = {0x1p-149f, 0x1p-149f}, cb[2] = {0, 1e-30f}, cc = NAN, cs[2] = {NAN, NAN};
  crotg(ca, cb, &cc, cs);
  shown |= judge("crotg", cc, cs[0], cs[1], ca[0], ca[1], 1e-5);
  return shown;
}
