/* Reference sums of products C := alpha L R + beta C in long double (64-bit significand, range to 1e4932, so no product of
 * three doubles overflows and NaN/Inf arise exactly where IEEE arithmetic on the exact
 * values puts them). Specification rules (reference BLAS dgemm; the other routines follow the same):
 *   m == 0 or n == 0, or (alpha == 0 or k == 0) and beta == 1: C is returned unchanged;
 *   alpha == 0 or k == 0: L and R (A and B) are not referenced, C := beta C;
 *   beta == 0: C is not read (NaN in C does not propagate), C := alpha op(A) op(B).
 * Error bound for one element (Higham, componentwise): with M = |alpha| sum |a||b| + |beta||c|
 * (|z| = |re| + |im| for complex, which bounds both parts), a correct implementation in unit
 * roundoff u satisfies |c_got - c| <= gamma_N(u) M + U, N = k + 3 real operations per element
 * (2k + 6 for complex, covering the two products and the sum in each part). U covers
 * underflow: fl(x y) = x y (1 + d) + e with |e| <= tiny / 2, and an e made in one product is
 * multiplied by the factor that comes next, whichever the kernel's order (alpha a, then b;
 * a b, then alpha; alpha b, then a), so per term it is at most tiny (|a| + |b| + |alpha| + 1),
 * U = P tiny (sum_l (|a| + |b|) + k (|alpha| + 1) + |beta| + 2) with P = 2 real, 4 complex
 * parts products. The reference's own error gamma_N(2^-64) M is added. Overflow is possible for a legitimate summation order
 * when any partial quantity (|alpha||a|, |alpha||b|, sum |a||b| scaled or not, |beta||c|, M)
 * reaches the largest finite number.
 * Besides the exact semantics, two deviant ones are evaluated so that a result which misses a
 * NaN can be told apart by how it went wrong: zero-skip leaves out every term with a factor
 * that is zero or whose product with alpha underflows to zero, as kernels that test
 * alpha * a == 0 do (testing either factor, or only the left or only the right one: GSL tests
 * one, so a term whose other factor vanishes stays in) (IEEE says 0 * Inf = NaN, so it differs only where A or B holds Inf or NaN); beta-as-zero drops beta C as if beta were 0 (it differs only for a NaN or
 * infinite beta or C); empty-sum-scaled multiplies the empty sum of k = 0 by alpha, as netlib
 * does in its transposed branches (it differs only for an infinite or NaN alpha);
 * structural-zeros multiplies the zeros outside a triangle or band, as blocked kernels do on
 * zero-filled copies (it differs only where the other factor holds Inf or NaN);
 * beta-over-alpha applies alpha times fl(beta / alpha) to C, as ATLAS's generated kernels do
 * (it differs only where the quotient underflows or is subnormal); beta-times-unit applies beta
 * times (1, 0) by the textbook formula, as BLIS does (it differs only for a non-finite complex
 * beta). */
#include "blas_product_reference.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "blas_allowed.h"
#include "mlf_scratch.h"

typedef blas_cld cld;

/* How products are formed: real precisions never touch the imaginary parts (where Inf * 0
 * would invent a NaN); complex ones use the textbook formula, or the same formula with every
 * component product that has an exactly zero factor taken as zero, as kernels that special-case
 * a real scalar or skip zero parts do (the BLAS leaves complex arithmetic with Inf and NaN
 * unspecified, so the reference accepts both). */
typedef enum { ARITH_REAL, ARITH_COMPLEX, ARITH_COMPLEX_ZERO_PARTS } arith;

static long double part_product(long double x, long double y, arith how) {
  return how == ARITH_COMPLEX_ZERO_PARTS && (x == 0 || y == 0) ? 0 : x * y;
}

static cld mul(cld x, cld y, arith how) {
  if (how == ARITH_REAL) return (cld){x.re * y.re, 0};
  return (cld){part_product(x.re, y.re, how) - part_product(x.im, y.im, how),
               part_product(x.re, y.im, how) + part_product(x.im, y.re, how)};
}
static long double mag(cld x) { return fabsl(x.re) + fabsl(x.im); }
/* Magnitude of the finite parts, for bounds and overflow: an Inf or NaN part either makes the
 * result non-finite (the exact semantics says which) or meets a zero and drops out. */
static long double magf(cld x) {
  return (isfinite(x.re) ? fabsl(x.re) : 0) + (isfinite(x.im) ? fabsl(x.im) : 0);
}
/* The larger of two magnitudes, ignoring a NaN as fmaxl does, without a libm call. */
static long double larger(long double a, long double b) { return a > b || b != b ? a : b; }
static long double max3(long double a, long double b, long double c) {
  return larger(a, larger(b, c));
}

/* Running sums of one element: the product sum and sum |a||b|. */
typedef struct {
  cld s;
  long double sum_abs;
} element_sums;

static void add_term(element_sums *e, cld a, cld b, arith how) {
  cld t = mul(a, b, how);
  e->s.re += t.re;
  e->s.im += t.im;
  e->sum_abs += magf(a) * magf(b);
}

/* What an element's expectation depends on besides its terms (same_rules compares every field:
 * a new one goes there too). */
