/* Standalone reproducer: GSL 2.7.1 gsl_stats_correlation accumulates the sums of squared
 * deviations in long double but computes r = sum_cross / (sqrt(sum_xsq) * sqrt(sum_ysq)) with
 * the double sqrt(): a sum past DBL_MAX (data of magnitude about 1e154 and more) becomes Inf
 * and r comes out 0 for perfectly correlated finite data, and a sum below DBL_MIN (magnitude
 * about 1e-154 and less) loses its digits or becomes 0. sqrtl() keeps the long-double range.
 * The correlation of a sample with itself, or with a positive multiple, is 1 whatever its scale
 * (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while r(x, x) is off 1 by more than 1e-14 for any of the three scales.
 * tags: mlf:gsl_correlation:gsl_stats_correlation:*:sqrt-range
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double base[5] = {1, -2, 3.5, 0.25, -1.75};
  static const double scales[3] = {1, 1e200, 1e-200};
  printf("GSL %s; expected: gsl_stats_correlation(x, 1, x, 1, 5) = 1\n", gsl_version);
  int wrong = 0;
  for (int s = 0; s < 3; s++) {
    double x[5];
    for (int i = 0; i < 5; i++) x[i] = base[i] * scales[s];
    double r = gsl_stats_correlation(x, 1, x, 1, 5);
    printf("x = {1, -2, 3.5, 0.25, -1.75} * %g: r = %.17g%s\n", scales[s], r, fabs(r - 1) <= 1e-14 ? "" : "  <- wrong");
    wrong |= !(fabs(r - 1) <= 1e-14);
  }
  return wrong;
}
