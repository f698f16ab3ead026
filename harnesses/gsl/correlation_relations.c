/* The correlation relations MR-1..MR-10 (see correlation_relations.h), on the metamorphic
 * framework. Corrections to the paper: MR-6 (affine scaling) gives sign(a) r, not r; MR-8
 * (zero variance) has no value, so the IEEE quotient 0/0 = NaN is expected; MR-9 (outliers)
 * cannot ask a raw measure to drop outliers, so it states how an outlier pair moves the
 * measure; MR-10 (missing values) cannot ask for complete-case results from a measure that
 * has no missing-value encoding, so a NaN marking one must propagate. MR-6 is split into an
 * exact power-of-two scaling and a bounded general affine map. */
#include "correlation_relations.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "correlation_moments.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_metamorphic.h"

typedef struct {
  double *x, *y;
  size_t n;
} corr_data;

typedef struct {
  double value;
} corr_result;

typedef struct {
  const corr_subject *s;
  double scale, shift;
  const char *defect; /* the known defect a run of the current relation met, or NULL */
} corr_ctx;

#define U_DOUBLE 0x1p-53
/* |r(x, x) - 1|: the same operations on both sums leave S / (sqrt(S) sqrt(S)): the
 * conversion, square root, product and quotient round once each (4 u), plus slack. */
#define SELF_TOLERANCE (8 * U_DOUBLE)

static int alloc_data(corr_data *d, size_t n) {
  d->n = n;
  d->x = malloc((n ? n : 1) * sizeof(double));
  d->y = malloc((n ? n : 1) * sizeof(double));
  return d->x && d->y;
}

static void release_data(void *obj, void *ctx) {
  (void)ctx;
  corr_data *d = obj;
  free(d->x), free(d->y);
}

static int run_subject(const void *in, void *out, void *ctx_) {
  const corr_data *d = in;
  corr_ctx *ctx = ctx_;
  const char *defect = ctx->s->known_defect ? ctx->s->known_defect(d->x, d->y, d->n) : NULL;
  if (defect) ctx->defect = defect;
  ((corr_result *)out)->value = ctx->s->fn(d->x, d->y, d->n, ctx->s->ctx);
  return 0;
}

/* The subject on (x, y), noting a known defect it meets (checks call it for a third run). */
static double measure(void *ctx, const double *x, const double *y, size_t n) {
  corr_data d = {(double *)x, (double *)y, n};
  corr_result r;
  run_subject(&d, &r, ctx);
  return r.value;
}

/* Rounding tolerance of the subject's measure on (x, y), absolute (covariances relative to
 * sqrt(var_x var_y)); NaN when the data is not finite, a variance is zero or the covariance's
 * scale overflows. Spearman's
 * coefficient is a Pearson coefficient of the ranks, so its conditioning is the ranks'. */
static double tolerance(const corr_ctx *c, const double *x, const double *y, size_t n) {
  if (n < 2 || !corr_all_finite(x, n) || !corr_all_finite(y, n)) return NAN;
  double *rx = NULL, *ry = NULL;
  if (c->s->measure == CORR_SPEARMAN) {
    rx = malloc(n * sizeof *rx), ry = malloc(n * sizeof *ry);
    if (!rx || !ry || corr_average_ranks(x, n, rx) || corr_average_ranks(y, n, ry)) {
      free(rx), free(ry);
      return NAN;
    }
    x = rx, y = ry;
  }
  corr_moments mx = corr_moments_of(x, n), my = corr_moments_of(y, n);
  free(rx), free(ry);
  if (!(mx.ss > 0) || !(my.ss > 0) || isinf(mx.ss) || isinf(my.ss)) return NAN;
  double t = corr_rounding_tolerance(n, c->s->roundoff, mx.kappa, my.kappa);
  if (c->s->measure == CORR_COVARIANCE) t = corr_covariance_tolerance(t, mx.ss, my.ss, n);
  return isfinite(t) ? t : NAN; /* a scale past the double range bounds nothing */
}

