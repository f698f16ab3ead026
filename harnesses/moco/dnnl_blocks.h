/* The oneDNN calls of the DNNL_PRIMITIVES blocks (mutators/moco/moco_dnnl_spec.c names them),
 * split by what they handle: descriptors, memories, attributes and post-ops
 * (dnnl_blocks.c), primitive descriptors (dnnl_pd.c), executions (dnnl_execute.c). Each call
 * records its status and note in the outcome and, on success, the object it made in its
 * block's slot; state checks and the execution oracles record mismatches (dnnl_judge.h). */
#ifndef DNNL_BLOCKS_H
#define DNNL_BLOCKS_H
#include <stdint.h>
#include "dnnl_template.h"

typedef struct {
  const Mlf__Moco__Program *p;
  dnnl_outcome *o;
  size_t b;                 /* the block running */
  const Mlf__Moco__Block *k;
  uint64_t seed;            /* of the data this block's buffers are filled with */
} dnnl_ctx;

/* The slot of the block argument i references (NULL when that block made nothing). */
dnnl_slot *dnnl_arg_slot(const dnnl_ctx *c, unsigned i);
int dnnl_arg_int(const dnnl_ctx *c, unsigned i);
float dnnl_arg_real(const dnnl_ctx *c, unsigned i);
/* Records the block's status and its note ("<status>", then fmt when given). */
void dnnl_record(const dnnl_ctx *c, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The harness did not call the block: why. */
void dnnl_skip(const dnnl_ctx *c, const char *why);
/* The bytes a buffer of md spans: dnnl_memory_desc_get_size, except for a descriptor with an
 * offset (a submemory), for which oneDNN returns 0 on purpose (memory_desc_wrapper::size in
 * oneDNN 2.6: "if offset0 != 0 returns 0 (need to specify the behavior)"): then the offset plus
 * the size the descriptor has without it (its padded blocks included: a primitive writes the
 * zero padding of a blocked destination), at least up to the end of its last element. */
size_t dnnl_memory_extent(const dnnl_memory_desc_t *md);
/* A guard-paged buffer of dnnl_memory_extent(md) bytes, filled from seed (dnnl_data_fill), and a memory
 * on it: 0, or the status of dnnl_memory_create (the buffer then freed). */
int dnnl_new_memory(const dnnl_memory_desc_t *md, uint64_t seed, dnnl_memory_t *memory, void **buffer, size_t *size);
/* The format tag choice-th of those listed for ndims (1 to 4; others: the plain one, or
 * dnnl_format_tag_undef beyond 6 dimensions). */
dnnl_format_tag_t dnnl_tag_choice(int ndims, int choice);
dnnl_alg_kind_t dnnl_eltwise_alg(int index);
/* The fpmath mode a primitive gets without an attribute, and a new attribute has
 * (dnnl_get_default_fpmath_mode: strict unless ONEDNN_DEFAULT_FPMATH_MODE says otherwise). */
dnnl_fpmath_mode_t dnnl_default_fpmath(void);
dnnl_alg_kind_t dnnl_binary_alg(int index);

/* Descriptors, memories, attributes, post-ops: api is a MOCO_DNNL_* index. */
void dnnl_blocks_call(const dnnl_ctx *c, int api);
/* Primitive descriptors: creation, clone, query. */
void dnnl_pd_call(const dnnl_ctx *c, int api);
/* Primitives: creation, execution with its oracles. */
void dnnl_execute_call(const dnnl_ctx *c, int api);
#endif
