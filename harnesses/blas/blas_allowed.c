/* Allowed non-finite results of sums of products (see blas_allowed.h). */
#include "blas_allowed.h"
#include <math.h>
#include "mlf_scratch.h"

/* MLF_MAY_* bit of a sign: the sign bit of x. */
static int sign_bit(long double x) { return signbit(x) ? MLF_MAY_NEG_INF : MLF_MAY_POS_INF; }

int blas_allowed_sum_of_products(const double *f, int k, int overflow) {
  int infinite = 0, finite = 0; /* MLF_MAY_*_INF bits of the infinite and nonzero finite terms */
  for (int j = 0; j < k; j++) {
    long double a = f[2 * j], b = f[2 * j + 1], t = a * b;
    if (isnan(t)) return 0; /* a NaN factor or Inf x 0: NaN in every order */
    if (isinf(t)) infinite |= sign_bit(t);
    else if (t != 0) finite |= sign_bit(t);
  }
  int both = MLF_MAY_POS_INF | MLF_MAY_NEG_INF;
  if (!overflow || infinite == both) return 0;
  int signs = infinite ? infinite : finite, opposite = (infinite | finite) == both;
  return signs | (opposite ? MLF_MAY_NAN : 0);
}

/* A real part as a kernel in the target precision computes it: v (long double, as if exact)
 * with |computed - v| <= err while v is finite (err 0: exact in any order). pos and neg bound
 * the positive and the negative finite real products (with their errors) it adds up: a kernel
 * may associate them in any order, keeping the component products of the complex terms in
 * separate accumulators too, so a partial sum can reach pos or -neg although v is far smaller
 * (or is infinite through other products). */
typedef struct {
  long double v, err, pos, neg;
} tracked;
/* A complex intermediate; wild: rounding may already have made it any non-finite value. */
typedef struct {
  tracked re, im;
  int wild;
} tcomplex;

/* v within err, one real product (or an input) to the sums it enters. */
static tracked atom(long double v, long double err) {
  if (!isfinite(v)) return (tracked){v, 0, 0, 0};
  return (tracked){v, err, (v > 0 ? v : 0) + err, (v < 0 ? -v : 0) + err};
}

static int exact_zero(tracked a) { return a.v == 0 && a.err == 0; }
/* Rounding may take a to zero or to the other sign. */
static int fragile(tracked a) { return isfinite(a.v) && a.err > 0 && fabsl(a.v) <= a.err; }
static int may_overflow(tracked a, const blas_precision *p) {
  return isfinite(a.v) && fabsl(a.v) + a.err >= p->max;
}

/* a b in the target precision (zero_parts: 0 for an exact zero factor); sets *wild when a
 * fragile factor meets an infinity or the product may overflow. */
static tracked product(tracked a, tracked b, int zero_parts, const blas_precision *p, int *wild) {
  if (zero_parts && (exact_zero(a) || exact_zero(b))) return atom(0, 0);
  if ((fragile(a) && isinf(b.v)) || (fragile(b) && isinf(a.v))) *wild = 1;
  long double v = a.v * b.v;
  if (!isfinite(v) || exact_zero(a) || exact_zero(b)) return atom(v, 0);
  long double ma = fabsl(a.v) + a.err, mb = fabsl(b.v) + b.err;
  tracked r = atom(v, fabsl(a.v) * b.err + fabsl(b.v) * a.err + a.err * b.err +
                          (p->unit_roundoff + 0x1p-64L) * ma * mb + p->tiny);
  if (may_overflow(r, p)) *wild = 1;
  return r;
}

/* The sum of n parts in any association: within gamma_{n-1}(u) of the sum of magnitudes
 * (Higham 4.2), plus the parts' own errors and the long double's rounding. Sets *wild when
 * the sum, or a partial sum of the finite products in some association (up to pos or -neg,
 * grown by the rounding of the additions), may overflow: even an infinite part then leaves the
 * class open (Inf + an overflow of the other sign is NaN). */