static double source_value(const mlf_mr_pair *p) { return ((const corr_result *)p->source_output)->value; }
static double followup_value(const mlf_mr_pair *p) { return ((const corr_result *)p->followup_output)->value; }
static const corr_data *source_data(const mlf_mr_pair *p) { return p->source_input; }
static const corr_data *followup_data(const mlf_mr_pair *p) { return p->followup_input; }

/* got within bound of want (NaN bound: the relation does not apply and holds). */
static mlf_cmp_kind expect_near(double got, double want, double bound, const char *what,
                                char *reason, size_t len) {
  if (isnan(bound)) return MLF_CMP_OK;
  mlf_cmp_kind k = isnan(got) ? MLF_CMP_NAN : isinf(got) ? MLF_CMP_INF : MLF_CMP_OK;
  if (k == MLF_CMP_OK && fabs(got - want) <= bound) return MLF_CMP_OK;
  snprintf(reason, len, "%s: got %.17g, expected %.17g within %.3g", what, got, want, bound);
  return k == MLF_CMP_OK ? MLF_CMP_VALUE : k;
}

static mlf_cmp_kind expect_identical(double got, double want, const char *what, char *reason,
                                     size_t len) {
  if (mlf_ulp_distance(got, want) == 0 && signbit(got) == signbit(want)) return MLF_CMP_OK;
  snprintf(reason, len, "%s: got %.17g, expected exactly %.17g", what, got, want);
  return isnan(got) != isnan(want) ? MLF_CMP_NAN : MLF_CMP_VALUE;
}

static mlf_cmp_kind expect_nan(double got, const char *what, char *reason, size_t len) {
  if (isnan(got)) return MLF_CMP_OK;
  snprintf(reason, len, "%s: got %.17g, expected NaN", what, got);
  return MLF_CMP_NAN;
}

/* ---- transformations ------------------------------------------------------------------ */

static int copy_as(const corr_data *s, corr_data *f, const double *x, const double *y) {
  if (!alloc_data(f, s->n)) return 0;
  memcpy(f->x, x, s->n * sizeof(double));
  memcpy(f->y, y, s->n * sizeof(double));
  return 1;
}

static int t_identity(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)p, (void)r, (void)ctx;
  const corr_data *s = src;
  return copy_as(s, fol, s->x, s->y);
}

static int t_swap(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)p, (void)r, (void)ctx;
  const corr_data *s = src;
  return copy_as(s, fol, s->y, s->x);
}

/* A random permutation of the pairs; half the time only the first pair moves to the end
 * (the paper's boundary case). */
static int t_permute(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  if (s->n < 2 || !copy_as(s, f, s->x, s->y)) return 0;
  p->v[0] = mlf_rng_chance(r, 50);
  for (size_t i = s->n - 1; i > 0; i--) {
    size_t j = p->v[0] ? (size_t)mlf_rng_below(r, i + 1) : (i == s->n - 1 ? 0 : i);
    double tx = f->x[i], ty = f->y[i];
    f->x[i] = f->x[j], f->y[i] = f->y[j], f->x[j] = tx, f->y[j] = ty;
    if (!p->v[0]) break;
  }
  return 1;
}

static int t_duplicate(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)p, (void)r, (void)ctx;
  const corr_data *s = src;
  return copy_as(s, fol, s->x, s->x);
}

static int t_negate(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)p, (void)r, (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  if (!copy_as(s, f, s->x, s->x)) return 0;
  for (size_t i = 0; i < s->n; i++) f->y[i] = -f->y[i];
  return 1;
}

/* y -> a y + b with the message's scale and shift (a = -3, b = 0.5 when the scale is 0). */
static int t_affine(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx_) {
  (void)r;
  const corr_data *s = src;
  const corr_ctx *ctx = ctx_;
  corr_data *f = fol;
  double a = ctx->scale != 0 ? ctx->scale : -3.0, b = ctx->scale != 0 ? ctx->shift : 0.5;
  p->v[0] = a, p->v[1] = b;
  if (!copy_as(s, f, s->x, s->y)) return 0;
  for (size_t i = 0; i < s->n; i++) f->y[i] = a * s->y[i] + b;
  return 1;
}

