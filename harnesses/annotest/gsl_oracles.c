/* The GSL target's mathematical oracles (@check functions of annotations/gsl.h). Every bound
 * is a rounding-error bound of the algorithm with u = DBL_EPSILON / 2, cited where it is
 * used; a result outside its bound is reported, never the bound widened. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/gsl.h"

#define UNIT_ROUNDOFF (DBL_EPSILON / 2)

/* Higham's gamma_k = k u / (1 - k u). */
static double gamma_k(double k) { return k * UNIT_ROUNDOFF / (1 - k * UNIT_ROUNDOFF); }

/* The model fl(x op y) = (x op y)(1 + d) + e with gradual underflow (Higham §2.1, (2.8)):
 * each product may add |e| <= DBL_TRUE_MIN besides the relative error, which the relative
 * bounds miss for subnormal data (an LU of a matrix holding 2.2e-308 missed by 1.9e-322: an
 * oracle bug the fuzzer found). An element formed with at most k products and sums gets
 * k * DBL_TRUE_MIN more; the bounds below add it with k = (n + 1)^2, covering the updates
 * an element receives during the factorisation too. */
static double underflow_slack(double n) { return (n + 1) * (n + 1) * DBL_TRUE_MIN; }

/* ---- decompositions: the factors must reconstruct the matrix ------------------------- */
/* Reconstruction is a backward-error property: it holds whatever A's condition number (the
 * condition bounds the error of a solution, not of the factorisation), so the bounds below
 * use n and u only. */

/* P A = L U where P permutes rows as gsl_permute_vector does ((P b)_i = b[p[i]], as
 * gsl_linalg_LU_solve applies it), so row i of L U is row p[i] of A. Higham, Accuracy and Stability of Numerical Algorithms (2nd ed.),
 * Thm 9.3: |L U - P A| <= gamma_n |L||U| elementwise; GSL 2.7 factorises recursively (Level-3
 * updates, lu.c LU_decomp_L3), for which Thm 13.6 gives the same form with gamma_{cn}; c = 3
 * covers the recursion's extra matrix products. */
/* Factors of a finite matrix must be finite: a NaN or infinity in them is its own finding
 * (kind nonfinite-factor), apart from a reconstruction that is merely inexact. */
static int nonfinite_factor(at_ctx *ctx, const char *what, const gsl_matrix *F) {
  for (size_t i = 0; i < F->size1; i++)
    for (size_t j = 0; j < F->size2; j++)
      if (!isfinite(gsl_matrix_get(F, i, j))) {
        at_property_failed(ctx, "nonfinite-factor", "%zu x %zu: %s[%zu][%zu] = %g from a finite matrix", F->size1,
                           F->size2, what, i, j, gsl_matrix_get(F, i, j));
        return 1;
      }
  return 0;
}

void annotest_check_LU_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_permutation *p, int *signum,
                              gsl_matrix *A0, gsl_permutation *p0, int *signum0) {
  (void)p0, (void)signum0;
  if (ret != GSL_SUCCESS || nonfinite_factor(ctx, "LU", A)) return;
  size_t n = A->size1;
  double g = gamma_k(3.0 * (double)n + 3);
  if (*signum != 1 && *signum != -1) at_property_failed(ctx, "signum", "signum = %d, not +-1", *signum);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      size_t k = p->data[i];
      double lu = 0, mag = 0, umag = 0;
      for (size_t t = 0; t <= i && t <= j; t++) {
        double l = t == i ? 1 : gsl_matrix_get(A, i, t), u = gsl_matrix_get(A, t, j);
        lu += l * u;
        mag += fabs(l * u);
        umag += fabs(u);
      }
      /* An element of L that underflowed carries its absolute error into L U times |U|
       * (l = DBL_MIN / 93.3 is subnormal: 46 DBL_TRUE_MIN off after multiplying by 93.3; an
       * oracle bug the fuzzer found), so the slack scales with 1 + sum |u_tj|. */
      double a = gsl_matrix_get(A0, k, j), err = fabs(lu - a);
      if (!(err <= g * (mag + fabs(a)) + underflow_slack((double)n) * (1 + umag))) {
        at_property_failed(ctx, "reconstruction", "n = %zu: (L U)[%zu][%zu] = %.17g but (P A) = A[%zu][%zu] = %.17g: error "
                           "%.3g > bound gamma_{3n+3} (|L||U| + |A|) = %.3g", n, i, j, lu, k, j, a, err, g * (mag + fabs(a)));
        return;
      }
    }
}

