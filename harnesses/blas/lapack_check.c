/* Residual oracles for the LAPACK harness (see lapack_check.h). Componentwise bounds (LU,
 * Cholesky and their solves) are proven ones; the others use the LAPACK test suite's forms
 * and thresholds (TESTING/dtest.in: 30 for linear systems, QR and least squares;
 * TESTING/svd.in and sep.in: 50 for the SVD and the symmetric eigenproblem), because the
 * backward error theorems for Householder-based algorithms (Higham, Thm 19.4, 20.3) carry
 * unspecified constants c in gamma_{c m n}. */
#include "lapack_check.h"
#include <math.h>
#include <stdlib.h>

#define LIN_THRESHOLD 30.0L /* LAPACK TESTING/dtest.in */
#define SVD_THRESHOLD 50.0L /* LAPACK TESTING/svd.in, sep.in */

/* Real: gamma_{k+2}, an inner product of k terms (Higham, Lemma 3.1) plus a division or a
 * multiplication by a rounded reciprocal. Complex: sqrt(2) gamma_{k+2} for the inner product
 * (Higham, Lemma 3.5) plus at most 2 sqrt(2) gamma_9 for a complex division or reciprocal and
 * multiplication (Higham, section 3.6), together at most sqrt(2) gamma_{k+20}. */
long double lapack_gamma(size_t k, int cplx, long double u) {
  long double n = cplx ? (long double)k + 20 : (long double)k + 2;
  long double g = n * u < 1 ? n * u / (1 - n * u) : INFINITY;
  return cplx ? sqrtl(2.0L) * g : g;
}

int lapack_unpack_lu(const ld_mat *lu, const int *ipiv, ld_mat *l, ld_mat *u) {
  size_t m = lu->rows, n = lu->cols, k = m < n ? m : n;
  for (size_t i = 0; i < k; i++)
    if (ipiv[i] < (int)i + 1 || ipiv[i] > (int)m) return 0;
  *l = ld_new(m, k, lu->cplx);
  *u = ld_new(k, n, lu->cplx);
  for (size_t j = 0; j < n; j++)
    for (size_t i = 0; i < m; i++) {
      ld_mat *dst = i > j ? l : u;
      if (i > j && j >= k) continue;
      if (i <= j && i >= k) continue;
      dst->re[LD_AT(dst, i, j)] = lu->re[LD_AT(lu, i, j)];
      if (lu->cplx) dst->im[LD_AT(dst, i, j)] = lu->im[LD_AT(lu, i, j)];
    }
  for (size_t i = 0; i < k; i++) l->re[LD_AT(l, i, i)] = 1;
  return 1;
}

static void swap_rows(ld_mat *x, size_t a, size_t b) {
  for (size_t j = 0; j < x->cols; j++) {
    long double t = x->re[LD_AT(x, a, j)];
    x->re[LD_AT(x, a, j)] = x->re[LD_AT(x, b, j)], x->re[LD_AT(x, b, j)] = t;
    if (x->im) t = x->im[LD_AT(x, a, j)], x->im[LD_AT(x, a, j)] = x->im[LD_AT(x, b, j)],
               x->im[LD_AT(x, b, j)] = t;
  }
}

void lapack_apply_ipiv(ld_mat *x, const int *ipiv, size_t k, int backward) {
  for (size_t t = 0; t < k; t++) {
    size_t i = backward ? k - 1 - t : t;
    if ((size_t)ipiv[i] - 1 != i) swap_rows(x, i, (size_t)ipiv[i] - 1);
  }
}

static long double max_modulus(const ld_mat *m) {
  long double best = 0;
  for (size_t j = 0; j < m->cols; j++)
    for (size_t i = 0; i < m->rows; i++)
      if (ld_modulus(m, i, j) > best) best = ld_modulus(m, i, j);
  return best;
}

/* Absolute allowance for gradual underflow: every one of the k terms of an element may carry
 * an underflowed factor or product (error at most the smallest subnormal, tiny) times the
 * other factor, itself at most the largest modulus of its matrix; k + 20 operations per term
 * as in lapack_gamma, doubled for the two triangular solves. */
static long double underflow_floor(size_t k, long double tiny, const ld_mat *x, const ld_mat *y,
                                   const ld_mat *z) {
  long double f = 2 * (long double)(k + 1) * (long double)(k + 20) * tiny;
  const ld_mat *all[3] = {x, y, z};
  for (int i = 0; i < 3; i++)
    if (all[i]) f *= 1 + max_modulus(all[i]);
  return f;
}

