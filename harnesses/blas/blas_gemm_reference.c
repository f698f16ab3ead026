/* Reference gemm in long double (64-bit significand, range to 1e4932, so no product of
 * three doubles overflows and NaN/Inf arise exactly where IEEE arithmetic on the exact
 * values puts them). Specification rules (reference BLAS dgemm):
 *   m == 0 or n == 0, or (alpha == 0 or k == 0) and beta == 1: C is returned unchanged;
 *   alpha == 0 or k == 0: A and B are not referenced, C := beta C;
 *   beta == 0: C is not read (NaN in C does not propagate), C := alpha op(A) op(B).
 * Error bound for one element (Higham, componentwise): with M = |alpha| sum |a||b| + |beta||c|
 * (|z| = |re| + |im| for complex, which bounds both parts), a correct implementation in unit
 * roundoff u satisfies |c_got - c| <= gamma_N(u) M + N * 2 * tiny * max(1, |alpha|, |beta|),
 * N = k + 3 real operations per element (2k + 6 for complex, covering the two products and
 * the sum in each part), the second term covering underflow to subnormals. The reference's
 * own error gamma_N(2^-64) M is added. Overflow is possible for a legitimate summation order
 * when any partial quantity (|alpha||a|, |alpha||b|, sum |a||b| scaled or not, |beta||c|, M)
 * reaches the largest finite number.
 * Besides the exact semantics, two deviant ones are evaluated so that a result which misses a
 * NaN can be told apart by how it went wrong: zero-skip leaves out every term with an exactly
 * zero factor, as some kernels do (IEEE says 0 * Inf = NaN, so it differs only where A or B
 * holds Inf or NaN); beta-as-zero drops beta C as if beta were 0 (it differs only for a NaN or
 * infinite beta or C); empty-sum-scaled multiplies the empty sum of k = 0 by alpha, as netlib
 * does in its transposed branches (it differs only for an infinite or NaN alpha). */
#include "blas_gemm_reference.h"
#include <math.h>

typedef struct { long double re, im; } cld;

static cld at(const blas_matrix *m, const blas_precision *p, int row_major, size_t i, size_t j,
              int conj) {
  double re, im;
  blas_matrix_get(m, p, row_major, i, j, &re, &im);
  return (cld){re, conj ? -im : im};
}

/* op(X)(i, l) for a stored X whose op is given by trans. */
static cld op_at(const blas_matrix *x, const blas_gemm_problem *g, Mlf__Blas__Transpose t,
                 size_t i, size_t l) {
  return t == MLF__BLAS__TRANSPOSE__NO_TRANS
             ? at(x, &g->p, g->row_major, i, l, 0)
             : at(x, &g->p, g->row_major, l, i, t == MLF__BLAS__TRANSPOSE__CONJ_TRANS && g->p.is_complex);
}

/* Complex product as BLAS kernels compute it (no C99 Annex G recovery of infinities); real
 * precisions never touch the imaginary parts, where Inf * 0 would invent a NaN. */
static cld mul(cld x, cld y, int complex) {
  if (!complex) return (cld){x.re * y.re, 0};
  return (cld){x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re};
}
static long double mag(cld x) { return fabsl(x.re) + fabsl(x.im); }
static long double max3(long double a, long double b, long double c) {
  return fmaxl(a, fmaxl(b, c));
}

/* Running sums of one element: the product sum, sum |a||b|, and the largest |alpha||a|,
 * |alpha||b| (what a kernel that pre-scales by alpha holds). */
typedef struct {
  cld s;
  long double sum_abs, pre_scaled;
} element_sums;

static void add_term(element_sums *e, cld a, cld b, cld alpha, int complex) {
  cld t = mul(a, b, complex);
  e->s.re += t.re;
  e->s.im += t.im;
  e->sum_abs += mag(a) * mag(b);
  e->pre_scaled = max3(e->pre_scaled, mag(alpha) * mag(a), mag(alpha) * mag(b));
}

typedef struct {
  long double gamma, underflow, limit;
  int products, beta_zero, beta_one;
  cld alpha, beta;
} element_rules;

