/* FFT error bounds and the long-double DFT (see fft_bound.h). */
#include "fft_bound.h"
#include <math.h>
#include "mlf_numeric.h"

static const long double two_pi = 6.283185307179586476925286766559005768L;

/* Twiddle error (units of u) of a radix-p pass; span is the pass's dual for radix 2. */
static double twiddle_ulps(fft_twiddles how, double p, double span) {
  switch (how) {
    case FFT_TWIDDLES_RECURRENCE: return p >= 7 ? 7 * p * p + 16 : 16; /* 2, 3, 5: tables */
    case FFT_TWIDDLES_RADIX2: return 10 * span + 16;
    default: return 16;
  }
}

double fft_bound_of(size_t n, fft_twiddles how) {
  double sum = 0, span = 1;
  size_t m = n;
  for (size_t p = 2; m > 1; p++)
    while (m % p == 0) {
      sum += sqrt((double)p) * ((double)p + 8 + 2 * twiddle_ulps(how, (double)p, span));
      span *= (double)p;
      m /= p;
    }
  return expm1(sum * MLF_U_DOUBLE) * (1 + 0x1p-20);
}

double fft_bound(size_t n) { return fft_bound_of(n, FFT_TWIDDLES_TABLE); }

double fft_underflow_floor(size_t n) { return (double)n * (double)n * 64.0 * 0x1p-1074; }

void fft_dft(const double *z, size_t n, int sign, long double *out, long double *error) {
  long double mag = 0;
  for (size_t j = 0; j < n; j++) mag += fabsl((long double)z[2 * j]) + fabsl((long double)z[2 * j + 1]);
  for (size_t k = 0; k < n; k++) {
    long double re = 0, im = 0;
    for (size_t j = 0; j < n; j++) {
      long double t = sign * two_pi * (long double)((j * k) % n) / (long double)n;
      long double c = cosl(t), s = sinl(t);
      re += z[2 * j] * c - z[2 * j + 1] * s;
      im += z[2 * j] * s + z[2 * j + 1] * c;
    }
    out[2 * k] = re, out[2 * k + 1] = im;
  }
  /* Per element: twiddle error 8 u (argument and cosl/sinl), product 2 u, n-term sum
   * gamma_n, on at most sum |z| (times sqrt(2) for the complex modulus). */
  long double u = 0x1p-64L, per = ((long double)n + 16) * u / (1 - ((long double)n + 16) * u);
  *error = sqrtl((long double)n) * 1.5L * per * mag;
}

long double fft_norm(const double *v, size_t count) {
  long double s = 0;
  for (size_t i = 0; i < count; i++) s += (long double)v[i] * v[i];
  return sqrtl(s);
}

long double fft_distance(const double *a, const double *b, size_t count) {
  long double s = 0;
  for (size_t i = 0; i < count; i++) {
    long double d = (long double)a[i] - b[i];
    s += d * d;
  }
  return sqrtl(s);
}

long double fft_distance_long(const double *a, const long double *b, size_t count) {
  long double s = 0;
  for (size_t i = 0; i < count; i++) {
    long double d = (long double)a[i] - b[i];
    s += d * d;
  }
  return sqrtl(s);
}

size_t fft_first_not_constant(const double *Y, size_t n, double re, double im) {
  for (size_t k = 0; k < n; k++)
    if (!(Y[2 * k] == re && Y[2 * k + 1] == im)) return k;
  return n;
}
