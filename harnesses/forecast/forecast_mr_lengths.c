/* MR-3 and MR-4: no data is missed or counted twice when a series becomes windows. Both
 * truncate the time-ordered series to the lengths where window counts change: T+H-1 (no
 * window: a clear error), T+H (one), B+T+H-2, B+T+H-1, B+T+H (B-1, B and B+1 windows: one
 * batch short of full, full, one over; the paper's B+T-1 and B+T hold only for H = 1).
 * MR-3 (training): one window and one full batch must be learnable (forecast_mr_one_batch.c),
 * the reported training loss must be the mean over every training window, and changing
 * the first value (only in the first window's input) or the last value (only in
 * the last window's target) must change the trained model.
 * MR-4 (validation) recomputes the loss from the subject's own inference on windows the
 * relation builds, so each window must count exactly once, and each window's forecast in
 * the batch must be its forecast alone. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"

/* The distinct lengths to try that are at most n_max; returns how many. */
static size_t boundary_lengths(const forecast_params *p, size_t n_max, size_t *len) {
  size_t span = (size_t)p->time_steps + p->horizon, B = p->batch, count = 0;
  size_t candidates[5] = {span - 1, span, B + span - 2, B + span - 1, B + span};
  for (size_t i = 0; i < 5; i++) {
    int seen = candidates[i] == 0 || candidates[i] > n_max;
    for (size_t j = 0; j < count; j++) seen = seen || len[j] == candidates[i];
    if (!seen) len[count++] = candidates[i];
  }
  return count;
}

/* The first n time-ordered values of s, as a series without stamps, in b. */
static int ordered_prefix(const forecast_series *s, size_t n, forecast_buffer *b) {
  double *v = malloc((s->n ? s->n : 1) * sizeof *v);
  if (!v) return -1;
  forecast_ordered(s, v);
  forecast_series o = {v, NULL, s->n};
  int rc = forecast_buffer_copy(&o, n, 0, b);
  free(v);
  return rc;
}

static void train_length(forecast_mr_ctx *c, size_t n) {
  const forecast_params *p = c->p;
  size_t span = (size_t)p->time_steps + p->horizon, windows = n >= span ? n - span + 1 : 0;
  forecast_buffer b;
  if (ordered_prefix(c->train, n, &b) != 0) return;
  forecast_series s = forecast_buffer_series(&b);
  forecast_model m;
  forecast_training t;
  forecast_status st = forecast_train(&s, p, &m, &t);
  mlf_log(c->run, "%s: %zu values: %s, %zu windows in %zu batches", c->relation, n,
          forecast_status_name(st), t.windows, t.batches);
  if (windows == 0) {
    if (st != FORECAST_TOO_SHORT)
      forecast_mr_violation(c, "short-accepted", "training on %zu < T+H = %zu values returned "
                            "%s, expected too-short", n, span, forecast_status_name(st));
  } else if (forecast_mr_expect_ok(c, "train", st)) {
    if (t.windows != windows || t.batches != (windows + p->batch - 1) / p->batch)
      forecast_mr_violation(c, "window-count", "%zu values gave %zu windows in %zu batches, "
                            "expected %zu in %zu", n, t.windows, t.batches, windows,
                            (windows + p->batch - 1) / p->batch);
    else if (!(t.loss >= 0 && t.initial_loss >= 0 && isfinite(t.loss + t.initial_loss)))
      forecast_mr_violation(c, "loss", "%zu values: losses %g -> %g", n, t.initial_loss, t.loss);
    else if (windows == 1 || windows == p->batch)
      forecast_mr_one_batch(c, &s, windows);
  }
  if (st == FORECAST_OK) forecast_model_free(&m);
  forecast_buffer_free(&b);
}

/* Sets value `at` of the ordered training data to the end of the range farther from it (a
 * change of at least half the range, in scaled units 0.5), trains and validates: some output
 * must change. */
