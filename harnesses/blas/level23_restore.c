/* Re-stored operand copies (see level23_restore.h). */
#include "level23_restore.h"
#include <string.h>

/* dst's buffer for its store's geometry, every element the sentinel. */
static void alloc_sentinels(level23_operand *dst, const blas_precision *p, mlf_guard_side side,
                            const char *label) {
  blas_matrix *m = &dst->store;
  m->count = m->lines && m->line_len ? m->ld * (m->lines - 1) + m->line_len : 0;
  m->data = mlf_guard_alloc(m->count * p->elem_size, p->is_double ? 8 : 4, side, label);
  for (size_t e = 0; e < m->count; e++) blas_matrix_set_sentinel(m, p, e, -1);
}

void level23_restore(level23_operand *dst, const level23_operand *src, const blas_precision *p,
                     size_t ld, int reverse, mlf_guard_side side, const char *label) {
  *dst = *src;
  dst->store.ld = ld;
  if (reverse) dst->inc = -src->inc;
  alloc_sentinels(dst, p, side, label);
  for (size_t e = 0; e < src->store.count; e++) {
    long to = level23_restored_slot(dst, src, e);
    if (to >= 0)
      memcpy((char *)dst->store.data + (size_t)to * p->elem_size,
             (const char *)src->store.data + e * p->elem_size, p->elem_size);
  }
}

long level23_restored_slot(const level23_operand *dst, const level23_operand *src, size_t e) {
  size_t line = e / src->store.ld, at = e % src->store.ld;
  if (at >= src->store.line_len) return -1;
  if (dst->inc != src->inc) line = src->store.lines - 1 - line;
  return (long)(line * dst->store.ld + at);
}

void level23_transpose_copy(level23_operand *dst, const level23_operand *src,
                            const blas_precision *p, mlf_guard_side side, const char *label) {
  *dst = *src;
  dst->shape.rows = src->shape.cols, dst->shape.cols = src->shape.rows;
  dst->store.lines = src->store.line_len, dst->store.line_len = src->store.lines;
  size_t pad = src->store.ld - (src->store.line_len ? src->store.line_len : 1);
  dst->store.ld = (dst->store.line_len ? dst->store.line_len : 1) + pad;
  alloc_sentinels(dst, p, side, label);
  for (size_t i = 0; i < src->shape.rows; i++)
    for (size_t j = 0; j < src->shape.cols; j++)
      memcpy((char *)dst->store.data + (size_t)level23_slot(dst, j, i) * p->elem_size,
             (const char *)src->store.data + (size_t)level23_slot(src, i, j) * p->elem_size,
             p->elem_size);
}
