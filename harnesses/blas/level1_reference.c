/* Level-1 reference in long double (64-bit significand, exponent range far beyond double's,
 * so sums of squares of doubles cannot overflow and NaN/Inf arise exactly where IEEE
 * arithmetic on the exact values puts them). Rules of the reference BLAS 3.11:
 *   n <= 0: dots, nrm2, asum return 0 (sdsdot returns sb), vectors are untouched;
 *   incx <= 0: asum returns 0, i?amax 0 and scal leaves x as it is (level1_quick_return);
 *   nrm2 walks a negative increment backwards and reads x(1) n times for a zero one;
 *   axpy returns at once when alpha = 0 (x is not read); scal multiplies by every alpha
 *   (0 * NaN = NaN); rot and rotm multiply (rotm with flag -2 returns at once, and reads any
 *   other negative flag as -1 and any positive one as 1).
 * Bounds (Higham, Accuracy and Stability of Numerical Algorithms, ch. 3): a sum of k terms,
 * each an exact product an implementation forms with one rounding (or an input), summed in
 * any order and with or without fused multiply-adds, is within gamma_k(u) sum |term| of the
 * exact sum, plus k tiny for products that underflow (each loses at most tiny / 2, and a later
 * rounding can at most double it). When every product and every partial sum is a number of
 * the precision, every evaluation order is exact and the bound is 0 (scal by a power of two,
 * copies of integers, ...). The reference's own error, gamma(2^-64) of the same sum, is
 * added wherever it rounds. */
#include "level1_reference.h"
#include "level1_sequence.h"
#include "blas_allowed.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "mlf_scratch.h"

typedef struct { long double re, im; } cld;

const char *const level1_semantics_names[L1_SEMANTICS] = {
    "exact", "zero-alpha-set", "nan-alpha-as-zero", "zero-alpha-computed", "legacy-scaled", "float-accumulation",
    "complex-alternative"};

static const long double LD_U = 0x1p-64L;

static cld element(const level1_problem *pr, int which, int i) {
  double v[2];
  level1_vector_get(which ? &pr->y : &pr->x, &pr->p, i, v);
  return (cld){v[0], v[1]};
}
/* |re| + |im| of the finite parts (an infinite or NaN part decides the result elsewhere). */
static long double magf(cld x) {
  return (isfinite(x.re) ? fabsl(x.re) : 0) + (isfinite(x.im) ? fabsl(x.im) : 0);
}
static int has_nan(cld x) { return isnan(x.re) || isnan(x.im); }
long double level1_overflow_limit(const blas_precision *p, long double k) {
  return p->max / (1 + 2 * k * p->unit_roundoff);
}
static long double gamma_ld(long double k, double u) { return mlf_gamma((double)k, u); }
/* An expectation is stored as a double: a value that is not a double is off by up to
 * 2^-53 |v| (plus half a subnormal step) after that rounding. */
long double level1_storage_error(long double v) {
  return (long double)(double)v == v || !isfinite(v) ? 0 : 0x1p-53L * fabsl(v) + 0x1p-1075L;
}

/* 1 when a * b (numbers of the precision) is a number of the precision. Float products are
 * exact in double; a double product is exact when fma's residual is zero, trusted only away
 * from underflow where the residual itself is representable. */
static int exact_product(double a, double b, const blas_precision *p) {
  if (!isfinite(a) || !isfinite(b)) return 0;
  if (a == 0 || b == 0) return 1;
  double t = a * b;
  if (!p->is_double) return isfinite((float)t) && (double)(float)t == t;
  return isfinite(t) && fabs(t) >= 0x1p-968 && fma(a, b, -t) == 0;
}
/* 1 when a + b (numbers of the precision) is a number of the precision: Knuth's TwoSum
 * residual, computed in the precision itself, is zero. */
static int exact_sum(double a, double b, const blas_precision *p) {
  if (p->is_double) {
    double s = a + b, bb = s - a;
    return isfinite(s) && (a - (s - bb)) + (b - bb) == 0;
  }
  float fa = (float)a, fb = (float)b, s = fa + fb, bb = s - fa;
  return isfinite(s) && (fa - (s - bb)) + (fb - bb) == 0;
}

