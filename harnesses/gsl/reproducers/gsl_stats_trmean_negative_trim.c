/* Standalone reproducer: GSL 2.7.1 gsl_stats_trmean_from_sorted_data(alpha, ...) casts
 * floor(alpha * n) to size_t without checking alpha: a negative (or NaN) alpha is a
 * float-to-integer conversion out of range (undefined behaviour). The manual gives alpha in
 * [0, 0.5] and GSL reports no error (gsl_stats_quantile_from_sorted_data does, with GSL_EDOM,
 * for its fraction). Debian's libgsl27 2.7.1+dfsg-5+deb12u1 silently returns 0 for the data
 * 1..10 with alpha = -0.25: an empty kept range, a "mean" outside the data.
 * Exits 1 while the call returns a value outside [min, max] of the data without an error, 0
 * once it reports GSL_EDOM (or returns a mean of the data).
 * tags: mlf:gsl_statistics:trmean_from_sorted_data:domain:negative-trim-undefined-cast
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <stdio.h>

static int errors;
static void count_error(const char *reason, const char *file, int line, int gsl_errno) {
  printf("GSL error %d at %s:%d: %s\n", gsl_errno, file, line, reason);
  errors++;
}

int main(void) {
  static const double sorted[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  gsl_set_error_handler(count_error);
  double got = gsl_stats_trmean_from_sorted_data(-0.25, sorted, 1, 10);
  printf("GSL %s: gsl_stats_trmean_from_sorted_data(-0.25, {1..10}, 1, 10) = %g with %d errors; "
         "expected GSL_EDOM or a value in [1, 10]\n",
         gsl_version, got, errors);
  return errors == 0 && !(got >= 1 && got <= 10);
}
