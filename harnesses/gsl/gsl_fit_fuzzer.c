/* GSL 2.7.1 linear regression: gsl_fit_linear, gsl_fit_wlinear, gsl_fit_mul, gsl_fit_wmul,
 * gsl_fit_linear_est, gsl_fit_mul_est.
 * Oracle: every output within the running error bound of GSL's own algorithm (replayed
 * operation by operation) of the exact least-squares value (long double); strided calls bit
 * for bit equal to packed ones; invariances: reversed order, x / y / weights scaled by a power
 * of two and zero-weight points removed (bit for bit), x translated (slope kept, intercept
 * c0 - c1 t), equal weights = unweighted fit (covariances scaled by s^2), collinear data fitted
 * exactly; the _est functions as documented; degenerate data (all x equal, n = 0, stride 0)
 * NaN slopes or an error, and no access outside the data (guard pages). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fit_relations.h"
#include "mlf_feedback.h"
#include "mlf_series.h"
#include "mlf_target.h"
#include "stats_report.h"
#include "mlf_common.pb-c.h"

#define FIT_MAX_N 512 /* each relation replays GSL's passes with error bounds: O(n) each */

static void fit_init(void) { stats_capture_gsl(); }

static const char *named_relation(const char *r) {
  if (!r) return NULL;
  for (size_t i = 0; i < fit_relation_count; i++)
    if (strcmp(r, fit_relation_names[i]) == 0) return r;
  return NULL;
}

/* The power of two of the scaling relations: the message's scale, as an exponent. */
static int scale_exponent(double scale) {
  if (!isfinite(scale) || scale == 0) return 3;
  int e = ilogb(scale);
  return e == 0 ? 1 : e > 64 ? 64 : e < -64 ? -64 : e;
}

static void fit_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__SeriesCase *c = (const Mlf__SeriesCase *)msg;
  mlf_series s;
  if (mlf_series_make(c, &s) < 0) abort();
  size_t n = s.n < FIT_MAX_N ? s.n : FIT_MAX_N;
  fit_case fc = {{s.v[MLF_SERIES_X], s.v[MLF_SERIES_Y], s.v[MLF_SERIES_W], n}, c->stride,
                 (c->seed >> 8) & 1 ? MLF_GUARD_HEAD : MLF_GUARD_TAIL, scale_exponent(c->scale),
                 c->shift, named_relation(c->relation), run};
  uint32_t size = 0;
  for (size_t v = n; v; v >>= 1) size++;
  for (int k = 0; k < FIT_KIND_COUNT; k++) {
    if (!fc.only || strcmp(fc.only, "degenerate") == 0) fit_check_degenerate_calls((fit_kind)k, &fc);
    if (n == 0) continue;
    size_t before = run->n_raised;
    double worst = fit_check((fit_kind)k, &fc);
    uint32_t closeness = worst > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(worst))) : 0;
    mlf_feedback_hit(mlf_feature("fit-verdict", (uint32_t)k * 32 + size, closeness * 2 + (run->n_raised > before)));
    mlf_log(run, "%s: n = %zu, worst error / bound %.3g", fit_functions[k], n, worst);
  }
  mlf_series_free(&s);
}

MLF_TARGET(gsl_fit, mlf__series_case__descriptor, fit_init, fit_fuzz_run)
