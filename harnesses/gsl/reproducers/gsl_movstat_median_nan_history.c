/* Standalone reproducer: GSL 2.7.1's moving median (movstat/medacc.c, the double heap of
 * Hardle and Steiger, also under gsl_movstat_mad and mad0) compares with a NaN while it is in
 * the window; those comparisons are false, the heap order breaks and is not restored once the
 * NaN has left, so later windows of finite values get a wrong median. The manual says nothing
 * about NaN; the damage outlives the NaN (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while a window without NaN gets a median other than its sorted middle value.
 * tags: mlf:gsl_movstat:gsl_movstat_m[ae]d*:batch:nan-history
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 12
#define K 5 /* window: 2 samples either side */
static const double x[N] = {NAN, 5, 2, 5, 8, 5, 1, 9, 4, 7, 3, 6};

/* The median of the finite window x[i - 2 .. i + 2] (truncated at the ends), sorted. */
static double window_median(size_t i, int *has_nan) {
  double w[K];
  size_t lo = i < K / 2 ? 0 : i - K / 2, hi = i + K / 2 < N ? i + K / 2 : N - 1, m = hi - lo + 1;
  memcpy(w, x + lo, m * sizeof *w);
  *has_nan = 0;
  for (size_t j = 0; j < m; j++) *has_nan |= isnan(w[j]);
  gsl_sort(w, 1, m);
  return m % 2 ? w[m / 2] : (w[m / 2 - 1] + w[m / 2]) / 2;
}

int main(void) {
  gsl_vector_const_view xv = gsl_vector_const_view_array(x, N);
  gsl_vector *y = gsl_vector_alloc(N);
  gsl_movstat_workspace *w = gsl_movstat_alloc(K);
  gsl_movstat_median(GSL_MOVSTAT_END_TRUNCATE, &xv.vector, y, w);
  printf("GSL %s: gsl_movstat_median, window %d, GSL_MOVSTAT_END_TRUNCATE, x[0] = NaN\n", gsl_version, K);
  int wrong = 0;
  for (size_t i = 0; i < N; i++) {
    int has_nan;
    double expected = window_median(i, &has_nan), got = gsl_vector_get(y, i);
    if (has_nan) continue;
    printf("y[%zu] = %g; expected %g%s\n", i, got, expected, got == expected ? "" : "  <- wrong");
    wrong |= got != expected;
  }
  return wrong;
}
