/* Long double dense matrices for the LAPACK oracles (see lapack_dense.h). */
#include "lapack_dense.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *zalloc(size_t n) {
  void *p = calloc(n ? n : 1, sizeof(long double));
  if (!p) abort();
  return p;
}

ld_mat ld_new(size_t rows, size_t cols, int cplx) {
  ld_mat m = {rows, cols, cplx, zalloc(rows * cols), cplx ? zalloc(rows * cols) : NULL};
  return m;
}

void ld_free(ld_mat *m) {
  free(m->re);
  free(m->im);
  m->re = m->im = NULL;
}

ld_mat ld_identity(size_t n, int cplx) {
  ld_mat m = ld_new(n, n, cplx);
  for (size_t i = 0; i < n; i++) m.re[LD_AT(&m, i, i)] = 1;
  return m;
}

static size_t offset(size_t ld, int row_major, size_t i, size_t j) {
  return row_major ? i * ld + j : j * ld + i;
}

ld_mat ld_from_buffer(const void *data, int prec, size_t ld, int row_major, size_t rows,
                      size_t cols) {
  int cplx = prec >= 2, parts = cplx ? 2 : 1;
  ld_mat m = ld_new(rows, cols, cplx);
  for (size_t j = 0; j < cols; j++)
    for (size_t i = 0; i < rows; i++)
      for (int p = 0; p < parts; p++) {
        size_t at = offset(ld, row_major, i, j) * (size_t)parts + (size_t)p;
        long double v = prec & 1 ? ((const double *)data)[at] : ((const float *)data)[at];
        (p ? m.im : m.re)[LD_AT(&m, i, j)] = v;
      }
  return m;
}

void ld_to_buffer(const ld_mat *m, void *data, int prec, size_t ld, int row_major) {
  int parts = prec >= 2 ? 2 : 1;
  for (size_t j = 0; j < m->cols; j++)
    for (size_t i = 0; i < m->rows; i++)
      for (int p = 0; p < parts; p++) {
        size_t at = offset(ld, row_major, i, j) * (size_t)parts + (size_t)p;
        long double v = p ? (m->im ? m->im[LD_AT(m, i, j)] : 0) : m->re[LD_AT(m, i, j)];
        if (prec & 1) ((double *)data)[at] = (double)v;
        else ((float *)data)[at] = (float)v;
      }
}

/* Element (i, j) of op(m). */
static void elem(const ld_mat *m, char op, size_t i, size_t j, long double *re, long double *im) {
  size_t at = op == 'C' ? LD_AT(m, j, i) : LD_AT(m, i, j);
  *re = m->re[at];
  *im = m->im ? (op == 'C' ? -m->im[at] : m->im[at]) : 0;
}

ld_mat ld_mul(const ld_mat *a, char op_a, const ld_mat *b, char op_b, int absval) {
  size_t rows = op_a == 'C' ? a->cols : a->rows, inner = op_a == 'C' ? a->rows : a->cols;
  size_t cols = op_b == 'C' ? b->rows : b->cols;
  int cplx = !absval && (a->cplx || b->cplx);
  ld_mat c = ld_new(rows, cols, cplx);
  for (size_t j = 0; j < cols; j++)
    for (size_t k = 0; k < inner; k++) {
      long double br, bi;
      elem(b, op_b, k, j, &br, &bi);
      if (absval) br = hypotl(br, bi), bi = 0;
      if (br == 0 && bi == 0) continue;
      for (size_t i = 0; i < rows; i++) {
        long double ar, ai;
        elem(a, op_a, i, k, &ar, &ai);
        if (absval) ar = hypotl(ar, ai), ai = 0;
        c.re[LD_AT(&c, i, j)] += ar * br - ai * bi;
        if (cplx) c.im[LD_AT(&c, i, j)] += ar * bi + ai * br;
      }
    }
  return c;
}

long double ld_modulus(const ld_mat *m, size_t i, size_t j) {
  size_t at = LD_AT(m, i, j);
  return m->im ? hypotl(m->re[at], m->im[at]) : fabsl(m->re[at]);
}

ld_mat ld_abs(const ld_mat *a) {
  ld_mat c = ld_new(a->rows, a->cols, 0);
  for (size_t j = 0; j < a->cols; j++)
    for (size_t i = 0; i < a->rows; i++) c.re[LD_AT(&c, i, j)] = ld_modulus(a, i, j);
  return c;
}

void ld_sub(ld_mat *a, const ld_mat *b) {
  size_t n = a->rows * a->cols;
  for (size_t e = 0; e < n; e++) {
    a->re[e] -= b->re[e];
    if (a->im && b->im) a->im[e] -= b->im[e];
  }
}

long double ld_norm1(const ld_mat *m) {
  long double best = 0;
  for (size_t j = 0; j < m->cols; j++) {
    long double s = 0;
    for (size_t i = 0; i < m->rows; i++) s += ld_modulus(m, i, j);
    if (!(s <= best)) best = s; /* a NaN sum wins */
  }
  return best;
}

