/* Error handlers exported for the libraries under test, all forwarding to mlf_capture_error:
 * the Fortran xerbla_ called by reference BLAS/LAPACK (and ATLAS, OpenBLAS's Fortran
 * interface), the netlib/GSL cblas_xerbla, and a GSL gsl_error_handler_t. Their library
 * versions print and exit() (or abort()); a definition in the executable takes precedence
 * over the shared library's when the executable exports it: link the harness so the symbols
 * reach the dynamic symbol table (the linker does so when a linked shared library references
 * them; otherwise use -rdynamic or -Wl,--export-dynamic-symbol=xerbla_). */
#include "mlf_capture.h"

#include <stdio.h>
#include <string.h>

#define MLF_EXPORT __attribute__((visibility("default")))

/* gfortran passes CHARACTER lengths as hidden trailing size_t arguments. */
MLF_EXPORT void xerbla_(const char *srname, const int *info, size_t srname_len) {
  mlf_capture_error_n(srname, srname_len, info ? *info : 0);
}

/* netlib CBLAS: info is the offending argument position, rout e.g. "cblas_dgemm", form a
 * printf format for the message that is not printed here. */
MLF_EXPORT void cblas_xerbla(int info, const char *rout, const char *form, ...) {
  (void)form;
  mlf_capture_error(rout, info);
}

void mlf_capture_gsl_handler(const char *reason, const char *file, int line, int gsl_errno) {
  (void)reason;
  const char *base = file ? strrchr(file, '/') : NULL;
  char where[32];
  snprintf(where, sizeof where, "%s:%d", base ? base + 1 : (file ? file : "gsl"), line);
  mlf_capture_error(where, gsl_errno);
}
