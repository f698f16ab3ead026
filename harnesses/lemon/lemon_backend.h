/* A DL kernel library as a LEMON backend: it runs a lowered model (lemon_graph.h) in float
 * and writes every layer's output. A layer it lacks makes the model "unsupported" on it, not
 * a failure. Variants are the library's alternative implementations of the same model
 * (oneDNN: the v-th implementation the primitive descriptor iterator offers for every
 * primitive, the last one where a primitive offers fewer). */
#ifndef LEMON_BACKEND_H
#define LEMON_BACKEND_H
#include <stddef.h>
#include "lemon_graph.h"

typedef enum {
  LEMON_RAN,          /* every layer ran; outputs filled */
  LEMON_UNSUPPORTED,  /* a layer or parameter the library does not offer; why says which */
  LEMON_FAILED        /* the library refused or failed on a valid model; why says where */
} lemon_status;

typedef struct {
  char why[256];      /* UNSUPPORTED / FAILED: "layer 3 (LRN): ..." */
  char impls[512];    /* the implementations that ran, e.g. "0:brg:avx512_core 1:jit:avx2" */
  int more_variants;  /* 1 when some primitive offers an implementation past this variant */
  /* A known library bug (harnesses/lemon/known_findings.tsv) the backend stepped around instead of
   * running into, unless MLF_REPORT_KNOWN=1: "layer 3: sse41-pooling-post-op-crash". The
   * harness raises it as mlf:lemon_model:<library>:<layer label>:<what>. */
  char known[96];
} lemon_run_info;

typedef struct {
  const char *name;   /* "onednn", "xnnpack" */
  /* Once per process. 0 when usable; -1 with a message in identity otherwise. identity
   * names the library version and CPU level, e.g. "oneDNN 2.6.3 cpu avx512_core". */
  int (*init)(char *identity, size_t len);
  /* Runs the model; outputs[i] (batch x elements of layer i, allocated by the caller with
   * mlf_guard_alloc) receives layer i's output. Every buffer the backend hands the library
   * (inputs, weights, outputs, scratchpads) sits against a guard page. NULL only for the
   * reference (lemon_execute.h), whose outputs are the G already computed. */
  lemon_status (*run)(const lemon_graph *g, unsigned variant, float *const *outputs,
                      lemon_run_info *info);
} lemon_backend;

extern const lemon_backend lemon_onednn_backend;
extern const lemon_backend lemon_xnnpack_backend;
#endif