/* y -> +-2^k y, k and the sign from the message's scale (k = 3 when it is 0). */
static int t_scale_pow2(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx_) {
  (void)r;
  const corr_data *s = src;
  const corr_ctx *ctx = ctx_;
  corr_data *f = fol;
  int k = 3;
  if (ctx->scale != 0) frexp(ctx->scale, &k), k -= 1;
  double a = copysign(ldexp(1.0, k), ctx->scale != 0 ? ctx->scale : 1.0);
  p->v[0] = a;
  if (!isfinite(a) || a == 0 || !copy_as(s, f, s->x, s->y)) return 0;
  for (size_t i = 0; i < s->n; i++) f->y[i] = a * s->y[i];
  return 1;
}

/* A power of two near the magnitude of v (1 when v is zero or not finite). */
static double power_of_two_near(double v) {
  return isfinite(v) && v != 0 ? ldexp(1.0, ilogb(v)) : 1.0;
}

/* The paper's uncorrelated pair x = (1, 0, -1, 0, ...), y = (0, 1, 0, -1, ...) scaled to the
 * source's magnitude, as long as the source rounded to a multiple of 4 (at least 4). */
static int t_zero_correlation(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)r, (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  size_t n = s->n < 4 ? 4 : s->n / 4 * 4;
  double c = power_of_two_near(s->n ? s->y[0] : 1.0);
  static const double px[4] = {1, 0, -1, 0}, py[4] = {0, 1, 0, -1};
  p->v[0] = c;
  if (!alloc_data(f, n)) return 0;
  for (size_t i = 0; i < n; i++) f->x[i] = c * px[i % 4], f->y[i] = c * py[i % 4];
  return 1;
}

/* y replaced by a constant power of two (its mean and deviations are then exact in any
 * summation order). */
static int t_constant(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)r, (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  if (s->n < 2 || !copy_as(s, f, s->x, s->y)) return 0;
  double c = copysign(power_of_two_near(s->y[0]), s->y[0]);
  p->v[0] = c;
  for (size_t i = 0; i < s->n; i++) f->y[i] = c;
  return 1;
}

static double max_deviation(const double *v, size_t n, long double mean) {
  long double m = 0;
  for (size_t i = 0; i < n; i++) m = fmaxl(m, fabsl(v[i] - mean));
  return (double)m;
}

static double max_of(const double *v, size_t n) {
  double m = v[0];
  for (size_t i = 1; i < n; i++) m = fmax(m, v[i]);
  return m;
}

/* One more pair (max_x + D, max_y + D) with D = 2^20 times a power of two above the spread:
 * every other point lies within 2^-20 D of the means. params: D. A spread past the double
 * range has no such D (frexp of Inf leaves the exponent unspecified, glibc 0, which would
 * give D = 2^20 and an "outlier" tied with the largest value): no follow-up then. */
static int t_outlier(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)r, (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  if (s->n < 2 || !corr_all_finite(s->x, s->n) || !corr_all_finite(s->y, s->n)) return 0;
  corr_moments mx = corr_moments_of(s->x, s->n), my = corr_moments_of(s->y, s->n);
  double spread = max_deviation(s->x, s->n, mx.mean) + max_deviation(s->y, s->n, my.mean) + 1;
  if (!isfinite(spread)) return 0;
  int e;
  frexp(spread, &e);
  double d = ldexp(1.0, e + 20);
  double ox = max_of(s->x, s->n) + d, oy = max_of(s->y, s->n) + d;
  if (!isfinite(d) || !isfinite(ox) || !isfinite(oy) || !alloc_data(f, s->n + 1)) return 0;
  memcpy(f->x, s->x, s->n * sizeof(double));
  memcpy(f->y, s->y, s->n * sizeof(double));
  f->x[s->n] = ox, f->y[s->n] = oy;
  p->v[0] = d;
  return 1;
}

