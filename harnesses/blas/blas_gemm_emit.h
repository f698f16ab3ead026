/* Writes the standalone program for a blas_gemm finding (see blas_gemm_emit.c). */
#ifndef BLAS_GEMM_EMIT_H
#define BLAS_GEMM_EMIT_H
#include <stdio.h>
#include "blas.pb-c.h"
#include "blas_gemm_reference.h"

/* mlf_emit_reproducer for blas_gemm: tag as raised, identity of the backend it names (NULL
 * when not loaded). Returns 0, or -1 when the backend has no installed library. */
int blas_gemm_emit(const Mlf__Blas__GemmCase *gc, const char *tag, const char *identity, FILE *out);
/* The same for a problem already built (blas_level23 reaches gemm too); guard_before: the
 * operands sit after a leading guard page. */
int blas_gemm_emit_problem(const blas_gemm_problem *g, int guard_before, const char *tag,
                           const char *identity, FILE *out);
#endif