typedef struct {
  long double gamma, tiny_per_product, limit;
  int products, beta_zero, beta_one;
  cld alpha, beta;
  arith how;
  /* beta-over-alpha under a real infinite alpha: the result is alpha (sum + quotient c), with
   * the quotient fl(beta / alpha) (a signed zero, or NaN for an infinite beta), not a beta. */
  int beta_inside_alpha;
  long double quotient;
  int product_times_unit; /* the sum of the products times (1, 0) before beta C (complex) */
} element_rules;

/* Turns an element's sums into its expectation (value, bound, overflow possible);
 * pre_scaled is the largest |alpha||a| or |alpha||b| a kernel that pre-scales may hold, and
 * products_factors = sum_l (|a| + |b|) + k (|alpha| + 1), what underflow errors in the
 * products scale by (beta C and the final additions add |beta| + 2). */
static void expect_element(const element_rules *r, const element_sums *e, long double pre_scaled,
                           long double products_factors, cld c_in, int parts, mlf_expect *out) {
  cld v = {0, 0};
  long double m_abs = 0;
  if (!r->products && r->beta_one) {
    v = c_in; /* quick return: C untouched, exactly */
  } else {
    if (r->products) {
      v = mul(r->alpha, e->s, r->how);
      m_abs = magf(r->alpha) * e->sum_abs;
    }
    if (!r->beta_zero && r->beta_inside_alpha) {
      v.re = r->alpha.re * (e->s.re + r->quotient * c_in.re);
      m_abs += magf(r->beta) * magf(c_in);
    } else if (!r->beta_zero) {
      cld bc = mul(r->beta, c_in, r->how);
      v.re += bc.re;
      v.im += bc.im;
      m_abs += magf(r->beta) * magf(c_in);
      pre_scaled = larger(pre_scaled, magf(r->beta) * magf(c_in));
    }
  }
  /* An infinite alpha makes every term infinite in a kernel that scales A or B by alpha
   * first (the reference BLAS does), where terms of opposite sign then sum to NaN: like an
   * overflow, it lets a non-finite result stand for an exact infinity or NaN; for real
   * precisions blas_product_infinity_allowed then checks an infinity's sign (as for an
   * overflow and an underflow meeting an infinity). */
  int infinite_alpha = r->products && (isinf(r->alpha.re) || isinf(r->alpha.im));
  int overflow = infinite_alpha || max3(m_abs, e->sum_abs, pre_scaled) >= r->limit;
  long double factors = (r->products ? products_factors : 0) + 2 + (r->beta_zero ? 0 : magf(r->beta));
  long double bound = (!r->products && r->beta_one) ? 0
                      : isnan(m_abs) ? INFINITY : r->gamma * m_abs + r->tiny_per_product * factors;
  out[0] = mlf_expect_exact(v.re, bound, overflow);
  if (parts == 2) out[1] = mlf_expect_exact(v.im, bound, overflow);
}

const char *const blas_semantics_names[BLAS_SEMANTICS] = {
    "exact", "beta-times-unit", "product-times-unit", "zero-skip", "beta-as-zero", "empty-sum-scaled",
    "zero-alpha-computed", "structural-zeros", "beta-over-alpha", "complex-zero-parts"};

long double blas_cld_mag(blas_cld x) { return magf(x); }

/* x rounded to the target precision. */
static long double to_precision(long double x, const blas_precision *p) {
  return p->is_double ? (long double)(double)x : (long double)(float)x;
}

/* 1 when alpha x is zero in the target precision (x is zero, or the product underflows to
 * zero): the terms a zero-skipping kernel leaves out, whichever factor it scales by alpha. A
 * complex product counts as zero when its exact parts round to zero or when the textbook
 * formula in the target precision gives zero, each real product rounded first (GSL's
 * source_gemm_c.h: temp_real = alpha_real * Aik_real - alpha_imag * Aik_imag, then "if
 * (!(temp_real == 0.0 && temp_imag == 0.0))"): alpha = (2^-149, 2^-149) times x = (-0.25,
 * 0.255) in float is (-0, 0) although its exact real part, -0.505 * 2^-149, rounds to -2^-149. */
static int vanishes(cld alpha, cld x, const blas_precision *p) {
  if (mag(x) == 0) return 1;
  cld t = mul(alpha, x, p->is_complex ? ARITH_COMPLEX : ARITH_REAL);
  if (to_precision(t.re, p) == 0 && to_precision(t.im, p) == 0) return 1;
  if (!p->is_complex) return 0;
  long double re = to_precision(to_precision(alpha.re * x.re, p) - to_precision(alpha.im * x.im, p), p);
  long double im = to_precision(to_precision(alpha.re * x.im, p) + to_precision(alpha.im * x.re, p), p);
  return re == 0 && im == 0;
}

static int has_inf(cld x) { return isinf(x.re) || isinf(x.im); }

/* 1 when term l of element (i, j) is no structural zero (neither factor outside a triangle or
 * band: present in L and in R). */
static int term_present(const blas_product *pr, size_t i, size_t j, size_t l) {
  return (!pr->left_present || pr->left_present[i * pr->k + l]) &&
         (!pr->right_present || pr->right_present[l * pr->n + j]);
}

/* The largest and the sum of the finite magnitudes of each row (by_row) or column of a dense
 * rows x cols array, and whether it holds an infinity. */
