/* Relations that change how GSL is called rather than the data: the stride, the weights, the
 * quantile and trimming fractions (see statistics_relations.c for their statements). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "statistics_relations.h"

#define WEIGHTED STATISTICS_RANGE(SQ_WMEAN, SQ_WKURTOSIS_M_SD)

static statistics_want skip(void) { return (statistics_want){WANT_SKIP, 0, 0, 0}; }

static statistics_want same_bits(statistics_q q, const statistics_view *v) {
  return statistics_want_bits(v->src->v.v[q]);
}

int statistics_transform_stride(const void *source, void *followup, mlf_mr_params *params,
                                mlf_rng *rng, void *ctx) {
  (void)rng, (void)ctx;
  const statistics_case *s = source;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  f->stride = s->test_stride;
  params->v[0] = (double)f->stride;
  return 1;
}

statistics_want statistics_want_stride(statistics_q q, const statistics_view *v) {
  return same_bits(q, v);
}

static int weight_scalable(const statistics_problem *p, int j) {
  for (size_t i = 0; i < p->n; i++) {
    double w = p->w[i];
    if (w > 0 && isfinite(w) && (w < DBL_MIN || ldexp(w, j) < DBL_MIN || ldexp(w, j) > DBL_MAX))
      return 0;
  }
  return 1;
}

/* 2^j, |j| from 500 to 600 one time in five (weights of 1 / sigma^2 for a tiny or huge
 * sigma), up to 8 otherwise; halved until every positive weight stays a normal double. */
int statistics_transform_scale_weights(const void *source, void *followup, mlf_mr_params *params,
                                       mlf_rng *rng, void *ctx) {
  (void)ctx;
  const statistics_case *s = source;
  int j =
      mlf_rng_chance(rng, 20) ? 500 + (int)mlf_rng_below(rng, 101) : 1 + (int)mlf_rng_below(rng, 8);
  if (mlf_rng_chance(rng, 50)) j = -j;
  while (j != 0 && !weight_scalable(&s->p, j)) j /= 2;
  if (j == 0) return 0;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  for (size_t i = 0; i < f->p.n; i++) f->p.w[i] = ldexp(f->p.w[i], j);
  f->mask = WEIGHTED;
  params->v[0] = j;
  return 1;
}

statistics_want statistics_want_scale_weights(statistics_q q, const statistics_view *v) {
  double src = v->src->v.v[q];
  if (q == SQ_WTSS || q == SQ_WTSS_M) {
    double want = ldexp(src, (int)v->params->v[0]);
    if (!statistics_normal_result(src) || !statistics_normal_result(want) ||
        !statistics_normal_result(v->fup->v.v[q]) || statistics_wtss_rounded_out(v, q))
      return skip();
    return statistics_want_bits(want);
  }
  return statistics_want_bits(src);
}

int statistics_transform_equal_weights(const void *source, void *followup, mlf_mr_params *params,
                                       mlf_rng *rng, void *ctx) {
  (void)ctx;
  const statistics_case *s = source;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  f->expect = 1;
  f->mask = STATISTICS_RANGE(SQ_MEAN, SQ_LAG1_M) | WEIGHTED;
  int j = (int)mlf_rng_below(rng, 9) - 4;
  for (size_t i = 0; i < f->p.n; i++) f->p.w[i] = ldexp(1.0, j);
  params->v[0] = j;
  return 1;
}

/* Each weighted statistic of the follow-up against the follow-up's unweighted one. */
statistics_want statistics_want_equal_weights(statistics_q q, const statistics_view *v) {
  static const statistics_q unweighted[][2] = {{SQ_WMEAN, SQ_MEAN},
                                               {SQ_WVARIANCE, SQ_VARIANCE},
                                               {SQ_WSD, SQ_SD},
                                               {SQ_WVARIANCE_FIXED, SQ_VARIANCE_FIXED},
                                               {SQ_WSD_FIXED, SQ_SD_FIXED},
                                               {SQ_WABSDEV, SQ_ABSDEV},
                                               {SQ_WSKEW, SQ_SKEW},
                                               {SQ_WKURTOSIS, SQ_KURTOSIS},
                                               {SQ_WTSS, SQ_TSS}};
  const statistics_expected *ex = &v->fup->ex;
  for (size_t i = 0; i < sizeof unweighted / sizeof *unweighted; i++) {
    statistics_q u = unweighted[i][1];
    if (unweighted[i][0] != q) continue;
    /* a side off its own reference is the reference's finding (same data as the source) */
    if (!ex->defined[q] || !ex->defined[u] || !statistics_within(ex, u, v->fup->v.v[u]) ||
        !statistics_within(ex, q, v->fup->v.v[q]))
      return skip();
    /* tss's finite nonzero long-double sum may over- or underflow in its rounding to double
     * where 2^j times it, the wtss, does not (the weights are all 2^j: the terms are tss's) */
    if (q == SQ_WTSS &&
        statistics_tss_rounded_out(v->fup->v.v[u], &v->fup_in->p, v->fup->v.v[SQ_MEAN]))
      return skip();
    long double factor = q == SQ_WTSS ? ldexpl(1.0L, (int)v->params->v[0]) : 1.0L;
    double want = (double)(factor * v->fup->v.v[u]);
    long double bound = factor * ex->e[u].bound + ex->e[q].bound + STAT_U * fabs(want);
    return (statistics_want){WANT_BOUND, want, (double)bound,
                             ex->e[q].overflow_possible || ex->e[u].overflow_possible};
  }
  return statistics_q_weighted(q) ? skip() : same_bits(q, v); /* same data */
}

