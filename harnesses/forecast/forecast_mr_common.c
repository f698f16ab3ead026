/* Shared pieces of the forecaster's relations (forecast_mr.h). */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"

void forecast_outcome_run(const forecast_series *train, const forecast_series *valid,
                          const forecast_params *p, forecast_outcome *out) {
  memset(out, 0, sizeof *out);
  out->status = forecast_train(train, p, &out->model, &out->training);
  out->valid_status = out->status == FORECAST_OK
                          ? forecast_validate(&out->model, valid, &out->validation)
                          : FORECAST_BAD_PARAMS;
}

void forecast_outcome_free(forecast_outcome *o) {
  if (o->status == FORECAST_OK) forecast_model_free(&o->model);
  memset(o, 0, sizeof *o);
}

int forecast_buffer_alloc(size_t n, int with_time, forecast_buffer *b) {
  memset(b, 0, sizeof *b);
  b->n = n;
  b->value = malloc((n ? n : 1) * sizeof(double));
  if (with_time) b->time = malloc((n ? n : 1) * sizeof(double));
  if (!b->value || (with_time && !b->time)) {
    forecast_buffer_free(b);
    return -1;
  }
  return 0;
}

int forecast_buffer_copy(const forecast_series *s, size_t n, int with_time, forecast_buffer *b) {
  if (forecast_buffer_alloc(n, s->time || with_time, b) != 0) return -1;
  memcpy(b->value, s->value, n * sizeof(double));
  for (size_t i = 0; b->time && i < n; i++) b->time[i] = s->time ? s->time[i] : (double)i;
  return 0;
}

forecast_series forecast_buffer_series(const forecast_buffer *b) {
  return (forecast_series){b->value, b->time, b->n};
}

void forecast_buffer_free(forecast_buffer *b) {
  free(b->value), free(b->time);
  memset(b, 0, sizeof *b);
}

/* Insertion sort of indices by stamp: series are short, and it must not share code with
 * the subject's ordering. */
void forecast_ordered(const forecast_series *s, double *out) {
  if (!s->time) {
    memcpy(out, s->value, s->n * sizeof(double));
    return;
  }
  size_t *idx = malloc((s->n ? s->n : 1) * sizeof *idx);
  if (!idx) abort();
  for (size_t i = 0; i < s->n; i++) {
    size_t j = i;
    for (; j > 0 && s->time[idx[j - 1]] > s->time[i]; j--) idx[j] = idx[j - 1];
    idx[j] = i;
  }
  for (size_t i = 0; i < s->n; i++) out[i] = s->value[idx[i]];
  free(idx);
}

void forecast_mr_windows(const forecast_scaler *sc, const forecast_params *p, const double *v,
                         size_t count, float *x, float *y) {
  size_t T = p->time_steps, H = p->horizon;
  for (size_t w = 0; w < count; w++)
    for (size_t t = 0; t < T + H; t++) {
      float s = (float)((v[w + t] - sc->min) / sc->range);
      if (t < T) x[w * T + t] = s;
      else y[w * H + t - T] = s;
    }
}

void forecast_mr_violation(forecast_mr_ctx *c, const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  snprintf(tag, sizeof tag, "mlf:forecast_lstm:subject:%s:%s", c->relation, kind);
  mlf_finding(c->run, tag, "%s: %s", c->relation, detail);
  mlf_log(c->run, "%s: VIOLATED %s: %s", c->relation, kind, detail);
  c->violated = 1;
}

int forecast_mr_expect_ok(forecast_mr_ctx *c, const char *what, forecast_status st) {
  if (st == FORECAST_OK) return 1;
  char kind[64];
  snprintf(kind, sizeof kind, "%s-failed", what);
  forecast_mr_violation(c, kind, "%s returned %s on data it must accept", what,
                        forecast_status_name(st));
  return 0;
}

int forecast_same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int forecast_close(double got, double want, double tol) {
  return got == want || fabs(got - want) <= tol;
}

