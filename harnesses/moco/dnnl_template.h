/* The DNNL_PRIMITIVES template of the MoCo family: set-up (the process's oneDNN session: a CPU
 * engine and a stream, libraries/onednn), the program's blocks as its body (each block one
 * oneDNN call on handles earlier blocks made), tear-down (every handle the program left is
 * released by the harness). Every buffer oneDNN gets is guard-paged (mlf_guard.h) and filled
 * from the program's data seed. While it runs, the template checks what the library's state
 * says against what the blocks built (state consistency), round-trips every plain reorder and
 * compares exact eltwise results and the results of convolution, inner product and matmul with
 * references (dnnl_data.h, dnnl_reference.h), recording what disagrees for the judge. */
#ifndef DNNL_TEMPLATE_H
#define DNNL_TEMPLATE_H
#include <stddef.h>
#include <oneapi/dnnl/dnnl.h>
#include "dnnl_reference.h"
#include "moco.pb-c.h"
#include "moco_run.h"

#define DNNL_MAX_MISMATCHES 8

/* Status of a block the harness did not call (a handle it needs is missing, or its source
 * cannot serve the operation), and of a call that returns no status. */
#define DNNL_CALL_SKIPPED (-1)
#define DNNL_CALL_NO_STATUS (-2)

/* What a primitive descriptor computes, for the oracles of its executions. */
typedef struct {
  int api;                 /* the moco_dnnl_spec API that created it (a clone: the original's) */
  dnnl_alg_kind_t alg;     /* eltwise */
  float alpha, beta;
  int attr_changes_values; /* output scales or post-ops: values are not the plain operation's */
  dnnl_arithmetic arith;   /* output scale, fpmath mode and post-ops in order */
  dnnl_weighted_shape shape; /* convolution, inner product, matmul: the dims created with */
} dnnl_op_info;

/* What one block made: the object of its handle type (moco_dnnl_spec.c names them). */
typedef struct {
  dnnl_memory_desc_t md;      /* dnnl_md; dnnl_memory: its descriptor */
  dnnl_memory_t memory;
  void *buffer;               /* guard-paged, size bytes */
  size_t size;
  dnnl_primitive_attr_t attr;
  dnnl_post_ops_t post_ops;
  int appended;               /* post-ops appended successfully */
  dnnl_op_info attr_ops;      /* post-ops, attr: the post-ops (attr: also output scale, fpmath mode, whether values change) */
  dnnl_primitive_desc_t pd;
  dnnl_memory_desc_t pd_src;  /* pd: the source descriptor it was created with */
  dnnl_primitive_t primitive;
  dnnl_op_info op;            /* pd, primitive */
} dnnl_slot;

/* A disagreement the template found while running (turned into a finding by the judge). */
typedef struct {
  size_t block;
  const char *kind;           /* "state-mismatch", "round-trip-mismatch", ... */
  char message[240];
} dnnl_mismatch;

typedef struct {
  moco_results results;
  dnnl_slot slot[MOCO_MAX_BLOCKS];
  int status[MOCO_MAX_BLOCKS];   /* dnnl_status_t, DNNL_CALL_SKIPPED or DNNL_CALL_NO_STATUS */
  int may_fail[MOCO_MAX_BLOCKS]; /* oneDNN documents that this call may fail on legal input */
  dnnl_mismatch mismatch[DNNL_MAX_MISMATCHES];
  size_t n_mismatch;
  size_t canary_block;           /* the first execution that wrote past a buffer, or SIZE_MAX */
  unsigned created, destroyed, released; /* handles made; freed by the program; by tear-down */
  const char *isa;               /* oneDNN's effective ISA (mlf_onednn_identity.h) */
} dnnl_outcome;

/* Runs p's blocks on the process's session and releases what they left. o is filled from
 * scratch. Returns 0, or -1 when oneDNN gives no engine (identity says why). */
int dnnl_template_run(const Mlf__Moco__Program *p, dnnl_outcome *o, char *identity, size_t len);

/* A plain reorder there and back (2x3x4x5 f32, nchw to nhwc): 1 when it runs and is the
 * identity. After a refused call the library must still do this. */
int dnnl_template_still_usable(void);
#endif
