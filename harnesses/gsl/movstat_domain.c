/* gsl_movstat outside its domain (see movstat_domain.h). */
#include "movstat_domain.h"
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_series.h"
#include "guarded_series.h"
#include "stats_report.h"
#include "movstat_stats.h"

#define TARGET "gsl_movstat"

static const char *const end_names[3] = {"padzero", "padvalue", "truncate"};

/* The vector GSL's constructors refuse to make but a user can write down: size 0. */
static gsl_vector empty_vector(double *data) {
  gsl_vector v = {0, 1, data, NULL, 0};
  return v;
}

void movstat_domain_empty(mlf_guard_side side, mlf_run *run) {
  gsl_movstat_workspace *w = gsl_movstat_alloc2(2, 1);
  if (!w) abort();
  double *xb = mlf_guard_alloc(0, sizeof(double), side, "empty x");
  double *yb = mlf_guard_alloc(0, sizeof(double), side, "empty y");
  double *zb = mlf_guard_alloc(0, sizeof(double), side, "empty z");
  gsl_vector x = empty_vector(xb), y = empty_vector(yb), z = empty_vector(zb);
  for (int end = 0; end < 3; end++)
    for (int s = 0; s < MOVSTAT_STAT_COUNT; s++) {
      if (end == GSL_MOVSTAT_END_PADVALUE && !mlf_report_known()) {
        /* gsl_movstat_apply_accum, under every statistic, reads the pad values x[0] and
         * x[n - 1] without checking n. */
        stats_raise(run, TARGET, "gsl_movstat_apply_accum", "domain",
                      "empty-padvalue-read-out-of-bounds",
                      "n = 0 with GSL_MOVSTAT_END_PADVALUE: known crash, not called "
                      "(MLF_REPORT_KNOWN=1 calls it)");
        break;
      }
      stats_gsl_begin();
      movstat_call((movstat_stat)s, (gsl_movstat_end_t)end, &x, &y, &z, 0.25, w);
      stats_gsl_end(NULL); /* nothing documented: an error or nothing at all */
      if (!mlf_guard_canary_ok(yb) || !mlf_guard_canary_ok(zb))
        stats_raise(run, TARGET, movstat_stats[s].function, "domain", "empty-write",
                      "%s: wrote into an empty output", end_names[end]);
    }
  mlf_guard_free(xb), mlf_guard_free(yb), mlf_guard_free(zb);
  gsl_movstat_free(w);
}

/* Calls s expecting a GSL error with code want and the output untouched. */
static void expect_error(movstat_stat s, const gsl_vector *x, gsl_vector *y, const double *yb,
                         size_t ylen, double q, gsl_movstat_workspace *w, int want,
                         const char *what, mlf_run *run) {
  mlf_error_record first;
  stats_gsl_begin();
  int status = movstat_call(s, GSL_MOVSTAT_END_TRUNCATE, x, y, NULL, q, w);
  size_t errors = stats_gsl_end(&first);
  if (!errors || status != want || first.info != want)
    stats_raise(run, TARGET, movstat_stats[s].function, "domain", "error-missing",
                  "%s: status %d, %zu errors (first %d), GSL documents error %d", what, status,
                  errors, errors ? first.info : 0, want);
  for (size_t i = 0; i < ylen; i++)
    if (!mlf_series_is_sentinel(yb[i])) {
      stats_raise(run, TARGET, movstat_stats[s].function, "domain", "write-on-error",
                    "%s: wrote y[%zu] = %.17g", what, i, yb[i]);
      break;
    }
}

void movstat_domain_arguments(const double *x, size_t n, double fraction, int probe_nan,
                              mlf_guard_side side, mlf_run *run) {
  gsl_movstat_workspace *w = gsl_movstat_alloc(3);
  if (!w) abort();
  double *xb = guarded_copy(x, n, 1, 1, side, "x");
  double *yb = guarded_blank(n + 1, 1, 1, side, "y");
  gsl_vector_view xv = gsl_vector_view_array(xb, n);
  gsl_vector_view longer = gsl_vector_view_array(yb, n + 1);
  gsl_vector_view same = gsl_vector_view_array(yb, n);
  for (int s = 0; s < MOVSTAT_STAT_COUNT; s++)
    if (movstat_stats[s].outputs == 1)
      expect_error((movstat_stat)s, &xv.vector, &longer.vector, yb, n + 1, 0.25, w, GSL_EBADLEN,
                   "y longer than x", run);
  if (fraction < 0 || fraction > 0.5)
    expect_error(MOVSTAT_QQR, &xv.vector, &same.vector, yb, n, fraction, w, GSL_EDOM,
                 "q outside [0, 0.5]", run);
  if (probe_nan && mlf_report_known())
    expect_error(MOVSTAT_QQR, &xv.vector, &same.vector, yb, n, NAN, w, GSL_EDOM, "q = NaN", run);
  else if (probe_nan) /* NaN passes "q < 0 || q > 0.5", reaches gsl_stats_quantile_from_sorted_data */
    stats_raise(run, TARGET, "gsl_movstat_qqr", "domain", "nan-fraction-read-out-of-bounds",
                  "q = NaN: known crash, not called (MLF_REPORT_KNOWN=1 calls it)");
  /* A zero stride is refused when the view is made: GSL_EINVAL through the handler. */
  mlf_error_record first;
  stats_gsl_begin();
  gsl_vector_view_array_with_stride(xb, 0, n);
  if (!stats_gsl_end(&first) || first.info != GSL_EINVAL)
    stats_raise(run, TARGET, "gsl_vector_view_array_with_stride", "domain", "error-missing",
                  "stride 0 accepted");
  mlf_guard_free(xb), mlf_guard_free(yb);
  gsl_movstat_free(w);
}

void movstat_domain_fill(const movstat_layout *l, mlf_run *run) {
  size_t K = l->H + l->J + 1;
  double *want = malloc(K * sizeof *want), *got = mlf_guard_alloc(K * sizeof *got, sizeof *got, MLF_GUARD_TAIL, "window");
  if (!want) abort();
  gsl_vector_const_view xv = gsl_vector_const_view_array(l->x, l->n);
  for (size_t i = 0; i <= l->n; i++) {
    mlf_error_record first;
    stats_gsl_begin();
    size_t m = gsl_movstat_fill(l->end, &xv.vector, i, l->H, l->J, got);
    size_t errors = stats_gsl_end(&first);
    if (i == l->n) {
      if (m != 0 || !errors || first.info != GSL_EDOM)
        stats_raise(run, TARGET, "gsl_movstat_fill", "domain", "error-missing",
                      "index n = %zu: size %zu, %zu errors", i, m, errors);
      break;
    }
    size_t k = movstat_window(l, i, want);
    if (errors || m != k || memcmp(got, want, k * sizeof *want) != 0) {
      stats_raise(run, TARGET, "gsl_movstat_fill", "window", "value-mismatch",
                    "%s H=%zu J=%zu index %zu: size %zu (documented %zu), %zu errors",
                    end_names[l->end], l->H, l->J, i, m, k, errors);
      break;
    }
  }
  free(want);
  mlf_guard_free(got);
}
