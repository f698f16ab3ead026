/* GSL 2.7.1 statistics API (gsl_stats_*): mean, variance (_m, _with_fixed_mean), sd, tss,
 * absdev, skew, kurtosis, lag1_autocorrelation, their weighted forms, max, min, minmax and
 * their indices, median_from_sorted_data, quantile_from_sorted_data, median, select,
 * trmean_from_sorted_data, gastwirth_from_sorted_data, Sn and Qn (with their _0 forms).
 * Oracle: "reference": each result within a bound proven for GSL's algorithm of the exact
 * statistic of the documented formula (long double; sort-based order statistics; O(n^2) Sn
 * and Qn, exact), NaN and infinities by the formula in IEEE arithmetic, no GSL error on valid
 * data; "consistency": the identities the manual states between the functions, exact;
 * metamorphic relations (statistics_relations.c: stride bit for bit with NaN sentinels
 * between elements, scaling by powers of two bit for bit, negation, permutation, shift,
 * duplication, equal and zero weights, quantile and trimming fractions 0, 1/2, 1);
 * "invariant": what the mathematics fixes beyond the bounds (statistics_invariants.h: data
 * elements, data ranges, signs, constant data); "domain": every function outside its domain gives a GSL error or a meaningful value, never
 * a crash (every buffer against a guard page, const data read-only). */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_target.h"
#include "mlf_common.pb-c.h"
#include "statistics_domain.h"
#include "statistics_identities.h"
#include "statistics_invariants.h"
#include "statistics_relations.h"

static void statistics_init(void) {
  mlf_capture_install();
  gsl_set_error_handler(mlf_capture_gsl_handler);
}

/* Findings of one input, raised at the end: new ones first, then known ones while the run
 * has room (a run with more findings than it records counts as failed, and one root cause
 * can show in several relations). */
#define PENDING_MAX 128
typedef struct {
  char tag[MLF_TAG_MAX];
  char detail[480];
} pending_finding;
static pending_finding pending[PENDING_MAX];
static size_t n_pending;

/* One finding per family of functions that broke relation, tagged by its first failing
 * member, mlf:gsl_statistics:<function>:<relation>:<kind>; the other members in the detail. */
static void collect_log(const char *relation, const statistics_relation_log *log) {
  uint64_t done = 0;
  for (statistics_q q = 0; q < SQ_COUNT && n_pending < PENDING_MAX; q++) {
    statistics_q family = statistics_q_family(q);
    if (!(log->failed & (1ull << q)) || (done & (1ull << family))) continue;
    done |= 1ull << family;
    pending_finding *f = &pending[n_pending++];
    mlf_finding_tag(f->tag, sizeof f->tag, "gsl_statistics", statistics_q_name(q), relation,
                    log->kind[q]);
    int len = snprintf(f->detail, sizeof f->detail, "gsl_stats_%s, %s: %s", statistics_q_name(q),
                       relation, log->reason[q]);
    for (statistics_q m = q + 1; m < SQ_COUNT && len > 0 && (size_t)len < sizeof f->detail; m++)
      if (statistics_q_family(m) == family && (log->failed & (1ull << m)))
        len += snprintf(f->detail + len, sizeof f->detail - (size_t)len, "; also %s (%s)",
                        statistics_q_name(m), log->kind[m]);
  }
}

static void raise_pending(mlf_run *run) {
  size_t dropped = 0;
  for (int known = 0; known < 2; known++)
    for (size_t i = 0; i < n_pending; i++) {
      if ((mlf_known_finding_lookup(pending[i].tag) != NULL) != known) continue;
      if (known && !mlf_report_known() && run->n_findings == MLF_MAX_FINDINGS) {
        dropped++;
        continue;
      }
      mlf_finding(run, pending[i].tag, "%s", pending[i].detail);
    }
  if (dropped) mlf_log(run, "%zu more known findings not raised", dropped);
  n_pending = 0;
}

/* log2 of error / bound, bucketed: results creeping towards their bound are new coverage. */
static uint32_t closeness(double got, const mlf_expect *e) {
  double err = fabs(got - e->value);
  if (!(err > 0) || !(e->bound > 0) || !isfinite(err)) return 0;
  return (uint32_t)fmin(40, fmax(1, 30 + log2(err / e->bound)));
}

/* The source against the references; GSL errors and broken select / median postconditions. */
static void check_reference(const statistics_problem *p, const statistics_values *v,
                            const statistics_expected *ex, statistics_relation_log *log) {
  for (statistics_q q = 0; q < SQ_COUNT; q++) {
    char reason[240], buf[40];
    mlf_cmp_kind k = statistics_check(ex, q, v->v[q], reason, sizeof reason);
    if (k != MLF_CMP_OK) {
      const char *kind = statistics_kind_name(k, v->v[q], ex->e[q].value);
      statistics_log_failure(log, q, statistics_kind_on(q, kind, p, buf, sizeof buf), "%s", reason);
    }
    if (v->errors[q])
      statistics_log_failure(log, q, "error-on-valid", "GSL error %s %d on valid data",
                             v->first_error.routine, v->first_error.info);
    if (v->not_permuted[q])
      statistics_log_failure(log, q, "not-a-permutation", "the data are no longer a permutation");
    uint32_t outcome = !ex->defined[q]  ? 1
                       : isnan(v->v[q]) ? 2
                       : isinf(v->v[q]) ? 3
                                        : 4 + (k != MLF_CMP_OK);
    mlf_feedback_hit(mlf_feature("statistics-reference", q, outcome));
    if (ex->defined[q])
      mlf_feedback_hit(mlf_feature("statistics-closeness", q, closeness(v->v[q], &ex->e[q])));
  }
}

