/* MR-2: only the validation data move, by a constant K far larger than anything the model can
 * output; the trained model stays. The scaler must come from the training data, so the
 * scaled validation inputs move by K / range, while the forecast, a dense layer over hidden
 * states in [-1, 1], can move by at most range * 2 sum_j |wd_jk| (the bound is the check). A
 * scaler refitted on validation data would instead move the forecast by exactly K.
 * Tolerance: the bound itself plus the dense layer's float rounding (gamma_{U+1} of its
 * magnitudes, both runs) and the de-scaling's double rounding. */
#include <float.h>
#include <math.h>
#include "forecast_mr.h"
#include "mlf_numeric.h"

/* sum_j |wd_jk| and |bd_k| + sum_j |wd_jk| of forecast value k. */
static void dense_norms(const forecast_model *m, size_t k, double *wd1, double *y_max) {
  size_t U = m->p.hidden, H = m->p.horizon;
  *wd1 = 0;
  for (size_t j = 0; j < U; j++) *wd1 += fabs(m->wd[j * H + k]);
  *y_max = *wd1 + fabs(m->bd[k]);
}

void forecast_mr2_validation_shift(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  const forecast_scaler *sc = &m->scaler;
  size_t H = c->p->horizon;
  double widest = 0, wd1, y_max;
  for (size_t k = 0; k < H; k++) dense_norms(m, k, &wd1, &y_max), widest = fmax(widest, y_max);
  /* A power of two, so that v + K stays exact for values of the range's magnitude. */
  double K = exp2(ceil(log2(4 * sc->range * (widest + 1))));
  forecast_buffer b;
  if (forecast_buffer_copy(c->valid, c->valid->n, 0, &b) != 0) return;
  int applicable = isfinite(K);
  for (size_t i = 0; i < b.n; i++) {
    b.value[i] += K;
    applicable = applicable && fabs((b.value[i] - sc->min) / sc->range) <= FLT_MAX;
  }
  if (!applicable) {
    mlf_log(c->run, "%s: not applicable: K = %g overflows the scaled data", c->relation, K);
    forecast_buffer_free(&b);
    return;
  }
  forecast_series shifted = forecast_buffer_series(&b);
  forecast_validation v;
  if (forecast_mr_expect_ok(c, "validate", forecast_validate(m, &shifted, &v))) {
    mlf_log(c->run, "%s: validation + %g: first forecast %.9g (source %.9g)", c->relation, K,
            v.first[0], c->source->validation.first[0]);
    if (v.windows != c->source->validation.windows)
      forecast_mr_violation(c, "window-count", "%zu validation windows, source %zu", v.windows,
                            c->source->validation.windows);
    for (size_t k = 0; k < H && !c->violated; k++) {
      double f = c->source->validation.first[k], g = v.first[k];
      dense_norms(m, k, &wd1, &y_max);
      double rounding = 2 * mlf_gamma((double)c->p->hidden + 1, MLF_U_FLOAT) * y_max * sc->range +
                        2 * MLF_U_DOUBLE * (fabs(f) + fabs(g) + 2 * sc->range * y_max + fabs(sc->min));
      double bound = 2 * wd1 * sc->range + rounding;
      if (!forecast_close(g, f, bound))
        forecast_mr_violation(c, fabs(g - f - K) <= bound ? "forecast-follows-shift" : "forecast-bound",
                              "validation + K = %g moved forecast %zu from %.17g to %.17g (by %.9g); "
                              "a model trained on unshifted data can move it by at most %.9g",
                              K, k, f, g, g - f, bound);
    }
  }
  forecast_buffer_free(&b);
}
