/* Matrix constructions with a known spectrum for the LAPACK harness (see lapack_construct.h). */
#include "lapack_construct.h"
#include <math.h>
#include <stdlib.h>
#include "lapack_dense.h"
#include "mlf_rng.h"

static long double normal(mlf_rng *r) {
  double u1 = mlf_rng_unit(r), u2 = mlf_rng_unit(r);
  return sqrtl(-2.0L * log1pl(-(long double)u1)) * cosl(2 * 3.14159265358979323846L * u2);
}

/* A random reflector H = I - tau v v^H (tau = 2 / v^H v, so H is unitary and Hermitian). */
static void random_reflector(mlf_rng *r, size_t len, int cplx, long double *vr, long double *vi,
                             long double *tau) {
  long double norm2 = 0;
  for (size_t i = 0; i < len; i++) {
    vr[i] = normal(r);
    vi[i] = cplx ? normal(r) : 0;
    norm2 += vr[i] * vr[i] + vi[i] * vi[i];
  }
  *tau = norm2 > 0 ? 2 / norm2 : 0;
}

/* m := Q m (side 'L') or m Q^H (side 'R') for Q a product of random reflectors; with both,
 * the same Q on each side (Q m Q^H). */
static void random_unitary(ld_mat *m, mlf_rng *r, char side) {
  size_t len = side == 'R' ? m->cols : m->rows;
  long double *vr = calloc(len + 1, sizeof *vr), *vi = calloc(len + 1, sizeof *vi), tau;
  if (!vr || !vi) abort();
  for (size_t k = 0; k < len; k++) {
    random_reflector(r, len, m->cplx, vr, vi, &tau);
    if (side == 'B') {
      ld_reflect(m, 'L', vr, vi, tau, 0, 0);
      ld_reflect(m, 'R', vr, vi, tau, 0, 1);
    } else {
      ld_reflect(m, side, vr, vi, tau, 0, 0);
    }
  }
  free(vr);
  free(vi);
}

static int cmp_desc(const void *a, const void *b) {
  long double x = *(const long double *)a, y = *(const long double *)b;
  return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_asc(const void *a, const void *b) { return -cmp_desc(a, b); }

/* Builds the constructed matrix into out->buf (already made with the Fill's shape). */
static void construct(lapack_built *out, const Mlf__Blas__Fill *fill,
                      const Mlf__Lapack__Construction *c, const blas_precision *p, int row_major,
                      size_t rows, size_t cols) {
  size_t k = rows < cols ? rows : cols;
  int hermitian = c->kind == MLF__LAPACK__CONSTRUCTION__KIND__POSITIVE_DEFINITE ||
                  c->kind == MLF__LAPACK__CONSTRUCTION__KIND__INDEFINITE;
  if ((hermitian && rows != cols) || k == 0 || k > LAPACK_MAX_SPECTRUM) return;
  size_t nonzero = c->kind == MLF__LAPACK__CONSTRUCTION__KIND__RANK_DEFICIENT && c->rank < k ? c->rank : k;
  long double cond = powl(10, c->log10_cond), scale = ldexpl(1, fill ? fill->scale_exponent : 0);
  ld_mat m = ld_new(rows, cols, p->is_complex);
  for (size_t i = 0; i < k; i++) {
    long double v = i >= nonzero ? 0 : nonzero == 1 ? 1 : powl(cond, -(long double)i / (nonzero - 1));
    if (c->kind == MLF__LAPACK__CONSTRUCTION__KIND__INDEFINITE && i % 2) v = -v;
    m.re[LD_AT(&m, i, i)] = v;
    out->sv[i] = fabsl(v) * scale;
    out->ev[i] = v * scale;
  }
  mlf_rng r;
  mlf_rng_seed(&r, (fill ? fill->seed : 0) ^ 0x6c617061636bull);
  if (hermitian) {
    random_unitary(&m, &r, 'B');
    for (size_t j = 0; j < cols; j++) { /* exactly Hermitian: the upper triangle mirrors the lower */
      if (m.im) m.im[LD_AT(&m, j, j)] = 0;
      for (size_t i = 0; i < j; i++) {
        m.re[LD_AT(&m, i, j)] = m.re[LD_AT(&m, j, i)];
        if (m.im) m.im[LD_AT(&m, i, j)] = -m.im[LD_AT(&m, j, i)];
      }
    }
  } else {
    random_unitary(&m, &r, 'L');
    random_unitary(&m, &r, 'R');
  }
  for (size_t e = 0; e < rows * cols; e++) {
    m.re[e] *= scale;
    if (m.im) m.im[e] *= scale;
  }
  int prec = (p->is_double ? 1 : 0) + (p->is_complex ? 2 : 0);
  ld_to_buffer(&m, out->buf.data, prec, out->buf.ld, row_major);
  ld_mat stored = ld_from_buffer(out->buf.data, prec, out->buf.ld, row_major, rows, cols);
  ld_sub(&stored, &m);
  out->rounding = ld_norm_fro(&stored);
  ld_free(&stored);
  ld_free(&m);
  qsort(out->sv, k, sizeof *out->sv, cmp_desc);
  qsort(out->ev, k, sizeof *out->ev, cmp_asc);
  out->n_sv = k;
  out->n_ev = hermitian ? k : 0;
  out->hermitian = hermitian;
  out->spectrum_known = !fill || fill->n_pokes == 0;
}

/* The Fill's pokes again, over the constructed values (same index rule as blas_matrix_make). */
static void poke(lapack_built *out, const Mlf__Blas__Fill *fill, const blas_precision *p) {
  size_t referenced = out->buf.lines * out->buf.line_len;
  for (size_t i = 0; fill && i < fill->n_pokes && referenced; i++) {
    const Mlf__Blas__Poke *pk = fill->pokes[i];
    size_t idx = pk->index % referenced;
    size_t elem = (idx / out->buf.line_len) * out->buf.ld + idx % out->buf.line_len;
    size_t slot = elem * (p->is_complex ? 2 : 1) + (p->is_complex && pk->imaginary);
    double v = blas_number(pk->value, p);
    if (p->is_double) ((double *)out->buf.data)[slot] = v;
    else ((float *)out->buf.data)[slot] = (float)v;
  }
}

void lapack_build_a(lapack_built *out, const Mlf__Blas__Fill *fill,
                    const Mlf__Lapack__Construction *c, const blas_precision *p, int row_major,
                    size_t rows, size_t cols, mlf_guard_side side) {
  out->spectrum_known = out->hermitian = 0;
  out->n_sv = out->n_ev = 0;
  out->rounding = 0;
  blas_matrix_make(&out->buf, fill, p, row_major, rows, cols, 1, side, "A");
  if (!c || c->kind == MLF__LAPACK__CONSTRUCTION__KIND__PLAIN) return;
  construct(out, fill, c, p, row_major, rows, cols);
  poke(out, fill, p);
}