/* A x = b from the factors: the residual of the computed x against the matrix the factors
 * represent (P^T L U with L, U from LU) is bounded by Higham Thm 9.4: |b - L U x| <= gamma_{3n}
 * |L||U||x| (triangular solves, Thm 8.5) plus the rounding of forming L U x here
 * (gamma_n |L||U||x|). A component of x that underflowed carries its absolute error into
 * L U x times |L||U| (n = 1, b = 5.56e-309: x = b / u is subnormal and u x misses b by 13
 * DBL_TRUE_MIN; an oracle bug the fuzzer found), so the slack scales with 1 + (|L||U|)_i 1, as
 * the reconstruction's does. */
void annotest_check_LU_solve(at_ctx *ctx, int ret, const gsl_matrix *LU, const gsl_permutation *p, const gsl_vector *b,
                             gsl_vector *x, const gsl_matrix *LU0, const gsl_permutation *p0, const gsl_vector *b0,
                             gsl_vector *x0) {
  (void)LU0, (void)p0, (void)b0, (void)x0;
  if (ret != GSL_SUCCESS) return;
  size_t n = LU->size1;
  double g = gamma_k(4.0 * (double)n + 2);
  for (size_t i = 0; i < n; i++) { /* row i of L U x = (P b)_i = b[p[i]] */
    double r = 0, mag = 0, lu_row = 0;
    for (size_t j = 0; j < n; j++) {
      double ux = 0, umag = 0, urow = 0;
      for (size_t t = j; t < n; t++) ux += gsl_matrix_get(LU, j, t) * gsl_vector_get(x, t),
                                     umag += fabs(gsl_matrix_get(LU, j, t) * gsl_vector_get(x, t)),
                                     urow += fabs(gsl_matrix_get(LU, j, t));
      double l = j == i ? 1 : j < i ? gsl_matrix_get(LU, i, j) : 0;
      r += l * ux;
      mag += fabs(l) * umag;
      lu_row += fabs(l) * urow;
    }
    size_t k = p->data[i];
    double bi = gsl_vector_get(b, k), err = fabs(r - bi);
    double slack = underflow_slack((double)n) * (1 + lu_row);
    if (!isfinite(r) || !(err <= g * mag + g * fabs(bi) + slack)) {
      at_property_failed(ctx, "residual", "n = %zu: (L U x)[%zu] = %.17g but (P b)[%zu] = %.17g: residual %.3g > bound "
                         "gamma_{4n+2} (|L||U||x| + |b|) = %.3g", n, i, r, i, bi, err, g * mag + g * fabs(bi));
      return;
    }
  }
}

/* Frobenius norm of A - B C (B m x k, C k x n) and of A. */
static double product_error(const gsl_matrix *A, const gsl_matrix *B, const gsl_matrix *C, double *norm_a) {
  double err = 0, na = 0;
  for (size_t i = 0; i < A->size1; i++)
    for (size_t j = 0; j < A->size2; j++) {
      double s = 0;
      for (size_t t = 0; t < B->size2; t++) s += gsl_matrix_get(B, i, t) * gsl_matrix_get(C, t, j);
      double a = gsl_matrix_get(A, i, j);
      err += (a - s) * (a - s);
      na += a * a;
    }
  *norm_a = sqrt(na);
  return sqrt(err);
}

/* A = Q R. Higham Thm 19.4: Householder QR has a backward error ||Delta a_j|| <= gamma~_{mn}
 * ||a_j|| per column with gamma~_k = c k u for a small constant c; forming Q from the
 * reflectors (Lemma 19.3) and the product Q R here add terms of the same form. The bound
 * takes c = 16 on the whole: ||A - Q R||_F <= 16 m n u ||A||_F. */
