/* Out-of-domain calls of the GSL statistics functions (statistics_domain.h). */
#include "statistics_domain.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_guard.h"
#include "mlf_report.h"
#include "statistics_known.h"
#include "statistics_order.h"

/* What a call outside the domain may return besides reporting a GSL error. */
typedef enum {
  ANY_VALUE,      /* no documented value: anything but a crash */
  WITHIN_RANGE,   /* a location estimate: within [min, max] of the data */
  ELEMENT_OF_DATA /* select: one of the data */
} domain_rule;

typedef struct {
  statistics_args a;
  const char *situation; /* for the log */
  double lo, hi;         /* the data's range, for WITHIN_RANGE */
  statistics_relation_log *log;
} domain;

static int is_element(double v, const double *x, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (memcmp(&v, &x[i], sizeof v) == 0) return 1;
  return 0;
}

static void domain_call(domain *d, statistics_q q, domain_rule rule) {
  if (q >= SQ_SN0 && q <= SQ_QN && d->a.n > STATISTICS_ROBUST_MAX_N) return; /* as evaluations */
  const char *known = statistics_known_crash(q, &d->a);
  if (known && !mlf_report_known()) {
    statistics_log_failure(d->log, q, known,
                           "%s: known crash, not called (MLF_REPORT_KNOWN=1 "
                           "calls it)",
                           d->situation);
    return;
  }
  statistics_result r;
  statistics_call_one(q, &d->a, &r);
  if (r.gaps_written)
    statistics_log_failure(d->log, q, "wrote-between-elements",
                           "%s: a slot between elements "
                           "changed",
                           d->situation);
  if (r.not_permuted)
    statistics_log_failure(d->log, q, "not-a-permutation",
                           "%s: the data are no longer a "
                           "permutation",
                           d->situation);
  if (r.errors || rule == ANY_VALUE) return;
  if (rule == WITHIN_RANGE && !(r.value >= d->lo && r.value <= d->hi))
    statistics_log_failure(d->log, q, "silent-out-of-range",
                           "%s: no GSL error, and %.17g lies "
                           "outside the data's range [%.17g, %.17g]",
                           d->situation, r.value, d->lo, d->hi);
  if (rule == ELEMENT_OF_DATA && !is_element(r.value, d->a.packed_x, d->a.n))
    statistics_log_failure(d->log, q, "silent-non-element",
                           "%s: no GSL error, and %.17g is "
                           "not one of the data",
                           d->situation, r.value);
}

/* Guarded data, weights and sorted data of p at stride (what "sorted" means is the caller's:
 * sort = 0 passes the data as they are). */
static void prepare(domain *d, const statistics_problem *p, const double *weights, size_t stride,
                    int sort) {
  double *s = malloc((p->n ? p->n : 1) * sizeof *s);
  if (!s) abort();
  memcpy(s, p->x, p->n * sizeof *s);
  if (sort) statistics_sort(s, p->n);
  d->a = statistics_guarded_args(p, weights, s, stride);
  d->a.sd = 1, d->a.wmean = 0.5, d->a.wsd = 1;
  d->lo = p->n ? s[0] : 0, d->hi = p->n ? s[p->n - 1] : 0;
  free(s);
}

static void release(domain *d) {
  mlf_guard_free((void *)d->a.sorted);
  mlf_guard_free((void *)d->a.w);
  mlf_guard_free((void *)d->a.x);
}

/* n = 0: the functions from first to last on empty buffers (the pointer is at a guard page). */
static void empty_data(const statistics_case *c, statistics_q first, statistics_q last,
                       statistics_relation_log *log) {
  statistics_problem empty = c->p;
  empty.n = 0, empty.k = 0;
  domain d = {.situation = "n = 0", .log = log};
  prepare(&d, &empty, empty.w, c->test_stride, 1);
  for (statistics_q q = first; q <= last; q++) domain_call(&d, q, ANY_VALUE);
  release(&d);
}

/* Quantile fractions outside [0, 1], trimming fractions below 0, ranks past the end. */
static void bad_parameters(const statistics_case *c, double raw_fraction, size_t raw_window,
                           statistics_relation_log *log) {
  domain d = {.log = log};
  prepare(&d, &c->p, c->p.w, c->stride, 1);
  int sortable = !isnan(d.hi);
  const double fractions[] = {raw_fraction, -0.25, 1.25, -INFINITY, INFINITY, NAN};
  for (size_t i = 0; i < sizeof fractions / sizeof *fractions; i++) {
    if (fractions[i] >= 0 && fractions[i] <= 1) continue;
    d.a.f = d.a.trim = fractions[i];
    d.situation = "quantile fraction outside [0, 1]";
    domain_call(&d, SQ_QUANTILE, sortable ? WITHIN_RANGE : ANY_VALUE);
    if (!(fractions[i] >= 0)) { /* negative or NaN trimming fraction (>= 0.5: the median) */
      d.situation = "trimming fraction below 0 or NaN";
      domain_call(&d, SQ_TRMEAN, sortable ? WITHIN_RANGE : ANY_VALUE);
    }
  }
  d.situation = "select rank k >= n";
  const size_t ranks[] = {c->p.n, c->p.n + 1 + raw_window % 8};
  for (size_t i = 0; i < sizeof ranks / sizeof *ranks; i++) {
    d.a.k = ranks[i];
    domain_call(&d, SQ_SELECT, ELEMENT_OF_DATA);
  }
  release(&d);
}