static void line_facts(const cld *x, size_t rows, size_t cols, int by_row, long double *largest,
                       long double *total, unsigned char *infinite) {
  for (size_t i = 0; i < (by_row ? rows : cols); i++) largest[i] = total[i] = infinite[i] = 0;
  for (size_t i = 0; i < rows; i++)
    for (size_t l = 0; l < cols; l++) {
      cld v = x[i * cols + l];
      size_t line = by_row ? i : l;
      largest[line] = larger(largest[line], magf(v));
      total[line] += magf(v);
      infinite[line] |= has_inf(v);
    }
}

/* Term `terms` of an element, kept as a factor pair in kept[terms] and kept[stride + terms]
 * (when kept), and whether it enters the reference's partial sum in in_partial[terms] (when
 * the reference splits the element's terms). */
static void keep(cld *kept, unsigned char *in_partial, size_t stride, size_t terms, cld x, cld y,
                 int partial) {
  if (kept) kept[terms] = x, kept[stride + terms] = y;
  if (in_partial) in_partial[terms] = (unsigned char)partial;
}

/* One element's expectation under one semantics (or zero-skip side) in one arithmetic, valid
 * while generation is the loaded problem's; and, under the semantics at its own index, the
 * infinities its terms allow (blas_product_infinity_allowed), valid while signs_generation is. */
#define MEMO_KINDS ((BLAS_SEMANTICS + BLAS_SKIP_SIDES) * BLAS_ARITHMETICS)
typedef struct {
  unsigned long generation, signs_generation;
  mlf_expect e[2];
  unsigned char signs;
} memo_entry;

/* The problem of the last blas_product_reference call, for blas_product_expect_one; columns
 * of R copied contiguously (right_t, n x k) and the finite magnitudes of L and R's entries
 * (left_mag m x k, right_mag n x k), so the O(k) loop of an element reads plain rows. */
static struct {
  const blas_product *pr;
  element_rules exact;
  long double *row_max, *col_max, *row_sum, *col_sum;
  unsigned char *row_inf, *col_inf;
  cld *right_t;
  long double *left_mag, *right_mag;
  /* vanishes(alpha, entry) of L (m x k) and R (k x n), and whether some entry of L's row i or
   * R's column j vanishes: derived by the first element that tests a factor (gone_loaded) */
  unsigned char *left_gone, *right_gone, *row_gone, *col_gone;
  int gone_loaded;
  /* rules_for(sem, arithmetic), product-times-unit left out, against the exact rules in that
   * arithmetic for the loaded problem: 0 not compared yet, 1 the same, 2 different */
  unsigned char rules_compared[BLAS_SEMANTICS][BLAS_ARITHMETICS];
  mlf_scratch kept; /* the terms of the element blas_complex_allowed judges */
  mlf_scratch split; /* which of them enter the reference's partial sum (reference_split) */
  int defer_sets;   /* the exact pass of a product with sets_on_demand */
  const int *need;  /* what blas_product_settle_for asks of the set it derives (NULL: all) */
  memo_entry *memo; /* m x n x MEMO_KINDS */
  size_t memo_capacity;
  unsigned long generation;
} loaded;

/* A new generation (so every remembered entry is stale) and room for m x n elements. */
static void forget_alternatives(size_t m, size_t n) {
  loaded.generation++;
  size_t entries = (m * n ? m * n : 1) * MEMO_KINDS;
  if (entries <= loaded.memo_capacity) return;
  free(loaded.memo);
  loaded.memo = calloc(entries, sizeof *loaded.memo); /* generation 0: never loaded */
  if (!loaded.memo) abort();
  loaded.memo_capacity = entries;
}

/* Loads left_gone, right_gone, row_gone and col_gone for the loaded problem, once (alpha is the
 * exact rules', which no other semantics changes): only elements an infinity enters and the
 * zero-skip semantics test factors, so most problems never need them. */
static void load_gone(void) {
  if (loaded.gone_loaded) return;
  loaded.gone_loaded = 1;
  static mlf_scratch gone, lines_gone;
  const blas_product *pr = loaded.pr;
  size_t m = pr->m, n = pr->n, k = pr->k;
  loaded.left_gone = mlf_scratch_get(&gone, (m + n) * k ? (m + n) * k : 1);
  loaded.right_gone = loaded.left_gone + m * k;
  loaded.row_gone = mlf_scratch_get(&lines_gone, m + n ? m + n : 1);
  loaded.col_gone = loaded.row_gone + m;
  for (size_t i = 0; i < m + n; i++) loaded.row_gone[i] = 0;
  for (size_t i = 0; i < m * k; i++) {
    loaded.left_gone[i] = (unsigned char)vanishes(loaded.exact.alpha, pr->left[i], &pr->p);
    loaded.row_gone[i / k] |= loaded.left_gone[i];
  }
  for (size_t i = 0; i < k * n; i++) {
    loaded.right_gone[i] = (unsigned char)vanishes(loaded.exact.alpha, pr->right[i], &pr->p);
    loaded.col_gone[i % n] |= loaded.right_gone[i];
  }
}

/* Loads right_t, left_mag and right_mag for pr. */
static void load_rows(const blas_product *pr) {
  static mlf_scratch columns, magnitudes;
  size_t m = pr->m, n = pr->n, k = pr->k;
  loaded.right_t = mlf_scratch_get(&columns, (n * k ? n * k : 1) * sizeof *loaded.right_t);
  loaded.left_mag = mlf_scratch_get(&magnitudes, ((m + n) * k ? (m + n) * k : 1) * sizeof *loaded.left_mag);
  loaded.right_mag = loaded.left_mag + m * k;
  for (size_t i = 0; i < m * k; i++) loaded.left_mag[i] = magf(pr->left[i]);
  for (size_t l = 0; l < k; l++)
    for (size_t j = 0; j < n; j++) {
      loaded.right_t[j * k + l] = pr->right[l * n + j];
      loaded.right_mag[j * k + l] = magf(pr->right[l * n + j]);
    }
}