mlf_expect level1_sum_products(const double *f, int k, const blas_precision *p) {
  long double v = 0, total = 0;
  int exact = k <= 3; /* bit-exact results are recognised for up to 3 terms only */
  double t[3];
  for (int j = 0; j < k; j++) {
    long double term = (long double)f[2 * j] * f[2 * j + 1];
    v += term;
    total += isfinite(term) ? fabsl(term) : 0;
    exact &= exact_product(f[2 * j], f[2 * j + 1], p);
    if (j < 3) t[j] = (double)term;
  }
  for (int a = 0; a < k && exact; a++)
    for (int b = a + 1; b < k; b++) exact &= exact_sum(t[a], t[b], p);
  if (exact && k == 3) exact = exact_sum(t[0] + t[1], t[2], p);
  long double bound = exact ? 0 : gamma_ld(k, p->unit_roundoff) * total + k * p->tiny +
                                      gamma_ld(k + 1, LD_U) * total + level1_storage_error(v);
  int overflow = total >= level1_overflow_limit(p, k);
  return mlf_expect_exact(v, bound, blas_allowed_sum_of_products(f, k, overflow));
}

/* Terms of one output part as factor pairs f[2j], f[2j + 1]. */
typedef struct {
  double *f;
  int k;
} terms_list;
static void list_add(terms_list *t, double a, double b, int zero_parts) {
  if (zero_parts && (a == 0 || b == 0)) return; /* the product counts as zero */
  t->f[2 * t->k] = a, t->f[2 * t->k + 1] = b, t->k++;
}

void level1_rotm_matrix(const level1_problem *pr, double h[4]) {
  const double *param = pr->param;
  h[0] = param[1], h[1] = param[3], h[2] = param[2], h[3] = param[4]; /* h11 h12 h21 h22 */
  /* drotm.f:123-172: DFLAG.LT.ZERO the full H, DFLAG.EQ.ZERO unit diagonal, any other
   * (positive) flag the form with h12 = 1, h21 = -1; -2 returned before */
  if (param[0] == 0) h[0] = h[3] = 1;
  else if (param[0] > 0) h[1] = 1, h[2] = -1;
}