long double ld_norm_inf(const ld_mat *m) {
  long double best = 0;
  for (size_t i = 0; i < m->rows; i++) {
    long double s = 0;
    for (size_t j = 0; j < m->cols; j++) s += ld_modulus(m, i, j);
    if (!(s <= best)) best = s;
  }
  return best;
}

long double ld_norm_fro(const ld_mat *m) {
  long double s = 0;
  for (size_t j = 0; j < m->cols; j++)
    for (size_t i = 0; i < m->rows; i++) {
      long double v = ld_modulus(m, i, j);
      s += v * v;
    }
  return sqrtl(s);
}

int ld_finite(const ld_mat *m) {
  size_t n = m->rows * m->cols;
  for (size_t e = 0; e < n; e++)
    if (!isfinite(m->re[e]) || (m->im && !isfinite(m->im[e]))) return 0;
  return 1;
}

int ld_has_nan(const ld_mat *m) {
  size_t n = m->rows * m->cols;
  for (size_t e = 0; e < n; e++)
    if (isnan(m->re[e]) || (m->im && isnan(m->im[e]))) return 1;
  return 0;
}

void ld_reflect(ld_mat *m, char side, const long double *vr, const long double *vi,
                long double tr, long double ti, int conj) {
  if (conj) ti = -ti;
  size_t len = side == 'L' ? m->rows : m->cols, other = side == 'L' ? m->cols : m->rows;
  for (size_t t = 0; t < other; t++) {
    /* Left: w = v^H m(:, t); m(:, t) -= tau v w. Right: w = m(t, :) v; m(t, :) -= tau w v^H. */
    long double wr = 0, wi = 0;
    for (size_t s = 0; s < len; s++) {
      size_t at = side == 'L' ? LD_AT(m, s, t) : LD_AT(m, t, s);
      long double xr = m->re[at], xi = m->im ? m->im[at] : 0, a = vr[s], b = vi ? vi[s] : 0;
      if (side == 'L') b = -b; /* conj(v) */
      wr += a * xr - b * xi;
      wi += a * xi + b * xr;
    }
    long double pr = tr * wr - ti * wi, pi = tr * wi + ti * wr; /* tau w */
    for (size_t s = 0; s < len; s++) {
      size_t at = side == 'L' ? LD_AT(m, s, t) : LD_AT(m, t, s);
      long double a = vr[s], b = vi ? vi[s] : 0;
      if (side == 'R') b = -b; /* conj(v) */
      m->re[at] -= pr * a - pi * b;
      if (m->im) m->im[at] -= pr * b + pi * a;
    }
  }
}

int ld_inverse(const ld_mat *a, ld_mat *inv) {
  size_t n = a->rows;
  ld_mat w = ld_new(n, n, a->cplx);
  memcpy(w.re, a->re, n * n * sizeof *w.re);
  if (a->cplx) memcpy(w.im, a->im, n * n * sizeof *w.im);
  *inv = ld_identity(n, a->cplx);
  for (size_t k = 0; k < n; k++) {
    size_t p = k;
    for (size_t i = k + 1; i < n; i++)
      if (ld_modulus(&w, i, k) > ld_modulus(&w, p, k)) p = i;
    if (ld_modulus(&w, p, k) == 0) {
      ld_free(&w), ld_free(inv);
      return 0;
    }
    ld_mat *both[2] = {&w, inv};
    for (int t = 0; t < 2; t++)
      for (size_t j = 0; j < n; j++) {
        long double *r = both[t]->re, *im = both[t]->im, x;
        x = r[LD_AT(both[t], k, j)], r[LD_AT(both[t], k, j)] = r[LD_AT(both[t], p, j)],
        r[LD_AT(both[t], p, j)] = x;
        if (im)
          x = im[LD_AT(both[t], k, j)], im[LD_AT(both[t], k, j)] = im[LD_AT(both[t], p, j)],
          im[LD_AT(both[t], p, j)] = x;
      }
    /* 1 / pivot */
    long double pr = w.re[LD_AT(&w, k, k)], pi = w.im ? w.im[LD_AT(&w, k, k)] : 0;
    long double d = pr * pr + pi * pi, qr = pr / d, qi = -pi / d;
    for (size_t i = 0; i < n; i++) {
      if (i == k) continue;
      long double fr = w.re[LD_AT(&w, i, k)], fi = w.im ? w.im[LD_AT(&w, i, k)] : 0;
      long double lr = fr * qr - fi * qi, li = fr * qi + fi * qr;
      if (lr == 0 && li == 0) continue;
      for (int t = 0; t < 2; t++) {
        ld_mat *x = both[t];
        for (size_t j = 0; j < n; j++) {
          long double kr = x->re[LD_AT(x, k, j)], ki = x->im ? x->im[LD_AT(x, k, j)] : 0;
          x->re[LD_AT(x, i, j)] -= lr * kr - li * ki;
          if (x->im) x->im[LD_AT(x, i, j)] -= lr * ki + li * kr;
        }
      }
    }
    for (int t = 0; t < 2; t++) {
      ld_mat *x = both[t];
      for (size_t j = 0; j < n; j++) {
        long double kr = x->re[LD_AT(x, k, j)], ki = x->im ? x->im[LD_AT(x, k, j)] : 0;
        x->re[LD_AT(x, k, j)] = kr * qr - ki * qi;
        if (x->im) x->im[LD_AT(x, k, j)] = kr * qi + ki * qr;
      }
    }
  }
  ld_free(&w);
  return 1;
}

