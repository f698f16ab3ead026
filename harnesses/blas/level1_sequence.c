/* Sequential semantics of written zero-increment vectors (see level1_sequence.h).
 * axpy: the final y(1) is a sum of 1 + n (complex: 1 + 2n per part) products, bounded as
 * level1_sum_products bounds any sum of products (any order, fused or not).
 * rot and rotm: step i maps (x, y) to (h11 x + h12 y, h21 x + h22 y), where the
 * zero-increment operand is the previous step's output and the other one input element i.
 * With xt the long-double value and B a bound on |computed - xt|, one step gives
 *   B' = |h11| Bx + |h12| By + g (|h11| (|xt| + Bx) + |h12| (|yt| + By)) + 2 tiny,
 * (tiny only for a product whose factors are not exactly zero, and |h| B taken as 0 for h = 0),
 * g = gamma_2(u) + gamma_2(2^-64): the propagated errors, the step's two products and sum
 * in the precision (computed from values within B of the reference's, so at most
 * |xt| + Bx in size) and in long double, and two products that may underflow. The bound
 * is itself rounded up by a factor 1 + 2^-60 a step. Beside it each value carries what it may
 * be in the precision (finite, +Inf, -Inf, NaN: IEEE 754 6.1, 6.2, 7.2 applied step by step,
 * an overflow keeping the sign of a finite product), which is the set of non-finite results
 * its expectation allows. */
#include "level1_sequence.h"
#include <math.h>
#include <string.h>
#include "mlf_scratch.h"

typedef struct { long double re, im; } cpart;

static cpart element_of(const level1_vector *v, const blas_precision *p, int i) {
  double e[2];
  level1_vector_get(v, p, i, e);
  return (cpart){e[0], e[1]};
}

int level1_sequential(const level1_problem *pr) {
  if (pr->n <= 0) return 0;
  if (pr->family == L1(AXPY)) return pr->incy == 0;
  if (pr->family == L1(ROT) || (pr->family == L1(ROTM) && pr->param[0] != -2))
    return pr->incx == 0 || pr->incy == 0;
  return 0;
}

/* Every element of out (n logical elements, parts re and im) is e. */
static void fill_all(mlf_expect *out, int n, const mlf_expect e[2]) {
  for (int i = 0; i < n; i++) out[2 * i] = e[0], out[2 * i + 1] = e[1];
}

/* axpy with incy = 0: y(1) + alpha x(1) + ... + alpha x(n) (daxpy.f: DY(IY) = DY(IY) +
 * DA*DX(IX) in order), y(1) unchanged for alpha = 0 (the quick return). */
static void axpy_sequence(const level1_problem *pr, level1_semantics sem, mlf_expect *y_out) {
  static mlf_scratch storage;
  const blas_precision *p = &pr->p;
  int n = pr->n, cplx = p->is_complex, zp = sem == L1_COMPLEX_ALTERNATIVE;
  double ar = pr->alpha[0], ai = pr->alpha[1];
  cpart y = element_of(&pr->y, p, 0);
  mlf_expect e[2] = {{(double)y.re, 0, 0}, {(double)y.im, 0, 0}};
  if ((ar != 0 || ai != 0) || sem == L1_ZERO_ALPHA_COMPUTED) {
    double *f = mlf_scratch_get(&storage, (size_t)(2 + 4 * n) * sizeof *f);
    for (int part = 0; part < (cplx ? 2 : 1); part++) {
      int k = 0;
      f[2 * k] = 1, f[2 * k + 1] = (double)(part ? y.im : y.re), k++;
      for (int i = 0; i < n; i++) {
        cpart x = element_of(&pr->x, p, i);
        /* re: ar x.re - ai x.im; im: ar x.im + ai x.re (complex alternative: zero factors
         * give zero products) */
        double pairs[4] = {ar, (double)(part ? x.im : x.re), part ? ai : -ai, (double)(part ? x.re : x.im)};
        for (int j = 0; j < (cplx ? 2 : 1); j++) {
          if (zp && (pairs[2 * j] == 0 || pairs[2 * j + 1] == 0)) continue;
          f[2 * k] = pairs[2 * j], f[2 * k + 1] = pairs[2 * j + 1], k++;
        }
      }
      e[part] = level1_sum_products(f, k, p);
    }
  }
  fill_all(y_out, n, e);
}

/* What a value may be in the precision: finite (MAY_FINITE, within b of v) and the MLF_MAY_*
 * non-finite results. */
enum { MAY_FINITE = 16, MAY_INF = MLF_MAY_POS_INF | MLF_MAY_NEG_INF };

typedef struct {
  long double v, b; /* long-double value, bound on the precision's distance from it */
  unsigned may;
} tracked;

static tracked exact_value(long double v) {
  unsigned may = isnan(v) ? MLF_MAY_NAN
                 : isinf(v) ? (v > 0 ? MLF_MAY_POS_INF : MLF_MAY_NEG_INF) : MAY_FINITE;
  return (tracked){v, 0, may};
}

