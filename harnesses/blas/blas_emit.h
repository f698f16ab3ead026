/* The writer the BLAS targets share for standalone reproducers (mlf_emit.h): the program's top
 * comment (registry tags, the installed Debian library to link and the environment it needs),
 * a prelude (operands in guard-page buffers as the harness places them, a fault reporter
 * naming the buffer, a watchdog, the element checks), operands as literal arrays, the
 * expectations of the output, and the check that prints expected against actual and sets the
 * exit status. Each target writes only its call. */
#ifndef BLAS_EMIT_H
#define BLAS_EMIT_H
#include <stdio.h>
#include "blas_backend.h"
#include "blas_operand.h"
#include "mlf_numeric.h"

/* Where a library a finding names is installed: the backend name as in tags, the Debian
 * package and the file to link (its directory goes into the run path, since several BLAS
 * share a soname). */
typedef struct {
  const char *backend, *package, *file;
} blas_emit_library;

/* The installed library for a backend name ("openblas", the instrumented build, maps to the
 * prebuilt serial OpenBLAS of the same version); NULL when none. */
const blas_emit_library *blas_emit_library_of(const char *backend);

/* The backend field of a finding tag "mlf:<target>:<backend>:<routine>:<kind>" into out. */
void blas_emit_tag_backend(const char *tag, char *out, size_t len);

/* The identity of the loaded backend a tag names, NULL when none of backends[0..n) is it. */
const char *blas_emit_identity(const blas_backend *backends, size_t n, const char *tag);

/* Writes the top comment and the prelude. tag is the finding as raised; identity the loaded
 * backend's (its OpenBLAS kernel set becomes the env and needs lines; the instrumented build
 * ran HASWELL kernels); title one line saying what the program calls. Returns -1 (writing
 * nothing) when the backend has no installed library. */
int blas_emit_begin(FILE *out, const char *tag, const char *identity, const char *title);

/* A number as a C literal that reads back exactly: %a, INFINITY, NAN. */
void blas_emit_number(FILE *out, double v);

/* `static const <float|double> NAME_init[] = {...};` holding count elements of precision p
 * (real and imaginary parts interleaved for complex). */
void blas_emit_array(FILE *out, const blas_precision *p, const char *name, const void *data,
                     size_t count);

/* What one scalar of the output must hold after the call (the prelude's `expectation`):
 * rule 'v' the value within bound (a NaN value: any NaN; an infinity: the same one;
 * overflow_ok: the non-finite results mlf_expect.overflow_possible allows, 1 any), and when
 * has_alt the alternative within its bound (and alt_overflow_ok) is equally right; 'z'
 * exactly zero; '*' anything (judged otherwise). Scalars no expectation names must keep
 * their bits. */
typedef struct {
  long scalar;     /* element offset * parts + part */
  int i, j, part;  /* the logical element, for the printout */
  char rule;
  double value, bound, alt, alt_bound;
  int overflow_ok, has_alt, alt_overflow_ok;
} blas_emit_expect;

/* Rule 'v' for a reference expectation e, with alt (NULL: none) accepted where it differs. */
blas_emit_expect blas_emit_expect_of(long scalar, size_t i, size_t j, int part,
                                     const mlf_expect *e, const mlf_expect *alt);

/* `static const expectation NAME_expected[] = {...};` */
void blas_emit_expectations(FILE *out, const char *name, const blas_emit_expect *e, size_t n);

/* Start of main: the watchdog and fault reporter, each operand named in names (a
 * space-separated list of array names already written) in a guarded buffer (`T *NAME =
 * guarded(...)`, read-only except those in output, a list too; head: flush after a leading guard page, the
 * message's guard_before, instead of before a trailing one), and a line naming the file the
 * entry point `symbol` comes from. The caller then writes the call. */
void blas_emit_main_begin(FILE *out, const blas_precision *p, const char *names,
                          const char *output, int head, const char *symbol);

/* End of main: evaluates also (a C expression, nonzero when wrong; NULL: none) first, checks
 * each output (a space-separated list) against NAME_expected and its initial bits, and
 * returns 1 when anything is wrong. */
void blas_emit_main_end(FILE *out, const blas_precision *p, const char *output, const char *also);

/* The report an error-path call must make: none (invalid 0), or one naming the invalid
 * argument, as the CBLAS routine with its CBLAS position ("" for a Fortran call), or as the
 * Fortran routine with its position in the Fortran call the reference makes (0: the layout,
 * which comes before the Fortran routine's first argument), or (GSL) as its source file "source_<family>..." with the CBLAS position. */
typedef struct {
  int invalid;
  char argument[16];
  char cblas_name[32];
  int cblas_position;
  char fortran_name[16];
  int fortran_position;
  char gsl_source[24];
} blas_emit_report;

/* After blas_emit_begin: the error handlers the library documents as replaceable, defined to
 * record each report (printing it) and return, or leave the call by longjmp(leave_call) where
 * the library's own never returns (GSL); then check_reports(), which prints the expected and
 * actual reports and returns 1 when they differ from e. */
void blas_emit_error_hook(FILE *out, const char *backend, const blas_emit_report *e);

/* The C type of one real part of precision p: "float" or "double". */
const char *blas_emit_real_type(const blas_precision *p);
#endif