/* One x becomes NaN, the encoding of a missing value. params: its index. */
static int t_missing(const void *src, void *fol, mlf_mr_params *p, mlf_rng *r, void *ctx) {
  (void)ctx;
  const corr_data *s = src;
  corr_data *f = fol;
  if (s->n == 0 || !copy_as(s, f, s->x, s->y)) return 0;
  size_t i = (size_t)mlf_rng_below(r, s->n);
  p->v[0] = (double)i;
  f->x[i] = NAN;
  return 1;
}

/* ---- checks ----------------------------------------------------------------------------- */

/* MR-1: |r| <= 1 (|cov| <= sd_x sd_y) up to rounding on finite data of nonzero variance;
 * the second run of the same input must give the same bits. */
static mlf_cmp_kind c_bounds(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *d = source_data(p);
  double r = source_value(p);
  mlf_cmp_kind k = expect_identical(followup_value(p), r, "second run of the same data", reason, len);
  if (k != MLF_CMP_OK) return k;
  double t = tolerance(c, d->x, d->y, d->n);
  if (isnan(t)) return MLF_CMP_OK;
  double limit = 1.0;
  if (c->s->measure == CORR_COVARIANCE) {
    corr_moments mx = corr_moments_of(d->x, d->n), my = corr_moments_of(d->y, d->n);
    limit = (double)(sqrtl(mx.ss * my.ss) / (d->n - 1));
  }
  double excess = !isfinite(r) ? r : fabs(r) > limit ? fabs(r) : limit; /* NaN and Inf fail */
  return expect_near(excess, limit, t, "|measure| against its bound", reason, len);
}

/* MR-2: Pearson and the covariance are exactly symmetric (IEEE + and * commute and both
 * formulas are symmetric in x, y). Spearman correlates the two rank vectors in the order its
 * sorts leave them, which differs between (x, y) and (y, x): within twice the rounding
 * tolerance, on finite data (ranks of a NaN are not defined: the missing relation). */
static mlf_cmp_kind c_swap(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *d = source_data(p);
  if (c->s->measure != CORR_SPEARMAN)
    return expect_identical(followup_value(p), source_value(p), "m(y, x) vs m(x, y)", reason, len);
  return expect_near(followup_value(p), source_value(p), 2 * tolerance(c, d->x, d->y, d->n),
                     "m(y, x) vs m(x, y)", reason, len);
}

/* MR-3: pairs reordered change only the rounding: within twice the rounding tolerance. */
static mlf_cmp_kind c_permute(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  const corr_data *d = source_data(p);
  double t = tolerance(ctx, d->x, d->y, d->n);
  return expect_near(followup_value(p), source_value(p), 2 * t, "pairs permuted", reason, len);
}

/* MR-4: m(x, x) = 1 for the coefficients (SELF_TOLERANCE), = var(x) for the covariance
 * (long-double two-pass variance within the rounding tolerance). */
static mlf_cmp_kind c_duplicate(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *d = source_data(p);
  double t = tolerance(c, d->x, d->x, d->n);
  if (isnan(t)) return MLF_CMP_OK;
  if (c->s->measure != CORR_COVARIANCE)
    return expect_near(followup_value(p), 1.0, SELF_TOLERANCE, "m(x, x)", reason, len);
  corr_moments mx = corr_moments_of(d->x, d->n);
  return expect_near(followup_value(p), (double)(mx.ss / (d->n - 1)), t, "cov(x, x)", reason, len);
}

/* MR-5: m(x, -x) = -m(x, x): exact for Pearson and the covariance (negation is exact and both
 * are odd in y); Spearman's reversed ranks are re-centred by a running mean, so within the
 * rounding tolerance; and r(x, -x) = -1 within SELF_TOLERANCE. */
