/* Standalone reproducer for an undefined behaviour that only an instrumented GSL shows: GSL
 * 2.7.1 gsl_stats_quantile_from_sorted_data computes (int)(f * (n - 1)) before its n == 0
 * check, and for n = 0, n - 1 = SIZE_MAX makes f * (n - 1) about 9.2e18 for f = 1/2, outside
 * int: a float-to-int conversion out of range (C11 6.3.1.4: undefined). gsl_rstat_median (and
 * gsl_rstat_quantile_get) of a workspace holding no data, right after gsl_rstat_alloc or
 * gsl_rstat_reset, makes that call. Debian's libgsl27 2.7.1+dfsg-5+deb12u1 (gcc, x86-64)
 * happens to return 0, so against it this program prints 0 and exits 0: it does NOT fail
 * there. Linked instead against GSL 2.7.1 built from the Debian source with
 * -fsanitize=float-cast-overflow (mlfuzz: build/libraries/gsl-libfuzzer/libgsl.a, with
 * -fsanitize=address,undefined -fno-sanitize-recover=undefined), UBSan aborts in
 * statistics/quantiles_source.c.
 * tags: mlf:gsl_statistics:quantile_from_sorted_data:domain:empty-fraction-undefined-cast mlf:gsl_movstat:gsl_rstat_median:domain:empty-fraction-undefined-cast
 * link: build/libraries/gsl-libfuzzer/libgsl.a -fsanitize=address,undefined -fno-sanitize-recover=undefined -lm
 */
#include <gsl/gsl_rstat.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h> /* the GSL_VERSION macro: the instrumented archive has no gsl_version */
#include <stdio.h>

int main(void) {
  static const double none[1] = {0};
  printf("GSL %s\n", GSL_VERSION);
  printf("gsl_stats_quantile_from_sorted_data(data, 1, 0, 0.5) = %g\n",
         gsl_stats_quantile_from_sorted_data(none, 1, 0, 0.5));
  gsl_rstat_workspace *w = gsl_rstat_alloc();
  printf("gsl_rstat_median of a new workspace = %g\n", gsl_rstat_median(w));
  gsl_rstat_free(w);
  return 0;
}
