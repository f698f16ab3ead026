/* Ground truth for the correlation relations: two-pass long-double moments, average ranks,
 * and the rounding tolerance of a correlation measure computed in a given precision. */
#ifndef CORRELATION_MOMENTS_H
#define CORRELATION_MOMENTS_H
#include <stddef.h>

/* 1 when every v[i], i < n, is finite. */
int corr_all_finite(const double *v, size_t n);

/* Mean, sum of squared deviations and condition kappa = 1 + |mean| / sd of v[0..n), two-pass
 * in long double. ss = 0 (kappa = +inf) for constant data; NaN when v has a NaN or an Inf. */
typedef struct {
  long double mean, ss;
  double kappa;
} corr_moments;
corr_moments corr_moments_of(const double *v, size_t n);

/* Sum of (x_i - mean_x)(y_i - mean_y), two-pass in long double. */
long double corr_cross(const double *x, const double *y, size_t n, const corr_moments *mx,
                       const corr_moments *my);

/* Average ranks (1-based; ties share the mean of their positions) of v[0..n) into rank;
 * v must hold no NaN. Returns 0, -1 when out of memory. */
int corr_average_ranks(const double *v, size_t n, double *rank);
/* 1 when v[0..n) has two equal values (v without NaN). */
int corr_has_ties(const double *v, size_t n);

/* Rounding tolerance of a correlation coefficient of n pairs whose accumulations round with
 * unit roundoff u: 8 u_double for the final divisions and square roots plus
 * 16 (n + 2) u kappa_x kappa_y for updating sums (each deviation carries the error of a
 * running mean, relative u kappa; Chan, Golub & LeVeque 1983). Covariances take it relative
 * to sqrt(var_x var_y). */
double corr_rounding_tolerance(size_t n, double u, double kappa_x, double kappa_y);

/* The tolerance t of a coefficient made absolute for the covariance of n pairs with the given
 * sums of squared deviations, plus 4 subnormal steps (a covariance among the subnormals is
 * rounded twice, absolutely: to double, then times n / (n - 1)). +Inf when the scale
 * overflows. */
double corr_covariance_tolerance(double t, long double ss_x, long double ss_y, size_t n);
#endif