/* Element i of an elementwise routine's output `which` under sem. */
void level1_expect_element(const level1_problem *pr, level1_semantics sem, int which, int i,
                           mlf_expect e[2]) {
  const blas_precision *p = &pr->p;
  if (level1_sequential(pr)) {
    level1_expect_sequence_element(pr, sem, which, i, e);
    return;
  }
  int two = level1_family_flags(pr->family) & (L1_READS_Y | L1_WRITES_Y);
  cld x = element(pr, 0, i), y = two ? element(pr, 1, i) : (cld){0, 0}, own = which ? y : x;
  /* The complex alternative: zero parts for complex products; for a real scalar s times a
   * complex number, the textbook product with (s, 0), whose 0 * im reaches re. */
  int zp = sem == L1_COMPLEX_ALTERNATIVE, cplx = p->is_complex;
  double ar = pr->alpha[0], ai = pr->alpha[1];
  double pairs[2][8]; /* an elementwise part has at most 4 terms */
  terms_list t[2] = {{pairs[0], 0}, {pairs[1], 0}}; /* real and imaginary part */
  switch (pr->family) {
    case L1(SCAL): case L1(SCAL_REAL):
      if ((sem == L1_ZERO_ALPHA_SET && ar == 0 && ai == 0) ||
          (sem == L1_NAN_ALPHA_AS_ZERO && (isnan(ar) || isnan(ai)))) {
        e[0] = e[1] = (mlf_expect){0, 0, 0};
        return;
      }
      { /* csscal, zdscal multiply each part by a real alpha: IEEE real products (the
         * complex alternative: the complex product with (alpha, 0), where an infinite part
         * meets 0) */
        int zpc = zp && pr->family == L1(SCAL);
        list_add(&t[0], ar, (double)x.re, zpc), list_add(&t[1], ar, (double)x.im, zpc);
        if (zp && pr->family == L1(SCAL_REAL))
          list_add(&t[0], -0.0, (double)x.im, 0), list_add(&t[1], 0.0, (double)x.re, 0);
      }
      if (cplx && pr->family == L1(SCAL))
        list_add(&t[0], -ai, (double)x.im, zp), list_add(&t[1], ai, (double)x.re, zp);
      break;
    case L1(AXPY):
      if (ar == 0 && ai == 0 && sem != L1_ZERO_ALPHA_COMPUTED) { /* quick return */
        e[0] = (mlf_expect){(double)y.re, 0, 0}, e[1] = (mlf_expect){(double)y.im, 0, 0};
        return;
      }
      list_add(&t[0], 1, (double)y.re, 0), list_add(&t[1], 1, (double)y.im, 0);
      list_add(&t[0], ar, (double)x.re, zp), list_add(&t[1], ar, (double)x.im, zp);
      if (cplx) list_add(&t[0], -ai, (double)x.im, zp), list_add(&t[1], ai, (double)x.re, zp);
      break;
    case L1(ROT): { /* x' = c x + s y, y' = c y - s x, part by part (c, s real) */
      cld u = which ? y : x, v = which ? x : y;
      double sv = which ? -pr->s : pr->s;
      list_add(&t[0], pr->c, (double)u.re, 0), list_add(&t[0], sv, (double)v.re, 0);
      list_add(&t[1], pr->c, (double)u.im, 0), list_add(&t[1], sv, (double)v.im, 0);
      if (zp) { /* (c, 0) u + (sv, 0) v as complex products */
        list_add(&t[0], -0.0, (double)u.im, 0), list_add(&t[0], -0.0, (double)v.im, 0);
        list_add(&t[1], 0.0, (double)u.re, 0), list_add(&t[1], 0.0, (double)v.re, 0);
      }
      /* The reference csrot, zdrot write C*CX(I) + S*CY(I), which gfortran may evaluate as
       * a complex product with (C, 0): the complex alternative above. */
      break;
    }
    case L1(ROTM): { /* (x', y') = H (x, y) with H as the flag says */
      double h[4];
      level1_rotm_matrix(pr, h);
      list_add(&t[0], h[2 * which], (double)x.re, 0), list_add(&t[0], h[2 * which + 1], (double)y.re, 0);
      break;
    }
    default: /* not elementwise: the output is the input (level1_copied_from) */
      e[0] = (mlf_expect){(double)own.re, 0, 0}, e[1] = (mlf_expect){(double)own.im, 0, 0};
      return;
  }
  for (int part = 0; part < (cplx ? 2 : 1); part++)
    e[part] = t[part].k ? level1_sum_products(t[part].f, t[part].k, p) : (mlf_expect){0, 0, 0};
}

int level1_copied_from(const level1_problem *pr, int which, int i, int *from_i) {
  *from_i = i;
  if (level1_quick_return(pr)) return which;
  if (pr->family == L1(ROTM) && pr->param[0] == -2) return which;
  if (pr->family == L1(COPY)) { /* dcopy.f: DY(IY) = DX(IX) in order; the last one stays */
    if (pr->incy == 0) *from_i = pr->n - 1;
    return 0;
  }
  if (pr->family != L1(SWAP)) return -1;
  /* dswap.f: DTEMP = DX(IX), DX(IX) = DY(IY), DY(IY) = DTEMP in order: a zero-increment
   * element ends as the other vector's last element and passes its own down the other
   * vector one place; both zero: n exchanges of the two elements. */
  int own_zero = (which ? pr->incy : pr->incx) == 0, other_zero = (which ? pr->incx : pr->incy) == 0;
  if (own_zero && other_zero) return pr->n % 2 ? !which : which;
  if (own_zero) {
    *from_i = pr->n - 1;
    return !which;
  }
  if (other_zero && i > 0) {
    *from_i = i - 1;
    return which;
  }
  return !which;
}

static cld cmul(cld a, cld b, int zero_parts) {
  long double rr = a.re * b.re, ii = a.im * b.im, ri = a.re * b.im, ir = a.im * b.re;
  if (zero_parts) {
    if (a.re == 0 || b.re == 0) rr = 0;
    if (a.im == 0 || b.im == 0) ii = 0;
    if (a.re == 0 || b.im == 0) ri = 0;
    if (a.im == 0 || b.re == 0) ir = 0;
  }
  return (cld){rr - ii, ri + ir};
}

