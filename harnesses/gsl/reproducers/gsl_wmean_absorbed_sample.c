/* Standalone reproducer: GSL 2.7.1's weighted mean (statistics/wmean_source.c:36-44) keeps the
 * running mean a += (x_i - a) (w_i / W_i) in long double. When a weight dwarfs the earlier ones,
 * W_i rounds to w_i and w_i / W_i is exactly 1, so the step is meant to land on x_i; but when
 * |x_i| is below the rounding of a, x_i - a rounds to -a and a becomes a - a = 0, outside the
 * data however small x_i is. x = (1, 1e-30), w = (1e-30, 1): the weighted mean
 * (1e-30 + 1e-30) / (1 + 1e-30) is 2e-30, GSL returns 0; a weighted mean with positive weights
 * lies within the data (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while wmean is outside [min x, max x] or off by more than 1e-6 relative of the formula.
 * tags: mlf:gsl_statistics:wmean:invariant:outside-data-range
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double w[2] = {1e-30, 1}, x[2] = {1, 1e-30};
  long double want = ((long double)w[0] * x[0] + (long double)w[1] * x[1]) / ((long double)w[0] + w[1]);
  printf("GSL %s\n", gsl_version);
  double got = gsl_stats_wmean(w, 1, x, 1, 2);
  printf("wmean(x = 1, 1e-30; w = 1e-30, 1): expected %.17Lg, got %.17g\n", want, got);
  return got < x[1] || got > x[0] || !(fabsl(got - want) <= 1e-6L * want);
}
