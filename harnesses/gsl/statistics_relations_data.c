/* Relations that transform the data: scaling by a power of two, negation, permutation, shift,
 * duplication (see statistics_relations.c for their statements). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "statistics_relations.h"

#define ROBUST_SCALES STATISTICS_RANGE(SQ_SN0, SQ_QN)
#define EXACT_LIMIT 300 /* |x| within 2^-300..2^300: no intermediate of GSL over/underflows */

static int magnitude_ok(double v, int k) {
  if (v == 0 || !isfinite(v)) return 1;
  int e = ilogb(v);
  return e >= -EXACT_LIMIT && e <= EXACT_LIMIT && e + k >= -EXACT_LIMIT && e + k <= EXACT_LIMIT;
}

static int scalable(const statistics_problem *p, int k) {
  if (!magnitude_ok(p->mu, k)) return 0;
  for (size_t i = 0; i < p->n; i++)
    if (!magnitude_ok(p->x[i], k)) return 0;
  return 1;
}

/* 2^k with k from the message's scale (its exponent), else 1; k = +-1 when that is too far. */
int statistics_transform_scale(const void *source, void *followup, mlf_mr_params *params,
                               mlf_rng *rng, void *ctx) {
  (void)rng, (void)ctx;
  const statistics_case *s = source;
  int k = s->scale != 0 && isfinite(s->scale) ? ilogb(s->scale) : 1;
  if (k == 0) k = 1;
  if (!scalable(&s->p, k)) k = k > 0 ? 1 : -1;
  if (!scalable(&s->p, k)) return 0;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  for (size_t i = 0; i < f->p.n; i++) f->p.x[i] = ldexp(f->p.x[i], k);
  f->p.mu = ldexp(f->p.mu, k);
  params->v[0] = k;
  return 1;
}

/* GSL rounds the weighted variance to double before multiplying it by the factor
 * W^2 / (W^2 - sum w^2); when one weight dominates (factor above 2^20) that intermediate can be
 * subnormal while the result is not, and scaling is no longer exact. */
static int factor_dominated(const statistics_problem *p) {
  long double w = 0, w2 = 0;
  for (size_t i = 0; i < p->n; i++)
    if (p->w[i] > 0) w += p->w[i], w2 += (long double)p->w[i] * p->w[i];
  return !(w * w < 0x1p20L * (w * w - w2));
}

statistics_want statistics_want_scale(statistics_q q, const statistics_view *v) {
  int k = (int)v->params->v[0];
  int factored = q >= SQ_WVARIANCE && q <= SQ_WSD_M;
  factored |= q >= SQ_WSKEW && q <= SQ_WKURTOSIS_M_SD;
  if (factored && factor_dominated(&v->src_in->p)) return (statistics_want){WANT_SKIP, 0, 0, 0};
  double src = v->src->v.v[q], want;
  switch (statistics_q_kind_of(q)) {
    case SQ_LOCATION:
    case SQ_SPREAD:
      want = ldexp(src, k);
      break;
    case SQ_SQUARE:
      want = ldexp(src, 2 * k);
      break;
    default:
      want = src;
  }
  if (!statistics_normal_result(src) || !statistics_normal_result(want) ||
      !statistics_normal_result(v->fup->v.v[q]) || statistics_wtss_rounded_out(v, q))
    return (statistics_want){WANT_SKIP, 0, 0, 0};
  /* A tiny weight ratio can make the weighted variance under an sd, skew or kurtosis subnormal
   * although the data are within range. */
  statistics_q var = statistics_q_variance_under(q);
  if (var != SQ_COUNT && (!statistics_normal_result(v->src->v.v[var]) ||
                          !statistics_normal_result(ldexp(v->src->v.v[var], 2 * k))))
    return (statistics_want){WANT_SKIP, 0, 0, 0};
  return statistics_want_bits(want);
}

int statistics_transform_negate(const void *source, void *followup, mlf_mr_params *params,
                                mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const statistics_case *s = source;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  for (size_t i = 0; i < f->p.n; i++) f->p.x[i] = -f->p.x[i];
  f->p.mu = -f->p.mu;
  f->p.k = f->p.n - 1 - f->p.k;
  return 1;
}

statistics_want statistics_want_negate(statistics_q q, const statistics_view *v) {
  const statistics_values *src = &v->src->v;
  switch (q) {
    case SQ_QUANTILE:
    case SQ_GASTWIRTH: /* f -> 1 - f is not exact in the index */
      return (statistics_want){WANT_SKIP, 0, 0, 0};
    case SQ_TRMEAN: /* the kept samples summed in the opposite order */
      return statistics_want_bounded(q, v, -src->v[q], 1, 0);
    default:
      break;
  }
  double partner = src->v[statistics_q_negation_partner(q)];
  switch (statistics_q_kind_of(q)) {
    case SQ_LOCATION:
    case SQ_ODD:
      return statistics_want_value(-partner);
    default:
      return statistics_want_value(partner);
  }
}