/* Dots: real (sdot, ddot: n terms), complex (2n terms per part), and the mixed dots that
 * form float products exactly in double and sum them there (gamma_n(2^-53)), sdsdot then
 * rounding once to float (u |result| + tiny / 2, on a sum off by at most that error). */
static void expect_dot(const level1_problem *pr, level1_semantics sem, mlf_expect e[2]) {
  static mlf_scratch storage;
  const blas_precision *p = &pr->p;
  int mixed = pr->family == L1(SDSDOT) || pr->family == L1(DSDOT);
  int n_pairs = pr->n > 0 ? pr->n : 0, zp = sem == L1_COMPLEX_ALTERNATIVE;
  terms_list part[2] = {{mlf_scratch_get(&storage, (size_t)(8 * n_pairs + 4) * sizeof(double)), 0}, {0}};
  part[1].f = part[0].f + 4 * n_pairs + 2;
  cld s = {pr->family == L1(SDSDOT) ? pr->alpha[0] : 0, 0};
  if (pr->family == L1(SDSDOT)) list_add(&part[0], s.re, 1, 0);
  long double total = fabsl(s.re);
  for (int i = 0; i < pr->n; i++) {
    cld x = element(pr, 0, i), y = element(pr, 1, i);
    if (pr->family == L1(DOTC)) x.im = -x.im;
    cld t = p->is_complex ? cmul(x, y, zp) : (cld){x.re * y.re, 0};
    s.re += t.re, s.im += t.im;
    total += magf(x) * magf(y);
    list_add(&part[0], (double)x.re, (double)y.re, zp);
    if (p->is_complex) { /* the textbook product's four */
      list_add(&part[0], -(double)x.im, (double)y.im, zp);
      list_add(&part[1], (double)x.re, (double)y.im, zp), list_add(&part[1], (double)x.im, (double)y.re, zp);
    }
  }
  long double n = pr->n > 0 ? pr->n : 0, terms = p->is_complex ? 2 * n : n, bound;
  int overflow = total >= level1_overflow_limit(p, terms);
  if (pr->n <= 0) {
    bound = 0, overflow = 0;
  } else if (mixed && sem == L1_FLOAT_ACCUMULATION) { /* as sdot: n + 1 terms with sb */
    bound = gamma_ld(n + 1, p->unit_roundoff) * total + (n + 1) * p->tiny +
            gamma_ld(n + 2, LD_U) * total;
    overflow = total >= level1_overflow_limit(p, n + 1);
  } else if (mixed) {
    long double in_double = gamma_ld(n + 1, 0x1p-53) * total + gamma_ld(n + 1, LD_U) * total;
    bound = pr->family == L1(DSDOT) ? in_double
            : p->unit_roundoff * fabsl(s.re) + (1 + p->unit_roundoff) * in_double + p->tiny;
    overflow = pr->family == L1(SDSDOT) && total >= level1_overflow_limit(p, 1);
  } else {
    bound = gamma_ld(terms, p->unit_roundoff) * total + terms * p->tiny +
            gamma_ld(terms + 1, LD_U) * total;
  }
  e[0] = mlf_expect_exact(s.re, bound + level1_storage_error(s.re),
                          blas_allowed_sum_of_products(part[0].f, part[0].k, overflow));
  e[1] = mlf_expect_exact(s.im, bound + level1_storage_error(s.im),
                          blas_allowed_sum_of_products(part[1].f, part[1].k, overflow));
}

/* nrm2 (K = n real parts): a scaled sum of squares (the reference's Blue algorithm with
 * power-of-two scaling, LAPACK's lassq update ssq = 1 + ssq (scale/|x|)^2, or plain
 * accumulation in a wider format) takes at most 6 roundings per part (ratio, its square,
 * the product, the sum, and a rescale), so the sum of squares is within gamma_{6K}; the
 * square root halves that and adds one rounding, the final scaling one more, and a result
 * in the subnormal range loses up to tiny / 2: gamma_{6K+4} ||x|| + tiny. None of these
 * algorithms overflows or underflows spuriously: an Inf for a representable norm, or 0 for a
 * nonzero one, is outside the bound. asum: K additions of exact |re|, |im|: gamma_K. */
