/* Recurrent layers of the LEMON reference over [T, F]: LSTM, GRU (oneDNN's vanilla GRU) and
 * SIMPLE_RNN, zero initial state, one batch item each.
 *
 * Soundness: every gate pre-activation is one float sum of F + U + 1 terms (W x, R h and the
 * bias, in any grouping), bounded like a dense layer with the state's own error carried by
 * |R| e_h; the gate functions go through lref_activation (logistic, tanh) with their input
 * errors; the state updates are products and sums of bounded quantities (|a^ b^ - a b| <=
 * |a| e_b + |b| e_a + e_a e_b, plus gamma of their magnitudes for the rounding). The state
 * errors so propagate step by step. */
#include "lemon_reference_internal.h"

#define MAX_GATES (4 * LEMON_MAX_UNITS)

/* One time step's shared data: the input row, the state feeding the recurrent weights. */
typedef struct {
  const lemon_layer *l;
  size_t f, u, gates;  /* features, units, gates per unit (4, 3, 1) */
  const double *x, *xe;
} step_input;

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
  lref_activation(act, 0.0, 0.0, p, pe, v, ve);
}

#define SIG MLF__LEMON__ACTIVATION__LOGISTIC
#define TANH MLF__LEMON__ACTIVATION__TANH

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
    lref_activation(TANH, 0.0, 0.0, nc, nce, &t, &te);
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

/* Runs the sequence; writes every h (return_sequences) or the last. */
static void run_rnn(const lemon_layer *l, const double *x, const double *xe, double *y,
                    double *ye, size_t gates) {
  size_t t_len = l->in[0]->dim[0], f = l->in[0]->dim[1], u = l->units;
  double h[LEMON_MAX_UNITS] = {0}, he[LEMON_MAX_UNITS] = {0};
  double c[LEMON_MAX_UNITS] = {0}, ce[LEMON_MAX_UNITS] = {0};
  for (size_t t = 0; t < t_len; t++) {
    step_input s = {l, f, u, gates, x + t * f, xe + t * f};
    if (gates == 4) lstm_step(&s, h, he, c, ce);
    else if (gates == 3) gru_step(&s, h, he);
    else simple_rnn_step(&s, h, he);
    if (l->return_sequences || t + 1 == t_len) {
      size_t at = l->return_sequences ? t * u : 0;
      for (size_t j = 0; j < u; j++) y[at + j] = h[j], ye[at + j] = he[j];
    }
  }
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
