/* Error and exit() capture state (see mlf_capture.h). */
#include "mlf_capture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_profile.h"

static int installed;
static int active;           /* inside begin .. end */
static char library[64];
static size_t error_count;
static mlf_error_record first;
static double call_started; /* for the library-time profile (mlf_profile.h) */

/* exit() reached while a captured call was in progress: turn it into a crash. */
static void on_exit_inside_call(void) {
  if (!active) return;
  fprintf(stderr, "mlf: %s called exit() inside a library call", library);
  if (error_count)
    fprintf(stderr, " (routine %s, info %d)\n", first.routine, first.info);
  else
    fprintf(stderr, " (no error reported before it)\n");
  abort();
}

void mlf_capture_install(void) {
  if (installed) return;
  if (atexit(on_exit_inside_call) != 0) {
    fputs("mlf: capture: atexit registration failed\n", stderr);
    abort();
  }
  installed = 1;
}

void mlf_capture_begin(const char *lib) {
  snprintf(library, sizeof library, "%s", lib ? lib : "library");
  error_count = 0;
  memset(&first, 0, sizeof first);
  active = 1;
  call_started = mlf_profile_begin();
}

size_t mlf_capture_end(mlf_error_record *first_error) {
  mlf_profile_end(call_started);
  active = 0;
  if (first_error && error_count) *first_error = first;
  return error_count;
}

void mlf_capture_error_n(const char *routine, size_t len, int info) {
  if (error_count++ > 0) return;
  size_t n = 0;
  while (routine && n < len && n < sizeof first.routine - 1 && routine[n]) n++;
  while (n > 0 && (routine[n - 1] == ' ' || routine[n - 1] == '\t')) n--;
  if (n) memcpy(first.routine, routine, n);
  first.routine[n] = '\0';
  first.info = info;
}

void mlf_capture_error(const char *routine, int info) {
  mlf_capture_error_n(routine, routine ? strlen(routine) : 0, info);
}

const char *mlf_capture_current(void) { return active ? library : NULL; }
