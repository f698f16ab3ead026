/* Strided level-1 vectors (see level1_vector.h). */
#include "level1_vector.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Gap sentinels: NaNs with a payload no arithmetic produces (unlike blas_operand.c's
 * padding, so a stray copy between the two shows which one it came from). */
static const uint32_t gap_f = 0x7fa5c3c3u;
static const uint64_t gap_d = 0x7ff4c3c3c3c3c3c3ull;

static size_t footprint(int n, int inc) {
  return n <= 0 ? 1 : 1 + (size_t)(n - 1) * (size_t)abs(inc);
}

size_t level1_vector_slot(const level1_vector *v, int i) {
  size_t step = (size_t)abs(v->inc);
  return v->inc >= 0 ? (size_t)i * step : (size_t)(v->n - 1 - i) * step;
}

static void *scalar_at(const level1_vector *v, const blas_precision *p, size_t slot, int part) {
  size_t word = p->is_double ? 8 : 4;
  return (char *)v->data + slot * p->elem_size + (size_t)part * word;
}

/* The bits of one real scalar (a part) at `at`, as an integer: constant-size copies, which the
 * compiler turns into plain loads and stores (a memcpy or memcmp call per scalar, intercepted
 * by ASan, was a tenth of a blas_level1 execution with large increments). */
static uint64_t bits_at(const void *at, const blas_precision *p) {
  if (p->is_double) {
    uint64_t w;
    memcpy(&w, at, 8);
    return w;
  }
  uint32_t w;
  memcpy(&w, at, 4);
  return w;
}

static void fill_gaps(level1_vector *v, const blas_precision *p) {
  size_t words = v->count * (p->is_complex ? 2 : 1);
  for (size_t w = 0; w < words; w++)
    if (p->is_double) memcpy((char *)v->data + w * 8, &gap_d, 8);
    else memcpy((char *)v->data + w * 4, &gap_f, 4);
}

static void allocate(level1_vector *v, const blas_precision *p, int n, int inc,
                     mlf_guard_side side, const char *label) {
  v->n = n;
  v->inc = inc;
  v->count = footprint(n, inc);
  v->data = mlf_guard_alloc(v->count * p->elem_size, p->is_double ? 8 : 4, side, label);
  fill_gaps(v, p);
}

void level1_vector_get(const level1_vector *v, const blas_precision *p, int i, double out[2]) {
  size_t slot = level1_vector_slot(v, i);
  for (int part = 0; part < 2; part++) {
    if (part && !p->is_complex) {
      out[1] = 0;
      break;
    }
    const void *at = scalar_at(v, p, slot, part);
    out[part] = p->is_double ? *(const double *)at : *(const float *)at;
  }
}

void level1_vector_put(level1_vector *v, const blas_precision *p, int i, const double in[2]) {
  size_t slot = level1_vector_slot(v, i);
  for (int part = 0; part < (p->is_complex ? 2 : 1); part++) {
    void *at = scalar_at(v, p, slot, part);
    if (p->is_double) *(double *)at = in[part];
    else *(float *)at = (float)in[part];
  }
}

void level1_vector_make(level1_vector *v, const Mlf__Blas__Fill *fill, const blas_precision *p,
                        int n, int inc, uint64_t salt, mlf_guard_side side, const char *label) {
  allocate(v, p, n, inc, side, label);
  if (n <= 0) return;
  blas_matrix packed; /* the generator's n values, pokes applied modulo n */
  blas_matrix_make(&packed, fill, p, 1, 1, (size_t)n, salt, MLF_GUARD_TAIL, label);
  for (int i = 0; i < n; i++) {
    double e[2];
    blas_matrix_get(&packed, p, 1, 0, (size_t)i, &e[0], &e[1]);
    level1_vector_put(v, p, i, e);
  }
  blas_matrix_free(&packed);
}

void level1_vector_restride(level1_vector *dst, const level1_vector *src, const blas_precision *p,
                            int inc, mlf_guard_side side, const char *label) {
  allocate(dst, p, src->n, inc, side, label);
  for (int i = 0; i < src->n; i++)
    memcpy(scalar_at(dst, p, level1_vector_slot(dst, i), 0),
           scalar_at(src, p, level1_vector_slot(src, i), 0), p->elem_size);
}

void level1_vector_clone(level1_vector *dst, const level1_vector *src, const blas_precision *p,
                         mlf_guard_side side, const char *label) {
  *dst = *src;
  dst->data = mlf_guard_alloc(src->count * p->elem_size, p->is_double ? 8 : 4, side, label);
  memcpy(dst->data, src->data, src->count * p->elem_size);
}

void level1_vector_free(level1_vector *v) {
  mlf_guard_free(v->data);
  v->data = NULL;
}

int level1_vector_same_at(const level1_vector *a, int i, const level1_vector *b, int j,
                          const blas_precision *p) {
  double x[2], y[2];
  level1_vector_get(a, p, i, x);
  level1_vector_get(b, p, j, y);
  for (int part = 0; part < (p->is_complex ? 2 : 1); part++)
    if (!(isnan(x[part]) && isnan(y[part])) &&
        bits_at(scalar_at(a, p, level1_vector_slot(a, i), part), p) !=
            bits_at(scalar_at(b, p, level1_vector_slot(b, j), part), p))
      return 0;
  return 1;
}

int level1_vector_same(const level1_vector *a, const level1_vector *b, const blas_precision *p,
                       int i) {
  return level1_vector_same_at(a, i, b, i, p);
}

int level1_vector_gaps_intact(const level1_vector *v, const blas_precision *p) {
  if (!mlf_guard_canary_ok(v->data)) return 0;
  size_t step = (size_t)abs(v->inc);
  int parts = p->is_complex ? 2 : 1;
  uint64_t gap = p->is_double ? gap_d : gap_f;
  size_t next_used = v->n > 0 ? 0 : SIZE_MAX; /* used slots: 0, step, 2 step, ... (0 only if step is 0) */
  for (size_t e = 0; e < v->count; e++) {
    if (e == next_used) {
      next_used = step ? e + step : SIZE_MAX;
      continue;
    }
    for (int part = 0; part < parts; part++)
      if (bits_at(scalar_at(v, p, e, part), p) != gap) return 0;
  }
  return 1;
}
