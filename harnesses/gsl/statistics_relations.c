/* The gsl_statistics relation table and the comparison every relation shares
 * (statistics_relations.h). */
#include "statistics_relations.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void release_case(void *obj, void *ctx) {
  (void)ctx;
  statistics_problem_free(&((statistics_case *)obj)->p);
}

/* Follow-ups evaluate Sn0 and Qn0 only: Sn and Qn are constants times them (checked on the
 * source), and GSL's Qn costs more than every other call together. */
void statistics_case_copy(const statistics_case *src, statistics_case *dst) {
  *dst = *src;
  statistics_problem_copy(&src->p, &dst->p);
  dst->is_source = 0;
  dst->mask &= ~(1ull << SQ_SN | 1ull << SQ_QN);
}

int statistics_relation_run(const void *input, void *output, void *ctx) {
  const statistics_case *c = input;
  statistics_outcome *o = output;
  statistics_evaluate(&c->p, c->stride, c->mask, &o->v);
  if (c->expect) statistics_expect(&c->p, &o->v, &o->ex);
  if (c->is_source && ctx) ((statistics_relation_ctx *)ctx)->source = *o;
  return 0;
}

const char *statistics_kind_on(statistics_q q, const char *kind, const statistics_problem *p,
                               char *buf, size_t len) {
  if (q < SQ_SN0 || q > SQ_QN) return kind;
  for (size_t i = 0; i < p->n; i++)
    if (isinf(p->x[i])) {
      snprintf(buf, len, "%s-infinite-sample", kind);
      return buf;
    }
  return kind;
}

statistics_want statistics_want_bits(double v) { return (statistics_want){WANT_BITS, v, 0, 0}; }
statistics_want statistics_want_value(double v) { return (statistics_want){WANT_VALUE, v, 0, 0}; }

statistics_want statistics_want_bounded(statistics_q q, const statistics_view *v, double want,
                                        long double factor, long double extra) {
  const statistics_expected *a = &v->src->ex, *b = &v->fup->ex;
  if (!a->defined[q] || !b->defined[q] || !statistics_within(a, q, v->src->v.v[q]))
    return (statistics_want){WANT_SKIP, 0, 0, 0};
  /* A source rounded to an infinity (its exact value past DBL_MAX) says nothing of a follow-up
   * whose exact value is finite: duplicated data's variance takes 8/7 where the source's 4/3. */
  if (isinf(v->src->v.v[q]) && isfinite(b->e[q].value))
    return (statistics_want){WANT_SKIP, 0, 0, 0};
  long double bound = fabsl(factor) * a->e[q].bound + b->e[q].bound + extra +
                      STAT_U * fabs(want); /* want itself rounded once */
  return (statistics_want){WANT_BOUND, want, (double)bound,
                           a->e[q].overflow_possible || b->e[q].overflow_possible};
}

int statistics_normal_result(double v) { return v == 0 || !isfinite(v) || abs(ilogb(v)) < 1000; }

int statistics_tss_rounded_out(double tss, const statistics_problem *p, double mean) {
  return (isinf(tss) || tss == 0) && statistics_problem_wtss_terms(p, mean) == 1;
}