/* Weights outside w >= 0 finite: negated, one NaN, one infinity; and all zero. */
static void bad_weights(const statistics_case *c, statistics_relation_log *log) {
  static const char *const situations[] = {"negative weights", "a NaN weight", "an infinite weight",
                                           "all weights zero"};
  size_t n = c->p.n;
  double *w = malloc(n * sizeof *w);
  if (!w) abort();
  for (int variant = 0; variant < 4; variant++) {
    for (size_t i = 0; i < n; i++) w[i] = variant == 0 ? -c->p.w[i] : variant == 3 ? 0 : c->p.w[i];
    if (variant == 1) w[c->p.k] = NAN;
    if (variant == 2) w[c->p.k] = INFINITY;
    domain d = {.situation = situations[variant], .log = log};
    prepare(&d, &c->p, w, c->stride, 1);
    for (statistics_q q = SQ_WMEAN; q <= SQ_WKURTOSIS_M_SD; q++) domain_call(&d, q, ANY_VALUE);
    release(&d);
  }
  free(w);
}

/* The sorted-data functions on the data as they come (unsorted in general). */
static void unsorted_data(const statistics_case *c, statistics_relation_log *log) {
  static const statistics_q sorted_only[] = {SQ_MEDIAN_SORTED, SQ_QUANTILE, SQ_TRMEAN, SQ_GASTWIRTH,
                                             SQ_SN0,           SQ_SN,       SQ_QN0,    SQ_QN};
  domain d = {.situation = "unsorted data given as sorted", .log = log};
  prepare(&d, &c->p, c->p.w, c->stride, 0);
  for (size_t i = 0; i < sizeof sorted_only / sizeof *sorted_only; i++)
    domain_call(&d, sorted_only[i], ANY_VALUE);
  release(&d);
}

/* Stride 0: n copies of x[0] read from one element; a mean, max, min or median of constant
 * finite data is that constant (an infinite one meets the running mean's known Inf - Inf). */
static void stride_zero(const statistics_case *c, statistics_relation_log *log) {
  static const statistics_q constant_of[] = {SQ_MEAN, SQ_MAX, SQ_MIN, SQ_MEDIAN_SORTED, SQ_MEDIAN};
  statistics_problem p = c->p;
  size_t n = p.n;
  double *x = malloc(n * sizeof *x), *w = malloc(n * sizeof *w);
  if (!x || !w) abort();
  for (size_t i = 0; i < n; i++) x[i] = p.x[0], w[i] = p.w[0];
  p.x = x, p.w = w;
  domain d = {.situation = "stride 0", .log = log};
  prepare(&d, &p, w, 0, 1);
  for (statistics_q q = 0; q < SQ_COUNT; q++) domain_call(&d, q, ANY_VALUE);
  for (size_t i = 0; i < sizeof constant_of / sizeof *constant_of && isfinite(x[0]); i++) {
    statistics_result r;
    statistics_call_one(constant_of[i], &d.a, &r);
    if (r.value != x[0])
      statistics_log_failure(log, constant_of[i],
                             isnan(r.value)   ? "stride-zero-nan-mismatch"
                             : isinf(r.value) ? "stride-zero-inf-mismatch"
                                              : "stride-zero-value-mismatch",
                             "stride 0: %.17g, but every element read is %.17g", r.value, x[0]);
  }
  release(&d);
  free(x);
  free(w);
}

void statistics_check_domain(const statistics_case *c, double raw_fraction, size_t raw_window,
                             uint64_t choice, statistics_relation_log *log) {
  switch (c->p.n == 0 ? choice % 2 : choice % 6) {
    case 0:
      empty_data(c, SQ_MEAN, SQ_WKURTOSIS_M_SD, log);
      break;
    case 1:
      empty_data(c, SQ_MAX, SQ_COUNT - 1, log);
      break;
    case 2:
      bad_parameters(c, raw_fraction, raw_window, log);
      break;
    case 3:
      bad_weights(c, log);
      break;
    case 4:
      unsorted_data(c, log);
      break;
    default:
      stride_zero(c, log);
      break;
  }
}
