/* Standalone reproducer: GSL 2.7.1 gsl_stats_quantile_from_sorted_data rejects a fraction
 * f < 0 or f > 1 with GSL_EDOM but lets f = NaN through and converts NaN * (n - 1) to int
 * (undefined; INT_MIN on x86-64), then reads sorted_data[(size_t)INT_MIN * stride]: a
 * segmentation fault in Debian's libgsl27 2.7.1+dfsg-5+deb12u1. The two moving-statistics
 * callers that take a fraction from the user reach it the same way: gsl_movstat_qqr (it checks
 * q < 0 || q > 0.5, which NaN passes) and gsl_rstat_quantile_get of a workspace allocated with
 * p = NaN (while it holds at most five values). Each call runs in a child process.
 * Exits 1 while any call faults, 0 once every one returns (a GSL_EDOM error expected).
 * tags: mlf:gsl_statistics:quantile_from_sorted_data:domain:nan-fraction-undefined-cast mlf:gsl_movstat:gsl_movstat_qqr:domain:nan-fraction-read-out-of-bounds mlf:gsl_movstat:gsl_rstat_quantile_get:domain:nan-fraction-read-out-of-bounds
 * link: -lgsl -lgslcblas -lm
 */
#define _DEFAULT_SOURCE
#include <gsl/gsl_errno.h>
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_rstat.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const double sorted[5] = {1, 2, 3, 4, 5};

static double quantile(void) { return gsl_stats_quantile_from_sorted_data(sorted, 1, 5, NAN); }

static double moving_qqr(void) {
  gsl_vector_const_view x = gsl_vector_const_view_array(sorted, 5);
  gsl_vector *y = gsl_vector_alloc(5);
  gsl_movstat_workspace *w = gsl_movstat_alloc(3);
  int status = gsl_movstat_qqr(GSL_MOVSTAT_END_PADZERO, &x.vector, NAN, y, w);
  return status ? status : gsl_vector_get(y, 0);
}

static double running_quantile(void) {
  gsl_rstat_quantile_workspace *w = gsl_rstat_quantile_alloc(NAN);
  for (int i = 0; i < 3; i++) gsl_rstat_quantile_add(sorted[i], w);
  return gsl_rstat_quantile_get(w);
}

static const struct {
  const char *what;
  double (*call)(void);
} cases[] = {{"gsl_stats_quantile_from_sorted_data({1, 2, 3, 4, 5}, 1, 5, NaN)", quantile},
             {"gsl_movstat_qqr(GSL_MOVSTAT_END_PADZERO, x = {1..5}, NaN, y, w(3))", moving_qqr},
             {"gsl_rstat_quantile_get of gsl_rstat_quantile_alloc(NaN) after 3 values", running_quantile}};

int main(void) {
  gsl_set_error_handler_off();
  printf("GSL %s; expected: GSL_EDOM (or NaN) for the NaN fraction, no crash\n", gsl_version);
  int faults = 0;
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(20);
      printf("%-75s returned %g\n", cases[c].what, cases[c].call());
      fflush(stdout);
      _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
      printf("%-75s killed by signal %d (%s)\n", cases[c].what, WTERMSIG(status), strsignal(WTERMSIG(status)));
      faults++;
    }
  }
  return faults != 0;
}