/* max over elements of |r| / (c * bound + floor). */
static double worst_ratio(const ld_mat *r, const ld_mat *bound, long double c, long double floor_) {
  long double worst = 0;
  for (size_t j = 0; j < r->cols; j++)
    for (size_t i = 0; i < r->rows; i++) {
      long double e = ld_modulus(r, i, j), allowed = c * bound->re[LD_AT(bound, i, j)] + floor_;
      long double q = e == 0 ? 0 : e / allowed;
      if (!(q <= worst)) worst = q; /* NaN wins */
    }
  return (double)worst;
}

/* The generated reproducers restate this bound, real case, as program text (lu_residual in
 * lapack_emit_runtime.c): change both; tests/blas/test_lapack_emit.c checks they agree. */
double lapack_check_lu(const ld_mat *a, const ld_mat *l, const ld_mat *u, const int *ipiv,
                       long double u_round, long double tiny) {
  size_t k = l->cols;
  ld_mat plu = ld_mul(l, 'N', u, 'N', 0), bound = ld_mul(l, 'N', u, 'N', 1);
  lapack_apply_ipiv(&plu, ipiv, k, 1);
  lapack_apply_ipiv(&bound, ipiv, k, 1);
  ld_mat r = ld_new(a->rows, a->cols, a->cplx);
  ld_sub(&r, &plu);
  for (size_t e = 0; e < a->rows * a->cols; e++) {
    r.re[e] += a->re[e];
    if (a->cplx) r.im[e] += a->im[e];
  }
  double q = worst_ratio(&r, &bound, lapack_gamma(k, a->cplx, u_round),
                         underflow_floor(k, tiny, l, u, NULL));
  ld_free(&plu), ld_free(&bound), ld_free(&r);
  return q;
}

/* r = b - T2 T1 y and bound = |T2| |T1| |y| for two triangular factors applied in turn. */
static double two_solves(const ld_mat *t1, char op1, const ld_mat *t2, char op2, const ld_mat *y,
                         const ld_mat *b, size_t k, int cplx, long double u_round, long double tiny) {
  ld_mat z = ld_mul(t1, op1, y, 'N', 0), r = ld_mul(t2, op2, &z, 'N', 0);
  ld_mat zb = ld_mul(t1, op1, y, 'N', 1), bound = ld_mul(t2, op2, &zb, 'N', 1);
  for (size_t e = 0; e < r.rows * r.cols; e++) {
    r.re[e] = b->re[e] - r.re[e];
    if (cplx) r.im[e] = b->im[e] - r.im[e];
  }
  long double g = lapack_gamma(k, cplx, u_round);
  double q = worst_ratio(&r, &bound, 2 * g + g * g, underflow_floor(k, tiny, t1, t2, y));
  ld_free(&z), ld_free(&r), ld_free(&zb), ld_free(&bound);
  return q;
}

double lapack_check_lu_solve(const ld_mat *l, const ld_mat *u, const int *ipiv, const ld_mat *b,
                             const ld_mat *x, int trans, long double u_round, long double tiny) {
  size_t n = u->rows;
  if (!trans) { /* b - P (L (U x)): compare P^T b with L U x */
    ld_mat pb = ld_new(b->rows, b->cols, b->cplx);
    for (size_t e = 0; e < b->rows * b->cols; e++) {
      pb.re[e] = b->re[e];
      if (b->cplx) pb.im[e] = b->im[e];
    }
    lapack_apply_ipiv(&pb, ipiv, n, 0);
    double q = two_solves(u, 'N', l, 'N', x, &pb, n, b->cplx, u_round, tiny);
    ld_free(&pb);
    return q;
  }
  /* A^H = U^H L^H P^T: b - U^H (L^H (P^T x)) */
  ld_mat px = ld_new(x->rows, x->cols, x->cplx);
  for (size_t e = 0; e < x->rows * x->cols; e++) {
    px.re[e] = x->re[e];
    if (x->cplx) px.im[e] = x->im[e];
  }
  lapack_apply_ipiv(&px, ipiv, n, 0);
  double q = two_solves(l, 'C', u, 'C', &px, b, n, b->cplx, u_round, tiny);
  ld_free(&px);
  return q;
}