static void expect_norm(const level1_problem *pr, level1_semantics sem, mlf_expect e[2]) {
  const blas_precision *p = &pr->p;
  int n = level1_quick_return(pr) ? 0 : pr->n;
  long double sum = 0, parts = p->is_complex ? 2 : 1, k = n * parts;
  int infinities = 0;
  for (int i = 0; i < n; i++) {
    cld x = element(pr, 0, i);
    infinities += (isinf(x.re) != 0) + (isinf(x.im) != 0);
    sum += pr->family == L1(NRM2) ? x.re * x.re + x.im * x.im : fabsl(x.re) + fabsl(x.im);
  }
  long double v = pr->family == L1(NRM2) ? sqrtl(sum) : sum, bound;
  if (pr->family == L1(NRM2))
    bound = gamma_ld(6 * k + 4, p->unit_roundoff) * v + p->tiny + gamma_ld(k + 2, LD_U) * v;
  else
    bound = gamma_ld(k, p->unit_roundoff) * v + gamma_ld(k, LD_U) * v;
  if (sem == L1_LEGACY_SCALED && pr->family == L1(NRM2) && infinities >= 2) v = NAN;
  e[0] = mlf_expect_exact(v, n > 0 ? bound + level1_storage_error(v) : 0,
                          isfinite(v) && v >= level1_overflow_limit(p, 6 * k + 4));
  e[1] = (mlf_expect){0, 0, 0};
}

void level1_expect_scalar(const level1_problem *pr, level1_semantics sem, mlf_expect e[2]) {
  if (pr->family == L1(NRM2) || pr->family == L1(ASUM)) expect_norm(pr, sem, e);
  else expect_dot(pr, sem, e);
}

void level1_expect_amax(const level1_problem *pr, level1_amax *a) {
  a->exact = a->working = a->first_nan = a->reference_loop = -1;
  long double best = -1, best_w = -1, loop = 0;
  for (int i = 0; i < pr->n; i++) {
    cld x = element(pr, 0, i);
    long double m = fabsl(x.re) + fabsl(x.im); /* exact: two parts of the precision */
    long double w = pr->p.is_double ? (long double)(double)m : (long double)(float)m;
    if (has_nan(x)) {
      if (a->first_nan < 0) a->first_nan = i;
    } else {
      if (m > best) best = m, a->exact = i;
      if (w > best_w) best_w = w, a->working = i;
    }
    if (i == 0 || w > loop) loop = w, a->reference_loop = i; /* NaN > loop is false */
  }
  if (a->exact < 0) a->exact = a->working = pr->n > 0 ? 0 : -1; /* every element NaN */
}

/* Relative tolerance of the rotg relations: each output is a fixed short sequence of
 * roundings from a and b (a scaled hypot: 2 divisions, 2 squares, a sum, a square root and
 * a rescale; then c = a / r, s = b / r), at most 12 real ones, twice that for complex, so each
 * is within gamma_12 (gamma_24) of the exact rotation; a result r near the subnormal range
 * adds its absolute rounding tiny / 2, relatively tiny / |r|, to c and s. */
