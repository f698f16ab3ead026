/* Calls that compute the same result as a level-2/3 case by another route, for the
 * metamorphic relations: the same memory read in the other layout, and gemm's transpose
 * identity. */
#ifndef LEVEL23_DUALITY_H
#define LEVEL23_DUALITY_H
#include "level23_problem.h"

/* Turns args (the case's call) into the call in the other layout (always CBLAS) that writes
 * the same result into the same memory; alpha_store holds a conjugated alpha when the call
 * needs one (her2k). Returns 0 when the routine has no such call (below). */
int level23_dual_args(const level23_problem *pb, level23_args *args, double alpha_store[2],
                      float alpha_store_f[2]);
/* The transpose a dual call uses for op(X) when X's memory is read as X^T: N <-> T (C counts
 * as T in real precisions); -1 for C in complex ones, which no flag expresses. */
int level23_flipped_trans(int trans, const blas_precision *p);
#endif
