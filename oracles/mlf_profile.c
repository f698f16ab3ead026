/* Library-time accounting (see mlf_profile.h). */
#include "mlf_profile.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int profiling;
static double library_seconds, started;

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void mlf_profile_print(void) {
  if (!profiling) return;
  fprintf(stderr, "mlf-profile: library_seconds=%.6f total_seconds=%.6f\n", library_seconds,
          cpu_now() - started);
}

void mlf_profile_init(void) {
  static int done;
  if (done) return;
  done = 1;
  profiling = getenv("MLF_PROFILE") != NULL;
  if (!profiling) return;
  started = cpu_now();
  atexit(mlf_profile_print);
}

double mlf_profile_begin(void) { return profiling ? cpu_now() : 0; }

void mlf_profile_end(double start) {
  if (profiling) library_seconds += cpu_now() - start;
}