static tracked sum(const tracked *t, size_t n, const blas_precision *p, int *wild) {
  long double v = 0, err = 0, mag = 0, pos = 0, neg = 0;
  for (size_t i = 0; i < n; i++) {
    v += t[i].v;
    if (isfinite(t[i].v)) err += t[i].err, mag += fabsl(t[i].v) + t[i].err;
    pos += t[i].pos, neg += t[i].neg;
  }
  double additions = n ? (double)(n - 1) : 0;
  long double g = mlf_gamma(additions, p->unit_roundoff) + mlf_gamma(additions, 0x1p-64);
  if ((pos > neg ? pos : neg) * (1 + g) >= p->max) *wild = 1;
  /* an infinite sum keeps its finite products' pos and neg: in the sum it enters next they may
   * meet other terms first (OpenBLAS's SkylakeX cgemm kernel adds C to alpha_i S_re before
   * alpha_r S_im: vfmaddsub213ps), where a partial sum of one sign may overflow */
  if (!isfinite(v)) return (tracked){v, 0, pos, neg};
  tracked r = {v, err + g * mag, pos, neg};
  if (may_overflow(r, p)) *wild = 1;
  return r;
}

static tracked negated(tracked a) { return (tracked){-a.v, a.err, a.neg, a.pos}; }

/* The textbook product (xr yr - xi yi, xr yi + xi yr). */
static tcomplex cmul(tcomplex x, tcomplex y, int zero_parts, const blas_precision *p) {
  int wild = x.wild || y.wild;
  tracked re[2] = {product(x.re, y.re, zero_parts, p, &wild),
                   negated(product(x.im, y.im, zero_parts, p, &wild))};
  tracked im[2] = {product(x.re, y.im, zero_parts, p, &wild),
                   product(x.im, y.re, zero_parts, p, &wild)};
  tcomplex r = {sum(re, 2, p, &wild), sum(im, 2, p, &wild), 0};
  r.wild = wild;
  return r;
}

static tcomplex input(blas_cld x) { return (tcomplex){atom(x.re, 0), atom(x.im, 0), 0}; }

/* The orders of the products: alpha (sum x y), sum alpha (x y), sum x y without alpha (a unit
 * alpha left out), sum (alpha x) y, sum (alpha y) x, and the reference's split (alpha times the
 * partial sum of some x y, the other terms alpha times one factor first). The allowed set is
 * their union; a caller that asks only about some results stops at the first order that gives
 * them, so the three that reuse the products x y come before those forming more per term. */
enum { ALPHA_OF_SUM, ALPHA_EACH, ALPHA_LEFT_OUT, ALPHA_X_FIRST, ALPHA_Y_FIRST, REFERENCE_SPLIT,
       ORDERS };

/* Term l of the sum under order (x y for ALPHA_OF_SUM, where alpha comes after the sum); xy
 * holds every term's x y, which three of the orders share. */
static tcomplex term(const blas_complex_element *e, const tcomplex *xy, int order, size_t l) {
  int zp = e->zero_parts;
  tcomplex a = input(e->alpha), x = input(e->x[l]), y = input(e->y[l]);
  switch (order) {
    case ALPHA_X_FIRST: return cmul(cmul(a, x, zp, e->p), y, zp, e->p);
    case ALPHA_Y_FIRST: return cmul(cmul(a, y, zp, e->p), x, zp, e->p);
    case ALPHA_EACH: return cmul(a, xy[l], zp, e->p);
    case REFERENCE_SPLIT: /* a term outside the partial sum */
      return cmul(cmul(a, e->split_alpha_left ? x : y, zp, e->p), e->split_alpha_left ? y : x, zp, e->p);
    default: return xy[l];
  }
}

/* The classes of both parts of the element under one order, and beta multiplied or (a unit
 * beta) left out, added to allowed as MLF_MAY_* bits. Under product-times-unit the products
 * are summed first and the sum multiplied by (1, 0), then beta c added. */
