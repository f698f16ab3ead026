/* Linearizations of one LSTM, GRU or SIMPLE_RNN step around the reference state
 * (lemon_reference_rnn.h). The step's own error at a state of the box is bounded like the box
 * propagation bounds it (lemon_reference_rnn.c: sums by gamma of the magnitudes, gate
 * functions through lref_rnn_activation, products with their rounding), with the magnitudes and
 * the functions' slopes taken over the whole box, but carrying only the errors the step
 * adds: the input's errors, the roundings and the function errors, not the state's error
 * (which the Jacobians carry). The Jacobians' variation over the box: every entry is a sum of
 * products of factors whose ranges over the box are known (gate values: their box; gate
 * slopes: |logistic''| <= 1 / (6 sqrt 3) < 0.0963 and |tanh''| <= 4 / (3 sqrt 3) < 0.77
 * times the pre-activation's reach), and a product's range follows from its factors' (ip). */
#include "lemon_reference_rnn.h"
#include <string.h>

#define SIG_CURVATURE 0.0963
#define TANH_CURVATURE 0.77

static const double zeros[LEMON_MAX_UNITS];

/* Reach of a b over a in [a -+ ra], b in [b -+ rb]. */
static double ip(double a, double ra, double b, double rb) {
  return fabs(a) * rb + ra * fabs(b) + ra * rb;
}

/* One gate's linearization. */
typedef struct {
  double y, d;   /* gate value and slope at the reference */
  double d_var;  /* the slope's variation between the reference and a state of the box */
  double local;  /* float gate against the exact gate, both at the same state of the box */
  double box;    /* any gate value (float or exact) at a state of the box against y */
} gate_lin;

/* Gate row q whose recurrent input is v: v_local bounds the implementation's own error on v
 * at a state of the box, v_box its distance to v over the box. */
static gate_lin gate_at(const lref_step_input *s, size_t q, const double *v, const double *v_local,
                        const double *v_box, Mlf__Lemon__Activation act) {
  const float *w = s->l->weights + q * s->f;
  const float *r = s->l->weights + s->gates * s->u * s->f + q * s->u;
  double b = s->l->bias ? s->l->bias[q] : 0.0, p, own, reach = 0;
  lref_acc a = {b, fabs(b), 0.0, 1.0};
  for (size_t k = 0; k < s->f; k++) lref_acc_product(&a, w[k], s->x[k], s->xe[k]);
  for (size_t k = 0; k < s->u; k++) {
    a.sum += r[k] * v[k], a.mag += fabs(r[k]) * (fabs(v[k]) + v_box[k]), a.n += 1;
    a.prop += fabs(r[k]) * v_local[k];
    reach += fabs(r[k]) * v_box[k];
  }
  lref_acc_result(&a, 0, 1.0, &p, &own);
  gate_lin g;
  lref_rnn_activation(act, p, own + reach, own, &g.y, &g.local);
  lref_rnn_activation(act, p, own + reach, own + reach, &g.y, &g.box);
  g.d = act == LREF_SIG ? g.y * (1 - g.y) : 1 - g.y * g.y;
  g.d_var = (act == LREF_SIG ? SIG_CURVATURE : TANH_CURVATURE) * reach;
  return g;
}

/* Row q of the recurrent weights R. */
static const float *recurrent_row(const lref_step_input *s, size_t q) {
  return s->l->weights + s->gates * s->u * s->f + q * s->u;
}

/* c' = f c + i g, h' = o tanh(c'); state (h, c). */
void lref_lstm_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                         double *rad, double *local) {
  size_t U = s->u, n = 2 * U;
  memset(jac, 0, n * n * sizeof *jac), memset(rad, 0, n * n * sizeof *rad);
  for (size_t j = 0; j < U; j++) {
    gate_lin i = gate_at(s, j, st->h, zeros, st->he, LREF_SIG);
    gate_lin f = gate_at(s, U + j, st->h, zeros, st->he, LREF_SIG);
    gate_lin g = gate_at(s, 2 * U + j, st->h, zeros, st->he, LREF_TANH);
    gate_lin o = gate_at(s, 3 * U + j, st->h, zeros, st->he, LREF_SIG);
    double c = st->c[j], ce = st->ce[j], nc = f.y * c + i.y * g.y, t = tanh(nc), dt = 1 - t * t;
    double rc = ip(f.y, f.box, c, ce) + ip(i.y, i.box, g.y, g.box); /* c' over the segment */
    double A = c * f.d, rA = ip(c, ce, f.d, f.d_var);
    double B = g.y * i.d, rB = ip(g.y, g.box, i.d, i.d_var);
    double C = i.y * g.d, rC = ip(i.y, i.box, g.d, g.d_var);
    double D = t * o.d, rD = ip(t, rc, o.d, o.d_var);
    double E = o.y * dt, rE = ip(o.y, o.box, dt, TANH_CURVATURE * rc);
    const float *Ri = recurrent_row(s, j), *Rf = recurrent_row(s, U + j);
    const float *Rg = recurrent_row(s, 2 * U + j), *Ro = recurrent_row(s, 3 * U + j);
    for (size_t k = 0; k < U; k++) {
      double X = A * Rf[k] + B * Ri[k] + C * Rg[k];
      double rX = fabs(Rf[k]) * rA + fabs(Ri[k]) * rB + fabs(Rg[k]) * rC;
      jac[(U + j) * n + k] = X, rad[(U + j) * n + k] = rX;
      jac[j * n + k] = D * Ro[k] + E * X, rad[j * n + k] = fabs(Ro[k]) * rD + ip(E, rE, X, rX);
    }
    jac[(U + j) * n + U + j] = f.y, rad[(U + j) * n + U + j] = f.box;
    jac[j * n + U + j] = E * f.y, rad[j * n + U + j] = ip(E, rE, f.y, f.box);
    /* own errors: c' from the gates' (the state c being the implementation's), then h' */
    double mc = fabs(c) + ce, mi = fabs(i.y) + i.box, mg = fabs(g.y) + g.box;
    double cl = f.local * mc + mi * g.local + mg * i.local +
                lref_sum_rounding(3, (fabs(f.y) + f.box) * mc + mi * mg);
    double tv, tb, tl;
    lref_rnn_activation(LREF_TANH, nc, st->nce[j], st->nce[j], &tv, &tb);
    lref_rnn_activation(LREF_TANH, nc, st->nce[j], cl, &tv, &tl);
    double mo = fabs(o.y) + o.box, mt = fabs(t) + tb;
    local[U + j] = cl;
    local[j] = o.local * mt + mo * tl + lref_sum_rounding(1, mo * mt);
  }
}

