/* C inference and oneDNN against the double reference (forecast_inference.h), and the state
 * ranges the LSTM mathematics fixes (forecast_range.h). */
#include "forecast_inference.h"
#include <math.h>
#include <stdlib.h>
#include "forecast_dnnl.h"
#include "forecast_range.h"
#include "forecast_reference.h"
#include "mlf_bound_stats.h"
#include "mlf_feedback.h"

typedef struct {
  double worst;  /* largest |got - want| / bound */
  size_t at;     /* where */
  int nan;       /* a NaN where the reference is finite */
} judgement;

/* got[i] against want[i] +- bound[i], i < n. */
static judgement judge(const float *got, const double *want, const double *bound, size_t n) {
  judgement j = {0, 0, 0};
  for (size_t i = 0; i < n; i++) {
    double r = fabs((double)got[i] - want[i]) / bound[i];
    if (isnan(got[i])) r = INFINITY, j.nan = 1;
    if (r > j.worst) j.worst = r, j.at = i;
  }
  return j;
}

static void report(mlf_run *run, const char *who, const char *what, judgement j,
                   const float *got, const double *want, const double *bound) {
  if (j.worst <= 1) return;
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:forecast_lstm:%s:%s", who, j.nan ? "nan-mismatch" : "value-mismatch");
  mlf_finding(run, tag, "%s %s[%zu] = %.9g, reference %.17g, beyond the rigorous bound %.3g",
              who, what, j.at, (double)got[j.at], want[j.at], bound[j.at]);
}

/* Raises mlf:forecast_lstm:<who>:outside-range for the first of v[0..n) past limit. */
static void report_range(mlf_run *run, const char *who, const char *what, const float *v,
                         size_t n, double limit) {
  size_t at = forecast_outside_range(v, n, limit);
  if (at == n) return;
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:forecast_lstm:%s:outside-range", who);
  mlf_finding(run, tag, "%s %s[%zu] = %.9g (%a), outside [-%g, %g] (forecast_range.h)", who, what,
              at, (double)v[at], (double)v[at], limit, limit);
}

/* With MLF_VERBOSE: how tight the bound is on one output array (measurement only). */
static void log_tightness(mlf_run *run, const char *who, const char *what, const float *got,
                          const double *want, const double *bound, size_t n) {
  mlf_bound_stats s;
  if (!getenv("MLF_VERBOSE") || mlf_bound_stats_of(got, want, bound, n, &s) != 0) return;
  mlf_log(run, "tightness %s %s: n %zu, err/bound median %.3g max %.3g, bound/|ref| median "
          "%.3g max %.3g, 1e-4 relative seen in %.3g", who, what, s.n, s.ratio_median,
          s.ratio_max, s.rel_median, s.rel_max, s.planted_seen);
}

double forecast_check_inference(const forecast_model *m, const float *x, size_t count,
                                int packed, mlf_run *run) {
  size_t T = m->p.time_steps, U = m->p.hidden, H = m->p.horizon;
  float *h_last = malloc(count * U * sizeof(float)), *out = malloc(count * H * sizeof(float));
  float *h = malloc(T * count * U * sizeof(float)), *c_last = malloc(count * U * sizeof(float));
  forecast_reference r = {0}, rd = {0}; /* the bounds for the C inference and for oneDNN */
  double worst = 0;
  if (!h_last || !out || !h || !c_last || forecast_reference_run(m, x, count, &r) != 0 ||
      forecast_reference_run_for(m, x, count, forecast_onednn_accuracy, &rd) != 0)
    goto out;
  const double *ref_h_last = r.h + (T - 1) * count * U, *err_h_last = r.h_err + (T - 1) * count * U;
  const double *ref_c_last = rd.c + (T - 1) * count * U, *err_c_last = rd.c_err + (T - 1) * count * U;
  if (forecast_infer(m, x, count, h_last, out) == FORECAST_OK) {
    judgement jh = judge(h_last, ref_h_last, err_h_last, count * U);
    judgement jo = judge(out, r.out, r.out_err, count * H);
    report(run, "subject:inference", "h_T", jh, h_last, ref_h_last, err_h_last);
    report(run, "subject:inference", "forecast", jo, out, r.out, r.out_err);
    report_range(run, "subject:inference", "h_T", h_last, count * U, 1);
    worst = fmax(jh.worst, jo.worst);
    log_tightness(run, "subject:inference", "h_T", h_last, ref_h_last, err_h_last, count * U);
    log_tightness(run, "subject:inference", "forecast", out, r.out, r.out_err, count * H);
    mlf_log(run, "inference: C within %.3g of its bound", worst);
  } else {
    mlf_finding(run, "mlf:forecast_lstm:subject:inference:status",
                "forecast_infer failed on a trained model");
  }
  const char *impl;
  int st = forecast_dnnl_lstm(m, x, count, packed, h, c_last, &impl);
  mlf_feedback_hit(mlf_feature(impl, (uint32_t)packed, (uint32_t)st));
  if (st != 0) {
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, "mlf:forecast_lstm:onednn:lstm:status-%d", st);
    mlf_finding(run, tag, "oneDNN LSTM (%s weights) refused T=%zu, N=%zu, U=%zu: status %d",
                packed ? "packed" : "ldigo", T, count, U, st);
    goto out;
  }
  judgement jd = judge(h, rd.h, rd.h_err, T * count * U);
  judgement jc = judge(c_last, ref_c_last, err_c_last, count * U);
  report(run, "onednn:lstm", "h", jd, h, rd.h, rd.h_err);
  report(run, "onednn:lstm", "c_T", jc, c_last, ref_c_last, err_c_last);
  report_range(run, "onednn:lstm", "h", h, T * count * U, 1);
  report_range(run, "onednn:lstm", "c_T", c_last, count * U, (double)T);
  double dw = fmax(jd.worst, jc.worst);
  log_tightness(run, "onednn:lstm", "h", h, rd.h, rd.h_err, T * count * U);
  log_tightness(run, "onednn:lstm", "c_T", c_last, ref_c_last, err_c_last, count * U);
  mlf_log(run, "inference: oneDNN %s (%s weights) within %.3g of its bound", impl,
          packed ? "packed" : "ldigo", dw);
  worst = fmax(worst, dw);
out:
  forecast_reference_free(&r), forecast_reference_free(&rd);
  free(h_last), free(out), free(h), free(c_last);
  return worst;
}
