/* GSL 2.7.1 gsl_stats_correlation, gsl_stats_spearman and gsl_stats_covariance (built from
 * source with ASan, UBSan and coverage).
 * Oracle: the correlation relations MR-1..MR-10 (correlation_relations.h, corrected where the
 * paper is wrong) on each function; each within a rounding bound of a two-pass long-double
 * reference (Spearman: of the average ranks); Pearson and Spearman within [-1, 1] exactly (the
 * range the mathematics fixes; the bounds relation allows its rounding tolerance past it); a
 * strided call bit-identical to the packed one;
 * no GSL error on valid data; on n = 0 (outside the domain) a GSL error or a NaN, never a
 * crash or a read of the empty buffer. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "correlation_known_crashes.h"
#include "correlation_moments.h"
#include "correlation_relations.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_series.h"
#include "mlf_target.h"
#include "mlf_watchdog.h"
#include "mlf_common.pb-c.h"

#define GSL_ROUNDOFF 0x1p-64 /* GSL accumulates correlation sums in long double */

/* The GSL function of a measure at a stride (Spearman allocates its 2n work array). */
static double dispatch(corr_measure m, const double *x, const double *y, size_t stride, size_t n) {
  switch (m) {
    case CORR_PEARSON: return gsl_stats_correlation(x, stride, y, stride, n);
    case CORR_COVARIANCE: return gsl_stats_covariance(x, stride, y, stride, n);
    default: {
      double *work = malloc((2 * n ? 2 * n : 1) * sizeof *work);
      if (!work) abort();
      double r = gsl_stats_spearman(x, stride, y, stride, n, work);
      free(work);
      return r;
    }
  }
}

static const char *const names[] = {"gsl_stats_correlation", "gsl_stats_spearman",
                                     "gsl_stats_covariance"}; /* by corr_measure */

/* The measure under the watchdog (mlf_watchdog.h): a call that hangs is abandoned (NaN) and
 * the input's finding is mlf:gsl_correlation:<function>:hang. */
static double call_gsl(corr_measure m, const double *x, const double *y, size_t stride, size_t n) {
  double r = NAN;
  MLF_WATCHED(names[m], r = dispatch(m, x, y, stride, n));
  return r;
}

static double packed_call(const double *x, const double *y, size_t n, void *ctx) {
  return call_gsl(*(const corr_measure *)ctx, x, y, 1, n);
}

/* gsl_stats_correlation sums squares in long double but takes sqrt() of them as doubles:
 * a sum of squared deviations past DBL_MAX becomes Inf (r = 0 or NaN), one below DBL_MIN a
 * subnormal or zero (r inaccurate or Inf); factor-4 margins cover the running sums' rounding. */
static const char *pearson_sqrt_range(const double *x, const double *y, size_t n) {
  corr_moments m[2] = {corr_moments_of(x, n), corr_moments_of(y, n)};
  for (int i = 0; i < 2; i++)
    if (m[i].ss > DBL_MAX / 4 || (m[i].ss > 0 && m[i].ss < 4 * DBL_MIN)) return "sqrt-range";
  return NULL;
}

static const corr_measure measures[] = {CORR_PEARSON, CORR_SPEARMAN, CORR_COVARIANCE}; /* as names */

static void correlation_init(void) {
  mlf_capture_install();
  gsl_set_error_handler(mlf_capture_gsl_handler);
}

