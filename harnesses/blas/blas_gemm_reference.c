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
 * reaches the largest finite number. */
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

static cld mul(cld x, cld y) { return (cld){x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }
static long double mag(cld x) { return fabsl(x.re) + fabsl(x.im); }
static long double max3(long double a, long double b, long double c) {
  return fmaxl(a, fmaxl(b, c));
}

void blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *expected) {
  const blas_precision *p = &g->p;
  int parts = p->is_complex ? 2 : 1;
  cld alpha = {g->alpha[0], p->is_complex ? g->alpha[1] : 0};
  cld beta = {g->beta[0], p->is_complex ? g->beta[1] : 0};
  int alpha_zero = alpha.re == 0 && alpha.im == 0, beta_zero = beta.re == 0 && beta.im == 0;
  int beta_one = beta.re == 1 && beta.im == 0;
  int products = !alpha_zero && g->k > 0;
  double ops = p->is_complex ? 2.0 * (double)g->k + 6 : (double)g->k + 3;
  long double gamma = (long double)mlf_gamma(ops, p->unit_roundoff) + mlf_gamma(ops, 0x1p-64);
  long double scale = fmaxl(1, max3(mag(alpha), mag(beta), 1));
  long double underflow = (long double)ops * 2 * p->tiny * scale;
  long double limit = p->max / (1 + ops * p->unit_roundoff);

  for (size_t i = 0; i < g->m; i++)
    for (size_t j = 0; j < g->n; j++) {
      cld c_in = at(g->c, p, g->row_major, i, j, 0), v = {0, 0};
      long double sum_abs = 0, pre_scaled = 0, m_abs = 0;
      if (!products && beta_one) {
        v = c_in; /* quick return: C untouched, exactly */
      } else {
        if (products) {
          cld s = {0, 0};
          for (size_t l = 0; l < g->k; l++) {
            cld a = op_at(g->a, g, g->trans_a, i, l), b = op_at(g->b, g, g->trans_b, l, j);
            cld t = mul(a, b);
            s.re += t.re;
            s.im += t.im;
            sum_abs += mag(a) * mag(b);
            pre_scaled = max3(pre_scaled, mag(alpha) * mag(a), mag(alpha) * mag(b));
          }
          v = mul(alpha, s);
          m_abs = mag(alpha) * sum_abs;
        }
        if (!beta_zero) {
          cld bc = mul(beta, c_in);
          v.re += bc.re;
          v.im += bc.im;
          m_abs += mag(beta) * mag(c_in);
          pre_scaled = fmaxl(pre_scaled, mag(beta) * mag(c_in));
        }
      }
      int overflow = max3(m_abs, sum_abs, pre_scaled) >= limit;
      long double bound = (!products && beta_one) ? 0 : gamma * m_abs + underflow;
      mlf_expect *e = &expected[(i * g->n + j) * (size_t)parts];
      e[0] = (mlf_expect){(double)v.re, (double)bound, overflow};
      if (parts == 2) e[1] = (mlf_expect){(double)v.im, (double)bound, overflow};
    }
}
