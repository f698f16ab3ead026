/* Standalone reproducer: GSL 2.7.1's gsl_stats_correlation (statistics/covariance_source.c)
 * returns sum_cross / (sqrt(sum_xsq) sqrt(sum_ysq)) without bringing the quotient back into
 * [-1, 1], the range the mathematics fixes (Cauchy-Schwarz): for x = y = (0, 3) the three sums
 * are equal and sqrt(s)^2 rounds below s, so r = 1.0000000000000002. R's cor clamps the same
 * quotient (CLAMP in src/library/stats/src/cov.c); callers that take acos(r) or sqrt(1 - r^2)
 * get NaN (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while a correlation lies outside [-1, 1].
 * tags: mlf:gsl_correlation:gsl_stats_*:range:outside-unit-interval
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double x[2] = {0, 3}, y[2] = {0, 3};
  printf("GSL %s\n", gsl_version);
  double r = gsl_stats_correlation(x, 1, y, 1, 2);
  printf("correlation(x = (0, 3), y = (0, 3)): expected 1 (at most), got %.17g; sqrt(1 - r^2) = %g\n",
         r, sqrt(1 - r * r));
  return fabs(r) > 1;
}