/* The sums of element (i, j) over its k terms, each entering (no structural zero, none
 * skipped): the same additions in the same order as add_term, on contiguous rows. */
static void sum_every_term(size_t i, size_t j, size_t k, arith how, element_sums *e) {
  size_t stride = loaded.pr->k;
  const cld *x = loaded.pr->left + i * stride, *y = loaded.right_t + j * stride;
  const long double *xm = loaded.left_mag + i * stride, *ym = loaded.right_mag + j * stride;
  long double re = 0, im = 0, sum_abs = 0;
  if (how == ARITH_REAL) {
    for (size_t l = 0; l < k; l++) re += x[l].re * y[l].re, sum_abs += xm[l] * ym[l];
  } else {
    for (size_t l = 0; l < k; l++) {
      cld t = mul(x[l], y[l], how);
      re += t.re, im += t.im, sum_abs += xm[l] * ym[l];
    }
  }
  *e = (element_sums){{re, im}, sum_abs};
}

/* The beta that alpha (L R + fl(beta / alpha) C) applies to C: alpha times the quotient
 * rounded to the target precision (each part), which is beta unless the quotient underflows
 * or loses digits to gradual underflow; beta itself where a kernel cannot form the quotient
 * (alpha zero) or, for complex precisions, alpha is not finite (a real infinite alpha keeps
 * the quotient inside: rules_for). */
static cld beta_through_alpha(cld alpha, cld beta, const blas_precision *p) {
  long double den = alpha.re * alpha.re + alpha.im * alpha.im;
  if (den == 0 || !isfinite(den)) return beta;
  cld q = {(beta.re * alpha.re + beta.im * alpha.im) / den,
           (beta.im * alpha.re - beta.re * alpha.im) / den};
  q = (cld){to_precision(q.re, p), to_precision(q.im, p)};
  return mul(alpha, q, p->is_complex ? ARITH_COMPLEX : ARITH_REAL);
}

static element_rules rules_for(blas_semantics sem, blas_arithmetic arithmetic) {
  element_rules r = loaded.exact;
  const blas_precision *p = &loaded.pr->p;
  if (sem == BLAS_SEM_BETA_OVER_ALPHA && r.products && !r.beta_zero && !p->is_complex &&
      isinf(r.alpha.re)) {
    long double q = r.beta.re / r.alpha.re; /* +-0, or NaN for an infinite or NaN beta */
    r.beta_inside_alpha = 1, r.beta_one = 0;
    r.quotient = to_precision(q, p);
  } else if (sem == BLAS_SEM_BETA_OVER_ALPHA && r.products && !r.beta_zero) {
    r.beta = beta_through_alpha(r.alpha, r.beta, p), r.beta_one = 0;
  }
  if (sem == BLAS_SEM_PRODUCT_TIMES_UNIT && p->is_complex) r.product_times_unit = 1;
  if (sem == BLAS_SEM_BETA_TIMES_UNIT && p->is_complex && !r.beta_zero)
    r.beta = mul(r.beta, (cld){1, 0}, ARITH_COMPLEX); /* BLIS's bli_zscalris(beta, 1) */
  if (sem == BLAS_SEM_BETA_AS_ZERO) r.beta_zero = 1, r.beta_one = 0;
  if (sem == BLAS_SEM_EMPTY_SUM_SCALED) r.products = !(r.alpha.re == 0 && r.alpha.im == 0);
  if (sem == BLAS_SEM_ZERO_ALPHA_COMPUTED) r.products = loaded.pr->k > 0;
  if ((sem == BLAS_SEM_COMPLEX_ZERO_PARTS || arithmetic == BLAS_ARITH_ZERO_PARTS) && r.how == ARITH_COMPLEX)
    r.how = ARITH_COMPLEX_ZERO_PARTS;
  return r;
}

/* What the terms of a real element allow under an infinite alpha: each term alpha a b with
 * a b != 0 is an infinity of its sign in every order (IEEE 754-2019 6.1, 4.3), so the result
 * is an infinity (blas_product_infinity_allowed checks its sign), or NaN only where a zero
 * meets alpha (7.2: 0 * Inf; a zero factor, or a product a b that may round to zero before
 * alpha multiplies it, as alpha (A B) kernels do) or infinities of opposite sign meet (7.2:
 * Inf - Inf; beta C included). Not for routines whose reference forms alpha times a partial
 * sum that may be empty (blas_product.alpha_of_partial_sums). */
typedef struct {
  int signs;    /* MLF_MAY_POS_INF, MLF_MAY_NEG_INF: the infinite terms' signs */
  int zero_met; /* a term alpha times zero in some order */
} infinite_alpha_terms;

static void infinite_alpha_term(infinite_alpha_terms *t, long double alpha, long double x,
                                long double y, const blas_precision *p) {
  long double xy = x * y;
  if (x == 0 || y == 0 || fabsl(xy) < p->tiny) t->zero_met = 1;
  else if (!isnan(xy)) t->signs |= (signbit(alpha) != 0) ^ (xy < 0) ? MLF_MAY_NEG_INF : MLF_MAY_POS_INF;
}