int statistics_wtss_rounded_out(const statistics_view *v, statistics_q q) {
  return (q == SQ_WTSS || q == SQ_WTSS_M) &&
         statistics_tss_rounded_out(v->src->v.v[q], &v->src_in->p, v->src->v.v[SQ_WMEAN]);
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The kind of a failed comparison of got with w. */
static const char *compare(const statistics_want *w, double got) {
  switch (w->mode) {
    case WANT_BITS:
      if (same_bits(got, w->value)) return NULL;
      if (got == w->value || (isnan(got) && isnan(w->value))) return "bits-mismatch";
      break;
    case WANT_VALUE:
      if (got == w->value || (isnan(got) && isnan(w->value))) return NULL;
      break;
    case WANT_BOUND: {
      mlf_expect e = {w->value, w->bound, w->overflow_possible};
      mlf_cmp_kind k = mlf_check_expect(got, &e);
      return k == MLF_CMP_OK ? NULL : statistics_kind_name(k, got, w->value);
    }
    case WANT_SKIP:
      return NULL;
  }
  if (isnan(got) && isinf(w->value)) return "nan-for-inf";
  if (isnan(got) || isnan(w->value)) return "nan-mismatch";
  if (isinf(got) || isinf(w->value)) return "inf-mismatch";
  return "value-mismatch";
}

mlf_cmp_kind statistics_check_relation(const mlf_mr_pair *pair, statistics_want_fn want,
                                       statistics_relation_log *log, char *reason, size_t len) {
  statistics_view v = {pair->source_input, pair->followup_input, pair->source_output,
                       pair->followup_output, pair->params};
  const statistics_values *f = &v.fup->v;
  mlf_cmp_kind first = MLF_CMP_OK;
  int orderable = v.src->ex.defined[SQ_MEDIAN_SORTED]; /* no NaN in the source data */
  for (statistics_q q = 0; q < SQ_COUNT; q++) {
    if (!(v.fup_in->mask & (1ull << q))) continue;
    statistics_want w = want(q, &v);
    /* Order statistics of data with a NaN are undefined, except where the same call meets
     * the same data in the same order (bit-for-bit relations). */
    if (statistics_q_ordered(q) && !orderable && w.mode != WANT_BITS) w.mode = WANT_SKIP;
    /* a source already off its reference is the reference's finding */
    if (!statistics_within(&v.src->ex, q, v.src->v.v[q])) w.mode = WANT_SKIP;
    char buf[40];
    const char *kind = compare(&w, f->v[q]);
    if (kind) kind = statistics_kind_on(q, kind, &v.fup_in->p, buf, sizeof buf);
    if (kind)
      statistics_log_failure(
          log, q, kind, "follow-up %.17g, source %.17g, wanted %.17g%s%.3g", f->v[q], v.src->v.v[q],
          w.value, w.mode == WANT_BOUND ? " within " : "", w.mode == WANT_BOUND ? w.bound : 0.0);
    if (f->errors[q])
      statistics_log_failure(log, q, "error-on-valid", "GSL error %s %d on the follow-up",
                             f->first_error.routine, f->first_error.info);
    if (f->gaps_written[q])
      statistics_log_failure(log, q, "wrote-between-elements", "a slot between elements changed");
    if (f->not_permuted[q])
      statistics_log_failure(log, q, "not-a-permutation", "the data are no longer a permutation");
    if ((kind || f->errors[q] || f->gaps_written[q] || f->not_permuted[q]) && first == MLF_CMP_OK) {
      first = kind && strstr(kind, "nan")   ? MLF_CMP_NAN
              : kind && strstr(kind, "inf") ? MLF_CMP_INF
                                            : MLF_CMP_VALUE;
      snprintf(reason, len, "%s: %s", statistics_q_name(q), log->reason[q]);
    }
  }
  return first;
}

/* One check function per relation: its wants, its log. */
#define RELATION_CHECK(name, index)                                                             \
  static mlf_cmp_kind check_##name(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) { \
    statistics_relation_ctx *c = ctx;                                                           \
    return statistics_check_relation(p, statistics_want_##name, &c->log[index], reason, len);   \
  }
RELATION_CHECK(stride, STATISTICS_RELATION_STRIDE)
RELATION_CHECK(scale, STATISTICS_RELATION_SCALE)
RELATION_CHECK(scale_weights, STATISTICS_RELATION_SCALE_WEIGHTS)
RELATION_CHECK(negate, STATISTICS_RELATION_NEGATE)
RELATION_CHECK(permute, STATISTICS_RELATION_PERMUTE)
RELATION_CHECK(shift, STATISTICS_RELATION_SHIFT)
RELATION_CHECK(duplicate, STATISTICS_RELATION_DUPLICATE)
RELATION_CHECK(equal_weights, STATISTICS_RELATION_EQUAL_WEIGHTS)
RELATION_CHECK(drop_zero_weights, STATISTICS_RELATION_DROP_ZERO_WEIGHTS)
RELATION_CHECK(fraction_zero, STATISTICS_RELATION_FRACTION_ZERO)
RELATION_CHECK(fraction_half, STATISTICS_RELATION_FRACTION_HALF)
RELATION_CHECK(fraction_one, STATISTICS_RELATION_FRACTION_ONE)

#define RELATION(slug, name, statement) \
  { slug, statement, statistics_transform_##name, check_##name }
static const mlf_relation relations[STATISTICS_RELATION_COUNT] = {
    RELATION("stride", stride,
             "calls at stride 2..4 with NaN sentinels between elements; every result bit for "
             "bit the packed one; exact"),
    RELATION("scale", scale,
             "x, mu times 2^k (every magnitude within 2^-300..2^300); locations and spreads "
             "times 2^k, variances 4^k, skew, kurtosis, indices unchanged; bit for bit"),
    RELATION("scale-weights", scale_weights,
             "positive weights times 2^j (normal doubles before and after); weighted results "
             "unchanged, wtss times 2^j; bit for bit (a long-double implementation is exact)"),
    RELATION("negate", negate,
             "x, mu negated, select rank k -> n-1-k; locations and skew negated, max <-> min "
             "and their indices, the rest unchanged; exact (rounding is odd); trmean bounded"),
    RELATION("permute", permute,
             "x and w permuted together; order statistics exactly unchanged; moments within "
             "the two proven bounds"),
    RELATION("shift", shift,
             "x -> fl(x + c) (finite data), its rounding e_i known exactly; mean moves by c + "
             "mean(e), variance by its exact change, absdev by at most mean|e - mean(e)|, "
             "max, min, select to fl(. + c); within the two bounds"),
    RELATION("duplicate", duplicate,
             "x and w concatenated with themselves, k -> 2k; extremes, indices, medians, "
             "select exact; means, absdev unchanged, tss doubled, variance times "
             "2(n-1)/(2n-1), skew and kurtosis by the sd ratio; within the bounds"),
    RELATION("equal-weights", equal_weights,
             "all weights 2^j: every weighted statistic equals its unweighted one (wtss 2^j "
             "tss; the manual: equal weights reduce to 1/(N-1)); within the two bounds"),
    RELATION("drop-zero-weights", drop_zero_weights,
             "samples of zero weight removed (the manual: a zero weight removes the sample); "
             "weighted results bit for bit"),
    RELATION("fraction-zero", fraction_zero,
             "quantile f = 0 and trim 0: quantile = min (manual), exact; trimmed mean = mean "
             "within the two bounds"),
    RELATION("fraction-half", fraction_half,
             "quantile f = 0.5 and trim 0.5: both = median_from_sorted_data (manual); exact"),
    RELATION("fraction-one", fraction_one, "quantile f = 1: quantile = max (manual); exact"),
};

const mlf_mr_table statistics_relation_table = {"gsl_statistics",
                                                {sizeof(statistics_case), release_case},
                                                {sizeof(statistics_outcome), NULL},
                                                relations,
                                                STATISTICS_RELATION_COUNT};
