/* Double-precision LSTM inference with a running forward-error bound (forecast_reference.h).
 * The bound is rigorous for any implementation that computes each pre-activation as a sum of
 * the K + 1 products and bias in float (any order, with or without FMA), applies sigmoid and
 * tanh to within FORECAST_ACTIVATION_ERROR, and forms c = f c' + i g and h = o tanh(c) in
 * float: every error it inherits is propagated with the largest slope of the sigmoid or tanh
 * on the interval the argument is known to lie in (mean value theorem; at most 1/4 and 1)
 * and magnitudes bounded by |reference| + bound, and every rounding adds
 * gamma terms whose unit is u_float + u_double (the implementation's rounding and the
 * reference's own). */
#include "forecast_reference.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "libraries/onednn/mlf_onednn_rnn_accuracy.h"
#include "mlf_numeric.h"

#define U_BOTH (MLF_U_FLOAT + MLF_U_DOUBLE)
#define LIBM_ERR 0x1p-50 /* the reference's own libm, 1 ulp */

const forecast_accuracy forecast_subject_accuracy = {0, FORECAST_ACTIVATION_ERROR};
const forecast_accuracy forecast_onednn_accuracy = {MLF_ONEDNN_RNN_ACT_REL, MLF_ONEDNN_RNN_ACT_ABS};

void forecast_reference_free(forecast_reference *r) {
  free(r->h), free(r->h_err), free(r->c), free(r->c_err), free(r->out), free(r->out_err);
  memset(r, 0, sizeof *r);
}

static double sigmoid(double a) { return 1.0 / (1.0 + exp(-a)); }

/* The largest slope of the gate function (sigmoid, or tanh when is_tanh) on [a - e, a + e]:
 * both slopes decrease in |a|, so it is the slope at the point nearest 0. */
static double slope_sup(double a, double e, int is_tanh) {
  double amin = fabs(a) > e ? fabs(a) - e : 0.0;
  if (is_tanh) {
    double t = tanh(amin);
    return 1 - t * t;
  }
  double s = sigmoid(amin);
  return s * (1 - s);
}

/* One gate's pre-activation for window row z (K values, their bounds ez): the reference value
 * and the bound of an implementation's. */
static double preactivation(const forecast_model *m, size_t col, const double *z,
                            const double *ez, size_t K, double *err) {
  size_t G = 4 * (size_t)m->p.hidden;
  double sum = m->b[col], abs_sum = fabs(m->b[col]), inherited = 0;
  for (size_t k = 0; k < K; k++) {
    double w = m->w[k * G + col];
    sum += w * z[k];
    abs_sum += fabs(w) * (fabs(z[k]) + ez[k]);
    inherited += fabs(w) * ez[k];
  }
  *err = inherited + mlf_gamma((double)K + 1, U_BOTH) * abs_sum;
  return sum;
}

/* The error of an implementation's gate function at an argument known within e (value y,
 * largest slope L on the interval): the carried error plus its own at the interval's
 * largest value. */
static double gate_error(forecast_accuracy acc, double y, double L, double e) {
  return L * e + acc.rel * (fabs(y) + L * e) + acc.abs + LIBM_ERR;
}

/* One LSTM step of one window: z = [x_t, h_{t-1}] with bounds ez; c_prev, ec_prev the cell
 * state; writes c, ec, h, eh (U values each). */
