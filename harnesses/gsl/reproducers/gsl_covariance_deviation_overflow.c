/* Standalone reproducer: GSL 2.7.1's covariance (statistics/covariance_source.c:41-43) stores
 * each deviation in a long double but computes it in double, data1[i] - mean1 with both
 * operands double, so it overflows to an infinity once |x_i - mean| passes DBL_MAX. With y
 * constant every y deviation is exactly 0 and the product Inf * 0 is NaN:
 * x = (DBL_MAX, DBL_MAX, -DBL_MAX), y = (1, 1, 1) gives NaN where the covariance is exactly 0
 * (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while the covariance is not 0.
 * tags: mlf:gsl_correlation:gsl_stats_covariance:constant:nan-mismatch
 * link: -lgsl -lgslcblas -lm
 */
#include <float.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <stdio.h>

int main(void) {
  static const double x[3] = {DBL_MAX, DBL_MAX, -DBL_MAX}, y[3] = {1, 1, 1};
  printf("GSL %s\n", gsl_version);
  double got = gsl_stats_covariance(x, 1, y, 1, 3);
  printf("covariance(x = DBL_MAX, DBL_MAX, -DBL_MAX; y = 1, 1, 1): expected 0, got %.17g\n", got);
  return got != 0;
}