/* The set of results for a real element under an infinite alpha (see infinite_alpha_terms).
 * beta C counts as an infinity of its sign when it is one or may overflow the target precision
 * (|beta c| reaching limit, as the overflow test of expect_element): the long double holds
 * -MAX * 2 finitely, a kernel's double does not, and netlib's C = ALPHA*TEMP + BETA*C then
 * adds Inf and -Inf. */
static int infinite_alpha_set(infinite_alpha_terms t, long double beta_c, long double limit) {
  if (isinf(beta_c) || fabsl(beta_c) >= limit) t.signs |= beta_c < 0 ? MLF_MAY_NEG_INF : MLF_MAY_POS_INF;
  int opposite = t.signs == (MLF_MAY_POS_INF | MLF_MAY_NEG_INF);
  return MLF_MAY_POS_INF | MLF_MAY_NEG_INF | (t.zero_met || opposite ? MLF_MAY_NAN : 0);
}

/* Element (i, j) under one semantics in one arithmetic, from the loaded operands: O(k); side
 * says which factor the zero-skip semantics tests (ignored by the others). */
static void expect_at(blas_semantics sem, blas_skip_side side, blas_arithmetic arithmetic, size_t i,
                      size_t j, mlf_expect *out) {
  const blas_product *pr = loaded.pr;
  const blas_precision *p = &pr->p;
  element_rules r = rules_for(sem, arithmetic);
  element_sums sums = {{0, 0}, 0};
  size_t k = r.products ? pr->k : 0;
  /* A kernel that scales one factor by alpha first sees 0 * Inf = NaN where alpha times the
   * other factor underflows to zero: a legitimate order, so it lets a non-finite result
   * stand (checked only when an infinity is there; for real precisions an infinity's sign is
   * checked by blas_product_infinity_allowed). */
  int underflow_meets_inf = 0, infinities = k && (loaded.row_inf[i] || loaded.col_inf[j]);
  int check_vanishing = infinities || sem == BLAS_SEM_ZERO_SKIP;
  cld c_in = pr->c_in[i * pr->n + j];
  int infinity_in = has_inf(r.alpha) || (!r.beta_zero && (has_inf(r.beta) || has_inf(c_in))) ||
                    infinities;
  /* A complex element an infinity enters: its terms are kept for blas_complex_allowed, unless
   * the exact pass defers its set (blas_product_settle keeps them when it derives it). */
  int keep_terms = p->is_complex && infinity_in, derive_set = keep_terms && !loaded.defer_sets;
  int real_infinite_alpha = !p->is_complex && k && isinf(r.alpha.re) && !pr->alpha_folded &&
                            !pr->alpha_of_partial_sums;
  infinite_alpha_terms alpha_terms = {0, 0};
  size_t stride = k + 1;
  cld *kept = derive_set ? mlf_scratch_get(&loaded.kept, 2 * stride * sizeof *kept) : NULL;
  unsigned char *in_partial =
      kept && pr->alpha_of_partial_sums ? mlf_scratch_get(&loaded.split, stride) : NULL;
  size_t diagonal = pr->reference_split.from_right ? j : i;
  size_t terms = 0; /* the element's terms that enter the sum (not structural zeros, not skipped) */
  if (check_vanishing) load_gone();
  if (!check_vanishing && !derive_set && !real_infinite_alpha && !pr->left_present &&
      !pr->right_present) {
    sum_every_term(i, j, k, r.how, &sums);
    terms = k;
  } else for (size_t l = 0; l < k; l++) {
    cld x = pr->left[i * pr->k + l], y = pr->right[l * pr->n + j];
    int partial = pr->reference_split.after ? l > diagonal : l < diagonal;
    if (!term_present(pr, i, j, l)) {
      /* a structural zero (held as 0 in L or R), multiplied only by structural-zeros */
      if (sem == BLAS_SEM_STRUCTURAL_ZEROS) {
        keep(kept, in_partial, stride, terms, x, y, partial), terms++, add_term(&sums, x, y, r.how);
        if (real_infinite_alpha) infinite_alpha_term(&alpha_terms, r.alpha.re, x.re, y.re, p);
      }
      continue;
    }
    int x_gone = check_vanishing && loaded.left_gone[i * pr->k + l];
    int y_gone = check_vanishing && loaded.right_gone[l * pr->n + j];
    if (infinities) underflow_meets_inf |= (x_gone && has_inf(y)) || (y_gone && has_inf(x));
    int skipped = (side != BLAS_SKIP_RIGHT && x_gone) || (side != BLAS_SKIP_LEFT && y_gone);
    if (sem == BLAS_SEM_ZERO_SKIP && skipped) continue;
    keep(kept, in_partial, stride, terms, x, y, partial);
    terms++;
    add_term(&sums, x, y, r.how);
    if (real_infinite_alpha) infinite_alpha_term(&alpha_terms, r.alpha.re, x.re, y.re, p);
  }
  /* An element whose terms are all structural zeros (a row outside a band) has an empty sum,
   * which the exact semantics does not scale by alpha, as for k = 0. So does one whose terms a
   * zero-skipping kernel all leaves out: it applies alpha term by term after the zero test
   * (reference ?ger: IF (Y(J).NE.ZERO) TEMP = ALPHA*Y(J)), so alpha never enters. */
  if (k && !terms && sem != BLAS_SEM_EMPTY_SUM_SCALED) r.products = 0, k = 0;
  cld folded = pr->alpha_folded ? (cld){pr->folded_alpha[0], pr->folded_alpha[1]} : (cld){1, 0};
  if (sem == BLAS_SEM_EMPTY_SUM_SCALED && !terms && r.products && pr->alpha_folded) r.alpha = folded;
  long double pre = k ? magf(r.alpha) * larger(loaded.row_max[i], magf(folded) * loaded.col_max[j]) : 0;
  long double left_sum = loaded.row_sum[i], alpha_mag = magf(r.alpha);
  if (pr->alpha_folded && k) {
    /* L holds alpha a: the unscaled a (|a| <= 2 |alpha a| / |alpha| in the |re| + |im|
     * magnitude) and alpha itself are factors an underflow error can meet as well. A kernel
     * may form the unscaled sum before alpha (zher2k.f: TEMP1 = TEMP1 + DCONJG(A(L,I))*B(L,J),
     * then ALPHA*TEMP1), whose parts may overflow: each is at most sum |a|_2 |b|_1 <=
     * sum |alpha a| |b| / |alpha|_2 (|alpha a|_2 = |alpha|_2 |a|_2 <= |alpha a|). */
    long double f = magf(folded);
    if (f > 0) {
      left_sum += 2 * left_sum / f;
      pre = larger(pre, sums.sum_abs / sqrtl(folded.re * folded.re + folded.im * folded.im));
    }
    alpha_mag = larger(alpha_mag, f);
  }
  long double factors = k ? left_sum + loaded.col_sum[j] + (long double)k * (alpha_mag + 1) : 0;
  expect_element(&r, &sums, pre, factors, c_in, p->is_complex ? 2 : 1, out);
  if (keep_terms && pr->alpha_folded) {
    /* L holds alpha a already: a kernel may attach alpha to the other factor instead (zher2k:
     * TEMP1 = ALPHA*DCONJG(Y(J))), whose class L no longer shows (alpha a can be NaN where
     * alpha b is not), so the orders are not derived here: any non-finite result stands. */
    out[0].overflow_possible = out[1].overflow_possible = MLF_NONFINITE_ANY;
  } else if (keep_terms && !derive_set) {
    out[0].overflow_possible = out[1].overflow_possible = MLF_SET_PENDING;
  } else if (keep_terms) {
    /* An infinity entering a complex element: the results the textbook formula gives in the
     * orders kernels use (blas_allowed.h), in place of any non-finite result. */
    int quick = !r.products && r.beta_one; /* C returned as it is */
    blas_complex_element ce = {.p = p, .alpha = r.alpha, .beta = r.beta, .c = c_in,
                               .x = kept, .y = kept + stride, .k = terms,
                               .products = r.products && !quick, .with_beta = !r.beta_zero && !quick,
                               .zero_parts = r.how == ARITH_COMPLEX_ZERO_PARTS,
                               .product_times_unit = r.product_times_unit,
                               .in_partial_sum = in_partial,
                               .split_alpha_left = pr->reference_split.from_right};
    if (sem == BLAS_SEM_EMPTY_SUM_SCALED && !terms && r.products)
      ce.k = 1, kept[0] = kept[stride] = (cld){0, 0}; /* alpha * 0 */
    int allowed[2];
    int partial = !blas_complex_allowed(&ce, quick ? NULL : loaded.need, allowed) ? MLF_SET_PARTIAL : 0;
    if (quick) allowed[0] = allowed[1] = 0; /* C exactly as it was */
    out[0].overflow_possible = allowed[0] | partial, out[1].overflow_possible = allowed[1] | partial;
  } else if (underflow_meets_inf) {
    out[0].overflow_possible = MLF_NONFINITE_ANY;
  } else if (real_infinite_alpha && r.products && terms) {
    long double beta_c = r.beta_zero ? 0 : r.beta.re * c_in.re;
    out[0].overflow_possible = infinite_alpha_set(alpha_terms, beta_c, r.limit);
  }
}