double lapack_check_cholesky(const ld_mat *a, const ld_mat *l, long double u_round, long double tiny) {
  size_t n = l->rows;
  ld_mat llh = ld_mul(l, 'N', l, 'C', 0), bound = ld_mul(l, 'N', l, 'C', 1);
  ld_mat r = ld_new(n, n, a->cplx);
  for (size_t e = 0; e < n * n; e++) {
    r.re[e] = a->re[e] - llh.re[e];
    if (a->cplx) r.im[e] = a->im[e] - llh.im[e];
  }
  double q = worst_ratio(&r, &bound, lapack_gamma(n, a->cplx, u_round),
                         underflow_floor(n, tiny, l, l, NULL));
  ld_free(&llh), ld_free(&bound), ld_free(&r);
  return q;
}

double lapack_check_cholesky_solve(const ld_mat *l, const ld_mat *b, const ld_mat *x,
                                   long double u_round, long double tiny) {
  return two_solves(l, 'C', l, 'N', x, b, l->rows, b->cplx, u_round, tiny);
}

/* ||I - op(Q)^H op(Q)||_1 of a matrix with orthonormal columns (op 'N') or rows (op 'C'). */
static long double orthogonality(const ld_mat *q, char op) {
  ld_mat g = op == 'N' ? ld_mul(q, 'C', q, 'N', 0) : ld_mul(q, 'N', q, 'C', 0);
  for (size_t i = 0; i < g.rows; i++) g.re[LD_AT(&g, i, i)] -= 1;
  long double r = ld_norm1(&g);
  ld_free(&g);
  return r;
}

double lapack_check_orthonormal_columns(const ld_mat *q, char op, long double eps) {
  size_t dim = q->rows > q->cols ? q->rows : q->cols;
  long double r = orthogonality(q, op);
  return r == 0 ? 0 : (double)(r / ((long double)dim * eps) / SVD_THRESHOLD);
}

double lapack_check_qr(const ld_mat *a, const ld_mat *packed, const ld_mat *tau, long double eps,
                       long double tiny) {
  size_t m = a->rows, n = a->cols, k = m < n ? m : n;
  ld_mat qr = ld_new(m, n, a->cplx), q = ld_identity(m, a->cplx);
  for (size_t j = 0; j < n; j++)
    for (size_t i = 0; i <= j && i < m; i++) {
      qr.re[LD_AT(&qr, i, j)] = packed->re[LD_AT(packed, i, j)];
      if (a->cplx) qr.im[LD_AT(&qr, i, j)] = packed->im[LD_AT(packed, i, j)];
    }
  long double *vr = calloc(m + 1, sizeof *vr), *vi = calloc(m + 1, sizeof *vi);
  if (!vr || !vi) abort();
  for (size_t t = k; t-- > 0;) { /* Q R = H_1 (H_2 (... H_k R)) */
    for (size_t i = 0; i < m; i++) {
      vr[i] = i < t ? 0 : i == t ? 1 : packed->re[LD_AT(packed, i, t)];
      vi[i] = i <= t || !a->cplx ? 0 : packed->im[LD_AT(packed, i, t)];
    }
    long double tr = tau->re[t], ti = tau->cplx ? tau->im[t] : 0;
    ld_reflect(&qr, 'L', vr, vi, tr, ti, 0);
    ld_reflect(&q, 'L', vr, vi, tr, ti, 0);
  }
  free(vr), free(vi);
  ld_sub(&qr, a);
  long double anorm = ld_norm1(a), md = (long double)(m ? m : 1);
  /* k reflections of m + 2 operations each reach an element: within underflow_floor(m) of
   * it (k <= m), m of them in a column's 1-norm; divided by the threshold, which the ratio
   * is divided by below, so that it counts once. */
  long double floor_ = md * underflow_floor(m, tiny, packed, NULL, NULL) / LIN_THRESHOLD;
  long double r1 = ld_norm1(&qr) / (anorm > 0 ? md * anorm * eps + floor_ : eps);
  long double r2 = orthogonality(&q, 'N') / (md * eps);
  ld_free(&qr), ld_free(&q);
  long double r = r1 > r2 || isnan(r1) ? r1 : r2;
  return (double)(r / LIN_THRESHOLD);
}

/* A backward-stable least-squares solver returns the exact solution of a problem perturbed by
 * eps' (||A||, ||b||) (Higham, Thm 20.3), whose normal equations give ||op(A)^H r|| <=
 * eps' ||A|| (||b|| + ||A|| ||x|| + ||r||); singular values cut off below rcond s_1 (gelss,
 * gelsd) add at most rcond ||A|| ||r|| per column, sqrt(m n) <= max(m, n) covering the change
 * between 1-norms and 2-norms. eps' = max(m, n, nrhs) eps times the test suite's 30, the form
 * of its dqrt17. Checked column by column of X.
 * Gradual underflow adds an absolute part: an operation's result rounded to the subnormal grid
 * (tiny at most) is an absolute perturbation of b, as in the LU check's underflow_floor, the
 * factor it multiplies (an element of R, a singular value, or op(A) for X's own rounding, as
 * the drivers' final unscaling, zgels.f:487-491, rounds X into that grid) at most ||A||;
 * op(A)^H maps ||delta b||_1 <= rows(b) underflow_floor (1 + ||A||) to ||A|| times it. */