void annotest_check_QR_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_vector *tau, gsl_matrix *A0, gsl_vector *tau0) {
  (void)tau0;
  if (ret != GSL_SUCCESS) return;
  size_t m = A->size1, n = A->size2;
  gsl_matrix *Q = gsl_matrix_alloc(m, m), *R = gsl_matrix_alloc(m, n);
  if (gsl_linalg_QR_unpack(A, tau, Q, R) == GSL_SUCCESS) {
    double na, err = product_error(A0, Q, R, &na);
    double bound = 16.0 * (double)(m * n) * UNIT_ROUNDOFF * na + (double)(m * n) * underflow_slack((double)(m + n));
    if (!(err <= bound))
      at_property_failed(ctx, "reconstruction", "%zu x %zu: ||A - Q R||_F = %.3g > bound 16 m n u ||A||_F = %.3g", m, n,
                         err, bound);
  } else {
    at_property_failed(ctx, "unpack", "gsl_linalg_QR_unpack failed on the result of gsl_linalg_QR_decomp");
  }
  gsl_matrix_free(Q);
  gsl_matrix_free(R);
}

/* A = L L^T. Higham Thm 10.3: |L L^T - A| <= gamma_{n+1} |L||L^T| elementwise; GSL 2.7's
 * cholesky_decomp1 is recursive (Level-3), so gamma_{3(n+1)} as for LU. */
void annotest_check_cholesky_decomp1(at_ctx *ctx, int ret, gsl_matrix *A, gsl_matrix *A0) {
  if (ret != GSL_SUCCESS) return;
  size_t n = A->size1;
  double g = gamma_k(3.0 * (double)(n + 1));
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j <= i; j++) {
      double s = 0, mag = 0;
      for (size_t t = 0; t <= j; t++) {
        double v = gsl_matrix_get(A, i, t) * gsl_matrix_get(A, j, t);
        s += v;
        mag += fabs(v);
      }
      double a = gsl_matrix_get(A0, i, j);
      if (!(fabs(s - a) <= g * mag + underflow_slack((double)n))) {
        at_property_failed(ctx, "reconstruction", "n = %zu: (L L^T)[%zu][%zu] = %.17g but A = %.17g: error %.3g > "
                           "gamma_{3(n+1)} |L||L^T| = %.3g", n, i, j, s, a, fabs(s - a), g * mag);
        return;
      }
    }
}

/* A = U S V^T with S >= 0 in decreasing order (manual). Golub-Reinsch SVD is backward stable
 * (Higham §20.1; Golub and Van Loan 4th ed. §8.6.3): ||A - U S V^T||_F <= p(m, n) u ||A||_F,
 * with p of order m n for the bidiagonalisation and the QR sweeps; the bound takes 32 m n. */
void annotest_check_SV_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_matrix *V, gsl_vector *S, gsl_vector *work,
                              gsl_matrix *A0, gsl_matrix *V0, gsl_vector *S0, gsl_vector *work0) {
  (void)work, (void)V0, (void)S0, (void)work0;
  if (ret != GSL_SUCCESS || nonfinite_factor(ctx, "U", A) || nonfinite_factor(ctx, "V", V)) return;
  size_t m = A->size1, n = A->size2;
  for (size_t j = 0; j < n; j++)
    if (!(gsl_vector_get(S, j) >= 0) || (j && gsl_vector_get(S, j) > gsl_vector_get(S, j - 1))) {
      at_property_failed(ctx, "singular-values", "S[%zu] = %.17g: not non-negative and decreasing", j, gsl_vector_get(S, j));
      return;
    }
  gsl_matrix *US = gsl_matrix_alloc(m, n), *VT = gsl_matrix_alloc(n, n);
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++) gsl_matrix_set(US, i, j, gsl_matrix_get(A, i, j) * gsl_vector_get(S, j));
  gsl_matrix_transpose_memcpy(VT, V);
  double na, err = product_error(A0, US, VT, &na);
  double bound = 32.0 * (double)(m * n) * UNIT_ROUNDOFF * na + (double)(m * n) * underflow_slack((double)(m + n));
  if (!(err <= bound))
    at_property_failed(ctx, "reconstruction", "%zu x %zu: ||A - U S V^T||_F = %.3g > bound 32 m n u ||A||_F = %.3g", m, n,
                       err, bound);
  gsl_matrix_free(US);
  gsl_matrix_free(VT);
}

/* ---- sorting: sorted, and a permutation of the input ----------------------------------- */

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The n strided elements of data, sorted here by qsort (the reference order). */
static double *sorted_copy(const double *data, size_t stride, size_t n) {
  double *s = malloc((n ? n : 1) * sizeof *s);
  for (size_t i = 0; i < n; i++) s[i] = data[i * stride];
  qsort(s, n, sizeof *s, ascending);
  return s;
}

