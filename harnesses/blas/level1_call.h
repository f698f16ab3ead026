/* Calls one level-1 routine of one backend through the Fortran or the CBLAS interface. */
#ifndef LEVEL1_CALL_H
#define LEVEL1_CALL_H
#include "level1_problem.h"
#include "mlf_capture.h"

/* 1 when the backend has the entry point of pr's routine in the given interface. */
int level1_supported(const blas_backend *b, const level1_problem *pr, int fortran);

/* Runs pr's routine of b through the given interface (pr->fortran is not consulted) on
 * fresh copies of the vectors it writes (o->x, o->y; the problem's own vectors are passed
 * for those it only reads, and those must be read-only, see level1_protect_inputs). Errors
 * the library reports through xerbla are counted into *errors and the first kept in err.
 * The call runs under the watchdog (mlf_watchdog.h): one that never returns is abandoned,
 * and then mlf_watchdog_hung() names it and *o means nothing. */
void level1_call(const blas_backend *b, const level1_problem *pr, int fortran,
                 mlf_guard_side side, level1_outcome *o, size_t *errors, mlf_error_record *err);

/* Makes the problem's vectors read-only (readonly = 1) or writable again (0). */
void level1_protect_inputs(level1_problem *pr, int readonly);
#endif