static const char *check_rotg(const level1_problem *pr, const level1_outcome *o, char *reason,
                              size_t len) {
  const blas_precision *p = &pr->p;
  int cplx = p->is_complex;
  cld a = {pr->in[0], cplx ? pr->in[1] : 0}, b = {cplx ? pr->in[2] : pr->in[1], cplx ? pr->in[3] : 0};
  if (!isfinite(a.re) || !isfinite(a.im) || !isfinite(b.re) || !isfinite(b.im)) return NULL;
  cld r = {o->out[0], cplx ? o->out[1] : 0}, s = {o->out[3], cplx ? o->out[4] : 0};
  long double c = o->out[2], z = cplx ? 0 : o->out[1];
  if (cplx && (memcmp(&o->out[5], &pr->in[2], 2 * sizeof(double)) != 0)) {
    snprintf(reason, len, "b changed from (%g, %g) to (%g, %g)", pr->in[2], pr->in[3], o->out[5], o->out[6]);
    return "rotg-b-modified";
  }
  long double am = hypotl(a.re, a.im), bm = hypotl(b.re, b.im), d = hypotl(am, bm);
  if (d >= level1_overflow_limit(p, 24)) return NULL; /* r is not representable */
  if (!isfinite(c) || !isfinite(s.re) || !isfinite(s.im) || !isfinite(r.re) || !isfinite(r.im)) {
    snprintf(reason, len, "non-finite output r = (%g, %g), c = %g, s = (%g, %g) for |r| = %Lg",
             (double)r.re, (double)r.im, (double)c, (double)s.re, (double)s.im, d);
    return "rotg-non-finite";
  }
  long double rel = 3 * (gamma_ld(cplx ? 24 : 12, p->unit_roundoff) + (d > 0 ? 8 * p->tiny / d : 0));
  long double sm = hypotl(s.re, s.im), rm = hypotl(r.re, r.im);
  long double unit = c * c + sm * sm - 1;
  cld cs_b = cmul(s, b, 0);
  cld first = {c * a.re + cs_b.re - r.re, c * a.im + cs_b.im - r.im};
  cld sa = cmul((cld){s.re, -s.im}, a, 0);
  cld second = {c * b.re - sa.re, c * b.im - sa.im};
  /* c, s and r may be subnormal, each then off by up to tiny / 2 absolutely. */
  long double lost = p->tiny * (am + bm + 1);
  long double first_scale = fabsl(c) * am + sm * bm + rm, second_scale = sm * am + fabsl(c) * bm;
  /* a = b = 0 (d = 0): any (c, s) with r = 0 rotates; only z must be consistent. */
  if (d > 0 && (fabsl(unit) > rel + 4 * p->tiny ||
                hypotl(first.re, first.im) > rel * first_scale + lost ||
                hypotl(second.re, second.im) > rel * second_scale + lost)) {
    snprintf(reason, len,
             "c^2 + |s|^2 - 1 = %.3Lg, |c a + s b - r| = %.3Lg (scale %.3Lg), |c b - conj(s) a| = "
             "%.3Lg (scale %.3Lg), relative tolerance %.3Lg; r = (%g, %g), c = %.17Lg, s = (%g, %g)",
             unit, hypotl(first.re, first.im), first_scale, hypotl(second.re, second.im),
             second_scale, rel, (double)r.re, (double)r.im, c, (double)s.re, (double)s.im);
    return "rotg-not-a-rotation";
  }
  /* Real rotg also returns z, from which (c, s) is rebuilt: |z| < 1: s = z; |z| > 1:
   * c = 1 / z (z = Inf for a c that underflows); z = 1: c = 0 (and s = 1). */
  if (!cplx) {
    long double miss = fabsl(z) < 1 ? fabsl(z - s.re) : z == 1 ? fabsl(c) : fabsl(1 / z - c);
    if (!(miss <= rel + p->tiny * (1 + fabsl(z)))) {
      snprintf(reason, len, "z = %.17Lg does not rebuild c = %.17Lg, s = %.17Lg (off by %.3Lg)",
               z, c, s.re, miss);
      return "rotg-z-inconsistent";
    }
  }
  return NULL;
}

/* rotmg's H from the returned flag and param (flag -2: identity; 0 and 1 fix two entries). */
static int rotmg_h(const double *param, long double h[4]) {
  double flag = param[0];
  h[0] = param[1], h[1] = param[3], h[2] = param[2], h[3] = param[4]; /* h11 h12 h21 h22 */
  if (flag == -2) h[0] = 1, h[1] = 0, h[2] = 0, h[3] = 1;
  else if (flag == 0) h[0] = 1, h[3] = 1;
  else if (flag == 1) h[1] = 1, h[2] = -1;
  else if (flag != -1) return 0;
  return 1;
}

