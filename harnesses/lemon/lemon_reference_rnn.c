/* Recurrent layers of the LEMON reference over [T, F]: LSTM, GRU (oneDNN's vanilla GRU) and
 * SIMPLE_RNN, zero initial state, one batch item each; the box bound here, then the
 * first-order bound where it is smaller (lemon_reference_rnn.h).
 *
 * The box: every gate pre-activation is one float sum of F + U + 1 terms (W x, R h and the
 * bias, in any grouping), bounded like a dense layer with the state's own error carried by
 * |R| e_h; the gate functions go through lref_rnn_activation (logistic, tanh) with their input
 * errors; the state updates are products and sums of bounded quantities (|a^ b^ - a b| <=
 * |a| e_b + |b| e_a + e_a e_b, plus gamma of their magnitudes for the rounding). The state
 * errors so propagate step by step. */
#include "lemon_reference_rnn.h"
#include <stdlib.h>
#include <string.h>

typedef lref_step_input step_input;

void lref_rnn_activation(Mlf__Lemon__Activation act, double x, double e, double ep, double *y,
                         double *ye) {
  if (!(e >= 0) || isinf(e)) { *y = act == LREF_SIG ? 1 / (1 + exp(-x)) : tanh(x), *ye = INFINITY; return; }
  double amin = fabs(x) > e ? fabs(x) - e : 0.0, L;
  if (act == LREF_SIG) {
    double s = 1 / (1 + exp(-amin));
    *y = 1 / (1 + exp(-x)), L = s * (1 - s);
  } else {
    double t = tanh(amin);
    *y = tanh(x), L = 1 - t * t;
  }
  *ye = L * ep + LREF_RNN_ACT_REL * (fabs(*y) + L * e) + LREF_RNN_ACT_ABS;
}

/* Pre-activation of gate row q, its recurrent input being h (error he), then the gate
 * function act (LOGISTIC or TANH). */
static void gate(const step_input *s, size_t q, const double *h, const double *he,
                 Mlf__Lemon__Activation act, double *v, double *ve) {
  const float *w = s->l->weights + q * s->f;
  const float *r = s->l->weights + s->gates * s->u * s->f + q * s->u;
  double b = s->l->bias ? s->l->bias[q] : 0.0;
  lref_acc a = {b, fabs(b), 0.0, 1.0};
  for (size_t k = 0; k < s->f; k++) lref_acc_product(&a, w[k], s->x[k], s->xe[k]);
  for (size_t k = 0; k < s->u; k++) lref_acc_product(&a, r[k], h[k], he[k]);
  double p, pe;
  lref_acc_result(&a, 0, 1.0, &p, &pe);
  lref_rnn_activation(act, p, pe, pe, v, ve);
}

#define SIG LREF_SIG
#define TANH LREF_TANH

/* c' = f c + i tanh(g), h' = o tanh(c'); gates i, f, c, o. */
static void lstm_step(const step_input *s, double *h, double *he, double *c, double *ce) {
  double nh[LEMON_MAX_UNITS], nhe[LEMON_MAX_UNITS];
  for (size_t j = 0; j < s->u; j++) {
    double i, ie, f, fe, g, ge, o, oe;
    gate(s, j, h, he, SIG, &i, &ie);
    gate(s, s->u + j, h, he, SIG, &f, &fe);
    gate(s, 2 * s->u + j, h, he, TANH, &g, &ge);
    gate(s, 3 * s->u + j, h, he, SIG, &o, &oe);
    double mag = (fabs(f) + fe) * (fabs(c[j]) + ce[j]) + (fabs(i) + ie) * (fabs(g) + ge);
    double nc = f * c[j] + i * g;
    double nce = lref_product_error(f, fe, c[j], ce[j]) + lref_product_error(i, ie, g, ge) +
                 lref_sum_rounding(3, mag);
    double t, te;
    lref_rnn_activation(TANH, nc, nce, nce, &t, &te);
    nh[j] = o * t;
    nhe[j] = lref_product_error(o, oe, t, te) + lref_sum_rounding(1, (fabs(o) + oe) * (fabs(t) + te));
    c[j] = nc, ce[j] = nce;
  }
  for (size_t j = 0; j < s->u; j++) h[j] = nh[j], he[j] = nhe[j];
}

/* u, r from (x, h); o = tanh(W_o x + R_o (r h) + b_o); h' = u h + (1 - u) o. The last sum
 * is bounded for either evaluation, u h + (1 - u) o or o + u (h - o) (4 roundings of the
 * magnitudes of both forms). */
static void gru_step(const step_input *s, double *h, double *he) {
  double u[LEMON_MAX_UNITS], ue[LEMON_MAX_UNITS], rh[LEMON_MAX_UNITS], rhe[LEMON_MAX_UNITS];
  for (size_t j = 0; j < s->u; j++) {
    double r, re;
    gate(s, j, h, he, SIG, &u[j], &ue[j]);
    gate(s, s->u + j, h, he, SIG, &r, &re);
    rh[j] = r * h[j];
    rhe[j] = lref_product_error(r, re, h[j], he[j]) + lref_sum_rounding(1, (fabs(r) + re) * (fabs(h[j]) + he[j]));
  }
  double nh[LEMON_MAX_UNITS], nhe[LEMON_MAX_UNITS];
  for (size_t j = 0; j < s->u; j++) {
    double o, oe;
    gate(s, 2 * s->u + j, rh, rhe, TANH, &o, &oe);
    double v = 1 - u[j], ve = ue[j] + LREF_U * (fabs(v) + ue[j]);
    double mu = fabs(u[j]) + ue[j], mh = fabs(h[j]) + he[j], mo = fabs(o) + oe;
    nh[j] = u[j] * h[j] + v * o;
    nhe[j] = lref_product_error(u[j], ue[j], h[j], he[j]) + lref_product_error(v, ve, o, oe) +
             lref_sum_rounding(4, mu * mh + (fabs(v) + ve) * mo + mu * (mh + mo) + mo);
  }
  for (size_t j = 0; j < s->u; j++) h[j] = nh[j], he[j] = nhe[j];
}

