/* BLAS operands built from a message: precision facts, named special values, and matrices
 * filled by a seeded generator plus pokes, placed in guard-page buffers. */
#ifndef BLAS_OPERAND_H
#define BLAS_OPERAND_H
#include <stddef.h>
#include <stdint.h>
#include "blas.pb-c.h"
#include "mlf_guard.h"

typedef struct {
  int is_double, is_complex;
  size_t elem_size;         /* bytes per element: 4, 8, 8, 16 */
  char letter;              /* s, d, c, z */
  double unit_roundoff;     /* 2^-24 or 2^-53 */
  double max, tiny;         /* largest finite, smallest subnormal */
} blas_precision;

blas_precision blas_precision_of(Mlf__Blas__Precision p);

/* A number rounded to the precision (NULL means zero). */
double blas_number(const Mlf__Number *n, const blas_precision *p);

/* A matrix stored as `lines` vectors of `line_len` elements, `ld` elements apart (row-major:
 * lines are rows). The buffer holds exactly the referenced footprint, so the guard page sits
 * right after (or before) the last (first) element a routine may read. */
typedef struct {
  void *data;
  size_t lines, line_len, ld, count;
} blas_matrix;

/* Allocates and fills a rows x cols matrix in the given layout. Padding between lines holds
 * a sentinel NaN that a correct routine never reads (A, B) and never writes (C). */
void blas_matrix_make(blas_matrix *m, const Mlf__Blas__Fill *fill, const blas_precision *p,
                      int row_major, size_t rows, size_t cols, uint64_t salt,
                      mlf_guard_side side, const char *label);
void blas_matrix_free(blas_matrix *m);
/* A copy in a fresh guarded buffer (the same placement). */
void blas_matrix_clone(blas_matrix *dst, const blas_matrix *src, const blas_precision *p,
                       mlf_guard_side side, const char *label);

/* Offset, in elements, of (i, j). */
static inline size_t blas_matrix_offset(const blas_matrix *m, int row_major, size_t i, size_t j) {
  return row_major ? i * m->ld + j : j * m->ld + i;
}
/* Element (i, j) (0-based, in the matrix's own rows/cols), real and imaginary parts (inline:
 * the judges read every element of every backend's result). */
static inline void blas_matrix_get(const blas_matrix *m, const blas_precision *p, int row_major,
                                   size_t i, size_t j, double *re, double *im) {
  size_t slot = blas_matrix_offset(m, row_major, i, j) * (p->is_complex ? 2 : 1);
  if (p->is_double) {
    *re = ((const double *)m->data)[slot];
    *im = p->is_complex ? ((const double *)m->data)[slot + 1] : 0.0;
  } else {
    *re = ((const float *)m->data)[slot];
    *im = p->is_complex ? ((const float *)m->data)[slot + 1] : 0.0;
  }
}
/* Puts the padding sentinel into element elem (storage offset) of m: its real part (part 0),
 * imaginary part (1) or both (-1). */
void blas_matrix_set_sentinel(const blas_matrix *m, const blas_precision *p, size_t elem, int part);
/* 1 when every padding element still holds the sentinel written by blas_matrix_make. */
int blas_matrix_padding_intact(const blas_matrix *m, const blas_precision *p);
#endif
