/* Standalone reproducer: GSL 2.7.1 gsl_stats_spearman returns a finite coefficient when the
 * data hold a NaN (GSL's only encoding of a missing value): it sorts with gsl_sort_vector2,
 * whose comparisons are all false for NaN, so the NaN lands somewhere in the order and gets a
 * rank like a number, and the result depends on where it sits (spearman(x, y) differs from
 * spearman(y, x)). gsl_stats_correlation and gsl_stats_covariance of the same data are NaN;
 * a finite rank correlation from incomplete data is silently wrong (Debian's libgsl27
 * 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while spearman of data with a NaN is not NaN.
 * tags: mlf:gsl_correlation:gsl_stats_spearman:missing:nan-mismatch
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double x[6] = {0.3, NAN, 1.2, -0.7, 2.5, 0.9};
  static const double y[6] = {0.1, 0.4, 1.5, -0.2, 1.9, 0.6};
  double work[12];
  double xy = gsl_stats_spearman(x, 1, y, 1, 6, work), yx = gsl_stats_spearman(y, 1, x, 1, 6, work);
  printf("GSL %s: x = {0.3, NaN, 1.2, -0.7, 2.5, 0.9}, y = {0.1, 0.4, 1.5, -0.2, 1.9, 0.6}\n", gsl_version);
  printf("gsl_stats_correlation(x, y) = %g (expected NaN)\n", gsl_stats_correlation(x, 1, y, 1, 6));
  printf("gsl_stats_spearman(x, y) = %.17g, gsl_stats_spearman(y, x) = %.17g (expected NaN)\n", xy, yx);
  return !isnan(xy) || !isnan(yx);
}