static mlf_cmp_kind c_negate(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *d = source_data(p);
  double t = tolerance(c, d->x, d->x, d->n);
  if (isnan(t)) return MLF_CMP_OK;
  double self = measure(ctx_, d->x, d->x, d->n), got = followup_value(p);
  if (c->s->measure == CORR_SPEARMAN) return expect_near(got, -self, 2 * t, "m(x, -x) vs -m(x, x)", reason, len);
  mlf_cmp_kind k = expect_identical(got, -self, "m(x, -x) vs -m(x, x)", reason, len);
  if (k != MLF_CMP_OK || c->s->measure == CORR_COVARIANCE) return k;
  return expect_near(got, -1.0, SELF_TOLERANCE, "r(x, -x)", reason, len);
}

/* 1 when the ranks of b are those of a (same order, same ties), or reversed when reversed. */
static int same_ranks(const double *a, const double *b, size_t n, int reversed) {
  double *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
  int same = ra && rb && !corr_average_ranks(a, n, ra) && !corr_average_ranks(b, n, rb);
  for (size_t i = 0; same && i < n; i++) same = rb[i] == (reversed ? (double)(n + 1) - ra[i] : ra[i]);
  free(ra), free(rb);
  return same;
}

/* MR-6 (corrected): m(x, a y + b) = sign(a) m(x, y) for the coefficients (Spearman only while
 * the map keeps the ranks), a cov(x, y) for the covariance. Bound: both rounding tolerances
 * plus the effect of rounding a y + b, whose error vector e (|e_i| <= 2 u (|a y_i| + |b|)
 * plus half a subnormal step) moves r by at most 2 |e| / |y' - mean|, the covariance by
 * |x - mean| |e| / (n - 1). */
static mlf_cmp_kind c_affine(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *s = source_data(p), *f = followup_data(p);
  double a = p->params->v[0], b = p->params->v[1];
  double ts = tolerance(c, s->x, s->y, s->n), tf = tolerance(c, f->x, f->y, f->n);
  if (isnan(ts) || isnan(tf)) return MLF_CMP_OK;
  long double e2 = 0;
  for (size_t i = 0; i < s->n; i++) {
    long double ei = 2 * U_DOUBLE * (fabsl((long double)a * s->y[i]) + fabs(b)) + DBL_TRUE_MIN;
    e2 += ei * ei;
  }
  corr_moments mx = corr_moments_of(f->x, f->n), my = corr_moments_of(f->y, f->n);
  double want, bound;
  if (c->s->measure == CORR_COVARIANCE) {
    want = a * source_value(p);
    bound = fabs(a) * ts + tf + (double)(sqrtl(mx.ss * e2) / (s->n - 1));
  } else {
    double shift = (double)(2 * sqrtl(e2 / my.ss));
    if (shift > 0.5) return MLF_CMP_OK; /* cancellation in a y + b swamps the relation */
    if (c->s->measure == CORR_SPEARMAN && !same_ranks(s->y, f->y, s->n, a < 0)) return MLF_CMP_OK;
    want = copysign(1.0, a) * source_value(p);
    bound = ts + tf + (c->s->measure == CORR_PEARSON ? shift : 0);
  }
  return expect_near(followup_value(p), want, bound, "affine map of y", reason, len);
}

/* 1 when every nonzero a v_i is a finite normal number (scaling v by a power of two is then
 * exact). */
static int scales_exactly(const double *v, size_t n, double a) {
  for (size_t i = 0; i < n; i++) {
    double s = a * v[i];
    if (v[i] != 0 && (!isfinite(s) || fabs(s) < 0x1p-1022 || fabs(v[i]) < 0x1p-1022)) return 0;
  }
  return 1;
}

/* 1 when GSL 2.7.1's covariance of (x, y) and of (x, a y) round alike: it rounds its
 * long-double running mean of y to double and takes the deviations y_i - mean in double, and
 * both roundings are absolute below 2^-1022, so neither scales with y there. Holds when the
 * mean, and for |a| < 1 every deviation, stays normal at both scales, with a slack for GSL's
 * running mean against the two-pass one here (each within 2 n long-double roundings of terms
 * up to max |y| of the exact mean) and, for a deviation, the mean's rounding to double. */
