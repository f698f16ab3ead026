/* Standalone reproducer: GSL 2.7.1's moving mean (movstat/mvacc.c) updates the mean of a full
 * window by mean += (x_new - x_old) / n. Once a huge value has passed through the window, the
 * small values it absorbed are lost for good: x = (1, 2, 1e300, 1, 2, 1, 2, 1), window 3
 * (H = J = 1), gives 0 for the window (1, 2, 1) and 1/3 for (2, 1, 2), although the mean
 * of a window lies within its values (1 to 2 here). The error is within the running rounding
 * bound of the O(1) update, but outside the range the mathematics fixes; a periodic
 * recomputation or compensated update would keep it (Debian's libgsl27 2.7.1+dfsg-5+deb12u1).
 * Exits 1 while some window's mean of positive finite values falls outside [min, max] of the
 * window (every end type).
 * tags: mlf:gsl_movstat:gsl_movstat_mean:batch:outside-window-range
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

#define N 8
static double x[N] = {1, 2, 1e300, 1, 2, 1, 2, 1};

int main(void) {
  static const char *const ends[3] = {"PADZERO", "PADVALUE", "TRUNCATE"};
  gsl_vector_view xv = gsl_vector_view_array(x, N);
  gsl_vector *y = gsl_vector_alloc(N);
  gsl_movstat_workspace *w = gsl_movstat_alloc(3);
  int wrong = 0;
  printf("GSL %s\n", gsl_version);
  for (int e = 0; e < 3; e++) {
    gsl_movstat_mean((gsl_movstat_end_t)e, &xv.vector, y, w);
    for (size_t i = 4; i + 1 < N; i++) { /* windows (x[i-1], x[i], x[i+1]) past the 1e300 */
      double lo = fmin(x[i - 1], fmin(x[i], x[i + 1])), hi = fmax(x[i - 1], fmax(x[i], x[i + 1]));
      double want = (x[i - 1] + x[i] + x[i + 1]) / 3, got = gsl_vector_get(y, i);
      if (got >= lo && got <= hi) continue;
      printf("%s: mean of (%g, %g, %g): expected %.17g, got %.17g (outside [%g, %g])\n", ends[e],
             x[i - 1], x[i], x[i + 1], want, got, lo, hi);
      wrong = 1;
    }
  }
  gsl_movstat_free(w);
  gsl_vector_free(y);
  return wrong;
}
