/* Standalone reproducer: GSL 2.7.1 gsl_movstat_variance (movstat/mvacc.c: Welford's update
 * with removal, M2 += ((old - mean_old) + (x - mean)) * (x - old)) lets M2 go negative by
 * rounding once the window holds equal values after different ones (here 1e6 after the zeros
 * of GSL_MOVSTAT_END_PADZERO) and returns a negative variance; gsl_movstat_sd then returns
 * sqrt(negative) = NaN for a window of finite values. A variance is never negative (the exact
 * answer here is 0; a clamp at 0 would do). Debian's libgsl27 2.7.1+dfsg-5+deb12u1.
 * Exits 1 while some window gets a negative variance or a NaN sd.
 * tags: mlf:gsl_movstat:gsl_movstat_variance:batch:negative-variance mlf:gsl_movstat:gsl_movstat_sd:batch:nan-on-finite
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

#define N 20
#define K 9 /* window: 4 samples either side */

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 1e6;
  gsl_vector_view xv = gsl_vector_view_array(x, N);
  gsl_vector *var = gsl_vector_alloc(N), *sd = gsl_vector_alloc(N);
  gsl_movstat_workspace *w = gsl_movstat_alloc(K);
  gsl_movstat_variance(GSL_MOVSTAT_END_PADZERO, &xv.vector, var, w);
  gsl_movstat_sd(GSL_MOVSTAT_END_PADZERO, &xv.vector, sd, w);
  printf("GSL %s: x = %d values 1e6, window %d, GSL_MOVSTAT_END_PADZERO; expected variance >= 0, sd not NaN\n",
         gsl_version, N, K);
  int wrong = 0;
  for (int i = 0; i < N; i++) {
    double v = gsl_vector_get(var, i), s = gsl_vector_get(sd, i);
    if (v >= 0 && !isnan(s)) continue;
    printf("window %d: variance %g, sd %g\n", i, v, s);
    wrong = 1;
  }
  return wrong;
}
