/* Writes the standalone program for a blas_level23 finding (see level23_emit.c). */
#ifndef LEVEL23_EMIT_H
#define LEVEL23_EMIT_H
#include <stdio.h>
#include "blas_level23.pb-c.h"

/* mlf_emit_reproducer for blas_level23: tag as raised, identity of the backend it names (NULL
 * when not loaded). Returns 0, or -1 when the backend has no installed library. */
int level23_emit(const Mlf__Blas__Level23Case *c, const char *tag, const char *identity, FILE *out);
#endif