/* The infinities the terms of real element (i, j) under sem allow (see the header): bit 0 +Inf,
 * bit 1 -Inf; 3 for an empty sum, where the rule does not apply. Zero-skip leaves out the terms
 * expect_at leaves out for the same side: alpha times the tested factor vanishes. */
static unsigned infinity_signs(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                               size_t i, size_t j) {
  long double alpha = pr->alpha[0];
  cld alpha_c = {alpha, 0};
  unsigned signs = 0;
  size_t terms = 0;
  for (size_t l = 0; l < pr->k; l++) {
    if (!term_present(pr, i, j, l)) continue; /* a structural zero never enters */
    cld xc = pr->left[i * pr->k + l], yc = pr->right[l * pr->n + j];
    if (sem == BLAS_SEM_ZERO_SKIP && ((side != BLAS_SKIP_RIGHT && vanishes(alpha_c, xc, &pr->p)) ||
                                      (side != BLAS_SKIP_LEFT && vanishes(alpha_c, yc, &pr->p))))
      continue; /* alpha times it tested, zero, dropped */
    long double x = xc.re, y = yc.re;
    terms++;
    if (isnan(x) || isnan(y)) return 0;
    if (x != 0 && y != 0) signs |= (!!signbit(alpha) ^ !!signbit(x) ^ !!signbit(y)) ? 2 : 1;
  }
  if (!terms) return 3; /* an empty sum: beta C or NaN (blas_verdict) */
  if (pr->beta[0] != 0 && sem != BLAS_SEM_BETA_AS_ZERO) {
    long double bc = (long double)pr->beta[0] * pr->c_in[i * pr->n + j].re;
    if (isnan(bc)) return 0;
    if (bc != 0) signs |= signbit(bc) ? 2 : 1; /* beta C may itself overflow */
  }
  return signs;
}

