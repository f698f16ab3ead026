/* From an ErrorCase message to a concrete argument list: the valid base (characters, sizes,
 * minimum leading dimensions plus padding, increments), the operand sizes it needs, and the
 * invalidations applied on top. */
#ifndef ERRORS_CASE_H
#define ERRORS_CASE_H
#include <stddef.h>
#include "blas_errors.pb-c.h"
#include "errors_rules.h"

/* The routine's row in errors_routines and the precision letter of a case. */
unsigned errors_case_routine(const Mlf__Blas__ErrorCase *c, char *letter);

/* Fills a with the valid argument values of the case. */
void errors_case_base(const Mlf__Blas__ErrorCase *c, errors_args *a);

/* Elements (real or complex) operand 'A', 'B', 'C', 'P', 'x' or 'y' needs for the valid
 * arguments a; 0 when the routine has no such operand or it is empty. */
size_t errors_operand_elements(const errors_args *a, char operand);

/* Applies the case's invalidations to the valid arguments a. */
void errors_case_invalidate(const Mlf__Blas__ErrorCase *c, errors_args *a);
#endif