void annotest_check_sort(at_ctx *ctx, double *data, size_t stride, size_t n, double *data0, size_t stride0, size_t n0) {
  (void)stride0, (void)n0;
  double *want = sorted_copy(data0, stride, n);
  for (size_t i = 0; i < n; i++)
    if (data[i * stride] != want[i]) {
      at_property_failed(ctx, "order", "n = %zu stride %zu: element %zu is %.17g, the sorted input has %.17g", n, stride, i,
                         data[i * stride], want[i]);
      break;
    }
  for (size_t j = 0; n && j < (n - 1) * stride + 1; j++)
    if (j % stride && memcmp(&data[j], &data0[j], sizeof *data) != 0) {
      at_property_failed(ctx, "stride", "n = %zu stride %zu: gsl_sort changed data[%zu], between the strided elements", n,
                         stride, j);
      break;
    }
  free(want);
}

void annotest_check_sort_index(at_ctx *ctx, size_t *p, const double *data, size_t stride, size_t n, size_t *p0,
                               const double *data0, size_t stride0, size_t n0) {
  (void)p0, (void)data0, (void)stride0, (void)n0;
  unsigned char *seen = calloc(n ? n : 1, 1);
  for (size_t i = 0; i < n; i++) {
    if (p[i] >= n || seen[p[i]]++) {
      at_property_failed(ctx, "permutation", "n = %zu: p[%zu] = %zu repeats or is out of range", n, i, p[i]);
      break;
    }
    if (i && data[p[i] * stride] < data[p[i - 1] * stride]) {
      at_property_failed(ctx, "order", "n = %zu: data[p[%zu]] = %.17g < data[p[%zu]] = %.17g", n, i, data[p[i] * stride],
                         i - 1, data[p[i - 1] * stride]);
      break;
    }
  }
  free(seen);
}

/* dest must hold the k smallest (largest: from the top) of the sorted input, in order. */
static void check_selection(at_ctx *ctx, const double *dest, size_t k, const double *src, size_t stride, size_t n,
                            int largest) {
  double *want = sorted_copy(src, stride, n);
  for (size_t i = 0; i < k; i++) {
    double w = largest ? want[n - 1 - i] : want[i];
    if (dest[i] != w) {
      at_property_failed(ctx, "selection", "k = %zu of n = %zu: dest[%zu] = %.17g, the sorted input gives %.17g", k, n, i,
                         dest[i], w);
      break;
    }
  }
  free(want);
}

void annotest_check_sort_smallest(at_ctx *ctx, int ret, double *dest, size_t k, const double *src, size_t stride,
                                  size_t n, double *dest0, size_t k0, const double *src0, size_t stride0, size_t n0) {
  (void)dest0, (void)k0, (void)src0, (void)stride0, (void)n0;
  if (ret == GSL_SUCCESS) check_selection(ctx, dest, k, src, stride, n, 0);
}

void annotest_check_sort_largest(at_ctx *ctx, int ret, double *dest, size_t k, const double *src, size_t stride,
                                 size_t n, double *dest0, size_t k0, const double *src0, size_t stride0, size_t n0) {
  (void)dest0, (void)k0, (void)src0, (void)stride0, (void)n0;
  if (ret == GSL_SUCCESS) check_selection(ctx, dest, k, src, stride, n, 1);
}

/* ---- interpolation: the interpolant passes through its knots ---------------------------- */
/* At a knot x_i with i < size - 1 every GSL type evaluates y_i + 0 * (...): exactly y_i. At
 * the last knot it evaluates the last interval's cubic y_lo + h (b + h (c + h d)) at its
 * right end; for every type (linear, cspline, akima, steffen) the coefficients are built in
 * Hermite form so that this sum equals y_hi for any slopes, so errors in the slopes cancel
 * and only the rounding of the coefficient formulas and of Horner's scheme remains: about ten
 * operations on terms bounded by T = |y_lo| + h |b| + h^2 |c| + h^3 |d| (b, c, d from GSL's
 * own derivatives at the interval's ends), each with relative error u; the bound is 32 u T. */
