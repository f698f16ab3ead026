/* Writes the standalone program for a blas_level1 finding (see level1_emit.c). */
#ifndef LEVEL1_EMIT_H
#define LEVEL1_EMIT_H
#include <stdio.h>
#include "blas_level1.pb-c.h"

/* mlf_emit_reproducer for blas_level1 (every family but rotg and rotmg; i?amax without a NaN):
 * tag as raised, identity of the backend it names (NULL when not loaded). Returns 0, or -1
 * for another family or a backend with no installed library. */
int level1_emit(const Mlf__Blas__Level1Case *m, const char *tag, const char *identity, FILE *out);
#endif
