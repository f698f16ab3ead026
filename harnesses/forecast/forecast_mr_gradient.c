/* MR-11: the training step's parameter gradient against central differences of the loss.
 * Trained for 0 epochs the subject returns its initial weights theta0 (forecast_lstm.h); for
 * 1 epoch with every window in one batch, it takes exactly one SGD step of the batch's mean
 * squared error L: theta1 = theta0 - lr s g, g = grad L(theta0), s = min(1, 1 / |g|) (the
 * gradient clipped to norm 1). So d = (theta0 - theta1) / lr must be s g, where g comes from
 * central differences of L computed by the double reference (forecast_reference.h) on the
 * float weights with one weight moved by +-h (the float steps actually taken are used).
 * Run on the first MAX_WINDOWS windows in time order, then on each of the first
 * ONE_WINDOW_STEPS windows alone; at most MAX_CHECKED weights (all of them for small models,
 * else every (n / MAX_CHECKED)-th) bound the cost.
 * Tolerance per weight, each part derived unless said otherwise:
 *   - the truncation of the central difference: the O(h^2) term of D(h/2), estimated by
 *     Richardson as |D(h) - D(h/2)| (three times the estimate (D(h) - D(h/2)) / 3);
 *   - the float forward pass's error in the forecasts, which dL/dout = 2 (out - y) / n takes
 *     along: (2 / n) sum_q |J_q| out_err_q, with out_err the reference's rigorous bound per
 *     forecast q and J_q its derivative by the weight (central differences of each forecast);
 *   - the float rounding of the backward pass: a first-order bound gamma_D u_float, depth
 *     D = (T + 2)(1 + U + 4U + H) + windows operations, relative to the gradient's terms in
 *     absolute value, (2 / n) sum_q |J_q| |out_q - y_q| (the windows' contributions cancel
 *     where their residuals differ in sign, and rounding is relative to the terms, not to
 *     the sum), for this weight plus the largest over the weights (the clipping norm's
 *     share). The sum over windows and forecasts is derived; within a window the time
 *     steps' contributions are taken at |J_q|, which they may exceed: an estimate there;
 *   - the float rounding of the update theta1 = theta0 - step g (one ulp of |theta1| and of
 *     the step), divided by lr;
 *   - underflow on the way to the update: the learning rate rounded to float, its product with
 *     the clipping factor, the product with the gradient and the update may each land below
 *     FLT_MIN, where rounding is absolute (up to FLT_TRUE_MIN / 2), the first two scaled by
 *     |g|: FLT_TRUE_MIN (|g| + 1) / lr. Below about FLT_TRUE_MIN / 2 the learning rate itself
 *     rounds to 0 and no step is taken, so the check says nothing there;
 *   - when s itself is estimated from the checked weights (clipping_factor), its possible
 *     error times |g|.
 * The reference's own double rounding of L over 2h (about 2^-43 L) is far below them. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"

#define MAX_WINDOWS 32
#define MAX_CHECKED 128
#define ONE_WINDOW_STEPS 8
#define FD_STEP 0x1p-10
/* A step norm at or above this means the subject clipped (rounding of a clipped norm is far
 * below 2^-10 for up to 5000 weights: n u_float < 2^-11). */
#define CLIPPED_NORM (1 - 0x1p-10)

typedef struct {
  forecast_model copy; /* theta0 with its own parameters, one of them moved at a time */
  const float *x, *y;
  size_t count;
} loss_ctx;

/* The reference on the windows with weight i moved to theta0_i + h (rounded to float); the
 * move actually made in *moved. */
static int run_moved(loss_ctx *l, const float *theta0, size_t i, double h, forecast_reference *r,
                     double *moved) {
  l->copy.param[i] = (float)(theta0[i] + h);
  *moved = (double)l->copy.param[i] - theta0[i];
  int st = forecast_reference_run(&l->copy, l->x, l->count, r);
  l->copy.param[i] = theta0[i];
  return st;
}

/* Central difference by weight i at step h of the reference's loss, in *d, and, when base is
 * given, of each forecast q (the Jacobian's column J_q), folded into the two scales of the
 * weight's gradient sum_q dL/dout_q J_q at theta0 (base: the reference there), times 2 / n:
 *   *spread  = sum_q |J_q| |out_q - y_q|, its terms in absolute value (the windows' and
 *              forecasts' contributions may cancel; rounding is relative to their size);
 *   *carried = sum_q |J_q| out_err_q, what the float forward pass's error in the forecasts
 *              (the reference's rigorous bound out_err) carries into dL/dout and the sum. */
