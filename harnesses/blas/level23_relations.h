/* Metamorphic relations of the level-2/3 harness: a second call (or two) of the same backend
 * on a transformed but equivalent problem, whose output must match the first's bit for bit,
 * or within a proven bound where the transformation legitimately changes the rounding. */
#ifndef LEVEL23_RELATIONS_H
#define LEVEL23_RELATIONS_H
#include "level23_problem.h"

/* Runs the relation (with the case's knob, pb->relation_knob) on backend b, given the output
 * out of the plain call. Returns NULL when it holds or does not apply, else the finding kind
 * ("relation-repeat", ...) with the first differing storage offset of out in *offset. */
const char *level23_relation_check(const blas_backend *b, const level23_problem *pb,
                                   Mlf__Blas__Level23Case__Relation relation,
                                   const level23_operand *out, long *offset);
#endif