static int covariance_deviations_scale(const double *y, size_t n, double a) {
  long double mean = corr_moments_of(y, n).mean, biggest = 0;
  for (size_t i = 0; i < n; i++)
    if (!(fabsl((long double)y[i]) <= biggest)) biggest = fabsl((long double)y[i]);
  if (biggest == 0) return 1;
  long double slack = 4 * (long double)n * 0x1p-64L * biggest;
  long double least = fabs(a) < 1 ? 0x1p-1022L / fabs(a) : 0x1p-1022L;
  if (!(fabsl(mean) - slack >= least)) return 0;
  for (size_t i = 0; fabs(a) < 1 && i < n; i++)
    if (!(fabsl(y[i] - mean) - slack - 0x1p-53L * fabsl(mean) >= least)) return 0;
  return 1;
}

/* 1 when GSL 2.7.1's population covariance C, which it rounds to double before multiplying it
 * by f = n / (n - 1), may be subnormal at either scale while r is not zero (a zero r has its
 * own, tighter bound): that rounding is then absolute (2^-1075) and does not scale with a. A
 * result r had a normal C when |r| > 2^-1022 f: |round(C)| < 2^-1022 gives
 * |round(round(C) f)| <= 2^-1022 f (rounding is monotone and 2^-1022 f is exact). */
static int population_covariance_subnormal(double r, double a_r, double f) {
  double least = ldexp(f, -1022);
  return r != 0 && (fabs(r) <= least || fabs(a_r) <= least);
}

/* got against a r, bit for bit, except that for an exact zero r and a < 0 a zero of either
 * sign is right: the follow-up's sum of exactly cancelling products is +0 in round to nearest
 * whatever the operands' signs (IEEE 754-2019, 6.3), so -r = -0 is not what it must give. */
static mlf_cmp_kind expect_scaled(double got, double a, double r, const char *what, char *reason,
                                  size_t len) {
  if (r == 0 && a < 0 && got == 0) return MLF_CMP_OK;
  return expect_identical(got, a * r, what, reason, len);
}

/* MR-6, exact part: y -> +-2^k y with every value staying normal scales every deviation
 * exactly, so Pearson and the covariance (times +-2^k) are bit-exact, Spearman too for a
 * positive factor (same ranks) and within the rounding tolerance for a negative one. The
 * covariance's deviations are taken from a mean rounded to double, and its population
 * covariance is rounded to double: where one of these roundings is absolute
 * (covariance_deviations_scale, population_covariance_subnormal), both covariances are only
 * within their rounding tolerances (whose 4 DBL_TRUE_MIN covers f 2^-1075) of the exact
 * values, a cov(x, y) and cov(x, y). */
static mlf_cmp_kind c_scale_pow2(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *s = source_data(p);
  double a = p->params->v[0], r = source_value(p);
  if (isnan(tolerance(c, s->x, s->y, s->n)) || !scales_exactly(s->y, s->n, a)) return MLF_CMP_OK;
  if (c->s->measure == CORR_COVARIANCE) {
    double want = a * r, got = followup_value(p);
    if (!isfinite(want) || (want != 0 && fabs(want) < 0x1p-1022) || (r != 0 && fabs(r) < 0x1p-1022))
      return MLF_CMP_OK;
    /* A zero r may be a nonzero covariance lost to underflow: GSL 2.7.1 rounds the
     * population covariance C (summed in long double) to double and then multiplies it by
     * f = n / (n - 1), so r = 0 says only |C| <= 2^-1075; the follow-up, round(round(2^k C) f),
     * is then at most 2^k 2^-1075 f, rounded up. */
    double f = (double)s->n / (double)(s->n - 1);
    if (r == 0 && fabs(got) <= nextafter(fabs(a) * 0x1p-1074 / 2 * f, INFINITY)) return MLF_CMP_OK;
    if (!covariance_deviations_scale(s->y, s->n, a) || population_covariance_subnormal(r, want, f)) {
      const corr_data *fd = followup_data(p);
      double bound = fabs(a) * tolerance(c, s->x, s->y, s->n) + tolerance(c, fd->x, fd->y, fd->n);
      return expect_near(got, want, bound, "cov(x, 2^k y) vs 2^k cov(x, y), a rounding absolute",
                         reason, len);
    }
    return expect_scaled(got, a, r, "cov(x, 2^k y) vs 2^k cov(x, y)", reason, len);
  }
  if (c->s->measure == CORR_SPEARMAN && a < 0)
    return expect_near(followup_value(p), -r, 2 * tolerance(c, s->x, s->y, s->n),
                       "rho(x, -2^k y) vs -rho(x, y)", reason, len);
  return expect_scaled(followup_value(p), copysign(1.0, a), r, "m(x, +-2^k y) vs +-m(x, y)",
                       reason, len);
}

