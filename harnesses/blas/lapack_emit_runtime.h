/* The fixed part of every generated LAPACK reproducer (lapack_emit.c): guarded arrays, the
 * watch over the library call, a count of non-finite numbers or of NaNs, and for invalid-argument
 * programs an xerbla_ that returns. */
#ifndef LAPACK_EMIT_RUNTIME_H
#define LAPACK_EMIT_RUNTIME_H
/* C text: the headers the rest needs. */
extern const char lapack_emit_includes[];
/* C text that expects `typedef ... real;` (float or double) before it. */
extern const char lapack_emit_runtime[];
/* C text: nonfinite(x, count), how many of count reals are Inf or NaN. */
extern const char lapack_emit_nonfinite[];
/* C text: nans(x, count), how many of count reals are NaN. */
extern const char lapack_emit_nans[];
/* C text defining xerbla_ (and the counter xerbla_calls) so that the library returns. */
extern const char lapack_emit_xerbla[];
#endif
