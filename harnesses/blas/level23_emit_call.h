/* The declaration and the call of a level-2 or level-3 routine as a standalone program writes
 * them, from the routine's signature (level23_routines.h letters), through CBLAS or Fortran
 * (with gfortran's hidden CHARACTER lengths): shared by the blas_level23 and blas_errors
 * writers. Every argument value is written as given, valid or not. */
#ifndef LEVEL23_EMIT_CALL_H
#define LEVEL23_EMIT_CALL_H
#include <stdio.h>
#include "blas_operand.h"

/* CBLAS's enum values (cblas.h). */
enum {
  LEVEL23_ROW_MAJOR = 101, LEVEL23_COL_MAJOR = 102,
  LEVEL23_NO_TRANS = 111, LEVEL23_TRANS = 112, LEVEL23_CONJ_TRANS = 113,
  LEVEL23_UPPER = 121, LEVEL23_LOWER = 122,
  LEVEL23_NON_UNIT = 131, LEVEL23_UNIT = 132,
  LEVEL23_LEFT = 141, LEVEL23_RIGHT = 142,
};

/* One call: value[letter] holds, per signature letter, the CBLAS layout or enum value (O T t
 * U S D; Fortran: the character), the integer (m n k l u), or the leading dimension or
 * increment of the operand (A P B C x y). The program's arrays are named A (also for P), B,
 * C, x, y, alpha and beta. */
typedef struct {
  const char *symbol;
  const blas_precision *p;
  int fortran;
  const char *signature;
  int real_alpha, real_beta; /* real scalars of a complex routine (her, herk, her2k) */
  char output;               /* signature letter of the operand the routine writes */
  int value[128];
} level23_emit_call;

/* `void symbol(...);` */
void level23_emit_declaration(FILE *out, const level23_emit_call *call);
/* `  symbol(...);` */
void level23_emit_invocation(FILE *out, const level23_emit_call *call);
/* `  const T name[2] = {re, im};` */
void level23_emit_scalar(FILE *out, const blas_precision *p, const char *name, const double v[2]);
#endif
