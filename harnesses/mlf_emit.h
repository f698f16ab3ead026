/* Standalone reproducers generated from a message: a target that can write one defines
 * mlf_emit_reproducer in its harness; the replay driver's --reproducer option calls it after
 * running the input and seeing the finding. The program written calls only the library's
 * public API with the message's values (no protobuf, no harness code), prints expected against
 * actual, and exits 1 while the bug is present, 0 once it is gone. Its top comment carries the
 * lines the build and the report reader use (harnesses/REPRODUCERS.md):
 *    * tags: TAG...          registry first-column strings it reproduces
 *    * link: FLAGS           compiler and linker flags after the source file
 *    * env: VAR=VALUE...     environment to run it in (optional)
 *    * needs: cpu FLAG | openblas-coretype NAME   (optional; else skipped with that reason) */
#ifndef MLF_EMIT_H
#define MLF_EMIT_H
#include <stdio.h>
#include <protobuf-c/protobuf-c.h>

/* Writes to out a standalone C program reproducing finding `tag` (as raised) of the
 * post-processed message msg; returns 0, or -1 when this target cannot for that tag. The
 * replay driver's weak default returns -1. */
int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out);
#endif
