/* MR-9: robustness of the trained model around the first validation window. The paper looks
 * for an input X_p close to X_s whose forecast is 2 h(X_s), with a full Adam optimisation;
 * here a few signed-gradient steps (attack_steps, each epsilon / steps in scaled units, each
 * coordinate kept within epsilon of X_s) push the first forecast towards twice its value,
 * using the gradient the subject computes by backpropagation.
 * Checks: (1) the subject's derivative of every forecast value by every input value agrees
 * with central differences of its forecasts at h = 2^-8 (scaled units), within 5 % of the
 * largest derivative (the O(h^2) truncation of a smooth sigmoid/tanh network is orders of
 * magnitude smaller) plus the float rounding of both forecasts (the reference bound, divided
 * by h) and of the perturbed inputs; (2) the forecast
 * moves no more than the Lipschitz bound of the trained weights for perturbations of size
 * epsilon at every step (sup-norm propagation through the gates, |sigmoid'| <= 1/4,
 * |tanh'| <= 1, |c_t| <= t), plus both forecasts' rounding bounds: a correct forward pass
 * cannot exceed it. A forecast that doubles within the bound means a non-robust model, which
 * training may legitimately produce: logged, not a violation. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"

#define FD_STEP 0x1p-8

typedef struct {
  const forecast_model *m;
  double min, range;
  size_t T;
} window_ctx;

/* Scaled float inputs of an original-units window, as the documented scaling makes them. */
static void scaled(const window_ctx *w, const double *x, float *s) {
  for (size_t t = 0; t < w->T; t++) s[t] = (float)((x[t] - w->min) / w->range);
}

/* Whether the subject must accept window x: finite values whose scaled floats do not
 * overflow (a perturbation of data whose range nears the double range may leave it). */
static int window_fits(const window_ctx *w, const double *x) {
  for (size_t t = 0; t < w->T; t++)
    if (!isfinite(x[t]) || !(fabs((x[t] - w->min) / w->range) <= FLT_MAX)) return 0;
  return 1;
}

/* Forecast k of window x in scaled units and its rounding bound; 0 on failure or when the
 * de-scaled forecast overflows (then the relation does not apply). */
static int forecast_at(forecast_mr_ctx *c, const window_ctx *w, const double *x, size_t k,
                       double *y, double *err) {
  double out[FORECAST_MAX_HORIZON];
  float s[FORECAST_MAX_TIME_STEPS];
  forecast_reference r;
  if (!forecast_mr_expect_ok(c, "predict", forecast_predict(w->m, x, out))) return 0;
  if (!isfinite(out[k])) {
    mlf_log(c->run, "%s: not applicable: the de-scaled forecast overflows", c->relation);
    return 0;
  }
  scaled(w, x, s);
  if (forecast_reference_run(w->m, s, 1, &r) != 0) return 0;
  *y = (out[k] - w->min) / w->range;
  *err = r.out_err[k] + 4 * MLF_U_DOUBLE * (fabs(out[k]) + fabs(w->min)) / w->range;
  forecast_reference_free(&r);
  return 1;
}

/* Largest change of forecast 0 (scaled units) over inputs within eps of each other at every
 * step, for any correct evaluation of the model's LSTM and dense layers. */
static double lipschitz_bound(const forecast_model *m, double eps) {
  size_t U = m->p.hidden, G = 4 * U, H = m->p.horizon, T = m->p.time_steps;
  double dh[FORECAST_MAX_HIDDEN] = {0}, dc[FORECAST_MAX_HIDDEN] = {0}, next[FORECAST_MAX_HIDDEN];
  for (size_t t = 1; t <= T; t++) {
    for (size_t j = 0; j < U; j++) {
      double da[4];
      for (size_t q = 0; q < 4; q++) {
        da[q] = fabs(m->w[q * U + j]) * eps;
        for (size_t k = 0; k < U; k++) da[q] += fabs(m->w[(1 + k) * G + q * U + j]) * dh[k];
      }
      /* c = f c' + i g with |f|, |i|, |g| <= 1 and |c'| <= t - 1. */
      dc[j] = da[1] / 4 * (double)(t - 1) + dc[j] + da[0] / 4 + da[2];
      next[j] = da[3] / 4 + dc[j];
    }
    for (size_t j = 0; j < U; j++) dh[j] = next[j];
  }
  double dy = 0;
  for (size_t j = 0; j < U; j++) dy += fabs(m->wd[j * H]) * dh[j];
  return dy;
}

/* (1): the subject's derivative of forecast k by input t at x against the central
 * difference along that input, for every k and t. */
