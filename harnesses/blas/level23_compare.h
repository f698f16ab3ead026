/* Comparisons of a metamorphic follow-up's output with the plain call's output, for the
 * level-2/3 relations: bit for bit through a storage correspondence, by the judgement the
 * plain output passed, scaled by a power of two, or within a multiple of the bounds. */
#ifndef LEVEL23_COMPARE_H
#define LEVEL23_COMPARE_H
#include "level23_problem.h"

/* How the follow-up output's storage corresponds to the plain output's: the same storage,
 * re-stored by level23_restore, or the transpose (level23_transpose_copy). */
typedef enum { L23_SAME_STORAGE, L23_RESTORED, L23_TRANSPOSED } level23_map;

/* Storage offset in follow of out's storage element e, -1 when e lies between lines. */
long level23_mapped_slot(level23_map map, const level23_operand *out,
                         const level23_operand *follow, size_t e);
/* The first storage offset of out where follow fails: exact, a differing bit (any two NaNs
 * count as equal); otherwise follow, laid back into out's storage, failing the judgement
 * (level23_judge) that out passes (when out fails it too, the differential oracle has reported
 * it: -1), with *explained the deviant semantics that names follow's deviation (BLAS_SEM_EXACT:
 * none). 0 when follow's padding lost its sentinel; -1 when everything holds. */
long level23_first_mismatch(const level23_problem *pb, const level23_operand *out,
                            const level23_operand *follow, level23_map map, int exact,
                            blas_semantics *explained);
/* The first element (storage offset) of y, laid out like x, that holds neither x's bits (any
 * two NaNs count as equal) nor factor (a power of two) times x's value; -1 when none. */
long level23_first_not_scaled(const level23_operand *x, const level23_operand *y,
                              const blas_precision *p, double factor);
/* The first logical element of y, laid out like out, whose parts are more than factor times
 * their bound (pb->expected) from out's; where an overflow is possible and either part is not
 * finite, y's part must instead be a result the element allows (blas_verdict_of: within the
 * bound of the exact value, or a non-finite result of the allowed set and sign). Returns its
 * storage offset, or -1. */
long level23_first_outside(const level23_problem *pb, const level23_operand *out,
                           const level23_operand *y, double factor);
#endif