static int central_difference(loss_ctx *l, const float *theta0, size_t i, double h, double *d,
                              const forecast_reference *base, double *spread, double *carried) {
  size_t n = l->count * l->copy.p.horizon;
  forecast_reference rp = {0}, rm = {0};
  double hp, hm;
  int st = run_moved(l, theta0, i, h, &rp, &hp) | run_moved(l, theta0, i, -h, &rm, &hm);
  if (st == 0) {
    *d = (forecast_mr_squared_error(&rp, l->y, n) - forecast_mr_squared_error(&rm, l->y, n)) /
         (hp - hm);
    if (base) {
      *spread = *carried = 0;
      for (size_t q = 0; q < n; q++) {
        double jq = fabs(rp.out[q] - rm.out[q]) / (hp - hm);
        *spread += jq * fabs(base->out[q] - l->y[q]), *carried += jq * base->out_err[q];
      }
      *spread *= 2 / (double)n, *carried *= 2 / (double)n;
    }
  }
  forecast_reference_free(&rp), forecast_reference_free(&rm);
  return st == 0 ? 0 : -1;
}

/* The float rounding (and underflow) of the update of a weight now at theta1 that moved by
 * d x lr, for a gradient component g, divided by lr (the last two parts of the tolerance). */
static double update_rounding(double theta1, double d, double g, double lr) {
  return MLF_U_FLOAT * (fabs(theta1) + fabs(d) * lr) / lr + FLT_TRUE_MIN * (fabs(g) + 1) / lr;
}

/* The clipping factor s when not every weight is checked, in *s, and how far it may lie from
 * the subject's, in *s_err. When the step norm |d| is below CLIPPED_NORM by more than the
 * update rounding can move it, the step was not clipped: s = 1 exactly. Otherwise (clipped, or
 * updates so small against their weights that they round away and |d| cannot tell) s is the
 * least-squares factor of the checked weights, each weighted by 1 / tol_j^2 with tol_j the
 * bound on d_j - s g_j at s = 1 (s <= 1): s_fit - s = sum w_j (d_j - s g_j) g_j / sum w_j g_j^2,
 * so |s_fit - s| <= sum w_j tol_j |g_j| / sum w_j g_j^2. The rounding of |d| is bounded with
 * each unknown gradient component taken as its step's d: exact when the step was not clipped
 * (g = d), and the underflow term it scales is negligible unless lr is near FLT_TRUE_MIN. */
static void clipping_factor(const forecast_model *m0, const forecast_model *m1, double lr,
                            const double *d, const double *g, const double *rounding,
                            const double *scaled, size_t checked, double *s, double *s_err) {
  size_t n = m0->n_param;
  double dn = 0, dn_err = 0, dg = 0, gg = 0, spread = 0;
  for (size_t i = 0; i < n; i++) {
    double di = ((double)m0->param[i] - m1->param[i]) / lr;
    double e = update_rounding(m1->param[i], di, di, lr);
    dn += di * di, dn_err += e * e;
  }
  *s = 1, *s_err = 0;
  if (sqrt(dn) + sqrt(dn_err) < CLIPPED_NORM) return;
  for (size_t j = 0; j < checked; j++) {
    double tol1 = rounding[j] + scaled[j], w = 1 / (tol1 * tol1);
    dg += w * d[j] * g[j], gg += w * g[j] * g[j], spread += w * tol1 * fabs(g[j]);
  }
  if (gg > 0 && isfinite(gg)) *s = dg / gg, *s_err = spread / gg;
}

/* Compares the step d = (theta0 - theta1) / lr with s g on the checked weights. Each weight's
 * tolerance is rounding[j] (the update's) + s scaled[j] (the terms the factor s scales). */
