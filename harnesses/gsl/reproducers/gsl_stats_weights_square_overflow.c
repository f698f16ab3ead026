/* Standalone reproducer: GSL 2.7.1 wvariance_source.c compute_factor accumulates a = sum w_i
 * and b = sum w_i^2 in long double but forms w_i * w_i in double, so weights above 2^511
 * overflow (b = Inf, the factor a^2 / (a^2 - b) becomes -0: wvariance -0, wsd 0, wskew and
 * wkurtosis NaN), while a long-double product keeps the factor exact. Weights 1 / sigma^2 are
 * only defined up to a common factor: multiplying them by a power of two must leave the
 * weighted variance, sd, skew and kurtosis bit for bit unchanged, as it does for 2^8 here
 * (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while a statistic changes when the weights are scaled by 2^579, 0 once none does.
 * tags: mlf:gsl_statistics:w[vsk]*:scale-weights:*
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const double x[5] = {1, 2, 4, 8, 3};
static const double w[5] = {1, 2, 3, 4, 5};

typedef double (*weighted_stat)(const double w[], size_t wstride, const double data[], size_t stride, size_t n);
static const struct {
  const char *name;
  weighted_stat f;
} stats[] = {{"gsl_stats_wvariance", gsl_stats_wvariance},
             {"gsl_stats_wsd", gsl_stats_wsd},
             {"gsl_stats_wskew", gsl_stats_wskew},
             {"gsl_stats_wkurtosis", gsl_stats_wkurtosis}};

/* The number of statistics whose value with the weights times scale differs bit for bit. */
static int changed_by(double scale) {
  double scaled[5];
  int changed = 0;
  for (int i = 0; i < 5; i++) scaled[i] = w[i] * scale;
  for (size_t s = 0; s < sizeof stats / sizeof *stats; s++) {
    double plain = stats[s].f(w, 1, x, 1, 5), got = stats[s].f(scaled, 1, x, 1, 5);
    int same = memcmp(&plain, &got, sizeof got) == 0;
    printf("%-20s weights w: %.17g, weights w * %a: %.17g%s\n", stats[s].name, plain, scale, got,
           same ? "" : "  <- changed");
    changed += !same;
  }
  return changed;
}

int main(void) {
  printf("GSL %s; expected: the same bits with weights scaled by a power of two\n", gsl_version);
  changed_by(0x1p8);
  return changed_by(0x1p579) != 0;
}
