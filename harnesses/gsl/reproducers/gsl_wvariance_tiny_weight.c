/* Standalone reproducer: GSL 2.7.1's weighted variance (statistics/wvariance_source.c) averages
 * the squared deviations by a += (d_i^2 - a) (w_i / W_i) with W_i the running sum of the
 * weights. Once a weight w_i dwarfs the earlier ones, W_i rounds to w_i, w_i / W_i is exactly 1
 * and everything averaged so far is forgotten, however large its share w (x - mean)^2 of the
 * manual's sum. x = (0, 1e10, 1e10) with weights (1e-30, 1, 1): the manual's formula
 * W / (W^2 - sum w^2) sum w (x - mean)^2 is about 1e-10 (all from the first sample), GSL
 * returns 0; with x_0 = 0 and 1e308 the true value overflows to +Inf and GSL still returns 0
 * (Debian's libgsl27 2.7.1+dfsg-5+deb12u1). The same forgetting makes the result depend on the
 * order of the samples, which the formula's sum does not: wvariance_with_fixed_mean (mean 0) of
 * x = (1e308, 0), w = (1, 1e30) is 0, of the same samples reversed +Inf (the true value,
 * 1e616 / 1e30, overflows).
 * Exits 1 while wvariance is off by more than 1e-6 relative of the formula's value, or either
 * order of the fixed-mean case is not +Inf.
 * tags: mlf:gsl_statistics:wvariance*:reference:inf-mismatch
 * tags: mlf:gsl_statistics:wvariance*:permute:inf-mismatch
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

/* The manual's formula in long double, at the weighted mean. */
static long double formula(const double *w, const double *x, size_t n) {
  long double W = 0, W2 = 0, m = 0, s = 0;
  for (size_t i = 0; i < n; i++) W += w[i], W2 += (long double)w[i] * w[i], m += w[i] * (long double)x[i];
  m /= W;
  for (size_t i = 0; i < n; i++) s += w[i] * ((long double)x[i] - m) * ((long double)x[i] - m);
  return W / (W * W - W2) * s;
}

int main(void) {
  static const double w[3] = {1e-30, 1, 1}, x[3] = {0, 1e10, 1e10};
  static const double w_big[3] = {1e-300, 1, 1}, x_big[3] = {0, 1e308, 1e308};
  printf("GSL %s\n", gsl_version);
  double got = gsl_stats_wvariance(w, 1, x, 1, 3), got_big = gsl_stats_wvariance(w_big, 1, x_big, 1, 3);
  long double want = formula(w, x, 3), want_big = formula(w_big, x_big, 3);
  printf("wvariance(x = 0, 1e10, 1e10; w = 1e-30, 1, 1): expected %.17Lg, got %.17g\n", want, got);
  printf("wvariance(x = 0, 1e308, 1e308; w = 1e-300, 1, 1): expected %.17Lg (+Inf in double), "
         "got %.17g\n", want_big, got_big);
  static const double x_fixed[2] = {1e308, 0}, w_fixed[2] = {1, 1e30};
  static const double x_reversed[2] = {0, 1e308}, w_reversed[2] = {1e30, 1};
  double fixed = gsl_stats_wvariance_with_fixed_mean(w_fixed, 1, x_fixed, 1, 2, 0);
  double reversed = gsl_stats_wvariance_with_fixed_mean(w_reversed, 1, x_reversed, 1, 2, 0);
  printf("wvariance_with_fixed_mean(x = 1e308, 0; w = 1, 1e30; mean 0): expected +Inf "
         "(1e616 / 1e30), got %.17g; samples reversed: got %.17g\n", fixed, reversed);
  int wrong = !(fabsl(got - want) <= 1e-6L * want) || got_big != (double)want_big ||
              fixed != INFINITY || reversed != INFINITY;
  return wrong;
}
