/* From an ErrorCase message to a concrete argument list: the valid base (characters, sizes,
 * minimum leading dimensions plus padding, increments), the operand sizes it needs, and the
 * invalidations applied on top. */
#ifndef ERRORS_CASE_H
#define ERRORS_CASE_H
#include <stddef.h>
#include <stdint.h>
#include "blas_errors.pb-c.h"
#include "errors_rules.h"

/* The routine's row in errors_routines and the precision letter of a case. */
unsigned errors_case_routine(const Mlf__Blas__ErrorCase *c, char *letter);

/* Fills a with the valid argument values of the case. */
void errors_case_base(const Mlf__Blas__ErrorCase *c, errors_args *a);

/* Elements (real or complex) operand 'A', 'B', 'C', 'P', 'x' or 'y' needs for the valid
 * arguments a; 0 when the routine has no such operand or it is empty. */
size_t errors_operand_elements(const errors_args *a, char operand);

/* The operands by letter, in the order their values are drawn. */
extern const char errors_operand_letters[7]; /* "ABCPxy" */

/* Fills the operands the routine has (data[i] for errors_operand_letters[i], NULL where it has
 * none; errors_operand_elements(valid, letter) elements each) with the case's values: parts in
 * [0.5, 1.5) from one generator seeded by seed, drawn over the operands in order, so no solve
 * divides by zero and nothing overflows at these sizes. */
void errors_operands_fill(const errors_args *valid, uint64_t seed, void *const data[6]);

/* Applies the case's invalidations to the valid arguments a. */
void errors_case_invalidate(const Mlf__Blas__ErrorCase *c, errors_args *a);
#endif
