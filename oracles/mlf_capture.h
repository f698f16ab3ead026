/* Capture of library error handlers (xerbla, cblas_xerbla, the GSL error handler) and of
 * exit() called inside a library call: errors are recorded instead of printed, and an exit()
 * between mlf_capture_begin and mlf_capture_end becomes an abort the fuzzer records. The time
 * between begin and end is the library time of the benchmark's profile (mlf_profile.h), so
 * every library call of every harness goes between them. */
#ifndef MLF_CAPTURE_H
#define MLF_CAPTURE_H
#include <stddef.h>

typedef struct {
  char routine[32]; /* routine that reported, trailing blanks trimmed */
  int info;         /* its parameter number or error code */
} mlf_error_record;

/* Registers the atexit handler (once; later calls do nothing). Not async-safe; _exit() and
 * quick_exit() are not seen. */
void mlf_capture_install(void);

/* Starts a captured call into library (name copied) and resets the error count. */
void mlf_capture_begin(const char *library);

/* Ends the captured call; copies the first error reported since begin into first_error when
 * there was one (first_error may be NULL) and returns how many errors were reported. */
size_t mlf_capture_end(mlf_error_record *first_error);

/* The library inside whose call we are, or NULL between calls (for crash reports). */
const char *mlf_capture_current(void);
/* Records one error; the first since begin is kept, later ones are only counted. */
void mlf_capture_error(const char *routine, int info);

/* Same with a routine name of explicit length that need not be NUL-terminated (Fortran). */
void mlf_capture_error_n(const char *routine, size_t len, int info);

/* GSL error handler, signature of gsl_error_handler_t; install it with
 * gsl_set_error_handler(mlf_capture_gsl_handler). Records "<file basename>:<line>" as the
 * routine and gsl_errno as info. Defined in mlf_xerbla.c. */
void mlf_capture_gsl_handler(const char *reason, const char *file, int line, int gsl_errno);
#endif
