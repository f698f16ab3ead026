/* The reference BLAS 3.11 on a written vector with increment 0: daxpy.f, drot.f and drotm.f
 * run their loops with it, updating the one element n times in order (axpy: y0 + alpha x1 +
 * ... + alpha xn summed in order; rot and rotm: a sequence of n 2x2 maps, each step reading
 * the element the previous one wrote). Reference, not a target. */
#ifndef LEVEL1_SEQUENCE_H
#define LEVEL1_SEQUENCE_H
#include "level1_reference.h"

/* 1 when a vector the routine computes (axpy's y, rot's and rotm's x or y) has increment 0
 * and the call does not return at once. */
int level1_sequential(const level1_problem *pr);

/* Every element of the computed outputs under sem: out[w][2 i + part] for the n logical
 * elements of x (w = 0) and y (w = 1; NULL skips an output); a zero-increment vector's
 * elements are all its one storage element's final value. O(n). */
void level1_expect_sequence(const level1_problem *pr, level1_semantics sem, mlf_expect *out[2]);

/* Element i of output `which` alone: O(n) through level1_expect_sequence, or a look-up while
 * the problem is held. */
void level1_expect_sequence_element(const level1_problem *pr, level1_semantics sem, int which,
                                    int i, mlf_expect e[2]);
/* Between hold and release (one judge call, the problem unchanged), the chains computed for
 * pr are kept and reused. */
void level1_sequence_hold(const level1_problem *pr);
void level1_sequence_release(void);
#endif