/* Samples of zero weight removed; applies when there are some and some positive weight. */
int statistics_transform_drop_zero_weights(const void *source, void *followup,
                                           mlf_mr_params *params, mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const statistics_case *s = source;
  size_t kept = 0, positive = 0;
  for (size_t i = 0; i < s->p.n; i++) kept += s->p.w[i] != 0, positive += s->p.w[i] > 0;
  if (kept == s->p.n || positive == 0) return 0;
  statistics_case *f = followup;
  statistics_case_copy(s, f);
  f->p.n = 0;
  for (size_t i = 0; i < s->p.n; i++)
    if (s->p.w[i] != 0) f->p.x[f->p.n] = s->p.x[i], f->p.w[f->p.n++] = s->p.w[i];
  f->p.k = s->p.k % f->p.n;
  f->mask = WEIGHTED;
  return 1;
}

statistics_want statistics_want_drop_zero_weights(statistics_q q, const statistics_view *v) {
  return statistics_q_weighted(q) ? same_bits(q, v) : skip();
}

static int transform_fractions(const void *source, void *followup, double f, double trim,
                               int expect) {
  const statistics_case *s = source;
  statistics_case *c = followup;
  statistics_case_copy(s, c);
  c->p.f = f, c->p.trim = trim, c->expect = expect;
  c->mask = 1ull << SQ_QUANTILE | 1ull << SQ_TRMEAN;
  return 1;
}

/* Quantile and trimmed mean follow their parameters (only they are evaluated); nothing is
 * due for data with a NaN (not in ascending numerical order), nor when the source result
 * they must equal (partner) already misses its own reference. */
static statistics_want fraction_want(statistics_q q, const statistics_view *v, statistics_q partner,
                                     statistics_want quantile, statistics_want trmean) {
  const statistics_expected *ex = &v->src->ex;
  if (!ex->defined[SQ_MEDIAN_SORTED] || !statistics_within(ex, partner, v->src->v.v[partner]))
    return skip();
  return q == SQ_QUANTILE ? quantile : q == SQ_TRMEAN ? trmean : skip();
}

int statistics_transform_fraction_zero(const void *source, void *followup, mlf_mr_params *params,
                                       mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  return transform_fractions(source, followup, 0.0, 0.0, 1);
}

statistics_want statistics_want_fraction_zero(statistics_q q, const statistics_view *v) {
  const statistics_expected *a = &v->src->ex, *b = &v->fup->ex;
  statistics_want tr = skip();
  if (a->defined[SQ_MEAN] && b->defined[SQ_TRMEAN] &&
      statistics_within(a, SQ_MEAN, v->src->v.v[SQ_MEAN])) {
    double want = v->src->v.v[SQ_MEAN];
    tr = (statistics_want){
        WANT_BOUND, want,
        (double)(a->e[SQ_MEAN].bound + b->e[SQ_TRMEAN].bound + STAT_U * fabs(want)),
        b->e[SQ_TRMEAN].overflow_possible};
  }
  return fraction_want(q, v, q == SQ_QUANTILE ? SQ_MIN : SQ_MEAN,
                       statistics_want_value(v->src->v.v[SQ_MIN]), tr);
}

int statistics_transform_fraction_half(const void *source, void *followup, mlf_mr_params *params,
                                       mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  return transform_fractions(source, followup, 0.5, 0.5, 0);
}

/* quantile(1/2) = 0.5 x_i + 0.5 x_i+1 and the median (x_i + x_i+1) / 2 round the same
 * exact value once each, unless a half falls into the subnormals (x below 2 DBL_MIN): then
 * one more rounding of 2^-1075 may move the result by one unit in its last place. */
statistics_want statistics_want_fraction_half(statistics_q q, const statistics_view *v) {
  double median = v->src->v.v[SQ_MEDIAN_SORTED];
  const statistics_problem *p = &v->src_in->p;
  int tiny = 0;
  for (size_t i = 0; i < p->n; i++) tiny |= p->x[i] != 0 && fabs(p->x[i]) < 2 * DBL_MIN;
  statistics_want quantile = statistics_want_value(median);
  if (tiny && isfinite(median))
    quantile =
        (statistics_want){WANT_BOUND, median, nextafter(fabs(median), INFINITY) - fabs(median), 0};
  return fraction_want(q, v, SQ_MEDIAN_SORTED, quantile, statistics_want_value(median));
}

int statistics_transform_fraction_one(const void *source, void *followup, mlf_mr_params *params,
                                      mlf_rng *rng, void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const statistics_case *s = source;
  return transform_fractions(source, followup, 1.0, s->p.trim, 0);
}

statistics_want statistics_want_fraction_one(statistics_q q, const statistics_view *v) {
  return fraction_want(q, v, SQ_MAX, statistics_want_value(v->src->v.v[SQ_MAX]), skip());
}