static void compare_step(forecast_mr_ctx *c, const forecast_model *m0, const forecast_model *m1,
                         loss_ctx *l, size_t checked) {
  const forecast_params *p = c->p;
  size_t n = m0->n_param, U = p->hidden, H = p->horizon;
  double lr = p->learning_rate;
  double *g = malloc(checked * sizeof *g), *d = malloc(checked * sizeof *d);
  double *spread = malloc(checked * sizeof *spread), *scaled = malloc(checked * sizeof *scaled);
  double *rounding = malloc(checked * sizeof *rounding);
  forecast_reference base = {0};
  if (!g || !d || !spread || !scaled || !rounding ||
      forecast_reference_run(m0, l->x, l->count, &base) != 0)
    goto out;
  double spread_max = 0, gg = 0;
  for (size_t j = 0; j < checked; j++) {
    size_t i = j * n / checked;
    double coarse, fine, carried;
    if (central_difference(l, m0->param, i, FD_STEP, &coarse, NULL, NULL, NULL) != 0 ||
        central_difference(l, m0->param, i, FD_STEP / 2, &fine, &base, &spread[j], &carried) != 0)
      goto out;
    g[j] = fine, d[j] = ((double)m0->param[i] - m1->param[i]) / lr;
    rounding[j] = update_rounding(m1->param[i], d[j], g[j], lr);
    scaled[j] = fabs(coarse - fine) + carried; /* the truncation, the forward error carried */
    spread_max = fmax(spread_max, spread[j]), gg += fine * fine;
  }
  double depth = (double)(p->time_steps + 2) * (double)(1 + U + 4 * U + H) + (double)l->count;
  double rel = mlf_gamma(depth, MLF_U_FLOAT), worst = 0;
  for (size_t j = 0; j < checked; j++) scaled[j] += rel * (spread_max + spread[j]);
  /* s = min(1, 1 / |g|): from the whole gradient when every weight is checked, else estimated
   * (clipping_factor). */
  double s = sqrt(gg) > 1 ? 1 / sqrt(gg) : 1, s_err = 0;
  if (checked < n) clipping_factor(m0, m1, lr, d, g, rounding, scaled, checked, &s, &s_err);
  if (!(s <= 1 + s_err))
    forecast_mr_violation(c, "parameter-gradient", "the step is %.9g times the gradient (within "
                          "%.3g), longer than it: clipping only shortens a step", s, s_err);
  double s_hi = fmin(1, s + s_err);
  for (size_t j = 0; j < checked && !c->violated; j++) {
    size_t i = j * n / checked;
    double tol = rounding[j] + s_hi * scaled[j] + s_err * fabs(g[j]);
    worst = fmax(worst, fabs(d[j] - s * g[j]) / tol);
    if (!(fabs(d[j] - s * g[j]) <= tol))
      forecast_mr_violation(c, "parameter-gradient", "weight %zu of %zu: the training step moved "
                            "it by %.9g x lr, central differences give %.9g x %.6g (clipping "
                            "factor; tolerance %.3g)", i, n, -d[j], -g[j], s, tol);
  }
  if (!c->violated)
    mlf_log(c->run, "%s: one SGD step on %zu windows matches central differences on %zu of %zu "
            "weights (clipping factor %.6g within %.2g, largest error %.2g of its tolerance)",
            c->relation, l->count, checked, n, s, s_err, worst);
out:
  forecast_reference_free(&base);
  free(g), free(d), free(spread), free(scaled), free(rounding);
}

/* The one-step check on training data s (every window in one batch). */
static void check_one_step(forecast_mr_ctx *c, const forecast_series *s) {
  forecast_params q = *c->p;
  q.batch = (unsigned)forecast_window_count(s->n, c->p), q.epochs = 0;
  forecast_model m0, m1;
  if (!forecast_mr_expect_ok(c, "initial-model", forecast_train(s, &q, &m0, NULL))) return;
  q.epochs = 1;
  if (forecast_mr_expect_ok(c, "one-step", forecast_train(s, &q, &m1, NULL))) {
    loss_ctx l = {m0, NULL, NULL, 0};
    float *x = NULL, *y = NULL;
    l.copy.param = malloc(m0.n_param * sizeof(float));
    if (l.copy.param &&
        forecast_mr_series_windows(s, &m0.scaler, c->p, q.batch, &x, &y, &l.count) == 0) {
      memcpy(l.copy.param, m0.param, m0.n_param * sizeof(float));
      l.copy.w = l.copy.param + (m0.w - m0.param), l.copy.b = l.copy.param + (m0.b - m0.param);
      l.copy.wd = l.copy.param + (m0.wd - m0.param), l.copy.bd = l.copy.param + (m0.bd - m0.param);
      l.x = x, l.y = y;
      compare_step(c, &m0, &m1, &l, m0.n_param < MAX_CHECKED ? m0.n_param : MAX_CHECKED);
    }
    free(l.copy.param), free(x), free(y);
    forecast_model_free(&m1);
  }
  forecast_model_free(&m0);
}

/* The step on the first MAX_WINDOWS windows, then on each of the first ONE_WINDOW_STEPS windows
 * alone (its own T + H values): a step on one window is often short enough not to be clipped,
 * where the step's length, and so the loss's scale, shows. */
void forecast_mr11_gradient(forecast_mr_ctx *c) {
  size_t span = (size_t)c->p->time_steps + c->p->horizon, n = c->train->n;
  double *v = malloc(n * sizeof *v);
  if (!v) return;
  forecast_ordered(c->train, v);
  forecast_series first = {v, NULL, n < MAX_WINDOWS + span - 1 ? n : MAX_WINDOWS + span - 1};
  check_one_step(c, &first);
  for (size_t w = 0; w < ONE_WINDOW_STEPS && w + span <= n && !c->violated; w++) {
    forecast_series one = {v + w, NULL, span};
    check_one_step(c, &one);
  }
  free(v);
}
