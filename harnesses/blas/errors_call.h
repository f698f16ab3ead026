/* Calls any routine of errors_routines.h through its Fortran or CBLAS entry point from its
 * argument list, with no call function per routine or precision (see errors_call.c). */
#ifndef ERRORS_CALL_H
#define ERRORS_CALL_H
#include "errors_rules.h"

/* The operands by letter: A, B, C, P (packed), x, y; NULL where the routine has none. */
typedef struct {
  void *a, *b, *c, *p, *x, *y;
} errors_operands;

/* The scalars every call passes: alpha (row 0) and beta (row 1), real and imaginary parts; a
 * real scalar takes the real part. */
extern const double errors_scalar_values[2][2];

/* Calls fn, the entry point of a->r in precision a->letter through the interface a->cblas
 * says, with the arguments of a, these operands, alpha = 0.5 - 0.25i and beta = 0.75 + 0.5i
 * (the real parts for real scalars). */
void errors_call(void (*fn)(void), const errors_args *a, const errors_operands *ops);
#endif
