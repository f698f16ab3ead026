/* gsl_rstat against batch computations (see movstat_rstat.h). */
#include "movstat_rstat.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_rstat.h>
#include <gsl/gsl_statistics_double.h>
#include "movstat_reference.h"
#include "stats_report.h"
#include "movstat_verdict.h"
#include "movstat_window.h"

#define TARGET "gsl_movstat"

/* gsl_rstat_add's state replayed with running error bounds. */
typedef struct {
  tracked_double mean, m2, m3, m4;
  size_t n;
} replay;

static tracked_double c(double v) { return tracked_exact(v); }

/* gsl_rstat_add, operation by operation (the constants in n are exact below 2^26). */
static void replay_add(replay *r, double xv) {
  tracked_double delta = tracked_sub(c(xv), r->mean);
  double n = (double)++r->n;
  tracked_double delta_n = tracked_div(delta, c(n));
  tracked_double delta_nsq = tracked_mul(delta_n, delta_n);
  tracked_double term1 = tracked_mul(tracked_mul(delta, delta_n), c(n - 1.0));
  r->mean = tracked_add(r->mean, delta_n);
  tracked_double a = tracked_mul(tracked_mul(term1, delta_nsq), c(n * n - 3.0 * n + 3.0));
  tracked_double b = tracked_mul(tracked_mul(c(6.0), delta_nsq), r->m2);
  tracked_double d = tracked_mul(tracked_mul(c(4.0), delta_n), r->m3);
  r->m4 = tracked_add(r->m4, tracked_sub(tracked_add(a, b), d));
  tracked_double e = tracked_mul(tracked_mul(term1, delta_n), c(n - 2.0));
  tracked_double f = tracked_mul(tracked_mul(c(3.0), delta_n), r->m2);
  r->m3 = tracked_add(r->m3, tracked_sub(e, f));
  r->m2 = tracked_add(r->m2, term1);
}

enum { R_MEAN, R_VARIANCE, R_SD, R_SD_MEAN, R_RMS, R_SKEW, R_KURTOSIS, R_COUNT };
static const char *const rstat_names[R_COUNT] = {
    "gsl_rstat_mean", "gsl_rstat_variance", "gsl_rstat_sd", "gsl_rstat_sd_mean",
    "gsl_rstat_rms", "gsl_rstat_skew", "gsl_rstat_kurtosis"};

/* The statistics GSL defines from (n, mean, M2, M3, M4), evaluated as gsl_rstat does; fed
 * either the replayed state (the algorithm) or the reference moments (the truth). */
static void derive(size_t count, tracked_double mean, tracked_double m2, tracked_double m3,
                   tracked_double m4, tracked_double out[R_COUNT]) {
  double n = (double)count;
  tracked_double var = count > 1 ? tracked_div(m2, c(n - 1.0)) : c(0.0);
  tracked_double sd = tracked_sqrt(var);
  out[R_MEAN] = mean, out[R_VARIANCE] = var, out[R_SD] = sd;
  out[R_SD_MEAN] = tracked_div(sd, tracked_sqrt(c(n)));
  out[R_RMS] = tracked_hypot(mean, tracked_mul(tracked_sqrt(tracked_div(c(n - 1.0), c(n))), sd));
  tracked_double fac = tracked_div(tracked_pow15(c(n - 1.0)), c(n));
  out[R_SKEW] = tracked_div(tracked_mul(fac, m3), tracked_pow15(m2));
  tracked_double fac2 = tracked_mul(tracked_div(c(n - 1.0), c(n)), c(n - 1.0));
  out[R_KURTOSIS] = tracked_sub(tracked_div(tracked_mul(fac2, m4), tracked_mul(m2, m2)), c(3.0));
}

static void get_all(gsl_rstat_workspace *w, double out[R_COUNT]) {
  out[R_MEAN] = gsl_rstat_mean(w), out[R_VARIANCE] = gsl_rstat_variance(w);
  out[R_SD] = gsl_rstat_sd(w), out[R_SD_MEAN] = gsl_rstat_sd_mean(w);
  out[R_RMS] = gsl_rstat_rms(w), out[R_SKEW] = gsl_rstat_skew(w);
  out[R_KURTOSIS] = gsl_rstat_kurtosis(w);
}

/* min and max of the data added: NaN-free data must give them exactly; a NaN has no
 * documented effect, so with one any member of the data (or NaN) is accepted. */
