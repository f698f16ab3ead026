/* Standalone reproducer: GSL 2.7.1 gsl_movstat_apply_accum (under every gsl_movstat_*
 * statistic) with GSL_MOVSTAT_END_PADVALUE reads the pad values x[0] and x[n - 1] without
 * checking n: on an empty vector (size 0, which a caller can describe with a gsl_vector view
 * struct though gsl_vector_alloc refuses it) it reads one element past the end and one before
 * the start. GSL_MOVSTAT_END_PADZERO and _TRUNCATE do nothing on the same vector. The vector's
 * data pointer is an inaccessible page here, so the read is a segmentation fault (Debian's
 * libgsl27 2.7.1+dfsg-5+deb12u1). Each end type runs in a child process.
 * Exits 1 while a call faults, 0 once every one returns.
 * tags: mlf:gsl_movstat:gsl_movstat_apply_accum:domain:empty-padvalue-read-out-of-bounds
 * link: -lgsl -lgslcblas -lm
 */
#define _DEFAULT_SOURCE
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_version.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct {
  const char *name;
  gsl_movstat_end_t end;
} ends[] = {{"GSL_MOVSTAT_END_PADZERO", GSL_MOVSTAT_END_PADZERO},
            {"GSL_MOVSTAT_END_TRUNCATE", GSL_MOVSTAT_END_TRUNCATE},
            {"GSL_MOVSTAT_END_PADVALUE", GSL_MOVSTAT_END_PADVALUE}};

int main(void) {
  double *nothing = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (nothing == MAP_FAILED) return 2;
  gsl_vector empty = {0, 1, nothing, NULL, 0};
  printf("GSL %s: gsl_movstat_mean on a vector of size 0, window 3; expected: returns\n", gsl_version);
  int faults = 0;
  for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(20);
      gsl_movstat_workspace *w = gsl_movstat_alloc(3);
      printf("%-26s returned %d\n", ends[e].name, gsl_movstat_mean(ends[e].end, &empty, &empty, w));
      fflush(stdout);
      _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
      printf("%-26s killed by signal %d (%s)\n", ends[e].name, WTERMSIG(status), strsignal(WTERMSIG(status)));
      faults++;
    }
  }
  return faults != 0;
}
