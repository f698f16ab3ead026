/* MR-10: the subject's forward pass against the double reference (forecast_reference.h), the
 * differential check the invariance relations cannot make (they compare the subject with
 * itself, so a forward pass that computes another deterministic function passes them).
 * Checks, each within the reference's rigorous bound for a float implementation:
 *   inference     forecast_infer on the validation windows, repeated to 2 B_max + 1 windows
 *                 in one call (B_max = FORECAST_MAX_BATCH, so that its batching loop runs three
 *                 passes): every forecast value and every last hidden state;
 *   first         the validation's de-scaled first forecast (plus the double rounding of
 *                 de-scaling, on the subject's side and on ours);
 *   losses        the validation loss, the training loss and the initial loss (the model
 *                 trained for 0 epochs: the same initial weights, forecast_lstm.h), each the
 *                 mean squared error of the reference's forecasts within the bound that the
 *                 forecasts' bounds give (forecast_mr_reference_loss). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"

#define TILED_WINDOWS (2 * FORECAST_MAX_BATCH + 1)

/* A loss the subject reported against the reference's mean squared error on (x, y). */
static void check_loss(forecast_mr_ctx *c, const char *kind, const forecast_model *m,
                       const float *x, const float *y, size_t count, double reported) {
  double loss, bound;
  if (forecast_mr_reference_loss(m, x, y, count, &loss, &bound) != 0) return;
  if (!(fabs(reported - loss) <= bound))
    forecast_mr_violation(c, kind, "the subject reports %.17g, the reference gives %.17g over "
                          "%zu windows (bound %.3g)", reported, loss, count, bound);
}

/* forecast_infer on the count windows x repeated to TILED_WINDOWS, against the reference. */
static void check_inference(forecast_mr_ctx *c, const forecast_model *m, const float *x,
                            size_t count) {
  size_t T = m->p.time_steps, U = m->p.hidden, H = m->p.horizon;
  float *tiled = malloc(TILED_WINDOWS * T * sizeof(float));
  float *out = malloc(TILED_WINDOWS * H * sizeof(float));
  float *hidden = malloc(TILED_WINDOWS * U * sizeof(float));
  forecast_reference r = {0};
  if (!tiled || !out || !hidden || forecast_reference_run(m, x, count, &r) != 0) goto out;
  for (size_t i = 0; i < TILED_WINDOWS; i++)
    for (size_t t = 0; t < T; t++) tiled[i * T + t] = x[(i % count) * T + t];
  if (!forecast_mr_expect_ok(c, "infer", forecast_infer(m, tiled, TILED_WINDOWS, hidden, out)))
    goto out;
  for (size_t i = 0; i < TILED_WINDOWS && !c->violated; i++) {
    size_t w = i % count;
    for (size_t k = 0; k < H && !c->violated; k++)
      if (!(fabs(out[i * H + k] - r.out[w * H + k]) <= r.out_err[w * H + k]))
        forecast_mr_violation(c, "inference", "window %zu of %d, forecast %zu: the subject gives "
                              "%.9g, the reference %.9g (bound %.3g)", i, TILED_WINDOWS, k,
                              out[i * H + k], r.out[w * H + k], r.out_err[w * H + k]);
    size_t last = ((T - 1) * count + w) * U;
    for (size_t j = 0; j < U && !c->violated; j++)
      if (!(fabs(hidden[i * U + j] - r.h[last + j]) <= r.h_err[last + j]))
        forecast_mr_violation(c, "hidden-state", "window %zu of %d, unit %zu: the subject's last "
                              "hidden state is %.9g, the reference's %.9g (bound %.3g)", i,
                              TILED_WINDOWS, j, hidden[i * U + j], r.h[last + j], r.h_err[last + j]);
  }
out:
  forecast_reference_free(&r);
  free(tiled), free(out), free(hidden);
}

/* The validation's de-scaled first forecast against the de-scaled reference of window x. */
static void check_first_forecast(forecast_mr_ctx *c, const forecast_model *m, const float *x) {
  forecast_reference r;
  if (forecast_reference_run(m, x, 1, &r) != 0) return;
  const forecast_scaler *sc = &m->scaler;
  for (size_t k = 0; k < m->p.horizon && !c->violated; k++) {
    double want = forecast_descale(sc, r.out[k]), got = c->source->validation.first[k];
    /* The forecast's bound in original units, and s range + min rounded twice on each side. */
    double tol = r.out_err[k] * sc->range * (1 + 2 * MLF_U_DOUBLE) +
                 4 * MLF_U_DOUBLE * ((fabs(r.out[k]) + r.out_err[k]) * sc->range + fabs(sc->min));
    if (!forecast_close(got, want, tol))
      forecast_mr_violation(c, "first-forecast", "forecast %zu of the first validation window: "
                            "the subject reports %.17g, the reference gives %.17g (bound %.3g)",
                            k, got, want, tol);
  }
  forecast_reference_free(&r);
}

void forecast_mr10_reference(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  float *x, *y;
  size_t count;
  if (forecast_mr_series_windows(c->valid, &m->scaler, c->p, SIZE_MAX, &x, &y, &count) != 0) return;
  check_inference(c, m, x, count);
  if (!c->violated) check_first_forecast(c, m, x);
  if (!c->violated)
    check_loss(c, "validation-loss", m, x, y, count, c->source->validation.loss);
  free(x), free(y);
  if (c->violated ||
      forecast_mr_series_windows(c->train, &m->scaler, c->p, SIZE_MAX, &x, &y, &count) != 0)
    return;
  check_loss(c, "training-loss", m, x, y, count, c->source->training.loss);
  forecast_params initial = *c->p;
  initial.epochs = 0;
  forecast_model m0;
  if (!c->violated &&
      forecast_mr_expect_ok(c, "initial-model", forecast_train(c->train, &initial, &m0, NULL))) {
    check_loss(c, "initial-loss", &m0, x, y, count, c->source->training.initial_loss);
    forecast_model_free(&m0);
  }
  free(x), free(y);
  if (!c->violated)
    mlf_log(c->run, "%s: inference, first forecast and losses within the reference's bounds",
            c->relation);
}