static void check_extremes(gsl_rstat_workspace *w, const double *x, size_t n, mlf_run *run) {
  double lo = INFINITY, hi = -INFINITY;
  int has_nan = 0;
  for (size_t i = 0; i < n; i++) {
    has_nan |= isnan(x[i]);
    if (x[i] < lo) lo = x[i];
    if (x[i] > hi) hi = x[i];
  }
  double got[2] = {gsl_rstat_min(w), gsl_rstat_max(w)}, want[2] = {lo, hi};
  for (int k = 0; k < 2; k++)
    if (!has_nan && !movstat_same(got[k], want[k]))
      stats_raise(run, TARGET, k ? "gsl_rstat_max" : "gsl_rstat_min", "batch",
                    "value-mismatch", "after %zu values: %.17g, batch %.17g", n, got[k], want[k]);
  if (gsl_rstat_n(w) != n)
    stats_raise(run, TARGET, "gsl_rstat_n", "batch", "value-mismatch", "%zu after %zu adds",
                  gsl_rstat_n(w), n);
}

/* 1 when max - min of x[0..n) overflows. */
static int range_overflows(const double *x, size_t n) {
  double lo = INFINITY, hi = -INFINITY;
  for (size_t i = 0; i < n; i++) lo = fmin(lo, x[i]), hi = fmax(hi, x[i]);
  return n && isinf(hi - lo);
}

/* The P^2 estimate of the p-quantile of x[0..n): from sorted data while n <= 5 (bit for bit
 * gsl_stats_quantile_from_sorted_data), afterwards a marker height, which the algorithm keeps
 * between the extreme markers, the minimum and maximum seen (or non-finite when max - min
 * overflows). Finite data only. */
static void check_quantile(double got, const double *x, size_t n, double p, const char *fn,
                           mlf_run *run) {
  if (n == 0 || movstat_value_flags(x, n)) return;
  double *s = malloc(n * sizeof *s);
  if (!s) abort();
  memcpy(s, x, n * sizeof *s);
  movstat_sort(s, n);
  if (n <= 5) {
    double want = gsl_stats_quantile_from_sorted_data(s, 1, n, p);
    if (!movstat_same(got, want))
      stats_raise(run, TARGET, fn, "batch", "value-mismatch",
                    "p = %g after %zu values: %.17g, sorted data give %.17g", p, n, got, want);
  } else if (!(got >= s[0] && got <= s[n - 1]) && !(range_overflows(s, n) && !isfinite(got))) {
    /* (the parabolic update takes differences of heights: when the data's range overflows,
     * so may the estimate) */
    stats_raise(run, TARGET, fn, "batch", "outside-range",
                  "p = %g after %zu values: %.17g outside [%.17g, %.17g]", p, n, got, s[0], s[n - 1]);
  }
  free(s);
}

static void check_moments(gsl_rstat_workspace *w, const replay *r, const double *x, size_t n,
                          mlf_run *run) {
  double got[R_COUNT];
  get_all(w, got);
  movstat_moments mo;
  movstat_moments_of(x, n, 4, &mo);
  tracked_double algorithm[R_COUNT], truth[R_COUNT];
  derive(n, r->mean, r->m2, r->m3, r->m4, algorithm);
  derive(n, mo.mean, mo.m2, mo.m3, mo.m4, truth);
  movstat_context ctx = {movstat_value_flags(x, n), 0};
  for (int k = 0; k < R_COUNT; k++) {
    double ratio;
    const char *kind = NULL;
    if (n < 2 && (k == R_VARIANCE || k == R_SD || k == R_SD_MEAN))
      kind = got[k] == 0.0 ? NULL : "nonzero-variance-of-one"; /* gsl_rstat_variance: 0 */
    else if (k == R_VARIANCE && got[k] < 0)
      kind = "negative-variance";
    else if (k == R_SD && isnan(got[k]) && !ctx.window_flags && isfinite(algorithm[R_VARIANCE].v))
      kind = "nan-on-finite";
    else
      kind = movstat_judge(got[k], algorithm[k], truth[k], &ctx, &ratio);
    if (kind)
      stats_raise(run, TARGET, rstat_names[k], "batch", kind,
                    "after %zu values: %.17g, batch %.17g (bound %.3g + %.3g)", n, got[k],
                    truth[k].v, tracked_bound(algorithm[k]), tracked_bound(truth[k]));
  }
}

/* Every output of w, for bit-for-bit comparisons; not the median of an empty workspace
 * (undefined behaviour, movstat_rstat_empty). */
static void snapshot(gsl_rstat_workspace *w, double out[R_COUNT + 4]) {
  get_all(w, out);
  out[R_COUNT] = gsl_rstat_min(w), out[R_COUNT + 1] = gsl_rstat_max(w);
  out[R_COUNT + 2] = gsl_rstat_n(w) ? gsl_rstat_median(w) : 0.0;
  out[R_COUNT + 3] = (double)gsl_rstat_n(w);
}

/* Reset must give the initial state: the same outputs as a fresh workspace, before and after
 * adding y. */
