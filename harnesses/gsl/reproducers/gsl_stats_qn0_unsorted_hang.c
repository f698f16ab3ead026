/* Standalone reproducer: GSL 2.7.1 gsl_stats_Qn0_from_sorted_data never returns on data that are
 * not in ascending order (Debian's libgsl27 2.7.1+dfsg-5+deb12u1). The manual says only that
 * there is no check that the data are sorted (a meaningless result would be the documented
 * risk); on (0.0167, 0.0426, 0.5, -0.0657) the search for the trial value's rank,
 * while (x_i - x_(n-j+1) > trial) --j (statistics/Qn_source.c:154), never ends: a denial of
 * service for a caller that passes unchecked data. (On other unsorted data the same search
 * reads past the end: mlf:gsl_statistics:qn0_from_sorted_data:domain:unsorted-read-past-end.)
 * gsl_movstat_Qn reaches the same loop with no unsorted input at all: it sorts each window
 * (gsl_sort) before Qn_from_sorted_data, and a NaN in the window leaves it out of order; on the
 * 15 values below, one of them NaN, with a window of 9 (GSL_MOVSTAT_END_PADZERO) it never
 * returns (other windows with a NaN return a NaN, a number, or a negative Qn).
 * ./a.out unsorted | movstat-nan runs one case. Exits 1 when the call is still running after
 * 10 s, 0 when it returns.
 * case: unsorted mlf:gsl_statistics:qn*_from_sorted_data:hang
 * case: movstat-nan mlf:gsl_movstat:gsl_movstat_qn:hang
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void still_running(int sig) {
  (void)sig;
  static const char msg[] = "still running after 10 s: it never returns\n";
  (void)!write(1, msg, sizeof msg - 1);
  _exit(1);
}

static void unsorted_qn0(void) {
  static const double unsorted[] = {0.0167, 0.0426, 0.5, -0.0657};
  enum { N = sizeof unsorted / sizeof *unsorted };
  double work[3 * N];
  int work_int[5 * N];
  printf("GSL %s: gsl_stats_Qn0_from_sorted_data(0.0167, 0.0426, 0.5, -0.0657)...\n", gsl_version);
  fflush(stdout);
  printf("returned %.17g\n", gsl_stats_Qn0_from_sorted_data(unsorted, 1, N, work, work_int));
}

static void movstat_qn_with_nan(void) {
  double x[] = {0.335, -0.25, 0.337, -0.252, 0.026, -0.108, 0.465, -0.346, 0.35, NAN, 0.142, -0.332,
                -0.408, -0.138, 0.129};
  enum { N = sizeof x / sizeof *x, WINDOW = 9 };
  gsl_vector_view in = gsl_vector_view_array(x, N);
  gsl_vector *out = gsl_vector_alloc(N);
  gsl_movstat_workspace *w = gsl_movstat_alloc(WINDOW);
  printf("GSL %s: gsl_movstat_Qn(PADZERO, 15 values with x[9] = NaN, window %d)...\n", gsl_version, WINDOW);
  fflush(stdout);
  gsl_movstat_Qn(GSL_MOVSTAT_END_PADZERO, &in.vector, out, w);
  printf("returned\n");
  gsl_movstat_free(w);
  gsl_vector_free(out);
}

int main(int argc, char **argv) {
  signal(SIGALRM, still_running);
  int movstat = argc > 1 && !strcmp(argv[1], "movstat-nan");
  alarm(10);
  if (movstat) movstat_qn_with_nan();
  else unsorted_qn0();
  alarm(0);
  return 0;
}
