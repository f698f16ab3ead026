/* Standalone reproducers of blas_lapack findings: blas_lapack's mlf_emit_reproducer
 * (harnesses/mlf_emit.h) is this function. */
#ifndef LAPACK_EMIT_H
#define LAPACK_EMIT_H
#include <stdio.h>
#include <protobuf-c/protobuf-c.h>

/* Writes the program for finding `tag` (mlf:blas_lapack:BACKEND:ROUTINE:KIND) of the
 * LapackCase msg to out; -1 for a kind or backend it has no program for. */
int lapack_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out);
#endif
