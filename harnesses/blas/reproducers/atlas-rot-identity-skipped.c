/* ATLAS 3.10.3 (Debian libatlas3-base 3.10.3-13) srot, drot, csrot and zdrot with c = 1 and
 * s = 0 (or -0) return without computing: x and y keep their values, so a NaN or an infinity in
 * one vector never reaches the other. The reference BLAS 3.11 (srot.f: "STEMP = C*SX(I) +
 * S*SY(I); SY(I) = C*SY(I) - S*SX(I); SX(I) = STEMP", no quick return but n <= 0) forms every
 * product, and IEEE 754 gives 0 * NaN = NaN and 0 * Inf = NaN (invalid operation), so the
 * element of y facing a NaN or Inf in x becomes NaN; OpenBLAS, BLIS and GSL do so too.
 * Here x scalar 2 = NaN (and, second call of each, Inf): expected y scalar 2 NaN, the others
 * unchanged. CBLAS (cblas_srot...) is the same ATL_?rot. Exit 1 while the bug shows.
 * Written by hand from corpora/blas_level1/regress/atlas-srot-identity-nan-lost.textproto.
 * tags: mlf:blas_level1:atlas:*rot:nan-lost
 * link: /usr/lib/x86_64-linux-gnu/atlas/libblas.so.3 -Wl,-rpath,/usr/lib/x86_64-linux-gnu/atlas -lm
 */
#include <math.h>
#include <stdio.h>

void srot_(const int *n, float *x, const int *incx, float *y, const int *incy, const float *c,
           const float *s);
void drot_(const int *n, double *x, const int *incx, double *y, const int *incy, const double *c,
           const double *s);
void csrot_(const int *n, void *x, const int *incx, void *y, const int *incy, const float *c,
            const float *s);
void zdrot_(const int *n, void *x, const int *incx, void *y, const int *incy, const double *c,
            const double *s);

/* Checks y after a rotation with c = 1, s = 0 of x holding bad at scalar 2 (element 3 of a
 * real vector; the real part of element 2 of a complex one): y scalar 2 must be NaN, the others
 * unchanged, except that for complex vectors the imaginary part beside it may be NaN as well
 * (the reference's real * complex is formed as a complex product, 0 * NaN in both parts).
 * Returns 1 when wrong. */
static int check(const char *name, const double *y, const double *y0, int scalars, double bad,
                 int complex) {
  int wrong = !isnan(y[2]);
  for (int i = 0; i < scalars; i++)
    if (i != 2 && y[i] != y0[i] && !(complex && i == 3 && isnan(y[i]))) wrong = 1;
  printf("%s, x scalar 2 = %g: expected y scalar 2 = nan, the rest unchanged; actual %g%s\n", name,
         bad, y[2], wrong && isnan(y[2]) ? ", others changed" : "");
  return wrong;
}

int main(void) {
  const int n = 5, one = 1;
  const float cf = 1, sf = 0;
  const double cd = 1, sd = 0, bads[2] = {NAN, INFINITY};
  int wrong = 0;
  for (int b = 0; b < 2; b++) {
    double bad = bads[b], y0[10], y[10];
    float xf[10], yf[10];
    double xd[10], yd[10];
    for (int i = 0; i < 10; i++) y0[i] = 0.25 * (i + 1);
    /* real: 5 elements; complex: 5 elements of 2 scalars */
    for (int kind = 0; kind < 4; kind++) {
      for (int i = 0; i < 10; i++) xf[i] = (float)(xd[i] = -0.5 * i), yf[i] = (float)(yd[i] = y0[i]);
      xf[2] = (float)bad, xd[2] = bad;
      const char *name = kind == 0 ? "srot" : kind == 1 ? "drot" : kind == 2 ? "csrot" : "zdrot";
      if (kind == 0) srot_(&n, xf, &one, yf, &one, &cf, &sf);
      if (kind == 1) drot_(&n, xd, &one, yd, &one, &cd, &sd);
      if (kind == 2) csrot_(&n, xf, &one, yf, &one, &cf, &sf);
      if (kind == 3) zdrot_(&n, xd, &one, yd, &one, &cd, &sd);
      int scalars = kind < 2 ? n : 2 * n;
      for (int i = 0; i < scalars; i++) y[i] = kind == 0 || kind == 2 ? yf[i] : yd[i];
      wrong |= check(name, y, y0, scalars, bad, kind >= 2);
    }
  }
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong;
}