int statistics_transform_permute(const void *source, void *followup, mlf_mr_params *params,
                                 mlf_rng *rng, void *ctx) {
  (void)params, (void)ctx;
  const statistics_case *s = source;
  if (s->p.n < 2) return 0;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  f->expect = 1;
  f->mask = STATISTICS_ALL & ~ROBUST_SCALES; /* the sorted data do not change */
  for (size_t i = f->p.n - 1; i > 0; i--) {  /* Fisher-Yates on x and w together */
    size_t j = (size_t)mlf_rng_below(rng, i + 1);
    double tx = f->p.x[i], tw = f->p.w[i];
    f->p.x[i] = f->p.x[j], f->p.w[i] = f->p.w[j];
    f->p.x[j] = tx, f->p.w[j] = tw;
  }
  return 1;
}

statistics_want statistics_want_permute(statistics_q q, const statistics_view *v) {
  double src = v->src->v.v[q];
  switch (q) {
    case SQ_MEAN:
    case SQ_VARIANCE:
    case SQ_SD:
    case SQ_TSS:
    case SQ_ABSDEV:
    case SQ_SKEW:
    case SQ_KURTOSIS:
    case SQ_VARIANCE_FIXED:
    case SQ_SD_FIXED:
    case SQ_WMEAN:
    case SQ_WVARIANCE:
    case SQ_WSD:
    case SQ_WTSS:
    case SQ_WABSDEV:
    case SQ_WSKEW:
    case SQ_WKURTOSIS:
    case SQ_WVARIANCE_FIXED:
    case SQ_WSD_FIXED:
      return statistics_want_bounded(q, v, src, 1, 0);
    case SQ_MAX:
    case SQ_MIN:
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
    case SQ_MEDIAN_SORTED:
    case SQ_QUANTILE:
    case SQ_MEDIAN:
    case SQ_SELECT:
    case SQ_TRMEAN:
    case SQ_GASTWIRTH:
    case SQ_SN0:
    case SQ_SN:
    case SQ_QN0:
    case SQ_QN:
      return statistics_want_value(src);
    default: /* indices move; _m forms at a mean that moved; lag-1 depends on the order */
      return (statistics_want){WANT_SKIP, 0, 0, 0};
  }
}

/* x + c = fl(x + c) + err exactly (TwoSum); returns the follow-up element's excess
 * fl(x + c) - x - c = -err. */
static double shift_excess(double x, double c) {
  double s = x + c, bp = s - x;
  return -((x - (s - bp)) + (c - bp));
}

int statistics_transform_shift(const void *source, void *followup, mlf_mr_params *params,
                               mlf_rng *rng, void *ctx) {
  (void)rng, (void)ctx;
  const statistics_case *s = source;
  double c = s->shift != 0 && isfinite(s->shift) ? s->shift : 1.0;
  if (!statistics_all_finite(s->p.x, s->p.n)) return 0;
  for (size_t i = 0; i < s->p.n; i++)
    if (!isfinite(s->p.x[i] + c)) return 0;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  f->expect = 1;
  for (size_t i = 0; i < f->p.n; i++) f->p.x[i] += c;
  f->mask = STATISTICS_RANGE(SQ_MEAN, SQ_WKURTOSIS_M_SD) | STATISTICS_RANGE(SQ_MAX, SQ_MINMAX_MAX) |
            1ull << SQ_SELECT;
  params->v[0] = c;
  return 1;
}

/* The exact change of the statistics under the rounded shift, from e_i = x'_i - x_i - c:
 * mean by c + mean(e); sum (x - m)^2 by 2 sum (x - m)(e - ebar) + sum (e - ebar)^2 (for the
 * weighted forms with weights and W); absdev by at most mean|e - ebar|. Computed in long
 * double: their own error is below (n + 4) uL of the magnitudes summed (returned in *err). */
typedef struct {
  long double mean_shift, t2_change, abs_bound, err_mean, err_t2;
} shift_change;

static shift_change shift_change_of(const statistics_view *v, int weighted) {
  const statistics_problem *p = &v->src_in->p;
  double c = v->params->v[0];
  long double W = 0, se = 0, sx = 0;
  for (size_t i = 0; i < p->n; i++) {
    long double w = weighted ? p->w[i] : 1.0L;
    if (!(w > 0)) continue;
    W += w, se += w * shift_excess(p->x[i], c), sx += w * p->x[i];
  }
  long double ebar = se / W, m = sx / W, mix = 0, sq = 0, mix_abs = 0, dev = 0;
  for (size_t i = 0; i < p->n; i++) {
    long double w = weighted ? p->w[i] : 1.0L;
    if (!(w > 0)) continue;
    long double e = shift_excess(p->x[i], c) - ebar, d = p->x[i] - m;
    mix += w * d * e, mix_abs += w * fabsl(d * e), sq += w * e * e, dev += w * fabsl(e);
  }
  long double g = (p->n + 4.0L) * STAT_UL;
  return (shift_change){c + ebar, 2 * mix + sq, dev / W, g * (fabsl(c) + fabsl(ebar)),
                        g * (2 * mix_abs + sq) + 2 * STAT_UL * fabsl(m) * fabsl(se)};
}

