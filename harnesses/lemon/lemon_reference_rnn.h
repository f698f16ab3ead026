/* Shared by the recurrent layers of the LEMON reference (lemon_reference_rnn*.c).
 *
 * Two bounds are computed and the smaller kept, both rigorous:
 *  - the box: every error propagated step by step in absolute values (lemon_reference_rnn.c);
 *    it compounds the absolute Jacobian over the time steps;
 *  - the first-order bound: with e_t the state error after step t, exactly
 *      e_t = J~_t e_(t-1) + l_t,
 *    J~_t the mean of the exact step's Jacobian on the segment from the reference state to the
 *    implementation's (mean value theorem), l_t the error the step adds at the implementation's
 *    state (roundings, function errors, the input's errors). Hence
 *      |e_t| <= sum_s |J~_t ... J~_(s+1)| |l_s|,
 *    and with J~ = J + D, |D| <= R (J at the reference, R the Jacobian's variation over the box),
 *      |J~_t ... J~_(s+1)| <= |J_t ... J_(s+1)| + (prod (|J| + R) - prod |J|)
 *    (lemon_reference_rnn_adjoint.c). The signed products keep the cancellations the absolute
 *    propagation loses; R only enters at second order.
 * The box gives the states' ranges (for R and for the magnitudes in l_t); after each step every
 * state component's box shrinks to its first-order bound where that is smaller, and both
 * remain rigorous, so the next step starts from the tighter box. */
#ifndef LEMON_REFERENCE_RNN_H
#define LEMON_REFERENCE_RNN_H
#include "lemon_reference_internal.h"
#include "libraries/onednn/mlf_onednn_rnn_accuracy.h"

#define LREF_SIG MLF__LEMON__ACTIVATION__LOGISTIC
#define LREF_TANH MLF__LEMON__ACTIVATION__TANH

/* Accuracy granted to the recurrent primitive's own logistic and tanh (oneDNN's RNN cells,
 * not its eltwise primitive), measured: libraries/onednn/mlf_onednn_rnn_accuracy.h. */
#define LREF_RNN_ACT_REL MLF_ONEDNN_RNN_ACT_REL
#define LREF_RNN_ACT_ABS MLF_ONEDNN_RNN_ACT_ABS

/* A cell's logistic or tanh of an input known within e (x in [x - e, x + e]), carrying an
 * error ep <= e: y, and in ye the bound L ep + own, L the largest slope on the interval and
 * own the granted accuracy at the interval's largest value. */
void lref_rnn_activation(Mlf__Lemon__Activation act, double x, double e, double ep, double *y,
                         double *ye);

/* One time step's shared data: the input row, the state feeding the recurrent weights. */
typedef struct {
  const lemon_layer *l;
  size_t f, u, gates;  /* features, units, gates per unit (4, 3, 1) */
  const double *x, *xe;
} lref_step_input;

/* The reference state before a step and its box (rigorous error bounds); for the LSTM also
 * the box of the new cell state. */
typedef struct {
  const double *h, *he, *c, *ce, *nce;
} lref_rnn_state;

/* Linearization of one step around the reference state, n the state size (2U for the LSTM:
 * h then c; U otherwise): jac (n x n, row-major, d new_i / d old_k) at the reference, rad
 * bounding |Jacobian - jac| anywhere between the reference and a state of the box, local
 * (n) bounding the step's own error at any state of the box. */
void lref_lstm_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                         double *rad, double *local);
void lref_gru_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                        double *rad, double *local);
void lref_simple_rnn_linearize(const lref_step_input *s, const lref_rnn_state *st, double *jac,
                               double *rad, double *local);

/* The first-order bound on component i of the state after step t, from the linearizations
 * of steps 0..t (jac, rad: n x n each per step; local: n per step). work: 3 n doubles. */
double lref_rnn_first_order_bound(size_t n, const double *jac, const double *rad,
                                  const double *local, size_t t, size_t i, double *work);
#endif
