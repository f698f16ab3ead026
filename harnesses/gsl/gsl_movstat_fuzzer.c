/* GSL 2.7.1 moving window statistics (gsl_movstat_mean, variance, sd, sum, min, max, minmax,
 * median, mad, mad0, qqr, Sn, Qn, apply with a user function, fill; end types PADZERO,
 * PADVALUE, TRUNCATE; symmetric windows from gsl_movstat_alloc and asymmetric ones from
 * gsl_movstat_alloc2) and running statistics (gsl_rstat_*, gsl_rstat_quantile_*).
 * Oracle: every output against the batch statistic of its documented window (order
 * statistics and robust scales exactly, via gsl_stats_* on the sorted window; the user
 * function's window bit for bit; sum, mean, variance, sd within the running error bound of
 * GSL's O(1) updates plus a long-double reference's bound); strided and in-place calls bit
 * for bit equal to the packed call, gaps untouched; rstat against the batch statistics of the
 * data so far (P^2 quantiles by their nature) and reset = fresh workspace; outside the domain
 * (empty vectors, length mismatch, zero stride, q out of range, NaN fractions) a GSL error or
 * the documented value; guard pages around every buffer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_feedback.h"
#include "mlf_series.h"
#include "mlf_target.h"
#include "movstat_domain.h"
#include "movstat_moving.h"
#include "stats_report.h"
#include "movstat_rstat.h"
#include "mlf_common.pb-c.h"

#define MOVSTAT_MAX_N 256     /* moving statistics: every window is re-sorted for reference */
#define MOVSTAT_MAX_WORK 4096 /* n * K: GSL re-sorts every window for qqr, Sn, Qn (O(n K log K)) */
#define RSTAT_MAX_N 2048      /* running statistics are O(n) */

static const char *const end_names[3] = {"padzero", "padvalue", "truncate"};
static const char *const other_relations[] = {"rstat", "fill", "domain"};

static void movstat_init(void) { stats_capture_gsl(); }

/* 1 when the message names a relation this target knows (otherwise every one runs). */
static int names_relation(const char *r) {
  if (!r || !*r) return 0;
  for (int s = 0; s < MOVSTAT_STAT_COUNT; s++)
    if (strcmp(r, movstat_stats[s].name) == 0) return 1;
  for (size_t i = 0; i < sizeof other_relations / sizeof *other_relations; i++)
    if (strcmp(r, other_relations[i]) == 0) return 1;
  return 0;
}

static int wanted(const char *relation, const char *name) {
  return !names_relation(relation) || strcmp(relation, name) == 0;
}

/* The window half-length, halved until n * K stays within the work budget. */
static size_t bounded_window(size_t window, size_t n) {
  while (window > 0 && n * (window + window / 3 + 1) > MOVSTAT_MAX_WORK) window /= 2;
  return window;
}

/* log2 class of a positive size: 0, 1, 2-3, 4-7, ... */
static uint32_t size_class(size_t v) {
  uint32_t c = 0;
  for (; v; v >>= 1) c++;
  return c;
}

/* Window shape s of half-length window: symmetric through gsl_movstat_alloc(K = window)
 * (documented H = J = floor(K / 2)), or asymmetric either way through gsl_movstat_alloc2. */
static gsl_movstat_workspace *alloc_shape(int shape, size_t window, mlf_run *run) {
  if (shape == 0) {
    gsl_movstat_workspace *w = gsl_movstat_alloc(window);
    if (w && (w->H != window / 2 || w->J != window / 2 || w->K != 2 * (window / 2) + 1))
      stats_raise(run, "gsl_movstat", "gsl_movstat_alloc", "window", "value-mismatch",
                    "K = %zu gave H = %zu, J = %zu, K = %zu", window, w->H, w->J, w->K);
    return w;
  }
  return shape == 1 ? gsl_movstat_alloc2(window, window / 3) : gsl_movstat_alloc2(window / 3, window);
}