static void add_order(const blas_complex_element *e, const tcomplex *xy, int order,
                      int beta_left_out, tracked *re, tracked *im, tracked *partial,
                      int allowed[2]) {
  const blas_precision *p = e->p;
  size_t n = 0, n_partial = 0;
  tracked *partial_re = partial, *partial_im = partial + e->k + 1;
  int wild = 0;
  tcomplex products_sum = input((blas_cld){0, 0});
  int every = MLF_MAY_POS_INF | MLF_MAY_NEG_INF | MLF_MAY_NAN;
  for (size_t l = 0; e->products && l < e->k; l++) {
    int in_partial = order == REFERENCE_SPLIT && e->in_partial_sum[l];
    tcomplex t = in_partial ? xy[l] : term(e, xy, order, l);
    if (t.wild) { /* both parts may end as anything: the rest cannot narrow it */
      allowed[0] = allowed[1] = every;
      return;
    }
    if (in_partial) partial_re[n_partial] = t.re, partial_im[n_partial] = t.im, n_partial++;
    else re[n] = t.re, im[n] = t.im, n++;
  }
  if (order == REFERENCE_SPLIT && e->products) { /* ALPHA*TEMP2, TEMP2 = ZERO when empty */
    tcomplex s = {sum(partial_re, n_partial, p, &wild), sum(partial_im, n_partial, p, &wild), wild};
    s = cmul(input(e->alpha), s, e->zero_parts, p);
    wild |= s.wild, re[n] = s.re, im[n] = s.im, n++;
  }
  if ((order == ALPHA_OF_SUM || e->product_times_unit) && n) {
    products_sum = (tcomplex){sum(re, n, p, &wild), sum(im, n, p, &wild), wild};
    if (order == ALPHA_OF_SUM) products_sum = cmul(input(e->alpha), products_sum, e->zero_parts, p);
    if (e->product_times_unit)
      products_sum = cmul(input((blas_cld){1, 0}), products_sum, e->zero_parts, p);
    wild |= products_sum.wild, re[0] = products_sum.re, im[0] = products_sum.im, n = 1;
  }
  if (e->with_beta) {
    tcomplex bc = beta_left_out ? input(e->c) : cmul(input(e->beta), input(e->c), e->zero_parts, p);
    wild |= bc.wild, re[n] = bc.re, im[n] = bc.im, n++;
  }
  tracked part[2] = {sum(re, n, p, &wild), sum(im, n, p, &wild)};
  for (int q = 0; q < 2; q++) {
    long double v = part[q].v;
    if (wild) allowed[q] = every;
    else if (isnan(v)) allowed[q] |= MLF_MAY_NAN;
    else if (isinf(v)) allowed[q] |= sign_bit(v);
  }
}

int blas_allowed_holds(const int allowed[2], const int *need) {
  return need && (allowed[0] & need[0]) == need[0] && (allowed[1] & need[1]) == need[1];
}

int blas_complex_allowed(const blas_complex_element *e, const int *need, int allowed[2]) {
  static mlf_scratch storage, products;
  /* re and im: the terms, alpha times the partial sum, and beta c; partial: its terms */
  tracked *re = mlf_scratch_get(&storage, 4 * (e->k + 2) * sizeof *re), *im = re + e->k + 2;
  tracked *partial = im + e->k + 2;
  tcomplex *xy = mlf_scratch_get(&products, (e->k ? e->k : 1) * sizeof *xy);
  for (size_t l = 0; e->products && l < e->k; l++)
    xy[l] = cmul(input(e->x[l]), input(e->y[l]), e->zero_parts, e->p);
  int unit_alpha = e->alpha.re == 1 && e->alpha.im == 0;
  int unit_beta = e->with_beta && e->beta.re == 1 && e->beta.im == 0;
  allowed[0] = allowed[1] = 0;
  int every = MLF_MAY_POS_INF | MLF_MAY_NEG_INF | MLF_MAY_NAN;
  for (int order = 0; order < ORDERS; order++) {
    if (allowed[0] == every && allowed[1] == every) return 1;
    if (blas_allowed_holds(allowed, need)) return 0;
    if ((order == ALPHA_LEFT_OUT && !unit_alpha) || (order == REFERENCE_SPLIT && !e->in_partial_sum))
      continue;
    for (int beta_left_out = 0; beta_left_out <= unit_beta; beta_left_out++)
      add_order(e, xy, order, beta_left_out, re, im, partial, allowed);
  }
  return 1;
}
