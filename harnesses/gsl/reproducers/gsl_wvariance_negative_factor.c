/* Standalone reproducer: GSL 2.7.1's weighted variance multiplies by the factor
 * a^2 / (a^2 - b), a = sum w, b = sum w^2 (statistics/wvariance_source.c compute_factor), with
 * a and b long double but each w * w rounded to double first. When one weight dwarfs the
 * others, a^2 - b is mathematically 2 sum_{i<j} w_i w_j, far below the rounding of w * w, and
 * what remains is the difference between w^2 rounded to double and to long double, of either
 * sign: x = (0, 1), w = (1.004, 1e-300) gives a factor of about -1e283 and a negative
 * variance (-6.3e-284) where the manual's formula gives 0.5; gsl_stats_wsd returns
 * sqrt of it, NaN (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while wvariance is negative or off by more than 1e-6 relative of the formula's value.
 * tags: mlf:gsl_statistics:wvariance*:invariant:negative
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double w[2] = {1.004, 1e-300}, x[2] = {0, 1};
  /* The manual's formula, sum w (x - mean)^2 W / (W^2 - sum w^2), with 2 w_0 w_1 for W^2 - sum w^2. */
  long double W = (long double)w[0] + w[1], m = ((long double)w[0] * x[0] + (long double)w[1] * x[1]) / W;
  long double s = w[0] * (x[0] - m) * (x[0] - m) + w[1] * (x[1] - m) * (x[1] - m);
  long double want = s * W / (2.0L * w[0] * w[1]);
  printf("GSL %s\n", gsl_version);
  double got = gsl_stats_wvariance(w, 1, x, 1, 2), sd = gsl_stats_wsd(w, 1, x, 1, 2);
  printf("wvariance(x = 0, 1; w = 1.004, 1e-300): expected %.17Lg, got %.17g; wsd %.17g\n", want,
         got, sd);
  return got < 0 || !(fabsl(got - want) <= 1e-6L * want);
}