static void run_moving(const Mlf__SeriesCase *c, const double *x, size_t n, mlf_run *run) {
  size_t window = bounded_window(c->window, n);
  movstat_variant v = {c->stride, (c->seed >> 8) & 1 ? MLF_GUARD_HEAD : MLF_GUARD_TAIL, 1,
                       c->fraction >= 0 && c->fraction <= 0.5 ? c->fraction : 0.25};
  mlf_log(run, "moving: n = %zu, window half-length %zu, stride %zu, q = %g", n, window,
          v.stride, v.q);
  for (int end = 0; end < 3; end++) {
    int shape = (int)((end + c->seed) % 3);
    /* One configuration per input each: the in-place and the strided call repeat the work. */
    v.in_place = shape == 0;
    v.stride = shape == 1 ? c->stride : 1;
    movstat_config cfg = {.layout = {.x = x, .n = n, .end = (gsl_movstat_end_t)end}};
    stats_gsl_begin();
    cfg.w = alloc_shape(shape, window, run);
    stats_gsl_end(NULL);
    if (!cfg.w) abort();
    cfg.layout.H = cfg.w->H, cfg.layout.J = cfg.w->J;
    snprintf(cfg.label, sizeof cfg.label, "%s H=%zu J=%zu", end_names[end], cfg.layout.H, cfg.layout.J);
    if (movstat_config_prepare(&cfg) < 0) abort();
    uint32_t fit = cfg.K > n ? 3 : cfg.K == n ? 2 : cfg.K == 1 ? 0 : 1;
    mlf_feedback_hit(mlf_feature("movstat-shape", (uint32_t)(end * 3 + shape), fit * 16 + size_class(n)));
    if (wanted(c->relation, "fill")) movstat_domain_fill(&cfg.layout, run);
    for (int s = 0; s < MOVSTAT_STAT_COUNT; s++) {
      if (!wanted(c->relation, movstat_stats[s].name)) continue;
      size_t before = run->n_raised;
      double worst = movstat_check((movstat_stat)s, &cfg, &v, run);
      uint32_t closeness = worst > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(worst))) : 0;
      mlf_feedback_hit(mlf_feature("movstat-stat", (uint32_t)(s * 3 + end),
                                   closeness * 2 + (run->n_raised > before)));
    }
    movstat_config_release(&cfg);
  }
}

static void movstat_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__SeriesCase *c = (const Mlf__SeriesCase *)msg;
  mlf_series s;
  if (mlf_series_make(c, &s) < 0) abort();
  const double *x = s.v[MLF_SERIES_X], *y = s.v[MLF_SERIES_Y];
  unsigned flags = movstat_value_flags(x, s.n);
  mlf_feedback_hit(mlf_feature("movstat-data", flags, size_class(s.n)));
  mlf_guard_side side = (c->seed >> 8) & 1 ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  int domain = wanted(c->relation, "domain");
  if (s.n == 0) {
    if (domain) movstat_domain_empty(side, run);
  } else {
    size_t n = s.n < MOVSTAT_MAX_N ? s.n : MOVSTAT_MAX_N;
    run_moving(c, x, n, run);
    if (domain)
      movstat_domain_arguments(x, n, c->fraction, c->relation && strcmp(c->relation, "domain") == 0,
                               side, run);
  }
  size_t rn = s.n < RSTAT_MAX_N ? s.n : RSTAT_MAX_N;
  double p = c->fraction >= 0 && c->fraction <= 1 ? c->fraction : 0.5;
  if (wanted(c->relation, "rstat")) movstat_rstat_check(x, y, rn, p, run);
  if (domain && (c->fraction < 0 || c->fraction > 1)) movstat_rstat_domain(x, rn, c->fraction, run);
  if (c->relation && strcmp(c->relation, "domain") == 0) {
    movstat_rstat_domain(x, rn, NAN, run);
    movstat_rstat_empty(run);
  }
  mlf_series_free(&s);
}

MLF_TARGET(gsl_movstat, mlf__series_case__descriptor, movstat_init, movstat_run)
