/* Vectors and structured matrices for the level-2/3 harness (see level23_operands.h). */
#include "level23_operands.h"
#include <stdlib.h>

void level23_vector(level23_operand *o, size_t len, int inc, const Mlf__Blas__Fill *fill,
                    const blas_precision *p, uint64_t salt, mlf_guard_side side, const char *label) {
  static const Mlf__Blas__Fill empty = MLF__BLAS__FILL__INIT;
  Mlf__Blas__Fill spaced = fill ? *fill : empty;
  spaced.ld_padding = (uint32_t)abs(inc) - 1; /* one element per line, lines |inc| apart */
  o->is_vector = 1, o->len = len, o->inc = inc;
  blas_matrix_make(&o->store, &spaced, p, 1, len, 1, salt, side, label);
}

void level23_matrix(level23_operand *o, const blas_shape *s, const Mlf__Blas__Fill *fill,
                    const blas_precision *p, uint64_t salt, mlf_guard_side side, const char *label) {
  o->is_vector = 0, o->shape = *s;
  blas_structured_make(&o->store, s, fill, p, salt, side, label);
}

size_t level23_rows(const level23_operand *o) { return o->is_vector ? o->len : o->shape.rows; }
size_t level23_cols(const level23_operand *o) { return o->is_vector ? 1 : o->shape.cols; }

long level23_slot(const level23_operand *o, size_t i, size_t j) {
  if (!o->is_vector) return blas_shape_slot(&o->shape, &o->store, i, j);
  (void)j;
  return (long)((o->inc > 0 ? i : o->len - 1 - i) * o->store.ld);
}

blas_cld level23_get(const level23_operand *o, const blas_precision *p, size_t i, size_t j) {
  if (!o->is_vector) return blas_shape_get(&o->shape, &o->store, p, i, j);
  double re, im;
  blas_matrix_get(&o->store, p, 0, (size_t)level23_slot(o, i, 0), 0, &re, &im);
  return (blas_cld){re, im};
}

static blas_cld times(blas_cld a, blas_cld b) {
  return (blas_cld){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

void level23_dense(blas_cld *out, unsigned char *present, size_t out_cols, size_t col0,
                   const level23_operand *o, const blas_precision *p, int trans, blas_cld scale) {
  size_t rows = trans ? level23_cols(o) : level23_rows(o);
  size_t cols = trans ? level23_rows(o) : level23_cols(o);
  int plain_scale = scale.re == 1 && scale.im == 0; /* keeps Inf * 1 + NaN * 0 out */
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      blas_cld v = trans ? level23_get(o, p, j, i) : level23_get(o, p, i, j);
      if (trans == 2) v.im = -v.im;
      if (!p->is_complex) v.im = 0;
      if (present)
        present[i * out_cols + col0 + j] =
            o->is_vector || (trans ? blas_shape_present(&o->shape, &o->store, j, i)
                                   : blas_shape_present(&o->shape, &o->store, i, j));
      out[i * out_cols + col0 + j] = plain_scale ? v : p->is_complex ? times(scale, v) : (blas_cld){scale.re * v.re, 0};
    }
}
