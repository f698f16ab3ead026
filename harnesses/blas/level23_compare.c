/* Follow-up output comparisons of the level-2/3 relations (see level23_compare.h). */
#include "level23_compare.h"
#include <math.h>
#include <string.h>
#include "level23_restore.h"

long level23_mapped_slot(level23_map map, const level23_operand *out,
                         const level23_operand *follow, size_t e) {
  size_t line = e / out->store.ld, at = e % out->store.ld;
  switch (map) {
    case L23_SAME_STORAGE: return (long)e;
    case L23_RESTORED: return level23_restored_slot(follow, out, e);
    default: /* a line is a column (row-major: a row), at the row (column) in it */
      if (at >= out->store.line_len) return -1;
      return out->shape.row_major ? level23_slot(follow, at, line) : level23_slot(follow, line, at);
  }
}

static const void *element(const level23_operand *o, const blas_precision *p, size_t e) {
  return (const char *)o->store.data + e * p->elem_size;
}

static double part_value(const void *elem, const blas_precision *p, int part) {
  return p->is_double ? ((const double *)elem)[part] : ((const float *)elem)[part];
}

/* Two elements hold the same bits, every NaN counting as equal: IEEE 754 leaves the sign and
 * payload of an operation's NaN to the order of its operands (x86 makes a negative default NaN
 * from Inf * 0 and passes an input NaN on), which kernels legitimately vary. */
static int same_element(const void *x, const void *y, const blas_precision *p) {
  size_t half = p->is_double ? 8 : 4;
  for (int part = 0; part < (p->is_complex ? 2 : 1); part++)
    if (memcmp((const char *)x + part * half, (const char *)y + part * half, half) != 0 &&
        !(isnan(part_value(x, p, part)) && isnan(part_value(y, p, part))))
      return 0;
  return 1;
}

/* follow's elements in a copy of the case's output (pb->output, the input values) laid out
 * like out, judged as out was; the first offending storage offset or -1. A deviation that a
 * deviant semantics explains (zero-skip, empty-sum-scaled, beta-over-alpha, ...) is the
 * transformed call taking a branch with another NaN/Inf or scaling rule: it still breaks the
 * relation, named by that semantics in *explained (BLAS_SEM_EXACT when nothing explains it), so
 * the registry decides what is known. */
static long first_misjudged(const level23_problem *pb, const level23_operand *out,
                            const level23_operand *follow, level23_map map,
                            blas_semantics *explained) {
  level23_verdict v;
  level23_judge(pb, out, &v);
  if (v.worst.base != BLAS_VERDICT_OK || v.changed_unwritten) return -1;
  level23_operand laid;
  level23_clone_output(pb, &laid);
  for (size_t e = 0; e < out->store.count; e++) {
    long to = level23_mapped_slot(map, out, follow, e);
    if (to >= 0) memcpy((char *)laid.store.data + e * pb->p.elem_size, element(follow, &pb->p, (size_t)to), pb->p.elem_size);
  }
  level23_judge(pb, &laid, &v);
  blas_matrix_free(&laid.store);
  if (v.changed_unwritten) return v.changed_at;
  if (v.worst.base == BLAS_VERDICT_OK) return -1;
  *explained = v.worst.explained_by;
  return level23_slot(out, v.bad_i, v.bad_j);
}

long level23_first_mismatch(const level23_problem *pb, const level23_operand *out,
                            const level23_operand *follow, level23_map map, int exact,
                            blas_semantics *explained) {
  long at = -1;
  *explained = BLAS_SEM_EXACT;
  if (exact) {
    for (size_t e = 0; e < out->store.count && at < 0; e++) {
      long to = level23_mapped_slot(map, out, follow, e);
      if (to >= 0 && !same_element(element(out, &pb->p, e), element(follow, &pb->p, (size_t)to), &pb->p))
        at = (long)e;
    }
  } else {
    at = first_misjudged(pb, out, follow, map, explained);
  }
  if (at < 0 && !blas_matrix_padding_intact(&follow->store, &pb->p)) at = 0;
  return at;
}

long level23_first_not_scaled(const level23_operand *x, const level23_operand *y,
                              const blas_precision *p, double factor) {
  for (size_t e = 0; e < x->store.count; e++) {
    const void *u = element(x, p, e), *v = element(y, p, e);
    if (same_element(u, v, p)) continue;
    for (int part = 0; part < (p->is_complex ? 2 : 1); part++)
      if (!(part_value(v, p, part) == factor * part_value(u, p, part))) return (long)e;
  }
  return -1;
}

long level23_first_outside(const level23_problem *pb, const level23_operand *out,
                           const level23_operand *y, double factor) {
  const blas_precision *p = &pb->p;
  size_t rows = level23_rows(out), cols = level23_cols(out), parts = p->is_complex ? 2 : 1;
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      blas_cld u = level23_get(out, p, i, j), v = level23_get(y, p, i, j);
      for (size_t part = 0; part < parts; part++) {
        long double du = part ? u.im : u.re, dv = part ? v.im : v.re;
        if (du == dv || (isnan(du) && isnan(dv))) continue;
        const mlf_expect *e = level23_expect_for(pb, i, j, (int)part, (double)dv);
        if (e->overflow_possible && !(isfinite(du) && isfinite(dv))) {
          /* an overflow: y's order is one of the sum's orders, so its value must be one the
           * element allows (the bound, the non-finite set, an infinity's sign: blas_verdict) */
          if (blas_verdict_of((double)dv, e, pb->product, i, j, part).base != BLAS_VERDICT_OK)
            return level23_slot(out, i, j);
          continue;
        }
        if (!(fabsl(du - dv) <= factor * e->bound)) return level23_slot(out, i, j);
      }
    }
  return -1;
}
