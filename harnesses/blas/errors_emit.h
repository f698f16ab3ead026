/* Writes the standalone program for a blas_errors finding (see errors_emit.c). */
#ifndef ERRORS_EMIT_H
#define ERRORS_EMIT_H
#include <stdio.h>
#include "blas_errors.pb-c.h"

/* mlf_emit_reproducer for blas_errors: tag as raised, identity of the backend it names (NULL
 * when not loaded). Returns 0, or -1 when the backend has no installed library. */
int errors_emit(const Mlf__Blas__ErrorCase *c, const char *tag, const char *identity, FILE *out);
#endif
