/* MR-6 and MR-7: data of zero range.
 * MR-6 (training): constant training data must train (documented: range 1, min the constant,
 * so every scaled training value is exactly 0). Two constants c0 and c1 therefore train the
 * identical model: losses bit-identical (tolerance 0), and on constant validation data of
 * their own level the forecasts minus the level agree within the de-scaling's double
 * roundings. The source's validation data must still validate.
 * MR-7 (validation): constant validation data work normally, with the training scaler: the
 * window count holds, and the forecast of T+H constant values and of the whole constant
 * series both equal the model's prediction for one constant window, within twice the
 * rigorous inference bound (forecast_reference.h) scaled back, since the batches differ. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "forecast_mr.h"
#include "mlf_numeric.h"

static int constant_series(double level, size_t n, forecast_buffer *b) {
  if (forecast_buffer_alloc(n, 0, b) != 0) return -1;
  for (size_t i = 0; i < n; i++) b->value[i] = level;
  return 0;
}

static double default_level(const forecast_mr_ctx *c) {
  return isfinite(c->o->constant) ? c->o->constant : c->train->value[0];
}

/* Trains on n_train copies of level and validates on n_valid copies (into f). */
static int constant_run(forecast_mr_ctx *c, double level, forecast_outcome *f) {
  forecast_buffer bt, bv;
  if (constant_series(level, c->train->n, &bt) != 0) return -1;
  if (constant_series(level, c->valid->n, &bv) != 0) {
    forecast_buffer_free(&bt);
    return -1;
  }
  forecast_series st = forecast_buffer_series(&bt), sv = forecast_buffer_series(&bv);
  forecast_outcome_run(&st, &sv, c->p, f);
  forecast_buffer_free(&bt), forecast_buffer_free(&bv);
  return 0;
}

void forecast_mr6_zero_range_train(forecast_mr_ctx *c) {
  double c0 = default_level(c), c1 = c0 + (c->o->shift != 0 ? c->o->shift : 1.0);
  if (!isfinite(c1) || c1 == c0) c1 = c0 != 0 ? c0 / 2 : 1.0;
  forecast_outcome a, b;
  if (constant_run(c, c0, &a) != 0) return;
  if (constant_run(c, c1, &b) != 0) {
    forecast_outcome_free(&a);
    return;
  }
  mlf_log(c->run, "%s: constant %.17g and %.17g: losses %.9g, %.9g, forecasts %.17g, %.17g",
          c->relation, c0, c1, a.training.loss, b.training.loss, a.validation.first[0],
          b.validation.first[0]);
  if (forecast_mr_expect_ok(c, "train", a.status) && forecast_mr_expect_ok(c, "train", b.status) &&
      forecast_mr_expect_ok(c, "validate", a.valid_status) &&
      forecast_mr_expect_ok(c, "validate", b.valid_status)) {
    if (!forecast_same_bits(a.model.scaler.min, c0) || a.model.scaler.range != 1.0)
      forecast_mr_violation(c, "scaler", "constant %.17g gave min %.17g, range %.17g; documented "
                            "min = the constant, range = 1", c0, a.model.scaler.min,
                            a.model.scaler.range);
    else if (!forecast_same_bits(a.training.initial_loss, b.training.initial_loss) ||
             !forecast_same_bits(a.training.loss, b.training.loss) ||
             a.training.windows != b.training.windows)
      forecast_mr_violation(c, "level-changes-training", "constants %.17g and %.17g: losses "
                            "%.17g -> %.17g and %.17g -> %.17g", c0, c1, a.training.initial_loss,
                            a.training.loss, b.training.initial_loss, b.training.loss);
    for (size_t k = 0; k < c->p->horizon && !c->violated; k++) {
      double fa = a.validation.first[k], fb = b.validation.first[k];
      /* f = y + c rounded once, and the two subtractions here. */
      double tol = 2 * MLF_U_DOUBLE * (fabs(fa) + fabs(fb) + fabs(c0) + fabs(c1));
      if (!forecast_close(fb - c1, fa - c0, tol))
        forecast_mr_violation(c, "level-changes-forecast", "forecast %zu minus the level: "
                              "%.17g at %.17g, %.17g at %.17g", k, fa - c0, c0, fb - c1, c1);
    }
  }
  if (!c->violated && a.status == FORECAST_OK) {
    forecast_validation v;
    int fits = 1;
    for (size_t i = 0; i < c->valid->n; i++) fits = fits && fabs(c->valid->value[i] - c0) <= FLT_MAX;
    if (fits)
      forecast_mr_expect_ok(c, "validate-source-data", forecast_validate(&a.model, c->valid, &v));
  }
  forecast_outcome_free(&a), forecast_outcome_free(&b);
}

/* Forecast of constant validation data of n values at level (status into *st). */
static forecast_validation validate_constant(const forecast_model *m, double level, size_t n,
                                             forecast_status *st) {
  forecast_validation v = {0};
  forecast_buffer b;
  *st = FORECAST_NO_MEMORY;
  if (constant_series(level, n, &b) != 0) return v;
  forecast_series s = forecast_buffer_series(&b);
  *st = forecast_validate(m, &s, &v);
  forecast_buffer_free(&b);
  return v;
}

void forecast_mr7_zero_range_valid(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  const forecast_params *p = c->p;
  size_t T = p->time_steps, H = p->horizon, span = T + H;
  double level = default_level(c), scaled = (level - m->scaler.min) / m->scaler.range;
  if (!(fabs(scaled) <= FLT_MAX)) {
    mlf_log(c->run, "%s: not applicable: the level %g overflows the scaled data", c->relation, level);
    return;
  }
  double window[FORECAST_MAX_TIME_STEPS], want[FORECAST_MAX_HORIZON], tol[FORECAST_MAX_HORIZON];
  float x[FORECAST_MAX_TIME_STEPS];
  for (size_t t = 0; t < T; t++) window[t] = level, x[t] = (float)scaled;
  if (!forecast_mr_expect_ok(c, "predict", forecast_predict(m, window, want)) ||
      forecast_mr_inference_tolerance(m, x, tol) != 0)
    return;
  size_t lengths[2] = {span, c->valid->n};
  for (size_t i = 0; i < 2 && !c->violated; i++) {
    forecast_status st;
    forecast_validation v = validate_constant(m, level, lengths[i], &st);
    mlf_log(c->run, "%s: %zu values at %.17g: %s, %zu windows, forecast %.17g (prediction %.17g)",
            c->relation, lengths[i], level, forecast_status_name(st), v.windows, v.first[0], want[0]);
    if (!forecast_mr_expect_ok(c, "validate", st)) break;
    if (v.windows != lengths[i] - span + 1 || !(v.loss >= 0) || !isfinite(v.loss)) {
      forecast_mr_violation(c, "validation", "%zu constant values: %zu windows (expected %zu), "
                            "loss %g", lengths[i], v.windows, lengths[i] - span + 1, v.loss);
      break;
    }
    for (size_t k = 0; k < H; k++) {
      double bound = tol[k] * m->scaler.range + 4 * MLF_U_DOUBLE * (fabs(want[k]) + fabs(m->scaler.min));
      if (!forecast_close(v.first[k], want[k], bound)) {
        forecast_mr_violation(c, "forecast", "%zu constant values at %.17g: forecast %zu is "
                              "%.17g, the model predicts %.17g for the window (tolerance %.3g)",
                              lengths[i], level, k, v.first[k], want[k], bound);
        break;
      }
    }
  }
}