static void value_reaches_model(forecast_mr_ctx *c, size_t at, const char *kind) {
  forecast_buffer b;
  if (ordered_prefix(c->train, c->train->n, &b) != 0) return;
  double lo = b.value[0], hi = lo;
  for (size_t i = 0; i < b.n; i++) lo = fmin(lo, b.value[i]), hi = fmax(hi, b.value[i]);
  double old = b.value[at];
  b.value[at] = hi - lo == 0 ? old + 1 : old - lo > (hi - lo) / 2 ? lo : hi;
  forecast_series s = forecast_buffer_series(&b);
  forecast_outcome f;
  forecast_outcome_run(&s, c->valid, c->p, &f);
  const forecast_outcome *src = c->source;
  if (forecast_mr_expect_ok(c, "train", f.status) && f.valid_status == FORECAST_OK) {
    int same = forecast_same_bits(f.training.loss, src->training.loss) &&
               forecast_same_bits(f.validation.loss, src->validation.loss);
    for (size_t k = 0; k < c->p->horizon; k++)
      same = same && forecast_same_bits(f.validation.first[k], src->validation.first[k]);
    if (same)
      forecast_mr_violation(c, kind, "value %zu changed from %.9g to %.9g: training loss, "
                            "validation loss and forecast all unchanged", at, old, b.value[at]);
  }
  forecast_outcome_free(&f);
  forecast_buffer_free(&b);
}

/* Whether one value's change must show in the trained model: some training happened
 * (epochs, and the loss moved), and each SGD step moves weights of order one by more than
 * their float resolution: the changed window's gradient share is at least 1 / (B H) of a
 * change of 0.5, times the step, which stays above 2^-24 for lr >= 2^-7. */
static int training_sensitive(const forecast_mr_ctx *c) {
  const forecast_training *t = &c->source->training;
  return c->p->epochs > 0 && c->p->learning_rate >= 0x1p-7 && t->loss != t->initial_loss;
}

/* The reported training loss must be the mean over every training window, each once:
 * validating the trained model on its own training data gives it back. The two runs batch
 * the windows differently, so each output may differ by twice its rigorous inference bound
 * (forecast_reference.h); the tolerance propagates that through the squares, plus the
 * summation in another order (gamma_{count H} of the sum, doubled). */
static void training_loss_is_mean(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  size_t T = c->p->time_steps, H = c->p->horizon, n = c->train->n, count = n - T - H + 1;
  double *v = malloc(n * sizeof *v);
  float *x = malloc(count * T * sizeof *x), *y = malloc(count * H * sizeof *y);
  forecast_reference r = {0};
  forecast_validation val;
  if (v && x && y) {
    forecast_ordered(c->train, v);
    forecast_mr_windows(&m->scaler, c->p, v, count, x, y);
  }
  if (v && x && y && forecast_reference_run(m, x, count, &r) == 0 &&
      forecast_mr_expect_ok(c, "validate-training-data", forecast_validate(m, c->train, &val))) {
    double tol = 0, loss = c->source->training.loss;
    for (size_t i = 0; i < count * H; i++) {
      double e = 2 * r.out_err[i], d = fabs(r.out[i] - y[i]) + r.out_err[i];
      tol += (2 * d * e + e * e) / ((double)count * H);
    }
    tol += 2 * mlf_gamma((double)(count * H), MLF_U_DOUBLE) * (loss + val.loss);
    if (!(fabs(val.loss - loss) <= tol))
      forecast_mr_violation(c, "training-loss", "the reported training loss is %.17g; the trained "
                            "model's loss over the %zu training windows is %.17g (tolerance %.3g)",
                            loss, count, val.loss, tol);
  }
  forecast_reference_free(&r);
  free(v), free(x), free(y);
}

void forecast_mr3_train_lengths(forecast_mr_ctx *c) {
  size_t len[5], n = boundary_lengths(c->p, c->train->n, len);
  for (size_t i = 0; i < n && !c->violated; i++) train_length(c, len[i]);
  if (!c->violated) training_loss_is_mean(c);
  if (!training_sensitive(c)) {
    mlf_log(c->run, "%s: training too weak for one value to show: not applicable", c->relation);
    return;
  }
  /* The first value enters only at step 0 of the first window; through at most 15 forget
   * gates its influence stays far above float resolution, through more it may vanish. */
  if (!c->violated && c->p->time_steps <= 16) value_reaches_model(c, 0, "first-value-ignored");
  if (!c->violated) value_reaches_model(c, c->train->n - 1, "last-value-ignored");
}

/* Each window's forecast in a batch must be its forecast alone (forecast_predict), within
 * twice the rigorous inference bound (scaled back) and the de-scaling's roundings: a
 * window's forecast does not depend on the other windows. */
