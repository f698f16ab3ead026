/* The oracle of a convolution, inner product or matmul execution of the DNNL_PRIMITIVES
 * template (dnnl_execute.c calls it): the arguments have the dims the primitive was created
 * with (dnnl_pd.c recorded them), and the destination lies within the error bound of the
 * reference (dnnl_reference.h). Its verdict goes into the block's note. */
#ifndef DNNL_WEIGHTED_H
#define DNNL_WEIGHTED_H
#include "dnnl_blocks.h"

/* The arguments as executed. plain_weights: the plain-layout weights the harness reordered
 * into weights whose layout carries extra data (md NULL otherwise). */
typedef struct {
  dnnl_tensor src, weights, bias, dst, plain_weights;
} dnnl_weighted_args;

/* Judges one successful execution of the weighted primitive op: DNNL_REFERENCE_* (a mismatch
 * recorded for the judge), or -1 when an argument is not what the primitive was created with
 * (recorded as a state mismatch). */
int dnnl_weighted_judge(const dnnl_ctx *c, const dnnl_op_info *op, const dnnl_weighted_args *a);
#endif
