/* Structured BLAS matrices (general, band, symmetric, Hermitian, triangular; full, band or
 * packed storage; either layout) mapped to the logical dense matrix they stand for, so one
 * long-double reference serves every routine. Storage slots that the standard says are not
 * referenced (the other triangle, band corners, a unit diagonal, the imaginary parts of a
 * Hermitian diagonal) hold a sentinel NaN, so an implementation that reads them shows. */
#ifndef BLAS_STRUCTURE_H
#define BLAS_STRUCTURE_H
#include <stddef.h>
#include "blas_operand.h"
#include "blas_product_reference.h"

typedef enum { BLAS_GENERAL, BLAS_SYMMETRIC, BLAS_HERMITIAN, BLAS_TRIANGULAR } blas_kind;
typedef enum { BLAS_FULL, BLAS_BAND, BLAS_PACKED } blas_storage;

typedef struct {
  blas_kind kind;
  blas_storage storage;
  int row_major, lower, unit_diagonal;
  size_t rows, cols;    /* logical size */
  size_t kl, ku;        /* band: sub- and super-diagonals (symmetric/triangular: k in both) */
} blas_shape;

/* Allocates the storage for shape s (ld = minimum + fill's ld_padding), fills it from the
 * Fill message and puts the sentinel in every slot or part the routine must not reference. */
void blas_structured_make(blas_matrix *m, const blas_shape *s, const Mlf__Blas__Fill *fill,
                          const blas_precision *p, uint64_t salt, mlf_guard_side side,
                          const char *label);
/* Storage offset (in elements) of logical element (i, j), or -1 when it is not stored. */
long blas_shape_slot(const blas_shape *s, const blas_matrix *m, size_t i, size_t j);
/* Logical element (i, j): a stored value, its mirror (conjugated for Hermitian), zero outside
 * the structure, one on a unit diagonal; a Hermitian diagonal is real. */
blas_cld blas_shape_get(const blas_shape *s, const blas_matrix *m, const blas_precision *p,
                        size_t i, size_t j);
/* 1 when logical element (i, j) exists: stored, a unit diagonal, or the mirror of a stored
 * element; 0 for a structural zero (outside a band or a triangle). */
int blas_shape_present(const blas_shape *s, const blas_matrix *m, size_t i, size_t j);
#endif