/* MR-7: the uncorrelated pattern gives 0 within the rounding tolerance (times c^2 for the
 * covariance, whose data is c times the pattern). */
static mlf_cmp_kind c_zero_correlation(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  const corr_data *f = followup_data(p);
  return expect_near(followup_value(p), 0.0, tolerance(ctx, f->x, f->y, f->n),
                     "uncorrelated pattern", reason, len);
}

/* MR-8 (corrected): a zero-variance y has no correlation; GSL documents no value, so the
 * quotient 0/0 = NaN is expected (no crash, no error call); the covariance is exactly 0. */
static mlf_cmp_kind c_constant(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *f = followup_data(p);
  if (!corr_all_finite(f->x, f->n)) return MLF_CMP_OK;
  if (c->s->measure == CORR_COVARIANCE) {
    double got = followup_value(p);
    if (got == 0) return MLF_CMP_OK;
    snprintf(reason, len, "cov(x, constant): got %.17g, expected 0", got);
    return isnan(got) ? MLF_CMP_NAN : MLF_CMP_VALUE;
  }
  return expect_nan(followup_value(p), "m(x, constant)", reason, len);
}

/* MR-9 (corrected): an outlier pair at distance D >= 2^20 (spread) pulls the coefficients to
 * +1: 1 - r' <= 1.5 (n + 1) (R_x^2 + R_y^2) / D^2 (R: largest deviation), plus rounding.
 * Spearman without ties: the pair adds rank n + 1 to both and leaves the other ranks, so
 * rho' = 1 - (1 - rho)(n - 1)/(n + 2). Covariance: cov' = ((n - 1) cov + n/(n + 1) d_x d_y)/n
 * with d the outlier's deviations from the old means. */
static mlf_cmp_kind c_outlier(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const corr_ctx *c = ctx_;
  const corr_data *s = source_data(p), *f = followup_data(p);
  double ts = tolerance(c, s->x, s->y, s->n), tf = tolerance(c, f->x, f->y, f->n);
  if (isnan(ts) || isnan(tf)) return MLF_CMP_OK;
  double r = source_value(p), got = followup_value(p), d = p->params->v[0];
  size_t n = s->n;
  corr_moments mx = corr_moments_of(s->x, n), my = corr_moments_of(s->y, n);
  if (c->s->measure == CORR_PEARSON) {
    double rx = max_deviation(s->x, n, mx.mean), ry = max_deviation(s->y, n, my.mean);
    double pull = 1.5 * (double)(n + 1) * (rx * rx + ry * ry) / (d * d);
    return expect_near(got > 1 ? 1 : got, 1.0, pull + tf, "r after an outlier pair", reason, len);
  }
  if (c->s->measure == CORR_SPEARMAN) {
    if (corr_has_ties(s->x, n) || corr_has_ties(s->y, n)) return MLF_CMP_OK;
    double want = 1 - (1 - r) * (double)(n - 1) / (double)(n + 2);
    return expect_near(got, want, ts + tf, "rho after an outlier pair", reason, len);
  }
  long double dx = f->x[n] - mx.mean, dy = f->y[n] - my.mean;
  double want = (double)(((n - 1) * (long double)r + (long double)n / (n + 1) * dx * dy) / n);
  return expect_near(got, want, tf + ts, "cov after an outlier pair", reason, len);
}