static void simple_rnn_step(const step_input *s, double *h, double *he) {
  double nh[LEMON_MAX_UNITS], nhe[LEMON_MAX_UNITS];
  for (size_t j = 0; j < s->u; j++) gate(s, j, h, he, TANH, &nh[j], &nhe[j]);
  for (size_t j = 0; j < s->u; j++) h[j] = nh[j], he[j] = nhe[j];
}

/* Multiply-adds the first-order bound may spend on one layer and batch item (every state
 * component at every step: about n^3 T^2 / 2); beyond it the layer keeps the box bound
 * (still rigorous, looser). */
#define FIRST_ORDER_BUDGET (1u << 23)

/* The linearizations of every step (lemon_reference_rnn.h), n the state size. */
typedef struct {
  size_t n;
  double *jac, *rad, *local;
  int usable;  /* allocated, and every box so far finite */
} linearization;

static void linearization_open(linearization *z, size_t steps, size_t n) {
  memset(z, 0, sizeof *z);
  z->n = n;
  if ((double)n * n * n * steps * (steps + 1) / 2 > FIRST_ORDER_BUDGET) return;
  z->jac = malloc(steps * n * n * sizeof(double));
  z->rad = malloc(steps * n * n * sizeof(double));
  z->local = malloc(steps * n * sizeof(double));
  z->usable = z->jac && z->rad && z->local;
}

static void linearization_close(linearization *z) {
  free(z->jac), free(z->rad), free(z->local);
}

static int all_finite(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

/* Step t's linearization around the state before it (h, he, c, ce), the box of the new cell
 * state being ce_new; then the box of the new state (he_new, ce_new) shrinks to the
 * first-order bound where that is smaller, so the next steps start from the tighter box. */
static void tighten(linearization *z, const step_input *s, size_t t, const double *h,
                    const double *he, const double *c, const double *ce, double *he_new,
                    double *ce_new) {
  size_t n = z->n, u = s->u;
  if (!z->usable) return;
  if (!all_finite(s->x, s->f) || !all_finite(s->xe, s->f) || !all_finite(he, u) ||
      !all_finite(ce, u) || !all_finite(ce_new, u)) {
    z->usable = 0;
    return;
  }
  lref_rnn_state st = {h, he, c, ce, ce_new};
  double *jac = z->jac + t * n * n, *rad = z->rad + t * n * n, *local = z->local + t * n;
  if (s->gates == 4) lref_lstm_linearize(s, &st, jac, rad, local);
  else if (s->gates == 3) lref_gru_linearize(s, &st, jac, rad, local);
  else lref_simple_rnn_linearize(s, &st, jac, rad, local);
  double work[3 * 2 * LEMON_MAX_UNITS];
  for (size_t i = 0; i < n; i++) {
    double tight = lref_rnn_first_order_bound(n, z->jac, z->rad, z->local, t, i, work);
    double *box = i < u ? &he_new[i] : &ce_new[i - u];
    if (tight < *box) *box = tight;
  }
}

/* Runs the sequence; writes every h (return_sequences) or the last, with the smaller of the
 * box and the first-order bounds. */
static void run_rnn(const lemon_layer *l, const double *x, const double *xe, double *y,
                    double *ye, size_t gates) {
  size_t t_len = l->in[0]->dim[0], f = l->in[0]->dim[1], u = l->units;
  double h[LEMON_MAX_UNITS] = {0}, he[LEMON_MAX_UNITS] = {0};
  double c[LEMON_MAX_UNITS] = {0}, ce[LEMON_MAX_UNITS] = {0};
  double ph[LEMON_MAX_UNITS], phe[LEMON_MAX_UNITS], pc[LEMON_MAX_UNITS], pce[LEMON_MAX_UNITS];
  linearization z;
  linearization_open(&z, t_len, gates == 4 ? 2 * u : u);
  for (size_t t = 0; t < t_len; t++) {
    step_input s = {l, f, u, gates, x + t * f, xe + t * f};
    memcpy(ph, h, sizeof h), memcpy(phe, he, sizeof he), memcpy(pc, c, sizeof c), memcpy(pce, ce, sizeof ce);
    if (gates == 4) lstm_step(&s, h, he, c, ce);
    else if (gates == 3) gru_step(&s, h, he);
    else simple_rnn_step(&s, h, he);
    tighten(&z, &s, t, ph, phe, pc, pce, he, ce);
    if (l->return_sequences || t + 1 == t_len) {
      size_t at = l->return_sequences ? t * u : 0;
      for (size_t j = 0; j < u; j++) y[at + j] = h[j], ye[at + j] = he[j];
    }
  }
  linearization_close(&z);
}

void lref_lstm(const lemon_layer *l, const double *const *x, const double *const *xe, double *y,
               double *ye) {
  run_rnn(l, x[0], xe[0], y, ye, 4);
}

void lref_gru(const lemon_layer *l, const double *const *x, const double *const *xe, double *y,
              double *ye) {
  run_rnn(l, x[0], xe[0], y, ye, 3);
}

void lref_simple_rnn(const lemon_layer *l, const double *const *x, const double *const *xe,
                     double *y, double *ye) {
  run_rnn(l, x[0], xe[0], y, ye, 1);
}
