/* The process's oneDNN session: one CPU engine and one stream, shared by every family that
 * runs oneDNN primitives. oneDNN runs on one OpenMP thread: the fuzzer is single-threaded and
 * results then do not depend on the machine's core count. The ISA is oneDNN's choice, capped
 * by DNNL_MAX_CPU_ISA. */
#ifndef MLF_ONEDNN_SESSION_H
#define MLF_ONEDNN_SESSION_H
#include <stddef.h>
#include <oneapi/dnnl/dnnl.h>

extern dnnl_engine_t mlf_onednn_engine;
extern dnnl_stream_t mlf_onednn_stream;

/* Opens the session on first call (later calls keep it) and writes oneDNN's identity
 * (mlf_onednn_identity.h) into identity. 0, or -1 when oneDNN gives no CPU engine or stream
 * (identity then says which). */
int mlf_onednn_open(char *identity, size_t len);
#endif
