/* Library-time accounting (see mlf_profile.h). */
#include "mlf_profile.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int profiling;
static double library_seconds;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void print_profile(void) {
  fprintf(stderr, "mlf-profile: library_seconds=%.6f\n", library_seconds);
}

void mlf_profile_init(void) {
  static int done;
  if (done) return;
  done = 1;
  profiling = getenv("MLF_PROFILE") != NULL;
  if (profiling) atexit(print_profile);
}

double mlf_profile_begin(void) { return profiling ? now() : 0; }

void mlf_profile_end(double start) {
  if (profiling) library_seconds += now() - start;
}
