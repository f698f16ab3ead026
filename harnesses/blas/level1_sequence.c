/* Sequential semantics of written zero-increment vectors (see level1_sequence.h).
 * axpy: the final y(1) is a sum of 1 + n (complex: 1 + 2n per part) products, bounded as
 * level1_sum_products bounds any sum of products (any order, fused or not).
 * rot and rotm: step i maps (x, y) to (h11 x + h12 y, h21 x + h22 y), where the
 * zero-increment operand is the previous step's output and the other one input element i.
 * With xt the long-double value and B a bound on |computed - xt|, one step gives
 *   B' = |h11| Bx + |h12| By + g (|h11| (|xt| + Bx) + |h12| (|yt| + By)) + 2 tiny,
 * g = gamma_2(u) + gamma_2(2^-64): the propagated errors, the step's two products and sum
 * in the precision (computed from values within B of the reference's, so at most
 * |xt| + Bx in size) and in long double, and two products that may underflow. The bound
 * is itself rounded up by a factor 1 + 2^-60 a step. Once |xt| + B may reach the overflow
 * threshold, every later value may be non-finite. */
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

typedef struct {
  long double v, b; /* long-double value, bound on the precision's distance from it */
} tracked;

/* One output part of a step: h1 a + h2 b (+ the complex alternative's zero products). */
static tracked step(double h1, tracked a, double h2, tracked b, long double zero_terms,
                    long double g, long double tiny) {
  tracked r = {h1 * a.v + h2 * b.v + zero_terms, 0};
  if (isfinite(r.v)) {
    long double mag = fabsl(h1) * (fabsl(a.v) + a.b) + fabsl(h2) * (fabsl(b.v) + b.b);
    r.b = (fabsl(h1) * a.b + fabsl(h2) * b.b + g * mag + 2 * tiny) * (1 + 0x1p-60L);
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
  int complex_inf = cplx && (isinf(pr->c) || isinf(pr->s)), overflow = 0;
  for (int i = 0; i < n && cplx; i++) {
    cpart x = element_of(&pr->x, p, i), y = element_of(&pr->y, p, i);
    complex_inf |= isinf(x.re) || isinf(x.im) || isinf(y.re) || isinf(y.im);
  }
  const level1_vector *in[2] = {&pr->x, &pr->y};
  tracked carried[2][2]; /* [vector][part] of the zero-increment elements */
  for (int w = 0; w < 2; w++) {
    cpart v = element_of(in[w], p, 0);
    carried[w][0] = (tracked){v.re, 0}, carried[w][1] = (tracked){v.im, 0};
  }
  mlf_expect last[2][2] = {{{0}}};
  for (int i = 0; i < n; i++) {
    tracked cur[2][2], next[2][2];
    for (int w = 0; w < 2; w++) {
      cpart v = element_of(in[w], p, i);
      cur[w][0] = zero[w] ? carried[w][0] : (tracked){v.re, 0};
      cur[w][1] = zero[w] ? carried[w][1] : (tracked){v.im, 0};
    }
    for (int part = 0; part < parts; part++) {
      /* the textbook product with (c, 0), (s, 0): -0 or 0 times the other part */
      long double zx = 0, zy = 0;
      if (alternative) {
        long double z = part ? 0.0L : -0.0L;
        zx = z * cur[0][!part].v + z * cur[1][!part].v;
        zy = z * cur[1][!part].v + z * cur[0][!part].v;
      }
      next[0][part] = step(h[0], cur[0][part], h[1], cur[1][part], zx, g, p->tiny);
      next[1][part] = step(h[2], cur[0][part], h[3], cur[1][part], zy, g, p->tiny);
    }
    for (int w = 0; w < 2; w++) {
      for (int part = 0; part < parts; part++) {
        tracked t = next[w][part];
        overflow |= isfinite(t.v) && fabsl(t.v) + t.b >= level1_overflow_limit(p, 2);
        last[w][part] = (mlf_expect){(double)t.v, (double)(t.b + level1_storage_error(t.v)),
                                     overflow || complex_inf};
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