/* Columns p and q of x: with e = conj(g) / |g| the phase that makes w_p^H (e w_q) real,
 * (x_p, x_q) := (c x_p - s e x_q, s x_p + c e x_q). */
static void rotate(ld_mat *x, size_t p, size_t q, long double c, long double s, long double er,
                   long double ei) {
  for (size_t i = 0; i < x->rows; i++) {
    size_t ap = LD_AT(x, i, p), aq = LD_AT(x, i, q);
    long double pr = x->re[ap], pi = x->im ? x->im[ap] : 0;
    long double qr0 = x->re[aq], qi0 = x->im ? x->im[aq] : 0;
    long double qr = er * qr0 - ei * qi0, qi = er * qi0 + ei * qr0;
    x->re[ap] = c * pr - s * qr, x->re[aq] = s * pr + c * qr;
    if (x->im) x->im[ap] = c * pi - s * qi, x->im[aq] = s * pi + c * qi;
  }
}

/* Hestenes' method: W = a V with V a product of plane rotations, each making one pair of W's
 * columns orthogonal (Rutishauser's t, the smaller root of t^2 + 2 zeta t - 1 = 0, for the
 * real Gram entries after the phase e), swept cyclically until every pair is orthogonal to
 * tol = cols LDBL_EPSILON relative to the columns' norms (Demmel and Veselic 1992, Alg. 4.1),
 * or its inner product is below delta = tol^2 ||a||_F^2: columns that are rounding noise
 * beside the others (of size LDBL_EPSILON ||a||, as a rank-deficient a leaves) are never
 * orthogonal relative to their own norms, and sweeps would go on to the limit. Inner products
 * up to delta move each s_j^2 by at most cols delta (Weyl on W^H W), so s_j by at most
 * cols^1.5 LDBL_EPSILON ||a||_F, far below a double backward error. Then W = U diag(s) and
 * s_j = ||w_j||. */
int ld_jacobi_svd(const ld_mat *a, ld_mat *v, long double *s) {
  size_t m = a->rows, n = a->cols;
  ld_mat w = ld_new(m, n, a->cplx);
  memcpy(w.re, a->re, m * n * sizeof *w.re);
  if (a->cplx) memcpy(w.im, a->im, m * n * sizeof *w.im);
  *v = ld_identity(n, a->cplx);
  long double tol = (long double)n * LDBL_EPSILON, frobenius2 = 0;
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++) frobenius2 += ld_modulus(a, i, j) * ld_modulus(a, i, j);
  long double delta = tol * tol * frobenius2;
  int rotated = 1;
  for (int sweep = 0; rotated && sweep < 60; sweep++) {
    rotated = 0;
    for (size_t p = 0; p + 1 < n; p++)
      for (size_t q = p + 1; q < n; q++) {
        long double al = 0, be = 0, gr = 0, gi = 0; /* ||w_p||^2, ||w_q||^2, w_p^H w_q */
        for (size_t i = 0; i < m; i++) {
          size_t ap = LD_AT(&w, i, p), aq = LD_AT(&w, i, q);
          long double pr = w.re[ap], pi = w.im ? w.im[ap] : 0, qr = w.re[aq], qi = w.im ? w.im[aq] : 0;
          al += pr * pr + pi * pi, be += qr * qr + qi * qi;
          gr += pr * qr + pi * qi, gi += pr * qi - pi * qr;
        }
        /* |w_p^H w_q| against tol ||w_p|| ||w_q|| and delta, squared (no square root for the
         * pairs left alone; long double holds the squares of any double's products) */
        long double g2 = gr * gr + gi * gi;
        if (!(g2 > tol * tol * al * be) || !(g2 > delta * delta)) continue;
        long double g = sqrtl(g2);
        rotated = 1;
        long double zeta = (be - al) / (2 * g);
        long double t = copysignl(1, zeta) / (fabsl(zeta) + hypotl(1, zeta));
        long double c = 1 / hypotl(1, t);
        rotate(&w, p, q, c, c * t, gr / g, -gi / g);
        rotate(v, p, q, c, c * t, gr / g, -gi / g);
      }
  }
  for (size_t j = 0; j < n; j++) {
    long double sum = 0;
    for (size_t i = 0; i < m; i++) sum += ld_modulus(&w, i, j) * ld_modulus(&w, i, j);
    s[j] = sqrtl(sum);
  }
  ld_free(&w);
  return !rotated;
}