/* The memo slot of a semantics in an arithmetic, zero-skip one per side. */
static size_t memo_kind(blas_semantics sem, blas_skip_side side, blas_arithmetic arithmetic) {
  size_t kind = sem == BLAS_SEM_ZERO_SKIP ? BLAS_SEMANTICS + (size_t)side : (size_t)sem;
  return kind + (size_t)arithmetic * (BLAS_SEMANTICS + BLAS_SKIP_SIDES);
}

int blas_product_infinity_allowed(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                                  size_t i, size_t j, double got) {
  if (pr->p.is_complex || pr->alpha[0] == 0 || !isinf(got)) return 1;
  unsigned signs;
  if (loaded.pr == pr) { /* every backend's infinity in the element asks: once per problem */
    memo_entry *entry =
        &loaded.memo[(i * pr->n + j) * MEMO_KINDS + memo_kind(sem, side, BLAS_ARITH_TEXTBOOK)];
    if (entry->signs_generation != loaded.generation) {
      entry->signs = (unsigned char)infinity_signs(pr, sem, side, i, j);
      entry->signs_generation = loaded.generation;
    }
    signs = entry->signs;
  } else {
    signs = infinity_signs(pr, sem, side, i, j);
  }
  return (signs >> (got < 0)) & 1;
}

void blas_product_reference(const blas_product *pr, mlf_expect *exact) {
  const blas_precision *p = &pr->p;
  element_rules r = {.alpha = {pr->alpha[0], p->is_complex ? pr->alpha[1] : 0},
                     .beta = {pr->beta[0], p->is_complex ? pr->beta[1] : 0},
                     .how = p->is_complex ? ARITH_COMPLEX : ARITH_REAL};
  r.beta_zero = r.beta.re == 0 && r.beta.im == 0;
  r.beta_one = r.beta.re == 1 && r.beta.im == 0;
  r.products = !(r.alpha.re == 0 && r.alpha.im == 0) && pr->k > 0;
  double ops = p->is_complex ? 2.0 * (double)pr->k + 6 : (double)pr->k + 3;
  r.gamma = (long double)mlf_gamma(ops, p->unit_roundoff) + mlf_gamma(ops, 0x1p-64);
  r.tiny_per_product = (p->is_complex ? 4.0L : 2.0L) * p->tiny * (1 + 2 * ops * p->unit_roundoff);
  r.limit = p->max / (1 + ops * p->unit_roundoff);

  static mlf_scratch lines, flags;
  size_t m = pr->m, n = pr->n;
  loaded.pr = pr;
  loaded.exact = r;
  loaded.row_max = mlf_scratch_get(&lines, 2 * (m + n) * sizeof *loaded.row_max);
  loaded.col_max = loaded.row_max + m;
  loaded.row_sum = loaded.col_max + n;
  loaded.col_sum = loaded.row_sum + m;
  loaded.row_inf = mlf_scratch_get(&flags, m + n);
  loaded.col_inf = loaded.row_inf + m;
  line_facts(pr->left, m, pr->k, 1, loaded.row_max, loaded.row_sum, loaded.row_inf);
  line_facts(pr->right, pr->k, n, 0, loaded.col_max, loaded.col_sum, loaded.col_inf);
  load_rows(pr);
  loaded.gone_loaded = 0;
  memset(loaded.rules_compared, 0, sizeof loaded.rules_compared);
  forget_alternatives(m, n);
  size_t parts = p->is_complex ? 2 : 1;
  loaded.defer_sets = pr->sets_on_demand;
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++)
      expect_at(BLAS_SEM_EXACT, BLAS_SKIP_EITHER, BLAS_ARITH_TEXTBOOK, i, j, &exact[(i * n + j) * parts]);
  loaded.defer_sets = 0;
}

/* Derives the set of complex element (i, j) until it holds need (NULL: all of it), keeping
 * what a partial set held already. */
static void settle(const blas_product *pr, mlf_expect *exact, size_t i, size_t j, const int *need) {
  if (loaded.pr != pr) abort(); /* a harness bug: call blas_product_reference on pr first */
  mlf_expect *e = &exact[(i * pr->n + j) * 2];
  int open = MLF_SET_PENDING | MLF_SET_PARTIAL;
  if (!(e->overflow_possible & open)) return;
  int held[2] = {e[0].overflow_possible & ~open, e[1].overflow_possible & ~open};
  if (!(e->overflow_possible & MLF_SET_PENDING) && blas_allowed_holds(held, need)) return;
  int asked[2] = {need ? need[0] | held[0] : 0, need ? need[1] | held[1] : 0};
  loaded.need = need ? asked : NULL;
  expect_at(BLAS_SEM_EXACT, BLAS_SKIP_EITHER, BLAS_ARITH_TEXTBOOK, i, j, e);
  loaded.need = NULL;
}

void blas_product_settle(const blas_product *pr, mlf_expect *exact, size_t i, size_t j) {
  settle(pr, exact, i, j, NULL);
}

