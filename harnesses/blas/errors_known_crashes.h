/* Library calls of blas_errors known to crash, leak or go on after reporting an error: the
 * harness makes them in a child process (errors_isolation.h), so that what they do is
 * recorded as a finding instead of ending the fuzzer (a guard-page fault, a LeakSanitizer
 * report at exit). */
#ifndef ERRORS_KNOWN_CRASHES_H
#define ERRORS_KNOWN_CRASHES_H
#include "errors_rules.h"

/* Why this call on backend `backend` cannot run in the fuzzer's process, or NULL when it can.
 * expected: the parameter the reference reports, 0 when valid. *skip_kind is set to NULL
 * when the call runs in a child process, or to the finding kind to report instead of making
 * the call when it cannot run in a child either (a library with an OpenMP thread pool
 * deadlocks in a forked child); MLF_REPORT_KNOWN=1 makes such calls in the process. */
const char *errors_known_crash(const char *backend, const errors_args *a, int expected,
                               const char **skip_kind);
#endif
