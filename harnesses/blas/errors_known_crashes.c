/* Known crashes, leaks and runs past an error of blas_errors calls (see
 * errors_known_crashes.h; each is a known finding in harnesses/blas/known_findings.tsv). */
#include "errors_known_crashes.h"

#include <limits.h>
#include <string.h>

static int is(const errors_args *a, const char *name) { return strcmp(a->r->name, name) == 0; }

/* netlib's CBLAS (and BLIS's copy) in row-major maps the TRANS value complex SYRK/SYR2K forbid
 * (CblasConjTrans), and the one HERK/HER2K forbid (CblasTrans), to the Fortran TRANS of the
 * allowed one and calls it: A (and B) are then read with the other shape, past their end
 * when that shape still fits the leading dimension. */
static int netlib_forbidden_trans_read(const char *backend, const errors_args *a, int expected) {
  int syrk = is(a, "syrk") || is(a, "syr2k"), herk = is(a, "herk") || is(a, "her2k");
  int forbidden = syrk ? ERRORS_CONJ_TRANS : ERRORS_TRANS;
  return (strcmp(backend, "netlib") == 0 || strcmp(backend, "blis") == 0) && a->cblas &&
         a->row_major && (a->letter == 'c' || a->letter == 'z') && (syrk || herk) &&
         expected == errors_arg_index(a->r, 'T') + 2 && errors_arg(a, 'T') == forbidden;
}

/* The instrumented OpenBLAS (HASWELL, zsymv_U_sse2.S) reads past the end of y in column-major
 * upper zhemv with an odd n (the blas_level23 entry mlf:blas_level23:openblas:zhemv:read-past-y):
 * a valid Fortran or column-major CBLAS call. */
static int openblas_zhemv_reads_past_y(const char *backend, const errors_args *a, int expected) {
  int uplo = errors_arg(a, 'U');
  int upper = a->cblas ? uplo == ERRORS_UPPER : uplo == 'U' || uplo == 'u';
  return strcmp(backend, "openblas") == 0 && !expected && a->letter == 'z' && is(a, "hemv") &&
         !a->row_major && upper && errors_arg(a, 'N') % 2 == 1;
}

/* The prebuilt OpenBLAS 0.3.21 libraries read past the end of x or y in every valid complex
 * gemv and hemv (the blas_level23 entries ...:openblas-*:[cz]gemv/[cz]hemv:read-past-x; here
 * zhemv_U_SKYLAKEX past y). openblas-openmp cannot run in a child, so none is called. */
static int prebuilt_openblas_gemv_hemv_read_past(const char *backend, const errors_args *a, int expected) {
  return strncmp(backend, "openblas-", 9) == 0 && !expected && (a->letter == 'c' || a->letter == 'z') &&
         (is(a, "gemv") || is(a, "hemv"));
}

/* OpenBLAS's ?gbmv argument check computes lda < kl + ku + 1 in int before it rejects a
 * negative KL or KU: with one of them INT_MIN and the other negative the sum overflows,
 * undefined behaviour that the instrumented build's UBSan stops on (in the child, where it
 * runs no death callback: see errors_isolation.h). */
static int openblas_gbmv_check_overflows(const char *backend, const errors_args *a) {
  return strcmp(backend, "openblas") == 0 && is(a, "gbmv") &&
         (long)errors_arg(a, 'L') + errors_arg(a, 'R') < INT_MIN;
}

const char *errors_known_crash(const char *backend, const errors_args *a, int expected,
                               const char **skip_kind) {
  *skip_kind = NULL;
  int complex = a->letter == 'c' || a->letter == 'z';
  /* GSL cblas checks the arguments, calls cblas_xerbla (whose GSL version aborts) and goes
   * on computing when ours returns: out of bounds with the invalid arguments. */
  if (strcmp(backend, "gslcblas") == 0 && expected)
    return "GSL cblas goes on after cblas_xerbla returns";
  /* netlib's CBLAS (and BLIS's copy of it) conjugates x into a malloc'ed copy and y in place
   * before it checks Uplo in row-major [cz]hemv, hbmv, hpmv, and returns without undoing
   * either: a leak LeakSanitizer reports at exit. */
  if ((strcmp(backend, "netlib") == 0 || strcmp(backend, "blis") == 0) && a->cblas &&
      a->row_major && complex && (is(a, "hemv") || is(a, "hbmv") || is(a, "hpmv")) &&
      expected == errors_arg_index(a->r, 'U') + 2)
    return "netlib CBLAS leaks its copy of x on a bad Uplo";
  /* netlib's (and BLIS's) row-major cblas_[cz]gemv and [cz]gbmv with CblasConjTrans undo
   * their conjugation of y with a loop whose stride and end are set only when M > 0: with
   * M <= 0 < N (M = 0 is valid) it runs on uninitialised values, forever or over memory. */
  if ((strcmp(backend, "netlib") == 0 || strcmp(backend, "blis") == 0) && a->cblas &&
      a->row_major && complex && (is(a, "gemv") || is(a, "gbmv")) &&
      errors_arg(a, 'T') == ERRORS_CONJ_TRANS && errors_arg(a, 'M') <= 0 && errors_arg(a, 'N') > 0)
    return "netlib CBLAS loops on uninitialised values when M <= 0";
  if (netlib_forbidden_trans_read(backend, a, expected))
    return "netlib CBLAS reads A with the other shape on a forbidden Trans";
  if (openblas_zhemv_reads_past_y(backend, a, expected))
    return "OpenBLAS zhemv upper with an odd n reads past y";
  if (prebuilt_openblas_gemv_hemv_read_past(backend, a, expected)) {
    *skip_kind = "crash";
    return "prebuilt OpenBLAS complex gemv and hemv read past x or y";
  }
  if (openblas_gbmv_check_overflows(backend, a))
    return "OpenBLAS gbmv's check overflows on KL + KU";
  /* BLIS 0.9.0's haswell sgemm reads past C (and B) on small shapes (blas_gemm has the
   * details: mlf:blas_gemm:blis:sgemm:read-past-*); every valid sgemm here is small. */
  if (strcmp(backend, "blis") == 0 && !expected && a->letter == 's' && is(a, "gemm"))
    return "BLIS sgemm reads past its operands";
  /* OpenBLAS's cblas.h adds CblasConjNoTrans = 114, which its CBLAS accepts as a TRANS value
   * (the standard has no such value) and then reads the operands untransposed, past the
   * buffers the valid TRANS of the case sized. openblas-openmp cannot run in a child. */
  if (strncmp(backend, "openblas", 8) == 0 && a->cblas)
    for (int i = 0; a->r->args[i]; i++)
      if ((a->r->args[i] == 'T' || a->r->args[i] == 't') && a->value[i] == ERRORS_CONJ_TRANS + 1 &&
          expected == i + 2) { /* an earlier invalid argument returns first */
        *skip_kind = "silent";
        return "OpenBLAS accepts CblasConjNoTrans";
      }
  return NULL;
}
