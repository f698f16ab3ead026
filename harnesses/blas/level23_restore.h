/* Copies of level-2/3 operands in other storage holding the same logical data, for the
 * metamorphic relations: lines further apart (a larger leading dimension), a vector stored
 * backwards (for the negated increment), the transpose of a general matrix. Every slot of the
 * new storage that holds no element of the original's holds the padding sentinel. */
#ifndef LEVEL23_RESTORE_H
#define LEVEL23_RESTORE_H
#include "level23_operands.h"

/* src with its storage lines ld apart (ld >= the line length) and, when reverse is set (a
 * vector), in reverse order with the increment negated; the slots between lines hold the
 * sentinel, every other slot (sentinels included) src's bits. */
void level23_restore(level23_operand *dst, const level23_operand *src, const blas_precision *p,
                     size_t ld, int reverse, mlf_guard_side side, const char *label);
/* Storage offset in dst (from level23_restore of src) of src's storage element e, or -1 when
 * e lies between src's lines. */
long level23_restored_slot(const level23_operand *dst, const level23_operand *src, size_t e);
/* The transpose of a general full matrix src, in src's layout with src's padding per line. */
void level23_transpose_copy(level23_operand *dst, const level23_operand *src,
                            const blas_precision *p, mlf_guard_side side, const char *label);
#endif
