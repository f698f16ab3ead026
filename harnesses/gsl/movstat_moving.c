/* One moving statistic under one configuration (see movstat_moving.h). */
#include "movstat_moving.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_series.h"
#include "guarded_series.h"
#include "stats_report.h"
#include "movstat_verdict.h"

#define TARGET "gsl_movstat"

int movstat_config_prepare(movstat_config *c) {
  movstat_scan(&c->layout);
  const movstat_layout *l = &c->layout;
  size_t n = l->n;
  c->K = l->H + l->J + 1;
  c->windows = malloc(n * c->K * sizeof *c->windows);
  c->sorted = malloc(n * c->K * sizeof *c->sorted);
  c->sizes = malloc(n * sizeof *c->sizes);
  c->flags = malloc(n * sizeof *c->flags);
  c->running = malloc(n * sizeof *c->running);
  c->moments = malloc(n * sizeof *c->moments);
  if (!c->windows || !c->sorted || !c->sizes || !c->flags || !c->running || !c->moments) return -1;
  for (size_t i = 0; i < n; i++) {
    double *win = c->windows + i * c->K, *s = c->sorted + i * c->K;
    size_t m = movstat_window(l, i, win);
    c->sizes[i] = m;
    c->flags[i] = movstat_value_flags(win, m);
    memcpy(s, win, m * sizeof *s);
    if (!(c->flags[i] & MOVSTAT_HAS_NAN)) movstat_sort(s, m);
    movstat_moments_of(win, m, 2, &c->moments[i]);
  }
  return movstat_running(l, c->running);
}

void movstat_config_release(movstat_config *c) {
  free(c->windows), free(c->sorted), free(c->sizes), free(c->flags), free(c->running);
  free(c->moments);
  if (c->w) gsl_movstat_free(c->w);
  memset(c, 0, sizeof *c);
}

/* What one call returned, packed. */
typedef struct {
  double *out[2];
  size_t errors;
  mlf_error_record first;
  int gaps_intact, all_written;
} call_result;

static void result_free(call_result *r) { free(r->out[0]), free(r->out[1]); }

/* Runs s on guard buffers at the stride; in place: the first output is x itself. */
static void run_gsl(movstat_stat s, const movstat_config *c, size_t stride, mlf_guard_side side,
                   int in_place, double q, call_result *r) {
  size_t n = c->layout.n, outputs = (size_t)movstat_stats[s].outputs;
  memset(r, 0, sizeof *r);
  double *xb = guarded_copy(c->layout.x, n, stride, 1, side, "x");
  double *ob[2] = {in_place ? xb : guarded_blank(n, stride, 1, side, "y"),
                   outputs > 1 ? guarded_blank(n, stride, 1, side, "z") : NULL};
  if (!in_place) mlf_guard_set_readonly(xb, 1);
  gsl_vector_view x = gsl_vector_view_array_with_stride(xb, stride, n);
  gsl_vector_view y = gsl_vector_view_array_with_stride(ob[0], stride, n);
  gsl_vector_view z = gsl_vector_view_array_with_stride(ob[1] ? ob[1] : xb, stride, n);
  stats_gsl_begin();
  movstat_call(s, c->layout.end, &x.vector, &y.vector, outputs > 1 ? &z.vector : NULL, q, c->w);
  r->errors = stats_gsl_end(&r->first);
  r->gaps_intact = r->all_written = 1;
  for (size_t k = 0; k < outputs; k++) {
    r->out[k] = malloc(n * sizeof(double));
    if (!r->out[k]) abort();
    guarded_unstride(ob[k], n, stride, 1, r->out[k]);
    r->gaps_intact &= guarded_gaps_intact(ob[k], n, stride, 1);
    for (size_t i = 0; i < n; i++) r->all_written &= !mlf_series_is_sentinel(r->out[k][i]);
  }
  if (!in_place) mlf_guard_set_readonly(xb, 0);
  mlf_guard_free(xb);
  if (!in_place) mlf_guard_free(ob[0]);
  mlf_guard_free(ob[1]);
}

