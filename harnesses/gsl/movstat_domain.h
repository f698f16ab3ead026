/* gsl_movstat outside its valid domain: empty vectors, vectors of different lengths, a zero
 * stride, qqr's q outside [0, 0.5] or NaN, gsl_movstat_fill past the end; and
 * gsl_movstat_fill inside it against the documented window. Correct is a GSL error through
 * the handler with the outputs untouched, or the documented value; a crash (guard page) or a
 * write outside the outputs is a bug. */
#ifndef MOVSTAT_DOMAIN_H
#define MOVSTAT_DOMAIN_H
#include <stddef.h>
#include "mlf_guard.h"
#include "mlf_report.h"
#include "movstat_window.h"

/* Every statistic and end type on an empty vector. */
void movstat_domain_empty(mlf_guard_side side, mlf_run *run);

/* Length mismatch, zero stride, qqr's q = fraction when outside [0, 0.5], and q = NaN when
 * probe_nan, on x[0..n) (n >= 1). */
void movstat_domain_arguments(const double *x, size_t n, double fraction, int probe_nan,
                              mlf_guard_side side, mlf_run *run);

/* gsl_movstat_fill for every index of the layout (bit for bit the documented window) and one
 * past the end (GSL_EDOM, size 0). */
void movstat_domain_fill(const movstat_layout *l, mlf_run *run);
#endif