/* Turns an element's sums into its expectation (value, bound, overflow possible). */
static void expect_element(const element_rules *r, const element_sums *e, cld c_in, int parts,
                           mlf_expect *out) {
  cld v = {0, 0};
  long double m_abs = 0, pre_scaled = e->pre_scaled;
  if (!r->products && r->beta_one) {
    v = c_in; /* quick return: C untouched, exactly */
  } else {
    if (r->products) {
      v = mul(r->alpha, e->s, parts == 2);
      m_abs = mag(r->alpha) * e->sum_abs;
    }
    if (!r->beta_zero) {
      cld bc = mul(r->beta, c_in, parts == 2);
      v.re += bc.re;
      v.im += bc.im;
      m_abs += mag(r->beta) * mag(c_in);
      pre_scaled = fmaxl(pre_scaled, mag(r->beta) * mag(c_in));
    }
  }
  int overflow = max3(m_abs, e->sum_abs, pre_scaled) >= r->limit;
  long double bound = (!r->products && r->beta_one) ? 0
                      : isnan(m_abs) ? INFINITY : r->gamma * m_abs + r->underflow;
  out[0] = (mlf_expect){(double)v.re, (double)bound, overflow};
  if (parts == 2) out[1] = (mlf_expect){(double)v.im, (double)bound, overflow};
}

const char *const blas_gemm_semantics_names[BLAS_GEMM_SEMANTICS] = {
    "exact", "zero-skip", "beta-as-zero", "empty-sum-scaled"};

void blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *out[BLAS_GEMM_SEMANTICS]) {
  const blas_precision *p = &g->p;
  int parts = p->is_complex ? 2 : 1;
  element_rules r = {.alpha = {g->alpha[0], p->is_complex ? g->alpha[1] : 0},
                     .beta = {g->beta[0], p->is_complex ? g->beta[1] : 0}};
  r.beta_zero = r.beta.re == 0 && r.beta.im == 0;
  r.beta_one = r.beta.re == 1 && r.beta.im == 0;
  r.products = !(r.alpha.re == 0 && r.alpha.im == 0) && g->k > 0;
  double ops = p->is_complex ? 2.0 * (double)g->k + 6 : (double)g->k + 3;
  r.gamma = (long double)mlf_gamma(ops, p->unit_roundoff) + mlf_gamma(ops, 0x1p-64);
  r.underflow = (long double)ops * 2 * p->tiny * max3(mag(r.alpha), mag(r.beta), 1);
  r.limit = p->max / (1 + ops * p->unit_roundoff);
  element_rules beta_as_zero = r, empty_sum_scaled = r;
  beta_as_zero.beta_zero = 1;
  beta_as_zero.beta_one = 0;
  empty_sum_scaled.products = !(r.alpha.re == 0 && r.alpha.im == 0);

  for (size_t i = 0; i < g->m; i++)
    for (size_t j = 0; j < g->n; j++) {
      element_sums all = {{0, 0}, 0, 0}, nonzero = all;
      for (size_t l = 0; r.products && l < g->k; l++) {
        cld a = op_at(g->a, g, g->trans_a, i, l), b = op_at(g->b, g, g->trans_b, l, j);
        add_term(&all, a, b, r.alpha, p->is_complex);
        if (mag(a) != 0 && mag(b) != 0) add_term(&nonzero, a, b, r.alpha, p->is_complex);
      }
      cld c_in = at(g->c, p, g->row_major, i, j, 0);
      size_t at_ij = (i * g->n + j) * (size_t)parts;
      expect_element(&r, &all, c_in, parts, &out[BLAS_GEMM_EXACT][at_ij]);
      expect_element(&r, &nonzero, c_in, parts, &out[BLAS_GEMM_ZERO_SKIP][at_ij]);
      expect_element(&beta_as_zero, &all, c_in, parts, &out[BLAS_GEMM_BETA_AS_ZERO][at_ij]);
      expect_element(&empty_sum_scaled, &all, c_in, parts, &out[BLAS_GEMM_EMPTY_SUM_SCALED][at_ij]);
    }
}