static void check_reset(gsl_rstat_workspace *w, const double *y, size_t n, mlf_run *run) {
  gsl_rstat_workspace *fresh = gsl_rstat_alloc();
  if (!fresh) abort();
  gsl_rstat_reset(w);
  for (int pass = 0; pass < 2; pass++) {
    double a[R_COUNT + 4], b[R_COUNT + 4];
    snapshot(w, a), snapshot(fresh, b);
    for (int k = 0; k < R_COUNT + 4; k++)
      if (memcmp(&a[k], &b[k], sizeof a[k]) != 0) {
        stats_raise(run, TARGET, "gsl_rstat_reset", "fresh-workspace", "bits-differ",
                      "output %d after reset and %zu values: %.17g, fresh workspace %.17g", k,
                      pass ? n : 0, a[k], b[k]);
        break;
      }
    for (size_t i = 0; pass == 0 && i < n; i++) gsl_rstat_add(y[i], w), gsl_rstat_add(y[i], fresh);
  }
  gsl_rstat_free(fresh);
}

/* Counts at which the state is checked: the first values, the P^2 start-up (5, 6), the end. */
static int is_checkpoint(size_t k, size_t n) {
  return k <= 3 || k == 5 || k == 6 || k == n / 2 || k == n;
}

void movstat_rstat_check(const double *x, const double *y, size_t n, double p, mlf_run *run) {
  gsl_rstat_workspace *w = gsl_rstat_alloc();
  gsl_rstat_quantile_workspace *qw = gsl_rstat_quantile_alloc(p);
  if (!w || !qw) abort();
  replay r = {c(0), c(0), c(0), c(0), 0};
  stats_gsl_begin();
  for (size_t k = 1; k <= n; k++) {
    gsl_rstat_add(x[k - 1], w);
    gsl_rstat_quantile_add(x[k - 1], qw);
    replay_add(&r, x[k - 1]);
    if (!is_checkpoint(k, n)) continue;
    check_extremes(w, x, k, run);
    check_moments(w, &r, x, k, run);
    check_quantile(gsl_rstat_median(w), x, k, 0.5, "gsl_rstat_median", run);
    check_quantile(gsl_rstat_quantile_get(qw), x, k, p, "gsl_rstat_quantile_get", run);
  }
  mlf_error_record first;
  /* gsl_rstat_quantile_add reports GSL_EINVAL when x falls in no marker interval: a NaN, or
   * any value once an infinity (or an overflowing difference of heights, when max - min of
   * the data overflows) has made the marker heights NaN. Other data never do. */
  size_t errors = stats_gsl_end(&first);
  if (errors && !movstat_value_flags(x, n) && !range_overflows(x, n))
    stats_raise(run, TARGET, "gsl_rstat_add", "error-handler", "error-on-valid",
                  "GSL reported error %d at %s on finite data", first.info, first.routine);
  if (y) check_reset(w, y, n, run);
  gsl_rstat_quantile_free(qw);
  gsl_rstat_free(w);
}

void movstat_rstat_domain(const double *x, size_t n, double p, mlf_run *run) {
  gsl_rstat_quantile_workspace *qw = gsl_rstat_quantile_alloc(p);
  if (!qw) abort();
  stats_gsl_begin();
  for (size_t k = 1; k <= n; k++) {
    gsl_rstat_quantile_add(x[k - 1], qw);
    if (!is_checkpoint(k, n)) continue;
    if (isnan(p) && qw->n <= 5 && !mlf_report_known()) {
      /* gsl_stats_quantile_from_sorted_data converts NaN * (n - 1) to int: the index is
       * garbage and the read lands far outside the data (a crash). Known; not called. The
       * workspace's own count decides: a value add refuses (a NaN) leaves it where it was. */
      stats_raise(run, TARGET, "gsl_rstat_quantile_get", "domain",
                    "nan-fraction-read-out-of-bounds",
                    "p = NaN with %zu values held: known crash, not called (MLF_REPORT_KNOWN=1 "
                    "calls it)", qw->n);
      continue;
    }
    double got = gsl_rstat_quantile_get(qw);
    (void)got; /* outside [0, 1] nothing is documented but the absence of a crash */
  }
  stats_gsl_end(NULL);
  gsl_rstat_quantile_free(qw);
}

void movstat_rstat_empty(mlf_run *run) {
  if (!mlf_report_known()) {
    /* gsl_stats_quantile_from_sorted_data converts f * (n - 1) to int before it checks
     * n == 0: with n = 0 that is 0.5 * SIZE_MAX, out of int's range. */
    stats_raise(run, TARGET, "gsl_rstat_median", "domain", "empty-fraction-undefined-cast",
                  "empty workspace: known undefined behaviour, not called (MLF_REPORT_KNOWN=1 calls it)");
    return;
  }
  gsl_rstat_workspace *w = gsl_rstat_alloc();
  if (!w) abort();
  double got = gsl_rstat_median(w); /* nothing documented: any value, no crash */
  (void)got;
  gsl_rstat_free(w);
}
