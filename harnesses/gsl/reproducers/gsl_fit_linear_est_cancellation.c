/* Standalone reproducer: GSL 2.7.1 gsl_fit_linear_est evaluates
 * y_err = sqrt(cov00 + x (2 cov01 + cov11 x)) in the raw basis: for data far from the origin
 * (x near 1e8) and x near the data's mean, the terms (about 1e16 here) cancel to a small
 * negative number and y_err is NaN, although the covariance gsl_fit_wlinear returned is
 * positive definite. At the weighted mean the standard error of the fitted line is
 * sqrt(1 / W) exactly (W = sum w; sqrt(0.5) for two unit weights); evaluating the form centred
 * at -cov01 / cov11 avoids the cancellation (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while y_err at the mean is NaN or off sqrt(1 / W) by more than a relative 1e-6.
 * tags: mlf:gsl_fit:gsl_fit_linear_est:est:nan-on-positive-definite
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_fit.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  static const double x[2] = {0x1.7d784017ae148p+26, 0x1.7d7840470a3d7p+26}; /* 1e8 + 0.37, 1e8 + 1.11 */
  static const double y[2] = {1, 2.5}, w[2] = {1, 1};
  double c0, c1, cov00, cov01, cov11, chisq, fit, y_err;
  gsl_fit_wlinear(x, 1, w, 1, y, 1, 2, &c0, &c1, &cov00, &cov01, &cov11, &chisq);
  double mean = (x[0] + x[1]) / 2, expected = sqrt(0.5);
  gsl_fit_linear_est(mean, c0, c1, cov00, cov01, cov11, &fit, &y_err);
  printf("GSL %s: gsl_fit_wlinear on x = {%.17g, %.17g}: cov00 %g, cov01 %g, cov11 %g\n", gsl_version,
         x[0], x[1], cov00, cov01, cov11);
  printf("gsl_fit_linear_est at the mean %.17g: y_err = %.17g; expected sqrt(1 / W) = %.17g\n", mean,
         y_err, expected);
  return !(fabs(y_err - expected) <= 1e-6 * expected);
}