/* The first index where a and b differ in some bit, or n. */
static size_t first_difference(const double *a, const double *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (memcmp(&a[i], &b[i], sizeof *a) != 0) return i;
  return n;
}

/* A variant of the call (strided, in place) must give the packed call's outputs bit for bit
 * and touch nothing between the elements. */
static void compare_variant(movstat_stat s, const movstat_config *c, const call_result *base,
                            const call_result *other, const char *relation, mlf_run *run) {
  const char *fn = movstat_stats[s].function;
  size_t n = c->layout.n;
  for (int k = 0; k < movstat_stats[s].outputs; k++) {
    size_t i = first_difference(base->out[k], other->out[k], n);
    if (i < n)
      stats_raise(run, TARGET, fn, relation, "bits-differ",
                    "%s: output %d [%zu] = %.17g, packed call gave %.17g", c->label, k, i,
                    other->out[k][i], base->out[k][i]);
  }
  if (!other->gaps_intact)
    stats_raise(run, TARGET, fn, relation, "gap-written",
                  "%s: wrote between the strided output elements", c->label);
}

/* The reference and the algorithm's bound of a running statistic at output i. */
static void running_truth(movstat_stat s, const movstat_config *c, size_t i,
                          tracked_double *algorithm, tracked_double *reference) {
  const movstat_moments mo = c->moments[i];
  size_t m = c->sizes[i];
  const movstat_running_out *r = &c->running[i];
  tracked_double var = m < 2 ? tracked_exact(0.0) : tracked_div(mo.m2, tracked_exact((double)m - 1.0));
  switch (s) {
    case MOVSTAT_MEAN: *algorithm = r->mean, *reference = mo.mean; break;
    case MOVSTAT_SUM: *algorithm = r->sum, *reference = mo.sum; break;
    case MOVSTAT_VARIANCE: *algorithm = r->variance, *reference = var; break;
    default: *algorithm = tracked_sqrt(r->variance), *reference = tracked_sqrt(var); break;
  }
}

/* Properties every variance and sd has on finite data, whatever the rounding; and the mean
 * of a finite window lies within its (padded) values, the range the mathematics fixes: the
 * running bound alone accepts the error of values that left the window long ago. */
static const char *running_property(movstat_stat s, const movstat_config *c, size_t i,
                                    double got, const movstat_context *ctx) {
  if (c->sizes[i] < 2 && (s == MOVSTAT_VARIANCE || s == MOVSTAT_SD))
    return got == 0.0 ? NULL : "nonzero-variance-of-one"; /* the code's documented 0 */
  if (s == MOVSTAT_VARIANCE && got < 0) return "negative-variance";
  const double *sorted = c->sorted + i * c->K;
  if (s == MOVSTAT_MEAN && !ctx->window_flags && !ctx->history_nonfinite &&
      !(got >= sorted[0] && got <= sorted[c->sizes[i] - 1]))
    return "outside-window-range";
  if (s == MOVSTAT_SD && isnan(got) && !ctx->window_flags && !ctx->history_nonfinite &&
      isfinite(c->running[i].variance.v))
    return "nan-on-finite";
  return NULL;
}

static double judge_running(movstat_stat s, const movstat_config *c, const double *got,
                            mlf_run *run) {
  double worst = 0;
  for (size_t i = 0; i < c->layout.n; i++) {
    movstat_context ctx = {c->flags[i], movstat_history_has(&c->layout, i, 0)};
    tracked_double algorithm, reference;
    running_truth(s, c, i, &algorithm, &reference);
    double ratio = 0;
    const char *kind = running_property(s, c, i, got[i], &ctx);
    int undefined = c->sizes[i] < 2 && (s == MOVSTAT_VARIANCE || s == MOVSTAT_SD);
    if (!kind && !undefined) kind = movstat_judge(got[i], algorithm, reference, &ctx, &ratio);
    if (ratio > worst) worst = ratio;
    if (kind)
      stats_raise(run, TARGET, movstat_stats[s].function, "batch", kind,
                    "%s: [%zu] = %.17g, window of %zu has %.17g (bound %.3g + %.3g)", c->label,
                    i, got[i], c->sizes[i], reference.v, tracked_bound(algorithm),
                    tracked_bound(reference));
  }
  return worst;
}

