/* OpenBLAS drotg_ and zrotg_ with inputs near 1e-160: the rotation comes back inexact
 * (c^2 + |s|^2 - 1 of 1e-5), where the reference BLAS 3.11 (which scales) is exact to rounding.
 * OpenBLAS 0.3.21 interface/rotg.c and interface/zrotg.c (x86-64 branch) hold the inputs in
 * long double but take the double sqrt of the sums of squares, which are rounded to double
 * first: below 2^-1022 (|r| < 1.5e-154) those are subnormal and lose precision (and become 0
 * below |r| = 1.6e-162, the rotg-non-finite rows).
 *   drotg  a = 3e-161, b = 4e-161: r = 5e-161, c = 0.6, s = 0.8
 *   zrotg  a = 1e-160 + 5e-161 i, b = 3e-161 - 2e-161 i
 * Written by hand from corpora/blas_level1/regress/openblas-{d,z}rotg-tiny-inexact.textproto;
 * the fuzzer found it in all four OpenBLAS 0.3.21 builds here, this runs Debian's prebuilt
 * libopenblas0-serial 0.3.21+ds-4 (the code is generic C, not a kernel).
 * Exits 1 while either shows; ./a.out drotg (or zrotg) runs one.
 * case: drotg mlf:blas_level1:openblas*:drotg:rotg-not-a-rotation
 * case: zrotg mlf:blas_level1:openblas*:zrotg:rotg-not-a-rotation
 * link: /usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas.so.0 -Wl,-rpath,/usr/lib/x86_64-linux-gnu/openblas-serial -lm
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

void drotg_(double *a, double *b, double *c, double *s);
void zrotg_(double a[2], const double b[2], double *c, double s[2]);

/* Prints and judges one result: 1 (the bug shows) unless r, c, s are finite, c^2 + |s|^2 = 1
 * and |r| = hypot(|a|, |b|), each within 1e-12. */
static int judge(const char *name, double r_abs, double expected_r, double c, double s_abs) {
  double unit = c * c + s_abs * s_abs - 1;
  printf("%s: |r| = %.17g (expected %.17g), c^2 + |s|^2 - 1 = %.3g (expected 0)\n", name, r_abs,
         expected_r, unit);
  int ok = isfinite(r_abs) && isfinite(unit) && fabs(unit) <= 1e-12 &&
           fabs(r_abs - expected_r) <= 1e-12 * expected_r;
  printf(ok ? "%s: the bug is absent\n" : "%s: the bug is present\n", name);
  return !ok;
}

static int drotg_shows(void) {
  double a = 3e-161, b = 4e-161, c = NAN, s = NAN;
  drotg_(&a, &b, &c, &s); /* a := r */
  return judge("drotg", fabs(a), 5e-161, c, fabs(s));
}

static int zrotg_shows(void) {
  double a[2] = {1e-160, 5e-161}, b[2] = {3e-161, -2e-161}, c = NAN, s[2] = {NAN, NAN};
  double expected = 1e-160 * sqrt(1 + 0.25 + 0.09 + 0.04); /* hypot(|a|, |b|), exact enough */
  zrotg_(a, b, &c, s); /* a := r */
  return judge("zrotg", hypot(a[0], a[1]), expected, c, hypot(s[0], s[1]));
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    int (*shows)(void);
  } cases[] = {{"drotg", drotg_shows}, {"zrotg", zrotg_shows}};
  int shown = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (argc < 2 || !strcmp(argv[1], cases[i].name)) shown |= cases[i].shows();
  return shown;
}