double lapack_check_least_squares(const ld_mat *a, int trans, const ld_mat *b, const ld_mat *x,
                                  long double rcond, long double eps, long double tiny) {
  char op = trans ? 'C' : 'N';
  ld_mat ax = ld_mul(a, op, x, 'N', 0);
  ld_mat r = ld_new(b->rows, b->cols, b->cplx);
  for (size_t e = 0; e < b->rows * b->cols; e++) {
    r.re[e] = b->re[e] - ax.re[e];
    if (b->cplx) r.im[e] = b->im[e] - ax.im[e];
  }
  ld_mat ahr = ld_mul(a, trans ? 'N' : 'C', &r, 'N', 0);
  long double an = ld_norm1(a), ai = ld_norm_inf(a), anorm = an > ai ? an : ai;
  size_t dim = a->rows > a->cols ? a->rows : a->cols;
  if (b->cols > dim) dim = b->cols;
  long double floor_ = anorm * (long double)b->rows * underflow_floor(dim, tiny, NULL, NULL, NULL) *
                       (1 + anorm);
  long double worst = 0;
  for (size_t j = 0; j < x->cols; j++) {
    long double num = 0, bn = 0, xn = 0, rn = 0;
    for (size_t i = 0; i < ahr.rows; i++) num += ld_modulus(&ahr, i, j);
    for (size_t i = 0; i < b->rows; i++) bn += ld_modulus(b, i, j), rn += ld_modulus(&r, i, j);
    for (size_t i = 0; i < x->rows; i++) xn += ld_modulus(x, i, j);
    long double allowed = LIN_THRESHOLD * dim * eps * anorm * (bn + anorm * xn + rn) +
                          (rcond > 0 ? rcond : 0) * anorm * rn * dim + floor_;
    long double q = num == 0 ? 0 : num / allowed;
    if (!(q <= worst)) worst = q;
  }
  ld_free(&ax), ld_free(&r), ld_free(&ahr);
  return (double)worst;
}

/* The routines' X is V^ y, V^ (nearly unitary) the right singular vectors of A + E kept by
 * their truncation and ||E||_2 <= E = eps' ||A|| + floor, eps' and floor as in
 * lapack_check_least_squares (a backward-stable SVD; anorm = max(||A||_1, ||A||_inf) >=
 * ||A||_2). Weyl moves each singular value by E at most, and the routines' threshold
 * rcond s^_1 (rounded, and with "machine precision" DLAMCH('P') = 2u in dgelss.f:384 but
 * DLAMCH('E') = u in dlalsd.f:237 for rcond < 0) lies within (1 + rcond)(E + u s_1) of
 * tau = rcond s_1. So the truncation is ambiguous ("close") when one of the min(m, n)
 * singular values lies within eta = (1 + rcond)(E + u s_1) of tau: the routines may keep it
 * or not, and keeping it legitimately puts a component of any size along its vector; then the
 * check does not apply. Otherwise they keep the same r values, or fewer (dgelss's THR is at
 * least SFMIN), and Wedin's sin theta theorem (Stewart and Sun, Thm V.4.4) bounds the part of
 * span(V^) outside span(V_r) by E / gap, gap = s_r - s_{r+1} - E > 0 (s_{r+1} = 0 past
 * min(m, n)). Forming X = V^ y adds eps' ||y|| for V^'s distance to unitary and the product's
 * rounding, and ||y|| = ||x|| to first order: the part of x_j outside span(V_r) is at most
 * (E / gap + 2 eps') ||x_j||_2 + floor (floor: X rounded into the subnormal grid). The
 * oracle's own SVD in long double (u = 2^-64) errs by far less than E (eps' >= 30 * 2^-53). */
