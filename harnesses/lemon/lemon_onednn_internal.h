/* The oneDNN backend's shared machinery (lemon_onednn*.c): one run context per model, which
 * owns every oneDNN memory and guard-page buffer of the layer being run and remembers the
 * first failing call. Errors are sticky: after one, every helper returns at once, so a
 * layer's code reads as a straight sequence of primitives.
 *
 * Every primitive descriptor comes from dnnl_primitive_desc_iterator_*: variant v takes the
 * v-th implementation (the last where fewer), runs with a user scratchpad and records the
 * implementation's name. Every buffer the library sees is an mlf_guard_alloc buffer: user
 * layouts flush against the trailing guard page, library layouts 64-byte aligned (their
 * slack is canary, checked when the layer ends). */
#ifndef LEMON_ONEDNN_INTERNAL_H
#define LEMON_ONEDNN_INTERNAL_H
#include <oneapi/dnnl/dnnl.h>
#include "lemon_backend.h"
#include "libraries/onednn/mlf_onednn_session.h"

#define ONEDNN_MAX_OWNED 64

typedef struct {
  const lemon_graph *g;
  unsigned variant;
  lemon_run_info *info;
  float *const *outputs;
  const float *model_input;     /* guarded read-only copy of g->input_data */
  size_t layer;                 /* the layer being run */
  const lemon_layer *l;
  const float *in[LEMON_MAX_LAYER_INPUTS];  /* its inputs (user layout) */
  float *out;                   /* its output (the caller's buffer) */
  int act_pending;              /* its activation still has to be applied */
  dnnl_status_t st;             /* first failure, with what failed */
  char failed_what[48];
  /* Owned until the layer ends. */
  dnnl_memory_t mems[ONEDNN_MAX_OWNED];
  size_t n_mems;
  void *bufs[ONEDNN_MAX_OWNED];
  int buf_readonly[ONEDNN_MAX_OWNED];
  size_t n_bufs;
} onednn_ctx;


/* 1 when no call has failed yet; otherwise 0. onednn_check records st (when not success)
 * with what failed and returns whether everything is still fine. */
static inline int onednn_fine(const onednn_ctx *c) { return c->st == dnnl_success; }
int onednn_check(onednn_ctx *c, dnnl_status_t st, const char *what);

/* ---- memory (lemon_onednn_memory.c) ---- */
/* Elements of a shape times the batch. */
size_t onednn_count(const lemon_shape *s, uint32_t batch);
/* Plain descriptors: any rank, dims and a format tag. */
void onednn_md(dnnl_memory_desc_t *md, int nd, const dnnl_dim_t *dims, dnnl_format_tag_t tag);
/* A batch of lemon tensors as oneDNN's channels-last 4-D {N, C, H, W} in nhwc: [H, W, C]
 * as it is, [T, F] as H 1 x W T, [F] as 1 x 1. Every element-wise, channel-wise or window
 * primitive sees data this way. */
void onednn_md_channels_last(dnnl_memory_desc_t *md, const lemon_shape *s, uint32_t batch);
/* A guarded read-only copy of n floats. */
float *onednn_const_copy(onednn_ctx *c, const float *src, size_t n, const char *label);
/* A guarded zero-initialised scratch array of n floats (user layout). */
float *onednn_scratch(onednn_ctx *c, size_t n, const char *label);
/* A memory object over a user buffer. */
dnnl_memory_t onednn_user_mem(onednn_ctx *c, const dnnl_memory_desc_t *md, const void *buf);
/* A memory object in the library's layout md over a fresh guarded buffer. */
dnnl_memory_t onednn_lib_mem(onednn_ctx *c, const dnnl_memory_desc_t *md);
/* Copies between memories of equal dims with a reorder primitive. */
void onednn_reorder(onednn_ctx *c, dnnl_memory_t from, dnnl_memory_t to);
/* The memory the primitive reads for argument arg: user itself when the layouts agree,
 * otherwise a reordered copy in the primitive's layout. */
dnnl_memory_t onednn_input_as(onednn_ctx *c, const_dnnl_primitive_desc_t pd, int arg,
                              dnnl_memory_t user);
