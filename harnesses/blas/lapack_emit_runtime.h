/* The fixed part of every generated LAPACK reproducer (lapack_emit.c): guarded arrays, the
 * watch over the library call, a counter of non-finite numbers or of NaNs, the LU residual, and
 * for invalid-argument programs an xerbla_ that returns. */
#ifndef LAPACK_EMIT_RUNTIME_H
#define LAPACK_EMIT_RUNTIME_H
/* C text: the headers the rest needs. */
extern const char lapack_emit_includes[];
/* C text that expects `typedef ... real;` (float or double) before it. */
extern const char lapack_emit_runtime[];
/* A printf format of C text, given a name and a predicate (a function-like macro or its
 * negation, e.g. "nans" and "isnan", "nonfinite" and "!isfinite"): name(x, count), how many of
 * count reals satisfy the predicate. */
extern const char lapack_emit_counter[];
/* C text: lu_residual(a0, lu, ipiv, m, n, u, tiny), the worst ratio of |A - P L U| to the LU
 * bound of lapack_check_lu, for real A (a0) and ?getrf's factor and pivots. */
extern const char lapack_emit_lu_residual[];
/* C text defining xerbla_ (and the counter xerbla_calls) so that the library returns. */
extern const char lapack_emit_xerbla[];
#endif
