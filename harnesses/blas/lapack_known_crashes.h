/* LAPACK calls known to crash a library, each recorded in harnesses/blas/known_findings.tsv. While
 * known findings are suppressed the harness does not make such a call, so a campaign goes on
 * past the bug; MLF_REPORT_KNOWN=1 makes it anyway and the crash happens. */
#ifndef LAPACK_KNOWN_CRASHES_H
#define LAPACK_KNOWN_CRASHES_H
#include <stddef.h>
#include "lapack_backend.h"

/* The finding kind when backend is known to crash (or stop the process) on routine (precision
 * 0..3) for an m x n A (a_nonfinite: holding a NaN or an infinity), nrhs right-hand sides and
 * RCOND (?gelss, ?gelsd; rcond_nan: a NaN), else NULL. */
const char *lapack_known_crash(const char *backend, lapack_routine r, int prec, size_t m,
                               size_t n, size_t nrhs, int a_nonfinite, int rcond_nan);
#endif