void forecast_mr_expect_identical(forecast_mr_ctx *c, const char *what, const forecast_outcome *a,
                                  const forecast_outcome *b, int with_training) {
  char kind[64];
  snprintf(kind, sizeof kind, "%s-differs", what);
  const forecast_training *ta = &a->training, *tb = &b->training;
  const forecast_validation *va = &a->validation, *vb = &b->validation;
  if (a->status != b->status || a->valid_status != b->valid_status) {
    forecast_mr_violation(c, kind, "status %s/%s, expected %s/%s", forecast_status_name(b->status),
                          forecast_status_name(b->valid_status), forecast_status_name(a->status),
                          forecast_status_name(a->valid_status));
    return;
  }
  if (with_training && (ta->windows != tb->windows || ta->batches != tb->batches ||
                        !forecast_same_bits(ta->initial_loss, tb->initial_loss) ||
                        !forecast_same_bits(ta->loss, tb->loss))) {
    forecast_mr_violation(c, kind, "training: %zu windows, %zu batches, loss %.17g -> %.17g; "
                          "expected %zu, %zu, %.17g -> %.17g", tb->windows, tb->batches,
                          tb->initial_loss, tb->loss, ta->windows, ta->batches, ta->initial_loss,
                          ta->loss);
    return;
  }
  if (a->valid_status != FORECAST_OK) return;
  int same = va->windows == vb->windows && forecast_same_bits(va->loss, vb->loss);
  for (size_t k = 0; k < a->model.p.horizon; k++)
    same = same && forecast_same_bits(va->first[k], vb->first[k]);
  if (!same)
    forecast_mr_violation(c, kind, "validation: %zu windows, loss %.17g, first forecast %.17g; "
                          "expected %zu, %.17g, %.17g", vb->windows, vb->loss, vb->first[0],
                          va->windows, va->loss, va->first[0]);
}

int forecast_mr_inference_tolerance(const forecast_model *m, const float *x, double *tol) {
  forecast_reference r;
  if (forecast_reference_run(m, x, 1, &r) != 0) return -1;
  for (size_t k = 0; k < m->p.horizon; k++) tol[k] = 2 * r.out_err[k];
  forecast_reference_free(&r);
  return 0;
}

void forecast_interval_of(const double *x, size_t n, double floor, forecast_interval *iv) {
  double mean = 0, ss = 0;
  for (size_t i = 0; i < n; i++) mean += x[i];
  mean /= (double)n;
  for (size_t i = 0; i < n; i++) ss += (x[i] - mean) * (x[i] - mean);
  double sd = sqrt(ss / (double)(n - 1));
  double t = gsl_cdf_tdist_Qinv(0.0005, (double)(n - 1));
  iv->mean = mean;
  iv->half = fmax(t * sd * sqrt(1.0 + 1.0 / (double)n), floor);
}

int forecast_interval_contains(const forecast_interval *iv, double v) {
  return fabs(v - iv->mean) <= iv->half;
}

int forecast_mr_series_windows(const forecast_series *s, const forecast_scaler *sc,
                               const forecast_params *p, size_t max_count, float **x, float **y,
                               size_t *count) {
  *x = *y = NULL;
  *count = forecast_window_count(s->n, p);
  if (*count > max_count) *count = max_count;
  double *v = malloc((s->n ? s->n : 1) * sizeof *v);
  *x = malloc((*count ? *count : 1) * p->time_steps * sizeof(float));
  *y = malloc((*count ? *count : 1) * p->horizon * sizeof(float));
  if (!v || !*x || !*y) {
    free(v), free(*x), free(*y);
    *x = *y = NULL;
    return -1;
  }
  forecast_ordered(s, v);
  forecast_mr_windows(sc, p, v, *count, *x, *y);
  free(v);
  return 0;
}

double forecast_mr_squared_error(const forecast_reference *r, const float *y, size_t n) {
  double sum = 0;
  for (size_t q = 0; q < n; q++) sum += (r->out[q] - y[q]) * (r->out[q] - y[q]);
  return sum / (double)n;
}

int forecast_mr_reference_loss(const forecast_model *m, const float *x, const float *y,
                               size_t count, double *loss, double *bound) {
  forecast_reference r;
  if (forecast_reference_run(m, x, count, &r) != 0) return -1;
  size_t n = count * m->p.horizon;
  double spread = 0;
  for (size_t i = 0; i < n; i++) {
    double d = r.out[i] - y[i], e = r.out_err[i];
    spread += 2 * fabs(d) * e + e * e;
  }
  *loss = forecast_mr_squared_error(&r, y, n);
  forecast_reference_free(&r);
  /* (o - y)^2 - (r - y)^2 = (o - r)(o + r - 2y), at most 2 |r - y| e + e^2 per term; then the
   * double rounding of both sums (n terms, a square and a difference each) and the division. */
  if (bound)
    *bound = spread / (double)n + mlf_gamma((double)n + 3, MLF_U_DOUBLE) * 2 * (*loss + spread / (double)n);
  return 0;
}