/* Facts about the data that change GSL's paths: size class, NaN, infinities, constant,
 * zero and invalid weights, stride. */
static void data_features(const statistics_case *c) {
  const statistics_problem *p = &c->p;
  uint32_t flags = 0, size = 0;
  for (size_t v = p->n; v; v >>= 1) size++;
  for (size_t i = 0; i < p->n; i++) {
    flags |= (isnan(p->x[i]) != 0) | (isinf(p->x[i]) != 0) << 1 | (p->x[i] != p->x[0]) << 2;
    flags |= (p->w[i] == 0) << 3 | !(p->w[i] >= 0) << 4;
  }
  mlf_feedback_hit(mlf_feature("statistics-data", size * 8 + (uint32_t)c->test_stride, flags));
}

static const char *const extra_relations[] = {"reference", "consistency", "invariant", "domain"};

static int names_extra(const char *only) {
  for (size_t i = 0; only && i < sizeof extra_relations / sizeof *extra_relations; i++)
    if (strcmp(only, extra_relations[i]) == 0) return 1;
  return 0;
}

/* 1 when the message names relation (or names none this target knows: then all run). */
static int selected(const char *only, const char *relation) {
  if (!only || !*only) return 1;
  if (names_extra(only)) return strcmp(only, relation) == 0;
  for (size_t i = 0; i < statistics_relation_table.count; i++)
    if (strcmp(only, statistics_relation_table.relations[i].name) == 0)
      return strcmp(only, relation) == 0;
  return 1;
}

/* Every relation (the source evaluated once, into ctx->source), or only the one the message
 * names; the outcomes go to results. */
static void run_relations(const statistics_case *c, const char *only, uint64_t seed,
                          statistics_relation_ctx *ctx, mlf_mr_result *results) {
  const mlf_mr_table *t = &statistics_relation_table;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  size_t chosen = t->count;
  for (size_t r = 0; r < t->count; r++)
    if (only && strcmp(only, t->relations[r].name) == 0) chosen = r;
  if (chosen == t->count)
    mlf_mr_apply_all(t, c, statistics_relation_run, ctx, &rng, results);
  else
    mlf_mr_apply(t, &t->relations[chosen], c, statistics_relation_run, ctx, &rng, &results[chosen]);
}

static void report_relations(const statistics_relation_ctx *ctx, const mlf_mr_result *results,
                             mlf_run *run) {
  const mlf_mr_table *t = &statistics_relation_table;
  for (size_t r = 0; r < t->count; r++) {
    if (!results[r].relation) continue;
    mlf_log(run, "relation %-18s %s (parameter %g)", t->relations[r].name,
            mlf_mr_verdict_name(results[r].verdict), results[r].params.v[0]);
    mlf_feedback_hit(mlf_feature("statistics-relation", (uint32_t)r, results[r].verdict));
    collect_log(t->relations[r].name, &ctx->log[r]);
  }
}

/* The source (evaluated by the relation runner, or here when only a check of the source is
 * asked for) against the references, the identities and the invariants. */
static void check_source(const Mlf__SeriesCase *m, const statistics_problem *p,
                         const statistics_outcome *source, mlf_run *run) {
  static statistics_relation_log log;
  mlf_log(run, "mean %.17g, sd %.17g, median %.17g, wmean %.17g", source->v.v[SQ_MEAN],
          source->v.v[SQ_SD], source->v.v[SQ_MEDIAN_SORTED], source->v.v[SQ_WMEAN]);
  if (selected(m->relation, "reference")) {
    memset(&log, 0, sizeof log);
    check_reference(p, &source->v, &source->ex, &log);
    collect_log("reference", &log);
  }
  if (selected(m->relation, "consistency")) {
    memset(&log, 0, sizeof log);
    statistics_check_identities(&source->v, &source->ex, &log);
    collect_log("consistency", &log);
  }
  if (selected(m->relation, "invariant")) {
    memset(&log, 0, sizeof log);
    statistics_check_invariants(p, &source->v, &log);
    collect_log("invariant", &log);
  }
}

static void statistics_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__SeriesCase *m = (const Mlf__SeriesCase *)msg;
  statistics_case c = {.stride = 1,
                       .scale = m->scale,
                       .shift = m->shift,
                       .expect = 1,
                       .mask = STATISTICS_ALL,
                       .is_source = 1};
  if (statistics_problem_from_case(m, &c.p) != 0) {
    mlf_log(run, "out of memory building the series");
    return;
  }
  c.test_stride = m->stride > 1 ? m->stride : 2 + m->seed % 3;
  mlf_log(run, "n = %zu, stride %zu, mu %.17g, f %.17g, trim %.17g, k %zu", c.p.n, c.test_stride,
          c.p.mu, c.p.f, c.p.trim, c.p.k);
  data_features(&c);
  static statistics_relation_ctx ctx;
  static mlf_mr_result results[STATISTICS_RELATION_COUNT];
  memset(&ctx, 0, sizeof ctx);
  memset(results, 0, sizeof results);
  if (c.p.n > 0) {
    if (names_extra(m->relation))
      statistics_relation_run(&c, &ctx.source, NULL);
    else
      run_relations(&c, m->relation, m->seed ^ c.p.n, &ctx, results);
    check_source(m, &c.p, &ctx.source, run);
    report_relations(&ctx, results, run);
  }
  if (selected(m->relation, "domain")) {
    static statistics_relation_log log;
    memset(&log, 0, sizeof log);
    statistics_check_domain(&c, m->fraction, m->window, m->seed, &log);
    collect_log("domain", &log);
  }
  raise_pending(run);
  statistics_problem_free(&c.p);
}

MLF_TARGET(gsl_statistics, mlf__series_case__descriptor, statistics_init, statistics_run)
