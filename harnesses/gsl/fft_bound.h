/* Error bounds of the transforms (the standard FFT error analysis, Higham, Accuracy and
 * Stability of Numerical Algorithms, 2nd ed., Thm 24.2, extended from radix 2 to radix p)
 * and the long-double reference they are measured against. */
#ifndef FFT_BOUND_H
#define FFT_BOUND_H
#include <stddef.h>

/* How a transform gets its twiddle factors, which decides its error bound. */
typedef enum {
  FFT_TWIDDLES_TABLE,      /* cos/sin per factor in a wavetable: accurate to 16 u */
  FFT_TWIDDLES_RECURRENCE, /* generic radix-p passes of the real and halfcomplex transforms:
                            * w <- w dw, dw <- dw exp(i 2 pi / p), up to p steps each at
                            * 3 u and 6 u, so |error| <= (7 p^2 + 16) u */
  FFT_TWIDDLES_RADIX2      /* radix-2 transforms: w <- w exp(i theta) by the sine recurrence,
                            * 10 u per step, up to dual steps in the pass of span dual */
} fft_twiddles;

/* Relative 2-norm bound ||fl(F x) - F x|| <= bound ||F x|| of a Cooley-Tukey FFT of length
 * n (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., Thm 24.2, extended
 * from radix 2 to radix p): a radix-p pass computes each output as p products with factors
 * of modulus one whose twiddles err by mu, |error| <= (p + 8 + 2 mu / u) u sum |inputs|
 * (gamma_{p-1} of the sum, 2 sqrt(2) gamma_2 of two complex products, two twiddles), so its
 * relative 2-norm error is at most sqrt(p) (p + 8 + 2 mu / u) u; passes compose as
 * prod (1 + e_k) - 1 <= expm1(sum e_k). Prime factors give the largest sum, so the bound holds
 * for any grouping of them into the radices GSL uses. With TABLE twiddles (mu = 16 u) this is
 * the standard O(u log n) bound. */
double fft_bound_of(size_t n, fft_twiddles how);
/* The standard bound: fft_bound_of(n, FFT_TWIDDLES_TABLE). */
double fft_bound(size_t n);

/* Absolute 2-norm floor for results near the subnormal range: every operation may lose
 * 2^-1074; an output sees at most sum (2 p + 8) <= 64 n of them, amplified by at most
 * prod sqrt(p) = sqrt(n) over the passes, and there are n outputs (sqrt(n) in norm). */
double fft_underflow_floor(size_t n);

/* The first k < n where the packed complex Y[2k], Y[2k + 1] is not (re, im) (compared as
 * numbers: either zero sign), or n. The transform of an impulse c at index 0 is c in every
 * bin, exactly: each butterfly adds c to twiddle factors times zeros. */
size_t fft_first_not_constant(const double *Y, size_t n, double re, double im);

/* Long-double O(n^2) DFT of the packed complex z (sign -1 forward, +1 backward) and a bound
 * on its 2-norm error (twiddles from cosl/sinl of 2 pi (jk mod n) / n, n products and sums
 * per element at u = 2^-64). */
void fft_dft(const double *z, size_t n, int sign, long double *out, long double *error);

/* 2-norm of count doubles (a packed complex vector of n elements is 2 n doubles), and of
 * the difference of two such vectors (the second in long double). */
long double fft_norm(const double *v, size_t count);
long double fft_distance(const double *a, const double *b, size_t count);
long double fft_distance_long(const double *a, const long double *b, size_t count);
#endif
