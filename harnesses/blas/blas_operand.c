/* Builds BLAS operands from Fill messages (see blas_operand.h). */
#include "blas_operand.h"
#include <float.h>
#include <math.h>
#include <string.h>
#include "mlf_rng.h"
#include "mlf_special.h"

/* Padding sentinels: NaNs with a payload no arithmetic produces. */
static const uint32_t pad_f = 0x7fa5a5a5u;
static const uint64_t pad_d = 0x7ff4a5a5a5a5a5a5ull;

blas_precision blas_precision_of(Mlf__Blas__Precision prec) {
  blas_precision p = {0};
  p.is_double = prec == MLF__BLAS__PRECISION__DOUBLE || prec == MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  p.is_complex = prec == MLF__BLAS__PRECISION__COMPLEX || prec == MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  p.elem_size = (p.is_double ? 8 : 4) * (p.is_complex ? 2 : 1);
  p.letter = "sdcz"[(p.is_complex ? 2 : 0) + p.is_double];
  p.unit_roundoff = p.is_double ? 0x1p-53 : 0x1p-24;
  p.max = p.is_double ? DBL_MAX : FLT_MAX;
  p.tiny = p.is_double ? 0x1p-1074 : 0x1p-149;
  return p;
}

static double round_to(double v, const blas_precision *p) { return p->is_double ? v : (float)v; }

double blas_number(const Mlf__Number *n, const blas_precision *p) {
  if (!n) return 0.0;
  if (n->kind_case == MLF__NUMBER__KIND_SPECIAL) return mlf_special_value(n->special, p->is_double);
  if (n->kind_case == MLF__NUMBER__KIND_VALUE) return round_to(n->value, p);
  return 0.0;
}

static double draw(Mlf__Blas__Fill__Distribution d, mlf_rng *r, const blas_precision *p) {
  switch (d) {
    case MLF__BLAS__FILL__DISTRIBUTION__SMALL_INTEGERS: return (double)mlf_rng_below(r, 9) - 4.0;
    case MLF__BLAS__FILL__DISTRIBUTION__NORMAL: {
      double u1 = mlf_rng_unit(r), u2 = mlf_rng_unit(r);
      return sqrt(-2.0 * log1p(-u1)) * cos(2 * M_PI * u2);
    }
    case MLF__BLAS__FILL__DISTRIBUTION__WIDE_EXPONENT: {
      int span = p->is_double ? 2098 : 278, low = p->is_double ? -1074 : -149;
      double v = ldexp(1.0 + mlf_rng_unit(r), low + (int)mlf_rng_below(r, (uint64_t)span));
      return mlf_rng_chance(r, 50) ? -v : v;
    }
    case MLF__BLAS__FILL__DISTRIBUTION__ZEROS: return 0.0;
    case MLF__BLAS__FILL__DISTRIBUTION__ONES: return 1.0;
    default: return 2.0 * mlf_rng_unit(r) - 1.0;
  }
}

static void put(void *data, const blas_precision *p, size_t elem, int imag, double v) {
  size_t slot = elem * (p->is_complex ? 2 : 1) + (size_t)imag;
  if (p->is_double) ((double *)data)[slot] = v;
  else ((float *)data)[slot] = (float)v;
}

void blas_matrix_set_sentinel(const blas_matrix *m, const blas_precision *p, size_t elem, int part) {
  int parts = p->is_complex ? 2 : 1;
  for (int q = 0; q < parts; q++) {
    if (part >= 0 && part != q) continue;
    if (p->is_double) memcpy((double *)m->data + elem * parts + q, &pad_d, 8);
    else memcpy((float *)m->data + elem * parts + q, &pad_f, 4);
  }
}

static int is_padding(const blas_matrix *m, size_t elem) { return elem % m->ld >= m->line_len; }

void blas_matrix_make(blas_matrix *m, const Mlf__Blas__Fill *fill, const blas_precision *p,
                      int row_major, size_t rows, size_t cols, uint64_t salt,
                      mlf_guard_side side, const char *label) {
  static const Mlf__Blas__Fill empty = MLF__BLAS__FILL__INIT;
  if (!fill) fill = &empty;
  m->lines = row_major ? rows : cols;
  m->line_len = row_major ? cols : rows;
  m->ld = (m->line_len ? m->line_len : 1) + fill->ld_padding;
  m->count = m->lines && m->line_len ? m->ld * (m->lines - 1) + m->line_len : 0;
  m->data = mlf_guard_alloc(m->count * p->elem_size, p->is_double ? 8 : 4, side, label);
  mlf_rng r;
  mlf_rng_seed(&r, fill->seed ^ (salt * 0x9e3779b97f4a7c15ull));
  int parts = p->is_complex ? 2 : 1;
  for (size_t e = 0; e < m->count; e++)
    for (int part = 0; part < parts; part++) {
      if (is_padding(m, e)) {
        blas_matrix_set_sentinel(m, p, e, part);
      } else {
        put(m->data, p, e, part,
            round_to(ldexp(draw(fill->distribution, &r, p), fill->scale_exponent), p));
      }
    }
  size_t referenced = m->lines * m->line_len;
  for (size_t i = 0; i < fill->n_pokes && referenced; i++) {
    const Mlf__Blas__Poke *poke = fill->pokes[i];
    size_t idx = poke->index % referenced;
    size_t elem = (idx / m->line_len) * m->ld + idx % m->line_len;
    put(m->data, p, elem, p->is_complex && poke->imaginary, blas_number(poke->value, p));
  }
}

void blas_matrix_free(blas_matrix *m) {
  mlf_guard_free(m->data);
  m->data = NULL;
}

void blas_matrix_clone(blas_matrix *dst, const blas_matrix *src, const blas_precision *p,
                       mlf_guard_side side, const char *label) {
  *dst = *src;
  dst->data = mlf_guard_alloc(src->count * p->elem_size, p->is_double ? 8 : 4, side, label);
  if (src->count) memcpy(dst->data, src->data, src->count * p->elem_size);
}

int blas_matrix_padding_intact(const blas_matrix *m, const blas_precision *p) {
  int parts = p->is_complex ? 2 : 1;
  if (!m->count) return 1;
  /* the padding: elements line_len .. ld - 1 of every line but the last (count ends it) */
  for (size_t line = 0; line + 1 < m->lines; line++)
    for (size_t e = line * m->ld + m->line_len; e < (line + 1) * m->ld; e++)
      for (int part = 0; part < parts; part++)
        if (p->is_double ? memcmp((double *)m->data + e * parts + part, &pad_d, 8)
                         : memcmp((float *)m->data + e * parts + part, &pad_f, 4))
          return 0;
  return 1;
}