/* The memory the primitive writes for argument arg: user itself when the layouts agree,
 * otherwise a library-layout memory to reorder into user after the execution
 * (onednn_output_back). */
dnnl_memory_t onednn_output_as(onednn_ctx *c, const_dnnl_primitive_desc_t pd, int arg,
                               dnnl_memory_t user);
void onednn_output_back(onednn_ctx *c, dnnl_memory_t lib, dnnl_memory_t user);
/* Makes the layer's inputs read-only (1) or writable (0) again. */
void onednn_protect_inputs(onednn_ctx *c, int readonly);
/* Ends a layer: releases what it owned; fails the run if a library-layout buffer's slack
 * lost its canary. */
void onednn_release(onednn_ctx *c);

/* ---- primitives (lemon_onednn_primitive.c) ---- */
/* The primitive descriptor of the context's variant for op_desc. fuse_activation: try the
 * layer's pending activation as an eltwise post-op first; the primitive may refuse it
 * (unimplemented), then it stays pending for onednn_finish_activation. NULL after a
 * failure. */
dnnl_primitive_desc_t onednn_pd_of(onednn_ctx *c, const char *what, const_dnnl_op_desc_t op_desc,
                                   size_t desc_size, int fuse_activation);
/* The descriptor comes from lemon_onednn_cache.h when this op descriptor (all its bytes)
 * under this attribute and variant was seen before; onednn_execute does not destroy it. */
#define onednn_pd(c, what, desc, fuse_activation) \
  onednn_pd_of((c), (what), (desc), sizeof *(desc), (fuse_activation))
/* Records the implementation of a primitive descriptor created without an iterator
 * (concat). */
void onednn_note_impl(onednn_ctx *c, const char *what, const_dnnl_primitive_desc_t pd);
/* Executes pd once with the arguments (plus a guarded user scratchpad) and waits; destroys
 * pd unless the primitive cache owns it (then its kept primitive runs). */
void onednn_execute(onednn_ctx *c, const char *what, dnnl_primitive_desc_t pd,
                    const dnnl_exec_arg_t *args, int n_args);
/* Executes a single-source primitive from the layer's first input into its output, both in
 * the user's layout (src, dst). */
void onednn_run_src_dst(onednn_ctx *c, const char *what, dnnl_primitive_desc_t pd,
                        const dnnl_memory_desc_t *src, const dnnl_memory_desc_t *dst);
/* Runs the layer's still pending activation in place on its output (an eltwise primitive). */
void onednn_finish_activation(onednn_ctx *c);
/* Runs an element-wise primitive from src to dst (user layout, channels-last md). */
void onednn_eltwise(onednn_ctx *c, const float *src, float *dst);
/* 1 when act is a oneDNN eltwise algorithm (LINEAR is none); *alg, *alpha, *beta. */
int onednn_eltwise_alg(Mlf__Lemon__Activation act, double act_alpha, double act_beta,
                       dnnl_alg_kind_t *alg, float *alpha, float *beta);

/* ---- layers: each runs layer c->l on c->in into c->out ---- */
void onednn_dense(onednn_ctx *c);          /* lemon_onednn_conv.c */
void onednn_conv(onednn_ctx *c);           /* CONV2D, DEPTHWISE_CONV2D, DECONV2D */
void onednn_pool(onednn_ctx *c);           /* lemon_onednn_window.c: pools, LRN */
void onednn_lrn(onednn_ctx *c);
void onednn_norm(onednn_ctx *c);           /* lemon_onednn_norm.c: BATCH_NORM, LAYER_NORM */
void onednn_softmax(onednn_ctx *c);
void onednn_binary(onednn_ctx *c);         /* lemon_onednn_shape.c: ADD, MULTIPLY, MAXIMUM */
void onednn_concat(onednn_ctx *c);
void onednn_copy(onednn_ctx *c);           /* FLATTEN, ACTIVATION LINEAR */
void onednn_resize(onednn_ctx *c);
void onednn_reduce_mean(onednn_ctx *c);
void onednn_rnn(onednn_ctx *c);            /* lemon_onednn_rnn.c: LSTM, GRU, SIMPLE_RNN */
#endif
