/* Standalone reproducer: GSL 2.7.1 statistics functions read outside their arrays on arguments
 * the manual does not exclude, instead of returning an error or NaN (Debian's libgsl27
 * 2.7.1+dfsg-5+deb12u1). Each call runs in a child process with its data ending right before an
 * inaccessible page, so a read past the end is a segmentation fault:
 *   - n = 0 (an empty data set): gsl_stats_lag1_autocorrelation reads data[0] before looking
 *     at n; gsl_stats_max, _min, _minmax (and the _index forms) start from data[0];
 *     gsl_stats_trmean_from_sorted_data(0.25, ...) keeps the samples [0, SIZE_MAX];
 *     gsl_stats_Sn0_from_sorted_data reads sorted_data[0]; gsl_stats_correlation starts its
 *     running means at data1[0]; gsl_stats_spearman's rank loop runs to n - 1 = SIZE_MAX
 *     (gsl_stats_covariance returns 0 for the undefined covariance of nothing, without an error);
 *   - gsl_stats_select(data, 1, n, k) with k = n checks n > 0 but not k < n and reads data[k];
 *   - gsl_stats_Qn0_from_sorted_data on data that are not sorted (the manual warns only of a
 *     meaningless result) runs its search past the end of the data.
 * Exits 1 while any call faults (or runs past 20 s), 0 once every call returns.
 * tags: mlf:gsl_statistics:lag1_autocorrelation*:domain:empty-read-past-end mlf:gsl_statistics:max*:domain:empty-read-past-end mlf:gsl_statistics:trmean_from_sorted_data:domain:empty-read-past-end mlf:gsl_statistics:sn0_from_sorted_data:domain:empty-read-past-end mlf:gsl_correlation:gsl_stats_*:empty:* mlf:gsl_statistics:select:domain:rank-read-past-end mlf:gsl_statistics:qn0_from_sorted_data:domain:unsorted-read-past-end
 * link: -lgsl -lgslcblas -lm
 */
#define _DEFAULT_SOURCE
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* n doubles (a copy of v unless NULL) whose last one ends where an inaccessible page starts. */
static double *before_guard_page(const double *v, size_t n) {
  long page = sysconf(_SC_PAGESIZE);
  size_t span = (n * sizeof(double) + (size_t)page - 1) / (size_t)page * (size_t)page + (size_t)page;
  char *base = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED || mprotect(base + span - (size_t)page, (size_t)page, PROT_NONE) != 0) _exit(2);
  double *data = (double *)(base + span - (size_t)page) - n;
  if (v) memcpy(data, v, n * sizeof *v);
  return data;
}

static const double unsorted[10] = {0.57, -1.3, 2.2, 0.18, -0.42, 1.7, -2.4, 0.95, -0.07, 1.1};
static const double one[1] = {1};

/* The call of case c; its result printed by the child. */
static double call(int c) {
  double *empty = before_guard_page(NULL, 0), *work = before_guard_page(NULL, 30);
  int *iwork = (int *)before_guard_page(NULL, 25);
  double lo, hi;
  switch (c) {
    case 0: return gsl_stats_lag1_autocorrelation(empty, 1, 0);
    case 1: return gsl_stats_max(empty, 1, 0);
    case 2: return gsl_stats_min(empty, 1, 0);
    case 3: gsl_stats_minmax(&lo, &hi, empty, 1, 0); return hi;
    case 4: return (double)gsl_stats_max_index(empty, 1, 0);
    case 5: return gsl_stats_trmean_from_sorted_data(0.25, empty, 1, 0);
    case 6: return gsl_stats_Sn0_from_sorted_data(empty, 1, 0, work);
    case 7: return gsl_stats_correlation(empty, 1, empty, 1, 0);
    case 8: return gsl_stats_spearman(empty, 1, empty, 1, 0, work);
    case 9: return gsl_stats_covariance(empty, 1, empty, 1, 0);
    case 10: return gsl_stats_select(before_guard_page(one, 1), 1, 1, 1);
    case 11: return gsl_stats_Qn0_from_sorted_data(before_guard_page(unsorted, 10), 1, 10, work, iwork);
  }
  return 0;
}

static const char *const what[] = {
    "gsl_stats_lag1_autocorrelation(data, 1, 0)", "gsl_stats_max(data, 1, 0)",
    "gsl_stats_min(data, 1, 0)", "gsl_stats_minmax(&lo, &hi, data, 1, 0)",
    "gsl_stats_max_index(data, 1, 0)", "gsl_stats_trmean_from_sorted_data(0.25, data, 1, 0)",
    "gsl_stats_Sn0_from_sorted_data(data, 1, 0, work)", "gsl_stats_correlation(x, 1, y, 1, 0)",
    "gsl_stats_spearman(x, 1, y, 1, 0, work)", "gsl_stats_covariance(x, 1, y, 1, 0)",
    "gsl_stats_select(data, 1, n = 1, k = 1)",
    "gsl_stats_Qn0_from_sorted_data(10 unsorted values, 1, 10, work, iwork)"};

int main(void) {
  printf("GSL %s; expected: every call returns (an error or NaN outside the domain)\n", gsl_version);
  int faults = 0;
  for (int c = 0; c < (int)(sizeof what / sizeof *what); c++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(20);
      printf("%-70s returned %g\n", what[c], call(c));
      fflush(stdout);
      _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
      printf("%-70s killed by signal %d (%s)\n", what[c], WTERMSIG(status), strsignal(WTERMSIG(status)));
      faults++;
    }
  }
  return faults != 0;
}