static void step(const forecast_model *m, forecast_accuracy acc, const double *z, const double *ez,
                 const double *c_prev, const double *ec_prev, double *c, double *ec, double *h,
                 double *eh) {
  size_t U = m->p.hidden, K = U + 1;
  for (size_t j = 0; j < U; j++) {
    double e[4], g[4];
    for (size_t q = 0; q < 4; q++) {
      double a = preactivation(m, q * U + j, z, ez, K, &e[q]);
      g[q] = q == 2 ? tanh(a) : sigmoid(a);
      e[q] = gate_error(acc, g[q], slope_sup(a, e[q], q == 2), e[q]);
    }
    double I = fabs(g[0]) + e[0], F = fabs(g[1]) + e[1], Gm = fabs(g[2]) + e[2];
    double O = fabs(g[3]) + e[3], Cp = fabs(c_prev[j]) + ec_prev[j];
    c[j] = g[1] * c_prev[j] + g[0] * g[2];
    ec[j] = F * ec_prev[j] + fabs(c_prev[j]) * e[1] + I * e[2] + fabs(g[2]) * e[0] +
            mlf_gamma(2, U_BOTH) * (F * Cp + I * Gm);
    double tc = tanh(c[j]), etc = gate_error(acc, tc, slope_sup(c[j], ec[j], 1), ec[j]);
    double TC = fabs(tc) + etc;
    h[j] = g[3] * tc;
    eh[j] = O * etc + fabs(tc) * e[3] + U_BOTH * O * TC;
  }
}

/* The dense head on the last hidden state h (bounds eh) of one window. */
static void dense(const forecast_model *m, const double *h, const double *eh, double *out,
                  double *eout) {
  size_t U = m->p.hidden, H = m->p.horizon;
  for (size_t k = 0; k < H; k++) {
    double sum = m->bd[k], abs_sum = fabs(m->bd[k]), inherited = 0;
    for (size_t j = 0; j < U; j++) {
      double w = m->wd[j * H + k];
      sum += w * h[j];
      abs_sum += fabs(w) * (fabs(h[j]) + eh[j]);
      inherited += fabs(w) * eh[j];
    }
    out[k] = sum;
    eout[k] = inherited + mlf_gamma((double)U + 1, U_BOTH) * abs_sum;
  }
}

int forecast_reference_run(const forecast_model *m, const float *x, size_t count,
                           forecast_reference *r) {
  return forecast_reference_run_for(m, x, count, forecast_subject_accuracy, r);
}

int forecast_reference_run_for(const forecast_model *m, const float *x, size_t count,
                               forecast_accuracy accuracy, forecast_reference *r) {
  size_t T = m->p.time_steps, U = m->p.hidden, H = m->p.horizon, K = U + 1;
  size_t states = T * count * U;
  memset(r, 0, sizeof *r);
  r->h = malloc((states ? states : 1) * sizeof(double));
  r->h_err = malloc((states ? states : 1) * sizeof(double));
  r->c = malloc((states ? states : 1) * sizeof(double));
  r->c_err = malloc((states ? states : 1) * sizeof(double));
  r->out = malloc((count * H ? count * H : 1) * sizeof(double));
  r->out_err = malloc((count * H ? count * H : 1) * sizeof(double));
  double *z = malloc(K * sizeof(double)), *ez = malloc(K * sizeof(double));
  double *zero = calloc(U, sizeof(double));
  int ok = r->h && r->h_err && r->c && r->c_err && r->out && r->out_err && z && ez && zero;
  for (size_t w = 0; ok && w < count; w++) {
    const double *c_prev = zero, *ec_prev = zero, *h_prev = zero, *eh_prev = zero;
    for (size_t t = 0; t < T; t++) {
      size_t at = (t * count + w) * U;
      z[0] = x[w * T + t], ez[0] = 0;
      memcpy(z + 1, h_prev, U * sizeof(double));
      memcpy(ez + 1, eh_prev, U * sizeof(double));
      step(m, accuracy, z, ez, c_prev, ec_prev, r->c + at, r->c_err + at, r->h + at, r->h_err + at);
      c_prev = r->c + at, ec_prev = r->c_err + at, h_prev = r->h + at, eh_prev = r->h_err + at;
    }
    dense(m, h_prev, eh_prev, r->out + w * H, r->out_err + w * H);
  }
  free(z), free(ez), free(zero);
  if (!ok) forecast_reference_free(r);
  return ok ? 0 : -1;
}