/* MR-10 (corrected): a missing value (NaN) propagates: no measure may rank or skip it. */
static mlf_cmp_kind c_missing(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)ctx;
  return expect_nan(followup_value(p), "with a missing value", reason, len);
}

static const mlf_relation relations[] = {
    {"bounds", "MR-1 identity; |r| <= 1, |cov| <= sd_x sd_y, same bits twice; rounding", t_identity, c_bounds},
    {"swap", "MR-2 (x, y) -> (y, x); equal; exact (Spearman: rounding)", t_swap, c_swap},
    {"permute-pairs", "MR-3 pairs permuted; equal; twice the rounding tolerance", t_permute, c_permute},
    {"duplicate", "MR-4 y -> x; r = 1, cov = var x; 8 u / rounding", t_duplicate, c_duplicate},
    {"negate", "MR-5 y -> -x; m = -m(x, x), r = -1; exact / rounding", t_negate, c_negate},
    {"affine", "MR-6 y -> a y + b; sign(a) r, a cov; rounding plus the map's rounding", t_affine, c_affine},
    {"scale-pow2", "MR-6 y -> +-2^k y; +-r, +-2^k cov; exact", t_scale_pow2, c_scale_pow2},
    {"zero-correlation", "MR-7 uncorrelated pattern; 0; rounding", t_zero_correlation, c_zero_correlation},
    {"constant", "MR-8 y -> constant; r NaN, cov 0; exact", t_constant, c_constant},
    {"outlier", "MR-9 one far pair; r -> 1, rho and cov by formula; bound plus rounding", t_outlier, c_outlier},
    {"missing", "MR-10 one x missing (NaN); NaN; exact", t_missing, c_missing},
};

static const mlf_mr_table table = {
    "correlation",
    {sizeof(corr_data), release_data},
    {sizeof(corr_result), NULL},
    relations,
    sizeof relations / sizeof *relations,
};

size_t corr_check_relations(const char *target, const corr_subject *s, const double *x,
                            const double *y, size_t n, double scale, double shift,
                            uint64_t seed, const char *only, mlf_run *run) {
  corr_ctx ctx = {s, scale, shift, NULL};
  corr_data source = {(double *)x, (double *)y, n};
  int any = 0;
  for (size_t i = 0; only && *only && i < table.count; i++) any |= !strcmp(only, relations[i].name);
  size_t violated = 0;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t i = 0; i < table.count; i++) {
    if (any && strcmp(only, relations[i].name)) continue;
    mlf_mr_result res;
    ctx.defect = NULL;
    mlf_mr_apply(&table, &relations[i], &source, run_subject, &ctx, &rng, &res);
    mlf_log(run, "%s %s: %s%s%s", s->name, relations[i].name, mlf_mr_verdict_name(res.verdict),
            res.reason[0] ? ": " : "", res.reason);
    mlf_feedback_hit(mlf_feature("corr-relation", (uint32_t)(s->measure * 16 + i), res.verdict));
    if (res.verdict != MLF_MR_VIOLATED) continue;
    violated++;
    char tag[MLF_TAG_MAX];
    mlf_finding_tag(tag, sizeof tag, target, s->name, relations[i].name,
                    ctx.defect ? ctx.defect : mlf_cmp_kind_name(res.kind));
    mlf_finding(run, tag, "%s on n = %zu (%s): %s", relations[i].name, n, relations[i].statement,
                res.reason);
  }
  return violated;
}

int corr_outside_range(corr_measure m, double r) { return m != CORR_COVARIANCE && fabs(r) > 1; }
