/* Structured matrices and their storage schemes (see blas_structure.h). Row-major storage of X
 * is column-major storage of X^T, so a row-major shape is handled as the column-major one with
 * indices swapped, uplo flipped and kl, ku exchanged. */
#include "blas_structure.h"
#include <stdlib.h>

static void storage_extent(const blas_shape *s, size_t *rows, size_t *cols, int *row_major) {
  size_t n = s->cols;
  *row_major = s->row_major;
  switch (s->storage) {
    case BLAS_FULL: *rows = s->rows, *cols = s->cols; return;
    case BLAS_BAND: { /* one line per column (row-major: per row), one slot per diagonal */
      size_t diagonals = s->kind == BLAS_GENERAL ? s->kl + s->ku + 1 : s->kl + 1;
      *rows = s->row_major ? s->rows : diagonals;
      *cols = s->row_major ? diagonals : s->cols;
      return;
    }
    default: /* packed: one line of n (n + 1) / 2 elements */
      *rows = n * (n + 1) / 2, *cols = 1, *row_major = 0;
  }
}

long blas_shape_slot(const blas_shape *s, const blas_matrix *m, size_t i, size_t j) {
  size_t p = i, q = j, kl = s->kl, ku = s->ku, n = s->cols;
  int lower = s->lower;
  if (s->row_major) p = j, q = i, kl = s->ku, ku = s->kl, lower = !lower;
  int structured = s->kind != BLAS_GENERAL;
  if (structured && (lower ? p < q : p > q)) return -1; /* the other triangle */
  switch (s->storage) {
    case BLAS_FULL: return (long)(p + q * m->ld);
    case BLAS_BAND:
      if (structured) kl = ku = s->kl;
      if (p + ku < q || p > q + kl) return -1;
      return structured && lower ? (long)(p - q + q * m->ld) : (long)(ku + p - q + q * m->ld);
    default:
      return lower ? (long)(p + (2 * n - q - 1) * q / 2) : (long)(p + q * (q + 1) / 2);
  }
}

static blas_cld stored(const blas_matrix *m, const blas_precision *p, long slot) {
  double re, im;
  blas_matrix_get(m, p, 0, (size_t)slot, 0, &re, &im); /* slot as element (slot, 0) of one line */
  return (blas_cld){re, im};
}

blas_cld blas_shape_get(const blas_shape *s, const blas_matrix *m, const blas_precision *p,
                        size_t i, size_t j) {
  if (i == j && s->kind == BLAS_TRIANGULAR && s->unit_diagonal) return (blas_cld){1, 0};
  long slot = blas_shape_slot(s, m, i, j);
  blas_cld v = {0, 0};
  if (slot >= 0) v = stored(m, p, slot);
  else if (s->kind == BLAS_SYMMETRIC || s->kind == BLAS_HERMITIAN) {
    long mirror = blas_shape_slot(s, m, j, i);
    if (mirror >= 0) v = stored(m, p, mirror);
    if (s->kind == BLAS_HERMITIAN) v.im = -v.im;
  }
  if (i == j && s->kind == BLAS_HERMITIAN) v.im = 0;
  return v;
}

int blas_shape_present(const blas_shape *s, const blas_matrix *m, size_t i, size_t j) {
  if (i == j && s->kind == BLAS_TRIANGULAR && s->unit_diagonal) return 1;
  if (blas_shape_slot(s, m, i, j) >= 0) return 1;
  return (s->kind == BLAS_SYMMETRIC || s->kind == BLAS_HERMITIAN) && blas_shape_slot(s, m, j, i) >= 0;
}

void blas_structured_make(blas_matrix *m, const blas_shape *s, const Mlf__Blas__Fill *fill,
                          const blas_precision *p, uint64_t salt, mlf_guard_side side,
                          const char *label) {
  size_t rows, cols;
  int row_major;
  storage_extent(s, &rows, &cols, &row_major);
  blas_matrix_make(m, fill, p, row_major, rows, cols, salt, side, label);
  if (s->kind == BLAS_GENERAL && s->storage == BLAS_FULL) return;
  /* Mark the referenced slots; everything else in the lines gets the sentinel. */
  unsigned char *used = calloc(m->count ? m->count : 1, 1);
  for (size_t i = 0; i < s->rows; i++)
    for (size_t j = 0; j < s->cols; j++) {
      long slot = blas_shape_slot(s, m, i, j);
      if (slot >= 0 && !(i == j && s->kind == BLAS_TRIANGULAR && s->unit_diagonal)) used[slot] = 1;
      if (slot >= 0 && i == j && s->kind == BLAS_HERMITIAN) blas_matrix_set_sentinel(m, p, (size_t)slot, 1);
    }
  for (size_t e = 0; e < m->count; e++)
    if (!used[e]) blas_matrix_set_sentinel(m, p, e, -1);
  free(used);
}
