/* What the BLAS standard forbids and how the reference reports it, for one concrete argument
 * list of a routine in errors_routines.h: which values are valid, the minimum leading
 * dimensions, the parameter the reference reports first (the reference Fortran BLAS checks
 * in argument order; netlib CBLAS checks the layout and the enums first, in C order, then
 * lets the Fortran routine check the rest of the call it made, swapped in row-major), and
 * what parameter a library's report names once normalised to CBLAS positions. */
#ifndef ERRORS_RULES_H
#define ERRORS_RULES_H
#include "errors_routines.h"

/* CBLAS enum values. */
enum {
  ERRORS_ROW_MAJOR = 101, ERRORS_COL_MAJOR = 102,
  ERRORS_NO_TRANS = 111, ERRORS_TRANS = 112, ERRORS_CONJ_TRANS = 113,
  ERRORS_UPPER = 121, ERRORS_LOWER = 122,
  ERRORS_NON_UNIT = 131, ERRORS_UNIT = 132,
  ERRORS_LEFT = 141, ERRORS_RIGHT = 142,
};

/* One call's checked arguments. Positions are CBLAS positions throughout: 1 is the layout,
 * 2 + i is argument i of the routine's list (Fortran position i + 1). */
typedef struct {
  const errors_routine *r;
  unsigned routine; /* its row in errors_routines */
  char letter;   /* s, d, c or z */
  int cblas;     /* 0: Fortran interface */
  int row_major; /* CBLAS only */
  int order;     /* the layout value passed (CBLAS) */
  /* Per argument: the character (Fortran) or enum value (CBLAS), or the integer for
   * dimensions, leading dimensions and increments; 0 for scalars and operands. */
  int value[ERRORS_MAX_ARGS];
} errors_args;

/* Index of the argument with this letter in the routine's list, or -1. */
int errors_arg_index(const errors_routine *r, char letter);
/* Value of the argument with this letter, or 0 when the routine has none. */
int errors_arg(const errors_args *a, char letter);
/* 1 when argument i holds a value the standard allows, as the reference checks it (LSAME for
 * characters; minimum leading dimensions from the current values of the others). */
int errors_arg_valid(const errors_args *a, int i);
/* Rows and columns of matrix 'A', 'B' or 'C' as the caller sees it (band shapes: the stored
 * lines and their minimum length, see errors_routines.h). */
void errors_matrix_dims(const errors_args *a, char matrix, int *rows, int *cols);
/* Minimum leading dimension of matrix 'A', 'B' or 'C' for the current values. */
int errors_ld_min(const errors_args *a, char matrix);

/* The CBLAS position the reference reports for this call, 0 when every argument is valid. */
int errors_expected_position(const errors_args *a);

/* Slot s of the Fortran call the reference makes holds argument errors_slot_arg(a, s). */
int errors_slot_arg(const errors_args *a, int slot);

/* A report normalised: the routine it names and the CBLAS position of the argument it means.
 * A Fortran-style name ("DGEMV") carries a Fortran position in the Fortran call the reference
 * makes (swapped in row-major, as netlib's xerbla_ and cblas_xerbla translate it back; in a
 * CBLAS call, 0 is the layout, before the Fortran routine's first argument); a
 * "cblas_" name carries a CBLAS position, and so does GSL's, which names its source file
 * ("source_gemv_r.h": the routine without its precision). position is 0 when info is out of
 * range. */
typedef struct {
  char routine[32]; /* lower case, without "cblas_", "source_", ".h" and trailing blanks or _ */
  int position;
  int fortran_named;
  int family_only; /* the name leaves out the precision (GSL) */
} errors_report;
void errors_normalise(const errors_args *a, const char *routine, int info, errors_report *out);

/* Short name of the argument at a CBLAS position for tags and reports: "order", "lda", ... */
const char *errors_position_name(const errors_args *a, int position);
#endif
