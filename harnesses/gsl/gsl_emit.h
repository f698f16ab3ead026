/* The writer the GSL family's generated reproducers share (harnesses/mlf_emit.h,
 * harnesses/REPRODUCERS.md): the top comment with the registry tags the finding falls under,
 * arrays as initialisers of exact %a hex floats, and the comparison the programs make. Each
 * target's emitter writes the calls between them; mlf_emit_reproducer (gsl_emit.c) sends a
 * tag to its target's emitter. */
#ifndef GSL_EMIT_H
#define GSL_EMIT_H
#include <stdio.h>
#include <protobuf-c/protobuf-c.h>
#include "mlf_numeric.h"

/* The top comment: what the program shows (one line, no comment closer), the registry rows
 * whose pattern tag matches (all of them, or the tag itself when none does), the link line
 * for Debian's libgsl27; then the includes (gsl_header, gsl/gsl_version.h, math.h, stdio.h)
 * and the gsl_meets function gsl_emit_check's code calls. */
void gsl_emit_head(FILE *out, const char *tag, const char *what, const char *gsl_header);

/* "static const double name[n] = {...};" (without const when writable), %a literals. */
void gsl_emit_doubles(FILE *out, const char *name, const double *v, size_t n, int writable);

/* Inside main: prints "label = <got>; expected <e>" and sets wrong |= !gsl_meets(got, e), the
 * rule of mlf_check_expect (oracles/mlf_numeric.h); a bound of 0 asks for the value itself
 * (== : -0 passes for +0). got_expr is a C expression of type double. */
void gsl_emit_check(FILE *out, const char *label, const char *got_expr, const mlf_expect *e);

/* The target emitters. */
int statistics_emit(const ProtobufCMessage *msg, const char *tag, FILE *out);
#endif
