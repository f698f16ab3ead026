/* Standalone reproducer: GSL 2.7.1 gsl_stats_Qn0_from_sorted_data never returns on data that are
 * not in ascending order (Debian's libgsl27 2.7.1+dfsg-5+deb12u1). The manual says only that
 * there is no check that the data are sorted (a meaningless result would be the documented
 * risk); on (0.0167, 0.0426, 0.5, -0.0657) the search for the trial value's rank,
 * while (x_i - x_(n-j+1) > trial) --j (statistics/Qn_source.c:154), never ends: a denial of
 * service for a caller that passes unchecked data. (On other unsorted data the same search
 * reads past the end: mlf:gsl_statistics:qn0_from_sorted_data:domain:unsorted-read-past-end.)
 * Exits 1 when the call is still running after 10 s, 0 when it returns.
 * tags: mlf:gsl_statistics:qn*_from_sorted_data:hang
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void still_running(int sig) {
  (void)sig;
  static const char msg[] = "gsl_stats_Qn0_from_sorted_data still running after 10 s: it never returns\n";
  (void)!write(1, msg, sizeof msg - 1);
  _exit(1);
}

int main(void) {
  static const double unsorted[] = {0.0167, 0.0426, 0.5, -0.0657};
  enum { N = sizeof unsorted / sizeof *unsorted };
  double work[3 * N];
  int work_int[5 * N];
  printf("GSL %s: gsl_stats_Qn0_from_sorted_data(0.0167, 0.0426, 0.5, -0.0657)...\n", gsl_version);
  fflush(stdout);
  signal(SIGALRM, still_running);
  alarm(10);
  double q = gsl_stats_Qn0_from_sorted_data(unsorted, 1, N, work, work_int);
  alarm(0);
  printf("returned %.17g\n", q);
  return 0;
}
