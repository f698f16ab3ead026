/* The weighted-primitive oracle of the DNNL_PRIMITIVES template (dnnl_weighted.h). */
#include "dnnl_weighted.h"
#include <stdio.h>
#include "dnnl_data.h"
#include "dnnl_judge.h"

/* Appends text to the running block's note. */
static void note_append(const dnnl_ctx *c, const char *text) {
  char note[sizeof c->o->results.block[0].note];
  snprintf(note, sizeof note, "%s", c->o->results.block[c->b].note);
  moco_note(&c->o->results, c->b, "%s; %s", note, text);
}

/* Which argument lacks, or has other dims than the primitive was created with, or NULL. */
static const char *argument_unlike_shape(const dnnl_weighted_shape *s, const dnnl_weighted_args *a) {
  if (!a->src.md || !dnnl_reference_dims_are(a->src.md, s->ndims, s->src)) return "source";
  if (!a->weights.md || !dnnl_reference_dims_are(a->weights.md, s->weights_ndims, s->weights)) return "weights";
  if (s->bias_ndims && (!a->bias.md || !dnnl_reference_dims_are(a->bias.md, s->bias_ndims, s->bias))) return "bias";
  if (!a->dst.md || !dnnl_reference_dims_are(a->dst.md, s->dst_ndims, s->dst)) return "destination";
  return NULL;
}

int dnnl_weighted_judge(const dnnl_ctx *c, const dnnl_op_info *op, const dnnl_weighted_args *a) {
  static const char *names[] = {"", "convolution", "inner product", "matmul"};
  static const char *fpmath[] = {"strict", "bf16", "f16", "any"};
  const dnnl_weighted_shape *s = &op->shape;
  const char *unlike = argument_unlike_shape(s, a), *why = NULL;
  if (unlike) {
    dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "the %s's %s argument is missing or has other dims than it was created with",
                        names[s->kind], unlike);
    return -1;
  }
  dnnl_tensor weights = a->weights;
  if (a->plain_weights.md) {
    /* "when the Intel AVX2 or Intel AVX512 Instruction Set is used the reorder additionally
     * scales the weights by 0.5 to overcome the potential overflow issue [...] This rescaling
     * introduces an error" (oneDNN 2.6 doc/advanced/int8_computations.md): no bound then. */
    if (dnnl_data_first_difference(a->plain_weights.md, a->plain_weights.buffer, a->weights.md, a->weights.buffer) !=
        SIZE_MAX) {
      note_append(c, "s8 weights halved by their reorder");
      return DNNL_REFERENCE_SKIPPED;
    }
    weights = a->plain_weights;
  }
  dnnl_reference_miss miss;
  int verdict = dnnl_reference_check(s, &op->arith, a->src, weights, a->bias, a->dst, &miss, &why);
  /* Known finding (harnesses/moco/known_findings.tsv): oneDNN 2.6.3's matmul (gemm:jit) reads
   * a source with an offset (a submemory) from the start of its buffer, ignoring offset0. */
  int known = s->kind == 3 && a->src.md->offset0 != 0;
  if (verdict == DNNL_REFERENCE_DIFFERS)
    dnnl_judge_mismatch(c->o, c->b, known ? "matmul-submemory-source-offset-ignored" : "reference-mismatch",
                        "%s destination element %zu is %.9g, the reference %.9g within %.3g (K %zu, output scale %g, %d post-ops, fpmath %s)",
                        names[s->kind], miss.element, miss.got, miss.want, miss.bound, miss.terms,
                        (double)op->arith.output_scale, op->arith.n_post_ops, fpmath[(unsigned)op->arith.fpmath % 4]);
  else if (verdict == DNNL_REFERENCE_AGREES) note_append(c, "agrees with the reference");
  else note_append(c, why);
  return verdict;
}
