/* Shared by the XNNPACK backend's files: the lowering context that turns a lemon_graph into one
 * XNNPACK subgraph (one node chain per layer, every layer's output an external value), and the
 * guarded buffers it hands the library. */
#ifndef LEMON_XNNPACK_INTERNAL_H
#define LEMON_XNNPACK_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include <xnnpack.h>
#include "lemon_backend.h"

/* Guarded buffers of one run: parameters, constants and the layer buffers. */
#define LX_MAX_BUFFERS 256
/* External values: 0 the model input, i + 1 layer i's output, LX_SCRATCH(g, i) the output of
 * a CONCAT layer i before its activation. */
#define LX_MAX_EXTERNALS (2 * LEMON_MAX_LAYERS + 1)
#define LX_SCRATCH(g, i) ((uint32_t)((g)->n_layers + 1 + (i)))

typedef struct {
  const lemon_graph *g;
  pthreadpool_t pool;               /* NULL: the calling thread */
  xnn_subgraph_t sg;                /* the subgraph being built, NULL between subgraphs */
  uint32_t value[LX_MAX_EXTERNALS]; /* external id -> value id in sg (or invalid) */
  struct xnn_external_value ext[LX_MAX_EXTERNALS];
  size_t n_ext;
  float *data[LX_MAX_EXTERNALS]; /* external id -> guarded buffer */
  size_t layer;                  /* the layer being lowered, for messages */
  lemon_status status;           /* LEMON_RAN until something fails */
  char *why;
  size_t why_len;
  void *buffers[LX_MAX_BUFFERS];
  size_t n_buffers;
} lx_ctx;

/* ---- lemon_xnnpack_plan.c: subgraphs and operators in layer order ------------------------ */
/* Runs every layer: runs of layers as one subgraph each, CONCAT (no concatenate node in this
 * XNNPACK) as copy operators between them. 0, or -1 with the context's status set. */
int lx_execute(lx_ctx *c);
/* CONCAT layer c->layer's inputs copied side by side into dst (copy_nc_x32 operators). */
int lx_concat(lx_ctx *c, const lemon_layer *l, float *dst);

/* ---- lemon_xnnpack_buffers.c: guarded memory ---------------------------------------------- */
/* A guarded buffer of n floats plus XNN_EXTRA_BYTES of readable slack before the trailing guard
 * page (XNNPACK may read, never write, that far past any tensor); freed by lx_free_buffers.
 * The slack keeps MLF_GUARD_CANARY bytes, so a write into it shows (lx_slack_intact). NULL when
 * the run's buffer table is full (the context then says FAILED). */
float *lx_buffer(lx_ctx *c, size_t n, const char *label);
int lx_slack_intact(const float *buf, size_t n);
void lx_free_buffers(lx_ctx *c);

/* ---- lemon_xnnpack_values.c: tensors and errors ------------------------------------------- */
/* Sets the context's status and why ("layer 3 (LRN): ..."); returns -1. */
int lx_unsupported(lx_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int lx_failed(lx_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* 0 on success; otherwise records what failed (unsupported parameter or hardware: UNSUPPORTED,
 * anything else: FAILED) and returns -1. */
int lx_check(lx_ctx *c, enum xnn_status s, const char *what);
const char *lx_status_name(enum xnn_status s);
/* XNNPACK dims of a lemon shape with the batch axis first; returns the rank (shape rank + 1). */
size_t lx_dims(const lemon_shape *s, uint32_t batch, size_t dims[XNN_MAX_TENSOR_DIMS]);
/* An internal fp32 tensor value; XNN_INVALID_VALUE_ID on failure (recorded). */
uint32_t lx_internal(lx_ctx *c, size_t rank, const size_t *dims);
/* A static fp32 tensor holding n values copied into a guarded buffer. */
uint32_t lx_static(lx_ctx *c, const float *values, size_t rank, const size_t *dims,
                   const char *label);
/* A static tensor of one value (shape [1], broadcast by the binary nodes). */
uint32_t lx_scalar(lx_ctx *c, float value, const char *label);

/* ---- lemon_xnnpack_activation.c: the layer activation ------------------------------------- */
/* 0 when XNNPACK computes the layer's activation exactly as lemon_graph.h defines it (records
 * UNSUPPORTED and returns -1 otherwise). */
int lx_activation_supported(lx_ctx *c, const lemon_layer *l);
/* 1 when the activation is a clamp to [*lo, *hi] (LINEAR: the whole line), which operators
 * with an output range apply exactly; 0 otherwise. */
int lx_activation_clamp(const lemon_layer *l, float *lo, float *hi);
/* Nodes applying the layer's activation to value in (dims of the layer output) into out. */
int lx_activation_nodes(lx_ctx *c, const lemon_layer *l, uint32_t in, uint32_t out, size_t rank,
                        const size_t *dims);

/* ---- lemon_xnnpack_layers.c / lemon_xnnpack_pooling.c: one layer's nodes ------------------- */
/* Where a layer's core operation writes (out, or an internal value the activation nodes then
 * read), and the output range the core operation applies. */
typedef struct {
  uint32_t value;
  float lo, hi;
} lx_target;

/* Nodes computing layer c->layer (not CONCAT) from values in[] of its inputs into value out. */
int lx_lower_layer(lx_ctx *c, const uint32_t *in_ids, uint32_t out);
/* The kinds of lemon_xnnpack_pooling.c: pooling, global means, resize. */
int lx_lower_pooling(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t);
int lx_lower_resize(lx_ctx *c, const lemon_layer *l, uint32_t in, const lx_target *t);
/* Checks that XNNPACK's output size for a window op equals the lemon geometry. */
int lx_window_size_ok(lx_ctx *c, const lemon_layer *l, uint32_t kernel, uint32_t dilation);
#endif