static void check_gradient(forecast_mr_ctx *c, const window_ctx *w, const double *x) {
  double g[FORECAST_MAX_TIME_STEPS], xp[FORECAST_MAX_TIME_STEPS], xm[FORECAST_MAX_TIME_STEPS];
  for (unsigned k = 0; k < c->p->horizon && !c->violated; k++) {
    if (!forecast_mr_expect_ok(c, "gradient", forecast_input_gradient(w->m, x, k, g))) return;
    double gmax = 0;
    for (size_t t = 0; t < w->T; t++) gmax = fmax(gmax, fabs(g[t]));
    for (size_t t = 0; t < w->T && !c->violated; t++) {
      for (size_t i = 0; i < w->T; i++) xp[i] = xm[i] = x[i];
      xp[t] += FD_STEP * w->range, xm[t] -= FD_STEP * w->range;
      double yp, ep, ym, em, s = fabs((x[t] - w->min) / w->range) + FD_STEP;
      if (!window_fits(w, xp) || !window_fits(w, xm)) {
        mlf_log(c->run, "%s: gradient check not applicable: the steps leave the double range",
                c->relation);
        return;
      }
      if (!forecast_at(c, w, xp, k, &yp, &ep) || !forecast_at(c, w, xm, k, &ym, &em)) return;
      double fd = (yp - ym) / (2 * FD_STEP);
      /* Truncation (h^2 / 6 |y'''| at h = 2^-8, about 3e-6 |y'''|) within 5 % of the largest
       * derivative, both forecasts' rounding bounds over 2h, and the float rounding of the
       * perturbed input (2^-24 of its magnitude on each side) times the derivative. */
      double tol = 0.05 * gmax + (ep + em) / (2 * FD_STEP) + fabs(g[t]) * 0x1p-23 * s / FD_STEP;
      if (!(fabs(fd - g[t]) <= tol))
        forecast_mr_violation(c, "gradient", "d forecast %u / d input %zu: the subject reports "
                              "%.9g, central differences give %.9g (tolerance %.3g)", k, t, g[t],
                              fd, tol);
    }
  }
  if (!c->violated)
    mlf_log(c->run, "%s: input gradients of %u forecasts match central differences",
            c->relation, c->p->horizon);
}

void forecast_mr9_robustness(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  size_t T = c->p->time_steps;
  window_ctx w = {m, m->scaler.min, m->scaler.range, T};
  double *v = malloc(c->valid->n * sizeof *v);
  if (!v) return;
  forecast_ordered(c->valid, v);
  double xs[FORECAST_MAX_TIME_STEPS], x[FORECAST_MAX_TIME_STEPS], g[FORECAST_MAX_TIME_STEPS];
  for (size_t t = 0; t < T; t++) xs[t] = x[t] = v[t];
  free(v);
  double ys, es, eps = c->o->epsilon, radius = eps * w.range;
  if (!forecast_at(c, &w, xs, 0, &ys, &es) ||
      !forecast_mr_expect_ok(c, "gradient", forecast_input_gradient(m, xs, 0, g)))
    return;
  double lo[FORECAST_MAX_TIME_STEPS], hi[FORECAST_MAX_TIME_STEPS];
  for (size_t t = 0; t < T; t++) lo[t] = xs[t] - radius, hi[t] = xs[t] + radius;
  if (!isfinite(radius) || !window_fits(&w, lo) || !window_fits(&w, hi)) {
    mlf_log(c->run, "%s: not applicable: the perturbation leaves the double range", c->relation);
    return;
  }
  check_gradient(c, &w, xs);
  if (c->violated) return;
  double target = (2 * (ys * w.range + w.min) - w.min) / w.range, y = ys, e = es;
  for (unsigned step = 0; step < c->o->attack_steps && !c->violated; step++) {
    if (step > 0 && !forecast_mr_expect_ok(c, "gradient", forecast_input_gradient(m, x, 0, g))) return;
    for (size_t t = 0; t < T; t++) {
      double d = ((target > y) == (g[t] >= 0)) ? 1.0 : -1.0;
      x[t] = fmin(fmax(x[t] + d * radius / c->o->attack_steps, xs[t] - radius), xs[t] + radius);
    }
    if (!forecast_at(c, &w, x, 0, &y, &e)) return;
  }
  if (c->violated) return;
  /* The perturbation the subject sees: float rounding of the scaled inputs adds 2^-24 each. */
  double smax = 0;
  for (size_t t = 0; t < T; t++) smax = fmax(smax, fabs((xs[t] - w.min) / w.range) + eps);
  double bound = lipschitz_bound(m, eps * (1 + 0x1p-40) + 0x1p-23 * smax) + es + e;
  double moved = fabs(y - ys);
  int doubled = fabs((y - ys) * w.range) >= fabs(ys * w.range + w.min);
  mlf_log(c->run, "%s: %u steps within %g: forecast %.9g -> %.9g (scaled), Lipschitz bound %.3g%s",
          c->relation, c->o->attack_steps, eps, ys, y, bound,
          doubled ? "; forecast doubled: the model is not robust" : "");
  if (!(moved <= bound))
    forecast_mr_violation(c, "lipschitz", "a perturbation of %g (scaled) moved the forecast by "
                          "%.9g, beyond the weights' Lipschitz bound %.9g", eps, moved, bound);
}