void lapack_row_space_derive(lapack_row_space *rs, const ld_mat *a, int trans, size_t nrhs,
                             long double rcond, long double eps, long double tiny) {
  size_t n = trans ? a->rows : a->cols, k = a->rows < a->cols ? a->rows : a->cols;
  ld_mat id = ld_identity(n, a->cplx);
  ld_mat opa = ld_mul(a, trans ? 'C' : 'N', &id, 'N', 0);
  long double *s = calloc(n + 1, sizeof *s);
  rs->order = calloc(n + 1, sizeof *rs->order);
  if (!s || !rs->order) abort();
  int converged = ld_jacobi_svd(&opa, &rs->v, s);
  size_t *order = rs->order;
  for (size_t i = 0; i < n; i++) { /* order: indices by descending s (insertion sort) */
    size_t j = i;
    for (; j > 0 && s[order[j - 1]] < s[i]; j--) order[j] = order[j - 1];
    order[j] = i;
  }
  long double an = ld_norm1(a), ai = ld_norm_inf(a), anorm = an > ai ? an : ai;
  size_t dim = a->rows > a->cols ? a->rows : a->cols;
  if (nrhs > dim) dim = nrhs;
  rs->epsp = LIN_THRESHOLD * dim * eps, rs->floor = n * underflow_floor(dim, tiny, NULL, NULL, NULL);
  long double s1 = n ? s[order[0]] : 0, tau = rcond * s1, e = rs->epsp * anorm + rs->floor;
  long double eta = (1 + rcond) * (e + eps * s1);
  rs->r = 0;
  rs->ambiguous = !converged;
  for (size_t i = 0; i < k; i++) {
    rs->ambiguous |= fabsl(s[order[i]] - tau) <= eta;
    rs->r += s[order[i]] > tau;
  }
  size_t r = rs->r;
  rs->spread = r == 0 ? 0 : e / (s[order[r - 1]] - (r < k ? s[order[r]] : 0) - e);
  free(s);
  ld_free(&id), ld_free(&opa);
}

void lapack_row_space_free(lapack_row_space *rs) {
  ld_free(&rs->v);
  free(rs->order);
  rs->order = NULL;
}

double lapack_check_minimum_norm(const lapack_row_space *rs, const ld_mat *x) {
  const ld_mat *v = &rs->v;
  size_t n = x->rows;
  long double worst = rs->ambiguous ? -1 : 0;
  for (size_t j = 0; !rs->ambiguous && j < x->cols; j++) {
    long double out2 = 0, xn = 0; /* ||V_2^H x_j||^2 over the discarded vectors, ||x_j|| */
    for (size_t t = rs->r; t < n; t++) {
      long double cr = 0, ci = 0; /* v^H x_j */
      for (size_t i = 0; i < n; i++) {
        size_t av = LD_AT(v, i, rs->order[t]), ax = LD_AT(x, i, j);
        long double vr = v->re[av], vi = v->im ? v->im[av] : 0, xr = x->re[ax], xi = x->im ? x->im[ax] : 0;
        cr += vr * xr + vi * xi, ci += vr * xi - vi * xr;
      }
      out2 += cr * cr + ci * ci;
    }
    for (size_t i = 0; i < n; i++) xn += ld_modulus(x, i, j) * ld_modulus(x, i, j);
    long double out = sqrtl(out2), allowed = (rs->spread + 2 * rs->epsp) * sqrtl(xn) + rs->floor;
    long double q = out == 0 ? 0 : out / allowed;
    if (!(q <= worst)) worst = q;
  }
  return (double)worst;
}

double lapack_check_svd(const ld_mat *a, const ld_mat *u, const long double *s, const ld_mat *vt,
                        long double eps, long double tiny) {
  ld_mat us = ld_new(u->rows, u->cols, u->cplx);
  long double floor = 0;
  for (size_t j = 0; j < u->cols; j++) {
    long double col = 0, row = 0;
    for (size_t i = 0; i < u->rows; i++) {
      us.re[LD_AT(&us, i, j)] = u->re[LD_AT(u, i, j)] * s[j];
      if (u->cplx) us.im[LD_AT(&us, i, j)] = u->im[LD_AT(u, i, j)] * s[j];
      col += ld_modulus(u, i, j);
    }
    for (size_t l = 0; l < vt->cols; l++)
      if (!(ld_modulus(vt, j, l) <= row)) row = ld_modulus(vt, j, l);
    floor += tiny / 2 * col * row;
  }
  ld_mat usv = ld_mul(&us, 'N', vt, 'N', 0);
  ld_sub(&usv, a);
  long double anorm = ld_norm1(a), dim = (long double)(a->rows > a->cols ? a->rows : a->cols);
  long double r = ld_norm1(&usv) /
                  (SVD_THRESHOLD * (anorm > 0 ? anorm : 1) * (dim > 0 ? dim : 1) * eps + floor);
  ld_free(&us), ld_free(&usv);
  return (double)r;
}