/* Raises mlf:gsl_correlation:<function>:<check>:<kind>. */
static void report(mlf_run *run, const char *fn, const char *check, const char *kind,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void report(mlf_run *run, const char *fn, const char *check, const char *kind,
                   const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  mlf_finding_tag(tag, sizeof tag, "gsl_correlation", fn, check, kind);
  mlf_finding(run, tag, "%s", detail);
}

/* The long-double reference of a measure and its rounding bound; NaN bound when the data is
 * not finite, has a zero variance or a covariance scale past the double range (the
 * relations judge those cases). */
static double reference(corr_measure m, const double *x, const double *y, size_t n, double *bound) {
  *bound = NAN;
  if (n < 2 || !corr_all_finite(x, n) || !corr_all_finite(y, n)) return NAN;
  double *rx = NULL, *ry = NULL;
  if (m == CORR_SPEARMAN) {
    rx = malloc(n * sizeof *rx), ry = malloc(n * sizeof *ry);
    if (!rx || !ry || corr_average_ranks(x, n, rx) || corr_average_ranks(y, n, ry)) abort();
    x = rx, y = ry;
  }
  corr_moments mx = corr_moments_of(x, n), my = corr_moments_of(y, n);
  long double cross = corr_cross(x, y, n, &mx, &my);
  free(rx), free(ry);
  if (!(mx.ss > 0 && my.ss > 0) || isinf(mx.ss) || isinf(my.ss) || isnan(mx.kappa) || isnan(my.kappa))
    return NAN;
  double t = corr_rounding_tolerance(n, GSL_ROUNDOFF, mx.kappa, my.kappa);
  if (m == CORR_COVARIANCE) {
    /* a covariance past DBL_MAX correctly rounds to Inf; no bound applies to it */
    *bound = corr_covariance_tolerance(t, mx.ss, my.ss, n);
    if (!isfinite(*bound)) *bound = NAN;
    return (double)(cross / (n - 1));
  }
  *bound = t;
  return (double)(cross / sqrtl(mx.ss * my.ss));
}

/* Packed call against the reference, strided call against the packed one, no GSL error. */
static void check_function(int which, const mlf_series *s, size_t stride, mlf_run *run) {
  corr_measure m = measures[which];
  const double *x = s->v[MLF_SERIES_X], *y = s->v[MLF_SERIES_Y];
  size_t n = s->n;
  mlf_error_record err;
  mlf_capture_begin("gsl");
  double got = call_gsl(m, x, y, 1, n);
  size_t errors = mlf_capture_end(&err);
  if (errors)
    report(run, names[which], "valid-data", "gsl-error", "%zu GSL errors on valid data, first %s code %d",
           errors, err.routine, err.info);
  double bound, want = reference(m, x, y, n, &bound);
  mlf_log(run, "%s: %.17g (reference %.17g +- %.3g)", names[which], got, want, bound);
  const char *defect = m == CORR_PEARSON ? pearson_sqrt_range(x, y, n) : NULL;
  if (!isnan(bound) && !(fabs(got - want) <= bound))
    report(run, names[which], "reference", defect ? defect : isnan(got) ? "nan-spurious" : "value-mismatch",
          "got %.17g, long-double reference %.17g", got, want);
  if (corr_outside_range(m, got))
    report(run, names[which], "range", defect ? defect : "outside-unit-interval",
           "got %.17g (%a), outside [-1, 1]", got, got);
  if (stride > 1) {
    double *xs = mlf_series_strided(x, n, stride), *ys = mlf_series_strided(y, n, stride);
    if (!xs || !ys) abort();
    double strided = call_gsl(m, xs, ys, stride, n);
    if (mlf_ulp_distance(strided, got) != 0)
      report(run, names[which], "stride", "value-mismatch", "strided %.17g, packed %.17g", strided, got);
    free(xs), free(ys);
  }
}

/* Outside the domain: n = 0 on empty buffers must give a GSL error or NaN, nothing else. */
static void check_empty(int which, mlf_run *run) {
  const char *known = correlation_known_crash(names[which], 0);
  if (known) {
    report(run, names[which], "empty", known, "known crash on n = 0");
    if (!mlf_report_known()) return;
  }
  double *x = malloc(1), *y = malloc(1); /* zero elements: any read is out of bounds */
  mlf_capture_begin("gsl");
  double got = call_gsl(measures[which], x, y, 1, 0);
  size_t errors = mlf_capture_end(NULL);
  free(x), free(y);
  if (!errors && !isnan(got)) report(run, names[which], "empty", "value",
                                     "n = 0 gave %.17g without a GSL error", got);
}

static void correlation_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__SeriesCase *c = (const Mlf__SeriesCase *)msg;
  mlf_series s;
  if (mlf_series_make(c, &s) != 0) return;
  for (int i = 0; i < 3; i++) {
    if (s.n == 0) {
      check_empty(i, run);
      continue;
    }
    check_function(i, &s, c->stride, run);
    corr_subject subject = {names[i], measures[i], packed_call, (void *)&measures[i], GSL_ROUNDOFF,
                            measures[i] == CORR_PEARSON ? pearson_sqrt_range : NULL};
    corr_check_relations("gsl_correlation", &subject, s.v[MLF_SERIES_X], s.v[MLF_SERIES_Y], s.n,
                         c->scale, c->shift, c->seed, c->relation, run);
  }
  mlf_feedback_hit(mlf_feature("corr-shape", (uint32_t)c->shape, s.n < 4 ? (uint32_t)s.n : 4));
  mlf_series_free(&s);
}

MLF_TARGET(gsl_correlation, mlf__series_case__descriptor, correlation_init, correlation_run)