statistics_want statistics_want_shift(statistics_q q, const statistics_view *v) {
  const statistics_values *src = &v->src->v;
  int weighted = statistics_q_weighted(q);
  size_t n = v->src_in->p.n;
  shift_change ch;
  switch (q) {
    case SQ_MAX:
    case SQ_MIN:
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
    case SQ_SELECT:
      return statistics_want_value(src->v[q] + v->params->v[0]); /* rounding is monotone */
    case SQ_MEAN:
    case SQ_WMEAN:
      ch = shift_change_of(v, weighted);
      return statistics_want_bounded(q, v, (double)(src->v[q] + ch.mean_shift), 1, ch.err_mean);
    case SQ_VARIANCE:
    case SQ_TSS:
    case SQ_WTSS: {
      ch = shift_change_of(v, weighted);
      long double per = q == SQ_VARIANCE ? 1.0L / (n - 1.0L) : 1.0L;
      return statistics_want_bounded(q, v, (double)(src->v[q] + per * ch.t2_change), 1,
                                     per * ch.err_t2);
    }
    case SQ_ABSDEV:
    case SQ_WABSDEV:
      ch = shift_change_of(v, weighted);
      return statistics_want_bounded(q, v, src->v[q], 1, ch.abs_bound * (1 + 4 * STAT_UL * n));
    default:
      return (statistics_want){WANT_SKIP, 0, 0, 0};
  }
}

#define DUPLICATE_MAX_N 8192

int statistics_transform_duplicate(const void *source, void *followup, mlf_mr_params *params,
                                   mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const statistics_case *s = source;
  size_t n = s->p.n;
  if (2 * n > DUPLICATE_MAX_N) return 0;
  statistics_case *f = followup;
  *f = *s;
  f->is_source = 0;
  f->expect = 1;
  f->mask = STATISTICS_ALL & ~ROBUST_SCALES &
            ~(1ull << SQ_QUANTILE | 1ull << SQ_TRMEAN | 1ull << SQ_GASTWIRTH);
  f->p.n = 2 * n, f->p.k = 2 * s->p.k;
  f->p.x = malloc(2 * n * sizeof(double)), f->p.w = malloc(2 * n * sizeof(double));
  if (!f->p.x || !f->p.w) abort();
  for (int half = 0; half < 2; half++) {
    memcpy(f->p.x + half * n, s->p.x, n * sizeof(double));
    memcpy(f->p.w + half * n, s->p.w, n * sizeof(double));
  }
  return 1;
}

statistics_want statistics_want_duplicate(statistics_q q, const statistics_view *v) {
  double src = v->src->v.v[q];
  long double n = v->src_in->p.n, shrink = 2 * (n - 1) / (2 * n - 1),
              ratio = (2 * n - 1) / (2 * n - 2);
  switch (q) {
    case SQ_MAX:
    case SQ_MIN:
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
    case SQ_MAX_INDEX:
    case SQ_MIN_INDEX:
    case SQ_MINMAX_INDEX_MIN:
    case SQ_MINMAX_INDEX_MAX:
    case SQ_MEDIAN_SORTED:
    case SQ_MEDIAN:
    case SQ_SELECT:
      return statistics_want_value(src); /* first occurrences stay in the first copy */
    case SQ_MEAN:
    case SQ_ABSDEV:
    case SQ_VARIANCE_FIXED:
    case SQ_SD_FIXED:
    case SQ_WMEAN:
    case SQ_WABSDEV:
    case SQ_WVARIANCE_FIXED:
    case SQ_WSD_FIXED:
      return statistics_want_bounded(q, v, src, 1, 0);
    case SQ_TSS:
    case SQ_WTSS:
      return statistics_want_bounded(q, v, 2 * src, 2, 0);
    case SQ_VARIANCE:
      return n < 2 ? (statistics_want){WANT_SKIP, 0, 0, 0}
                   : statistics_want_bounded(q, v, (double)(src * shrink), shrink, 0);
    case SQ_SKEW: /* z scales by the sd ratio sqrt((2n - 1) / (2n - 2)) */
      return n < 2 ? (statistics_want){WANT_SKIP, 0, 0, 0}
                   : statistics_want_bounded(q, v, (double)(src * powl(ratio, 1.5L)),
                                             powl(ratio, 1.5L), 0);
    case SQ_KURTOSIS:
      return n < 2 ? (statistics_want){WANT_SKIP, 0, 0, 0}
                   : statistics_want_bounded(q, v, (double)((src + 3) * ratio * ratio - 3),
                                             ratio * ratio, 0);
    default:
      return (statistics_want){WANT_SKIP, 0, 0, 0};
  }
}
