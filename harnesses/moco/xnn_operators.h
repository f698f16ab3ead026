/* The XNNPACK calls of moco_xnn per operator kind: an xnn_create_* from a create block's
 * arguments, the tensors a setup block needs (guard-paged, filled from data_seed) with its
 * xnn_setup_* call, and the reference output of the op as set up (xnn_reference.h). The
 * template (xnn_template.h) runs the blocks and checks the runs. */
#ifndef XNN_OPERATORS_H
#define XNN_OPERATORS_H
#include <stddef.h>
#include <stdint.h>
#include <xnnpack.h>
#include "moco.pb-c.h"
#include "moco_run.h"
#include "moco_xnn_spec.h"

/* An output tensor: `rows` rows of `channels` elements, `stride` elements apart, of `size`
 * bytes each; the gaps between rows belong to the caller. Its buffer holds `capacity`
 * elements (more than it spans when an earlier setup's buffer is used again; the excess holds
 * the canary) and XNN_EXTRA_BYTES of canary after them. */
typedef struct {
  void *data;
  size_t rows, channels, stride, size, capacity;
} xnn_output;

/* The op a create block made and the tensors of its latest successful setup. */
typedef struct {
  xnn_operator_t op;
  xnn_kind kind;
  const Mlf__Moco__Block *create;
  uint64_t create_seed;   /* the seed of the create block's data (PReLU's slopes) */
  void *in[2];            /* inputs (read-only); in[1]: the second operand or unpooling's indices */
  xnn_output out[2];      /* out[1]: argmax pooling's indices, else no data */
  size_t setup_block;     /* the setup whose tensors these are */
  int ready;              /* the latest setup succeeded */
  /* Unpooling: what XNNPACK keeps of the latest setup it took in full (xnn_op_known_failure):
   * the output, input height and width, and batch. */
  const void *unpooled_output;
  size_t unpooled_height, unpooled_width, unpooled_batch;
} xnn_slot;

/* The create call of `kind` with block k's arguments. */
enum xnn_status xnn_op_create(xnn_kind kind, const Mlf__Moco__Block *k, const moco_results *r, uint64_t seed,
                              xnn_operator_t *op);
/* The tensors of setup block k for slot s (its in and out, which must be empty; previous: the
 * output of the op's previous setup, which an unpooling setup may take again), then the setup
 * call. */
enum xnn_status xnn_op_setup(xnn_slot *s, const xnn_output *previous, const Mlf__Moco__Block *k, const moco_results *r,
                             uint64_t seed);
/* Known findings (harnesses/moco/known_findings.tsv) setup block k of s would reach: Debian's
 * XNNPACK crashes inside xnn_setup_max_pooling2d_nhwc_f32 on an input smaller than the window;
 * xnn_run_operator aborts (an assertion) after an argmax pooling setup that leaves no output
 * pixel, and writes past the output after an unpooling setup whose padding leaves none; an
 * unpooling setup that hands over the output, input size and no larger batch of the latest
 * setup the library took in full keeps that setup's input and indices (measured: the library
 * then skips its set-up work and the new pointers with it). The finding's kind, or NULL;
 * *in_run is 1 when the run fails, not the setup. */
const char *xnn_op_known_failure(const xnn_slot *s, const Mlf__Moco__Block *k, const moco_results *r, int *in_run);
/* The reference output of s as set up by block `setup` into ref[i] (laid out as out[i]; the
 * elements between rows are left alone); 0, writing nothing, for a kind without one. */
int xnn_op_reference(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, void *ref[2]);
/* Element `element` of output `which` as the reference is compared with it: itself, or for
 * argmax pooling's indices the index the reference gives for the pixel it names
 * (xnn_argmax_canonical_index). */
uint32_t xnn_op_comparable(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, int which,
                           size_t element, uint32_t got);
/* Elements out spans: its rows but the last one's trailing gap. */
size_t xnn_output_span(const xnn_output *out);
/* Frees s's tensors. */
void xnn_op_free_tensors(xnn_slot *s);
#endif