static void judge_exact(movstat_stat s, const movstat_config *c, double *const got[2], double q,
                        mlf_run *run) {
  size_t n = c->layout.n;
  double *work = malloc(3 * c->K * sizeof *work);
  int *iwork = malloc(5 * c->K * sizeof *iwork); /* gsl_stats_Qn: 3 n doubles, 5 n ints */
  if (!work || !iwork) abort();
  for (size_t i = 0; i < n; i++) {
    double want[2];
    int k = movstat_exact_want(s, c->windows + i * c->K, c->sorted + i * c->K, c->sizes[i], q,
                               work, iwork, want);
    int history_nan = movstat_history_has(&c->layout, i, 1);
    for (int o = 0; o < k; o++) {
      const char *kind = movstat_judge_exact(got[o][i], want[o], history_nan);
      if (kind)
        stats_raise(run, TARGET, movstat_stats[s].function, "batch", kind,
                      "%s: output %d [%zu] = %.17g, window of %zu gives %.17g", c->label, o, i,
                      got[o][i], c->sizes[i], want[o]);
    }
  }
  free(work), free(iwork);
}

/* Raises gsl_movstat_Qn's known failure on x (the gsl_movstat_qn rows) in place of calling it,
 * and returns 1, when x holds its cause: each window is sorted and passed to
 * gsl_stats_Qn_from_sorted_data, whose rank search a NaN (left out of order by the sort) sends
 * into an endless loop, and whose counts an infinity corrupts (Inf - Inf) until it writes past
 * its workspace. Every value of x is in some window. */
static int qn_known_failure(const movstat_config *c, mlf_run *run) {
  unsigned flags = movstat_value_flags(c->layout.x, c->layout.n);
  if (flags & MOVSTAT_HAS_NAN)
    mlf_finding(run, "mlf:" TARGET ":gsl_movstat_qn:hang",
                "%s: a NaN in the data: known hang, not called (MLF_REPORT_KNOWN=1 calls it)", c->label);
  else if (flags & MOVSTAT_HAS_INF)
    mlf_finding(run, "mlf:" TARGET ":gsl_movstat_qn:batch:infinite-write-past-end",
                "%s: an infinity in the data: known crash, not called (MLF_REPORT_KNOWN=1 calls it)", c->label);
  else
    return 0;
  return 1;
}

double movstat_check(movstat_stat s, const movstat_config *c, const movstat_variant *v,
                     mlf_run *run) {
  const char *fn = movstat_stats[s].function;
  if (s == MOVSTAT_QN && !mlf_report_known() && qn_known_failure(c, run)) return 0;
  call_result base;
  run_gsl(s, c, 1, v->side, 0, v->q, &base);
  if (base.errors)
    stats_raise(run, TARGET, fn, "error-handler", "error-on-valid",
                  "%s: GSL reported error %d at %s on valid arguments", c->label,
                  base.first.info, base.first.routine);
  if (!base.all_written)
    stats_raise(run, TARGET, fn, "batch", "output-unwritten", "%s: an output was never written",
                  c->label);
  if (v->stride > 1) {
    call_result strided;
    run_gsl(s, c, v->stride, v->side, 0, v->q, &strided);
    compare_variant(s, c, &base, &strided, "stride", run);
    result_free(&strided);
  }
  if (v->in_place) {
    call_result in_place;
    run_gsl(s, c, 1, v->side, 1, v->q, &in_place);
    compare_variant(s, c, &base, &in_place, "in-place", run);
    result_free(&in_place);
  }
  double worst = 0;
  if (movstat_is_running(s))
    worst = judge_running(s, c, base.out[0], run);
  else
    judge_exact(s, c, base.out, v->q, run);
  result_free(&base);
  return worst;
}