void blas_product_settle_for(const blas_product *pr, mlf_expect *exact, size_t i, size_t j,
                             size_t part, double got) {
  if (isfinite(got) || mlf_same_nonfinite(got, exact[(i * pr->n + j) * 2 + part].value))
    return; /* decided without the set (mlf_check_expect) */
  int need[2] = {0, 0};
  need[part] = mlf_nonfinite_bit(got);
  settle(pr, exact, i, j, need);
}

/* Element (i, j) under sem, side and arithmetic, computed once per loaded problem however many
 * backends ask for it (blas_verdict_of asks for every wrong element of every backend). */
static void remembered(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                       blas_arithmetic arithmetic, size_t i, size_t j, mlf_expect *out) {
  if (loaded.pr != pr) abort(); /* a harness bug: call blas_product_reference on pr first */
  memo_entry *entry = &loaded.memo[(i * pr->n + j) * MEMO_KINDS + memo_kind(sem, side, arithmetic)];
  if (entry->generation != loaded.generation) {
    expect_at(sem, side, arithmetic, i, j, entry->e);
    entry->generation = loaded.generation;
  }
  out[0] = entry->e[0];
  if (pr->p.is_complex) out[1] = entry->e[1];
}

/* 1 when x and y are the same value: equal with the same sign (a zero's sign can reach a
 * result), or both NaN (a NaN part makes the same NaN expectation whatever its payload). */
static int same_value(long double x, long double y) {
  return x == y ? !signbit(x) == !signbit(y) : isnan(x) && isnan(y);
}
static int same_cld(cld x, cld y) { return same_value(x.re, y.re) && same_value(x.im, y.im); }

/* 1 when rules a and b are the same, field by field (not memcmp: padding, and the bytes a long
 * double leaves unused). */
static int same_rules(const element_rules *a, const element_rules *b) {
  return same_value(a->gamma, b->gamma) && same_value(a->tiny_per_product, b->tiny_per_product) &&
         same_value(a->limit, b->limit) && a->products == b->products &&
         a->beta_zero == b->beta_zero && a->beta_one == b->beta_one &&
         same_cld(a->alpha, b->alpha) && same_cld(a->beta, b->beta) && a->how == b->how &&
         a->beta_inside_alpha == b->beta_inside_alpha && same_value(a->quotient, b->quotient) &&
         a->product_times_unit == b->product_times_unit;
}

size_t blas_product_terms(const blas_product *pr, size_t i, size_t j) {
  size_t terms = 0;
  for (size_t l = 0; l < pr->k; l++) terms += term_present(pr, i, j, l);
  return terms;
}

/* expect_at under sem gives the exact semantics' expectation in the same arithmetic when
 * rules_for gives both the same rules and none of sem's per-element branches applies:
 * zero-skip leaves out no term (no tested factor of row i of L or column j of R vanishes),
 * structural-zeros adds none (element (i, j) has no structural zero), empty-sum-scaled keeps
 * alpha off no empty sum (a term enters). The infinity signs (infinity_signs) then agree too:
 * they differ only under zero-skip's skipped terms and beta-as-zero, whose rules differ for a
 * nonzero beta. */
int blas_product_semantics_differs(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                                   blas_arithmetic arithmetic, size_t i, size_t j) {
  if (loaded.pr != pr) abort(); /* a harness bug: call blas_product_reference on pr first */
  unsigned char *compared = &loaded.rules_compared[sem][arithmetic];
  if (!*compared) {
    element_rules r = rules_for(sem, arithmetic), exact = rules_for(BLAS_SEM_EXACT, arithmetic);
    r.product_times_unit = 0;
    *compared = same_rules(&r, &exact) ? 1 : 2;
  }
  if (*compared == 2) return 1;
  /* the same rules as the exact semantics': its products and alpha */
  int products = loaded.exact.products;
  /* product-times-unit changes an element only where an infinity enters its products: (1, 0)
   * times a finite sum is the sum, and a NaN factor makes both parts NaN already */
  int infinite_term = loaded.row_inf[i] || loaded.col_inf[j] || has_inf(loaded.exact.alpha);
  if (sem == BLAS_SEM_PRODUCT_TIMES_UNIT && pr->p.is_complex && products && infinite_term) return 1;
  if (!products) return 0; /* no term is formed */
  switch (sem) {
    case BLAS_SEM_ZERO_SKIP:
      load_gone();
      return (side != BLAS_SKIP_RIGHT && loaded.row_gone[i]) ||
             (side != BLAS_SKIP_LEFT && loaded.col_gone[j]);
    case BLAS_SEM_STRUCTURAL_ZEROS: return blas_product_terms(pr, i, j) < pr->k;
    case BLAS_SEM_EMPTY_SUM_SCALED: return blas_product_terms(pr, i, j) == 0;
    default: return 0;
  }
}

void blas_product_expect_one(const blas_product *pr, blas_semantics sem, size_t i, size_t j,
                             mlf_expect *out) {
  remembered(pr, sem, BLAS_SKIP_EITHER, BLAS_ARITH_TEXTBOOK, i, j, out);
}

void blas_product_expect_in(const blas_product *pr, blas_semantics sem, blas_skip_side side,
                            blas_arithmetic arithmetic, size_t i, size_t j, mlf_expect *out) {
  remembered(pr, sem, side, arithmetic, i, j, out);
}