static void check_knots(at_ctx *ctx, const gsl_interp *interp, const double *xa, const double *ya, size_t size) {
  for (size_t i = 0; i < size; i++) {
    double y = NAN;
    int status = gsl_interp_eval_e(interp, xa, ya, xa[i], NULL, &y);
    if (i + 1 < size && (status != GSL_SUCCESS || y != ya[i])) {
      at_property_failed(ctx, "knot", "%s, size %zu: s(x[%zu] = %.17g) = %.17g (status %d) instead of y = %.17g",
                         gsl_interp_name(interp), size, i, xa[i], y, status, ya[i]);
      return;
    }
    if (i + 1 < size) continue;
    double lo = xa[size - 2], h = xa[size - 1] - lo, b = 0, c0 = 0, c1 = 0;
    gsl_interp_eval_deriv_e(interp, xa, ya, lo, NULL, &b);
    gsl_interp_eval_deriv2_e(interp, xa, ya, lo, NULL, &c0);
    gsl_interp_eval_deriv2_e(interp, xa, ya, xa[size - 1], NULL, &c1);
    double T = fabs(ya[size - 2]) + h * fabs(b) + h * h * fabs(c0 / 2) + h * h * fabs((c1 - c0) / 6);
    /* With subnormal knot values each coefficient may also be off by a few DBL_TRUE_MIN
     * (gradual underflow, as above), which Horner's scheme multiplies by h, h^2, h^3: a
     * steffen spline through ya = -4.9e-324 missed its last knot by 4.9e-324 against a
     * relative bound that had underflowed to 0 (an oracle bug the fuzzer found). */
    double bound = 32 * UNIT_ROUNDOFF * T + 32 * DBL_TRUE_MIN * (1 + h + h * h + h * h * h);
    if (status != GSL_SUCCESS || !(fabs(y - ya[i]) <= bound))
      at_property_failed(ctx, "knot", "%s, size %zu: s(last knot %.17g) = %.17g (status %d) instead of %.17g: error %.3g "
                         "> bound 32 u T = %.3g", gsl_interp_name(interp), size, xa[i], y, status, ya[i],
                         fabs(y - ya[i]), bound);
  }
}

void annotest_check_interp_init(at_ctx *ctx, int ret, gsl_interp *obj, const double *xa, const double *ya, size_t size,
                                gsl_interp *obj0, const double *xa0, const double *ya0, size_t size0) {
  (void)obj0, (void)xa0, (void)ya0, (void)size0;
  if (ret == GSL_SUCCESS) check_knots(ctx, obj, xa, ya, size);
}

void annotest_check_spline_init(at_ctx *ctx, int ret, gsl_spline *spline, const double *xa, const double *ya,
                                size_t size, gsl_spline *spline0, const double *xa0, const double *ya0, size_t size0) {
  (void)xa, (void)ya, (void)spline0, (void)xa0, (void)ya0, (void)size0;
  if (ret == GSL_SUCCESS) check_knots(ctx, spline->interp, spline->x, spline->y, size);
}

/* Inside the knots the value is finite, and at a knot it is the knot's value (above). */
void annotest_check_spline_eval_e(at_ctx *ctx, int ret, const gsl_spline *spline, double x, gsl_interp_accel *a,
                                  double *y, const gsl_spline *spline0, double x0, gsl_interp_accel *a0, double *y0) {
  (void)a, (void)spline0, (void)x0, (void)a0, (void)y0;
  if (ret != GSL_SUCCESS) return;
  if (!isfinite(*y)) at_property_failed(ctx, "nonfinite", "s(%.17g) = %g inside the knots", x, *y);
  check_knots(ctx, spline->interp, spline->x, spline->y, spline->size);
}

/* ---- root finding and minimisation: the bracket keeps the planted root / minimum -------- */

typedef struct {
  gsl_function f;
  double center, curvature;
} planted_view; /* the layout of gsl_objects.c's planted_function */

/* f's sign is exactly sign(x - root) (x - root is exact near the root by Sterbenz's lemma
 * and 1 + c x^2 > 0), so a bracketing solver's interval must contain root after every
 * iteration (manual, Root Bracketing Algorithms: "the root is always bracketed"). */