static void batch_matches_single(forecast_mr_ctx *c, const double *values, size_t windows,
                                 const float *x, const float *out) {
  const forecast_model *m = &c->source->model;
  size_t T = c->p->time_steps, H = c->p->horizon;
  double pred[FORECAST_MAX_HORIZON], tol[FORECAST_MAX_HORIZON];
  for (size_t w = 0; w < windows && !c->violated; w++) {
    if (!forecast_mr_expect_ok(c, "predict", forecast_predict(m, values + w, pred)) ||
        forecast_mr_inference_tolerance(m, x + w * T, tol) != 0)
      return;
    for (size_t k = 0; k < H; k++) {
      double batch = out[w * H + k] * m->scaler.range + m->scaler.min;
      double bound = tol[k] * m->scaler.range + 4 * MLF_U_DOUBLE * (fabs(batch) + fabs(m->scaler.min));
      if (!forecast_close(pred[k], batch, bound)) {
        forecast_mr_violation(c, "batch-differs", "window %zu of %zu: forecast %zu is %.17g in "
                              "the batch, %.17g alone (tolerance %.3g)", w, windows, k, batch,
                              pred[k], bound);
        break;
      }
    }
  }
}

/* MR-4 on n validation values: the status, the window count, the loss as the mean squared
 * error of the subject's own inference on windows built here, the first forecast as its
 * first window's. */
static void valid_length(forecast_mr_ctx *c, size_t n) {
  const forecast_model *m = &c->source->model;
  const forecast_params *p = c->p;
  size_t T = p->time_steps, H = p->horizon, span = T + H, windows = n >= span ? n - span + 1 : 0;
  forecast_buffer b;
  if (ordered_prefix(c->valid, n, &b) != 0) return;
  forecast_series s = forecast_buffer_series(&b);
  forecast_validation v;
  forecast_status st = forecast_validate(m, &s, &v);
  mlf_log(c->run, "%s: %zu values: %s, %zu windows, loss %.9g", c->relation, n,
          forecast_status_name(st), v.windows, v.loss);
  float *x = malloc((windows ? windows : 1) * T * sizeof(float));
  float *y = malloc((windows ? windows : 1) * H * sizeof(float));
  float *out = malloc((windows ? windows : 1) * H * sizeof(float));
  if (!x || !y || !out) {
    /* nothing to check */
  } else if (windows == 0) {
    if (st != FORECAST_TOO_SHORT)
      forecast_mr_violation(c, "short-accepted", "validation on %zu < T+H = %zu values "
                            "returned %s, expected too-short", n, span, forecast_status_name(st));
  } else if (forecast_mr_expect_ok(c, "validate", st)) {
    forecast_mr_windows(&m->scaler, p, b.value, windows, x, y);
    double sum = 0;
    if (forecast_mr_expect_ok(c, "infer", forecast_infer(m, x, windows, NULL, out)))
      for (size_t i = 0; i < windows * H; i++) sum += ((double)out[i] - y[i]) * ((double)out[i] - y[i]);
    double loss = sum / ((double)windows * H);
    /* Summation in another order: gamma_{windows H} of the sum of squares, doubled. */
    double tol = 2 * mlf_gamma((double)(windows * H), MLF_U_DOUBLE) * loss;
    if (v.windows != windows)
      forecast_mr_violation(c, "window-count", "%zu values gave %zu windows, expected %zu", n,
                            v.windows, windows);
    else if (!c->violated && !(fabs(v.loss - loss) <= tol))
      forecast_mr_violation(c, "loss", "%zu values: loss %.17g, the mean over its %zu windows is "
                            "%.17g", n, v.loss, windows, loss);
    for (size_t k = 0; k < H && !c->violated; k++) {
      double want = out[k] * m->scaler.range + m->scaler.min;
      /* The de-scaling's two roundings (product, sum) in another order. */
      if (!forecast_close(v.first[k], want, 4 * MLF_U_DOUBLE * (fabs(want) + fabs(m->scaler.min))))
        forecast_mr_violation(c, "first-forecast", "%zu values: forecast %zu is %.17g, the first "
                              "window's is %.17g", n, k, v.first[k], want);
    }
    if (!c->violated) batch_matches_single(c, b.value, windows, x, out);
  }
  free(x), free(y), free(out);
  forecast_buffer_free(&b);
}

void forecast_mr4_valid_lengths(forecast_mr_ctx *c) {
  size_t len[5], n = boundary_lengths(c->p, c->valid->n, len);
  for (size_t i = 0; i < n && !c->violated; i++) valid_length(c, len[i]);
}