/* rotmg relations, checked for d1, d2 > 0 (d1 >= 0 with d2 y1 = 0: the identity, flag -2)
 * and finite x1, y1 whose nonzero magnitudes lie in
 * [2^-e, 2^e], e = emax / 6, so no product of the construction under- or overflows (other
 * inputs are left to the differential oracle). Tolerance gamma_24: each returned quantity
 * is at most 8 roundings from the inputs (p = d x, q = p x, h = quotients, u = 1 - h12 h21
 * without cancellation for positive d, d / u, x u; the gam^2 rescaling is exact) and each
 * relation term a product of at most 3 of them with exact inputs. */
static const char *check_rotmg(const level1_problem *pr, const level1_outcome *o, char *reason,
                               size_t len) {
  const blas_precision *p = &pr->p;
  const double *in = pr->in, *param = &o->out[3];
  long double d1 = in[0], d2 = in[1], x1 = in[2], y1 = in[3];
  long double big = p->is_double ? 0x1p170L : 0x1p21L;
  for (int i = 0; i < 4; i++)
    if (!isfinite(in[i]) || fabs(in[i]) > big || (in[i] != 0 && fabs(in[i]) < 1 / big)) return NULL;
  double p2 = p->is_double ? in[1] * in[3] : (double)((float)in[1] * (float)in[3]);
  if (d1 < 0) return NULL; /* the reference zeroes everything: an error path */
  if (p2 == 0) { /* the reference returns the identity, flag -2, inputs unchanged */
    if (param[0] != -2 || o->out[0] != in[0] || o->out[1] != in[1] || o->out[2] != in[2]) {
      snprintf(reason, len, "d2 y1 = 0 but flag = %g, d1 = %g, d2 = %g, x1 = %g", param[0],
               o->out[0], o->out[1], o->out[2]);
      return "rotmg-identity-expected";
    }
    return NULL;
  }
  if (!(d1 > 0 && d2 > 0)) return NULL;
  long double h[4], e1 = o->out[0], e2 = o->out[1], x1n = o->out[2];
  if (!rotmg_h(param, h)) {
    snprintf(reason, len, "flag %g is not one of -2, -1, 0, 1", param[0]);
    return "rotmg-bad-flag";
  }
  long double tol = gamma_ld(24, p->unit_roundoff);
  long double zero = h[2] * x1 + h[3] * y1, zero_s = fabsl(h[2] * x1) + fabsl(h[3] * y1);
  long double first = h[0] * x1 + h[1] * y1 - x1n,
              first_s = fabsl(h[0] * x1) + fabsl(h[1] * y1) + fabsl(x1n);
  long double row1 = e1 * (h[0] * h[0] / d1 + h[1] * h[1] / d2) - 1;
  long double row2 = e2 * (h[2] * h[2] / d1 + h[3] * h[3] / d2) - 1;
  long double w = e1 > 0 && e2 > 0 ? sqrtl(e1 * e2) : NAN;
  long double cross = w * (h[0] * h[2] / d1 + h[1] * h[3] / d2);
  long double cross_s = w * (fabsl(h[0] * h[2]) / d1 + fabsl(h[1] * h[3]) / d2);
  if (!(fabsl(zero) <= tol * zero_s && fabsl(first) <= tol * first_s && fabsl(row1) <= tol &&
        fabsl(row2) <= tol && fabsl(cross) <= tol * cross_s)) {
    snprintf(reason, len,
             "flag %g, H = [%Lg %Lg; %Lg %Lg], d1' = %Lg, d2' = %Lg, x1' = %Lg: second component "
             "%.3Lg (scale %.3Lg), first - x1' %.3Lg (scale %.3Lg), rows of D'^1/2 H D^-1/2 off "
             "unit by %.3Lg, %.3Lg, cross %.3Lg (scale %.3Lg); tolerance %.3Lg",
             param[0], h[0], h[1], h[2], h[3], e1, e2, x1n, zero, zero_s, first, first_s, row1,
             row2, cross, cross_s, tol);
    return "rotmg-relation";
  }
  return NULL;
}

const char *level1_check_construct(const level1_problem *pr, const level1_outcome *o,
                                   char *reason, size_t len) {
  return pr->family == L1(ROTG) ? check_rotg(pr, o, reason, len) : check_rotmg(pr, o, reason, len);
}
