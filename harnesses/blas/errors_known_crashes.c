/* Known crashes, leaks and runs past an error of blas_errors calls (see
 * errors_known_crashes.h; each is a known finding in oracles/known_findings.tsv). */
#include "errors_known_crashes.h"

#include <string.h>

static int is(const errors_args *a, const char *name) { return strcmp(a->r->name, name) == 0; }

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