void annotest_check_root_iterate(at_ctx *ctx, int ret, gsl_root_fsolver *s, gsl_root_fsolver *s0) {
  (void)s0;
  const planted_view *pf = (const planted_view *)s->function;
  for (int it = 0; ret == GSL_SUCCESS && it < 100; it++) {
    double lo = gsl_root_fsolver_x_lower(s), hi = gsl_root_fsolver_x_upper(s);
    if (!(lo <= pf->center && pf->center <= hi)) {
      at_property_failed(ctx, "bracket", "%s: after %d more iterations the bracket [%.17g, %.17g] lost the root %.17g",
                         gsl_root_fsolver_name(s), it, lo, hi, pf->center);
      return;
    }
    if (gsl_root_test_interval(lo, hi, 0, 1e-13) == GSL_SUCCESS) return;
    ret = gsl_root_fsolver_iterate(s);
  }
  if (ret != GSL_SUCCESS)
    at_property_failed(ctx, "iterate", "%s: a later iteration returned %d", gsl_root_fsolver_name(s), ret);
}

/* After set the minimizer reports the given points; iterating keeps the minimum inside the
 * bracket. In floating point f is not strictly unimodal: (x - m)^2 underflows to 0 for
 * |x - m| below about 1.5e-154, so every such x is a minimum (the first version of this
 * oracle demanded m itself and reported brent for a bracket ending 2e-299 from m = 2.2e-308:
 * an oracle bug). Computed f is nondecreasing in |x - m|, so the bracket holds a minimum
 * point exactly when it holds m or f is 0 at its end nearest m. A miss below
 * DBL_EPSILON max(|lo|, |hi|) is below the bracket's own resolution (brent.c steps by at
 * least GSL_SQRT_DBL_EPSILON |z| around its estimate z, so an end at 0 cannot approach
 * m = -1.2e-81 further; a second run found that one) and is not reported. */
void annotest_check_min_set(at_ctx *ctx, int ret, gsl_min_fminimizer *s, gsl_function *f, double x_minimum,
                            double x_lower, double x_upper, gsl_min_fminimizer *s0, gsl_function *f0,
                            double x_minimum0, double x_lower0, double x_upper0) {
  (void)s0, (void)f0, (void)x_minimum0, (void)x_lower0, (void)x_upper0;
  if (ret != GSL_SUCCESS) return;
  if (gsl_min_fminimizer_x_minimum(s) != x_minimum || gsl_min_fminimizer_x_lower(s) != x_lower ||
      gsl_min_fminimizer_x_upper(s) != x_upper) {
    at_property_failed(ctx, "set", "the minimizer does not report the points it was set with");
    return;
  }
  double m = ((const planted_view *)f)->center;
  for (int it = 0; it < 100; it++) {
    int status = gsl_min_fminimizer_iterate(s);
    double lo = gsl_min_fminimizer_x_lower(s), hi = gsl_min_fminimizer_x_upper(s);
    if (status != GSL_SUCCESS) {
      at_property_failed(ctx, "iterate", "%s: iteration %d returned %d", gsl_min_fminimizer_name(s), it, status);
      return;
    }
    double nearest = m < lo ? lo : hi, inward = nextafter(nearest, m < lo ? hi : lo);
    double resolution = DBL_EPSILON * fmax(fabs(lo), fabs(hi));
    /* The computed f may be flat where the exact one is not (x - m rounds to -m for every x
     * below eps |m|): a minimizer that meets f(u) == f(z) keeps the bracket end z and may drop
     * the minimum behind it (brent lost m = -9.9e-38 behind the end 0, where f(0) equals f of
     * the next doubles: an oracle bug the fuzzer found). Only a bracket end where the computed
     * f still falls toward the minimum is a lost minimum. */
    int flat_end = GSL_FN_EVAL(f, nearest) == GSL_FN_EVAL(f, inward);
    if (!(lo <= m && m <= hi) && !(GSL_FN_EVAL(f, nearest) == 0) && !flat_end && !(fabs(nearest - m) <= resolution)) {
      at_property_failed(ctx, "bracket", "%s: after %d iterations the bracket [%.17g, %.17g] lost the minimum %.17g",
                         gsl_min_fminimizer_name(s), it + 1, lo, hi, m);
      return;
    }
    if (gsl_min_test_interval(lo, hi, 0, 1e-10) == GSL_SUCCESS) return;
  }
}