/* u, r from (x, h); o = tanh(W_o x + R_o (r h) + b_o); h' = u h + (1 - u) o; state h.
 * dh'_j/dh_k = u_j [j = k] + (h_j - o_j) u'_j Ru_jk + (1 - u_j) o'_j (Ro_jk r_k + S_jk),
 * S_jk = sum_m Ro_jm h_m r'_m Rr_mk. */
void lref_gru_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                        double *rad, double *local) {
  size_t U = s->u;
  gate_lin u[LEMON_MAX_UNITS], r[LEMON_MAX_UNITS];
  double rh[LEMON_MAX_UNITS], rh_local[LEMON_MAX_UNITS], rh_box[LEMON_MAX_UNITS];
  double Q[LEMON_MAX_UNITS], rQ[LEMON_MAX_UNITS], S[LEMON_MAX_UNITS], rS[LEMON_MAX_UNITS];
  for (size_t j = 0; j < U; j++) {
    u[j] = gate_at(s, j, st->h, zeros, st->he, LREF_SIG);
    r[j] = gate_at(s, U + j, st->h, zeros, st->he, LREF_SIG);
    double mh = fabs(st->h[j]) + st->he[j], round = lref_sum_rounding(1, (fabs(r[j].y) + r[j].box) * mh);
    rh[j] = r[j].y * st->h[j];
    rh_local[j] = r[j].local * mh + round;
    rh_box[j] = ip(r[j].y, r[j].box, st->h[j], st->he[j]) + round;
    Q[j] = st->h[j] * r[j].d, rQ[j] = ip(st->h[j], st->he[j], r[j].d, r[j].d_var);
  }
  for (size_t j = 0; j < U; j++) {
    gate_lin o = gate_at(s, 2 * U + j, rh, rh_local, rh_box, LREF_TANH);
    double v = 1 - u[j].y, P = v * o.d, rP = ip(v, u[j].box, o.d, o.d_var);
    double H = st->h[j] - o.y, rH = st->he[j] + o.box, rHu = ip(H, rH, u[j].d, u[j].d_var);
    const float *Ru = recurrent_row(s, j), *Ro = recurrent_row(s, 2 * U + j);
    memset(S, 0, U * sizeof *S), memset(rS, 0, U * sizeof *rS);
    for (size_t m = 0; m < U; m++) {
      const float *Rr = recurrent_row(s, U + m);
      for (size_t k = 0; k < U; k++)
        S[k] += Ro[m] * Q[m] * Rr[k], rS[k] += fabs(Ro[m]) * rQ[m] * fabs(Rr[k]);
    }
    for (size_t k = 0; k < U; k++) {
      double Z = Ro[k] * r[k].y + S[k], rZ = fabs(Ro[k]) * r[k].box + rS[k];
      jac[j * U + k] = (j == k ? u[j].y : 0) + H * u[j].d * Ru[k] + P * Z;
      rad[j * U + k] = (j == k ? u[j].box : 0) + fabs(Ru[k]) * rHu + ip(P, rP, Z, rZ);
    }
    /* (u^ - u*)(h - o^) + (1 - u*)(o^ - o*), the rounding of 1 - u and of either form */
    double mu = fabs(u[j].y) + u[j].box, mh = fabs(st->h[j]) + st->he[j], mo = fabs(o.y) + o.box;
    double mv = fabs(v) + u[j].box;
    local[j] = u[j].local * (mh + mo) + mv * o.local + LREF_U * mv * mo +
               lref_sum_rounding(4, mu * mh + mv * mo + mu * (mh + mo) + mo);
  }
}

/* h' = tanh(W x + R h + b); state h. */
void lref_simple_rnn_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                               double *rad, double *local) {
  size_t U = s->u;
  for (size_t j = 0; j < U; j++) {
    gate_lin g = gate_at(s, j, st->h, zeros, st->he, LREF_TANH);
    const float *R = recurrent_row(s, j);
    for (size_t k = 0; k < U; k++) jac[j * U + k] = g.d * R[k], rad[j * U + k] = g.d_var * fabs(R[k]);
    local[j] = g.local;
  }
}