/* The infinity bit of sign(h) times the infinity bit inf. */
static unsigned signed_inf(double h, unsigned inf) {
  return signbit(h) ? (inf == MLF_MAY_POS_INF ? MLF_MAY_NEG_INF : MLF_MAY_POS_INF) : inf;
}

/* The signs (MAY_INF bits) a finite x may have: none for an exact zero, both when rounding may
 * take it across zero. */
static unsigned finite_signs(tracked x) {
  if (x.v == 0 && x.b == 0) return 0;
  if (fabsl(x.v) > x.b) return x.v > 0 ? MLF_MAY_POS_INF : MLF_MAY_NEG_INF;
  return MAY_INF;
}

/* The signs a finite h x may overflow to. */
static unsigned overflow_signs(double h, tracked x) {
  unsigned signs = finite_signs(x);
  if (!(x.may & MAY_FINITE) || h == 0 || !signs) return 0;
  return signs == MAY_INF ? MAY_INF : signed_inf(h, signs);
}

/* What h x may be for an exact h (IEEE 754-2019 6.1, 6.2, 7.2: Inf * 0 and NaN give NaN); a
 * finite product at or past limit may be an infinity of its sign. */
static unsigned product_may(double h, tracked x, long double limit) {
  if (isnan(h)) return MLF_MAY_NAN;
  unsigned r = x.may & MLF_MAY_NAN;
  for (unsigned inf = MLF_MAY_POS_INF; inf <= MLF_MAY_NEG_INF; inf <<= 1)
    if (x.may & inf) r |= h == 0 ? MLF_MAY_NAN : signed_inf(h, inf);
  if (x.may & MAY_FINITE) {
    unsigned signs = finite_signs(x);
    if (!isinf(h)) {
      r |= MAY_FINITE;
      if (!(fabsl(h) * (fabsl(x.v) + x.b) < limit)) r |= overflow_signs(h, x);
    } else if (signs == MLF_MAY_POS_INF || signs == MLF_MAY_NEG_INF) {
      r |= signed_inf(h, signs);
    } else {
      r |= signs | MLF_MAY_NAN; /* x may be zero: Inf * 0 */
    }
  }
  return r;
}

/* What a sum of parts that may be a and b may be (Inf - Inf is NaN, 7.2). */
static unsigned sum_may(unsigned a, unsigned b) {
  unsigned r = (a | b) & MLF_MAY_NAN;
  if (((a & MLF_MAY_POS_INF) && (b & MLF_MAY_NEG_INF)) ||
      ((a & MLF_MAY_NEG_INF) && (b & MLF_MAY_POS_INF)))
    r |= MLF_MAY_NAN;
  if (a & MAY_FINITE) r |= b & (MAY_INF | MAY_FINITE);
  if (b & MAY_FINITE) r |= a & MAY_INF;
  return r | (a & b & MAY_INF);
}

/* |h| times a magnitude or bound m: 0 for h = 0, whose product with a finite value is exactly
 * zero however large the value's bound has grown (a bound past the long double range is Inf,
 * and 0 * Inf would make it NaN: zdrot with c = DBL_MAX, s = 0 and n = 20). */
static long double scaled(double h, long double m) { return h == 0 ? 0 : fabsl(h) * m; }

/* One output part of a step: h1 a + h2 b (+ the complex alternative's zero products
 * z[0] o[0] + z[1] o[1], z = +-0, when o). A product that may overflow may be an infinity of
 * its sign (meeting one of the other sign: NaN); a finite sum that may overflow may be an
 * infinity of the sign of a nonzero finite product (rounding keeps signs). */
static tracked step(double h1, tracked a, double h2, tracked b, const double z[2],
                    const tracked *o, long double g, long double tiny, long double limit) {
  long double zero_terms = o ? z[0] * o[0].v + z[1] * o[1].v : 0;
  tracked r = {h1 * a.v + h2 * b.v + zero_terms, 0,
               sum_may(product_may(h1, a, limit), product_may(h2, b, limit))};
  if (o)
    r.may = sum_may(r.may, sum_may(product_may(z[0], o[0], limit), product_may(z[1], o[1], limit)));
  long double mag = scaled(h1, fabsl(a.v) + a.b) + scaled(h2, fabsl(b.v) + b.b);
  /* a product may underflow unless a factor is exactly zero (h, or a value known to be 0) */
  int underflows = (h1 != 0 && (a.v != 0 || a.b > 0)) + (h2 != 0 && (b.v != 0 || b.b > 0));
  if (isfinite(r.v))
    r.b = (scaled(h1, a.b) + scaled(h2, b.b) + g * mag + underflows * tiny) * (1 + 0x1p-60L);
  if ((r.may & MAY_FINITE) && !(mag < limit)) {
    unsigned signs = overflow_signs(h1, a) | overflow_signs(h2, b);
    r.may |= signs | (signs == MAY_INF ? MLF_MAY_NAN : 0);
  }
  return r;
}

/* rot and rotm with incx = 0 or incy = 0 (drot.f, drotm.f: both new values from the old
 * ones, the zero-increment element carried from step to step). */
static void map_sequence(const level1_problem *pr, level1_semantics sem, mlf_expect *out[2]) {
  const blas_precision *p = &pr->p;
  int n = pr->n, cplx = p->is_complex, parts = cplx ? 2 : 1;
  int zero[2] = {pr->incx == 0, pr->incy == 0};
  int alternative = cplx && sem == L1_COMPLEX_ALTERNATIVE;
  double h[4] = {pr->c, pr->s, -pr->s, pr->c};
  if (pr->family == L1(ROTM)) level1_rotm_matrix(pr, h);
  long double g = mlf_gamma(2, p->unit_roundoff) + mlf_gamma(2, 0x1p-64);
  long double limit = level1_overflow_limit(p, 2);
  const level1_vector *in[2] = {&pr->x, &pr->y};
  tracked carried[2][2]; /* [vector][part] of the zero-increment elements */
  for (int w = 0; w < 2; w++) {
    cpart v = element_of(in[w], p, 0);
    carried[w][0] = exact_value(v.re), carried[w][1] = exact_value(v.im);
  }
  mlf_expect last[2][2] = {{{0}}};
  for (int i = 0; i < n; i++) {
    tracked cur[2][2], next[2][2];
    for (int w = 0; w < 2; w++) {
      cpart v = element_of(in[w], p, i);
      cur[w][0] = zero[w] ? carried[w][0] : exact_value(v.re);
      cur[w][1] = zero[w] ? carried[w][1] : exact_value(v.im);
    }
    for (int part = 0; part < parts; part++) {
      /* the textbook product with (c, 0), (s, 0): -0 or 0 times the other part */
      double z = part ? 0.0 : -0.0, zs[2] = {z, z};
      const tracked other[2] = {cur[0][!part], cur[1][!part]}, *o = alternative ? other : NULL;
      next[0][part] = step(h[0], cur[0][part], h[1], cur[1][part], zs, o, g, p->tiny, limit);
      next[1][part] = step(h[2], cur[0][part], h[3], cur[1][part], zs, o, g, p->tiny, limit);
    }
    for (int w = 0; w < 2; w++) {
      for (int part = 0; part < parts; part++) {
        tracked t = next[w][part];
        last[w][part] = mlf_expect_exact(t.v, t.b + level1_storage_error(t.v),
                                         (int)(t.may & (MAY_INF | MLF_MAY_NAN)));
        if (zero[w]) carried[w][part] = t;
      }
      if (!zero[w] && out[w]) out[w][2 * i] = last[w][0], out[w][2 * i + 1] = last[w][1];
    }
  }
  for (int w = 0; w < 2; w++)
    if (zero[w] && out[w]) fill_all(out[w], n, last[w]);
}

void level1_expect_sequence(const level1_problem *pr, level1_semantics sem, mlf_expect *out[2]) {
  if (pr->family == L1(AXPY)) {
    if (out[1]) axpy_sequence(pr, sem, out[1]);
  } else {
    map_sequence(pr, sem, out);
  }
}

/* While a judge call holds a problem (level1_sequence_hold), each (semantics, output) chain
 * is computed once and its elements looked up, so judging all n elements of a long chain costs
 * O(n) per semantics, not O(n^2) (a rotm with n = 4096 and incx = 0 ran past the input
 * timeout). Keyed by the problem's address; the hold ends with the judge call. */
static struct {
  const level1_problem *pr;
  mlf_expect *chain[L1_SEMANTICS][2]; /* NULL until computed under this hold */
  mlf_scratch store[L1_SEMANTICS][2];
} held;

void level1_sequence_hold(const level1_problem *pr) {
  held.pr = pr;
  memset(held.chain, 0, sizeof held.chain);
}

void level1_sequence_release(void) { held.pr = NULL; }

void level1_expect_sequence_element(const level1_problem *pr, level1_semantics sem, int which,
                                    int i, mlf_expect e[2]) {
  static mlf_scratch unheld;
  int is_held = held.pr == pr;
  mlf_expect *all = is_held ? held.chain[sem][which] : NULL;
  if (!all) {
    all = mlf_scratch_get(is_held ? &held.store[sem][which] : &unheld,
                          (size_t)(2 * pr->n) * sizeof *all);
    mlf_expect *out[2] = {which ? NULL : all, which ? all : NULL};
    level1_expect_sequence(pr, sem, out);
    if (is_held) held.chain[sem][which] = all;
  }
  e[0] = all[2 * i], e[1] = all[2 * i + 1];
}
