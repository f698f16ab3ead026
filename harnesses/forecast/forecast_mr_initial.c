/* MR-12: the initial weights (the model trained for 0 epochs, forecast_lstm.h) are the ones
 * forecast_lstm.c documents, as Keras initialises an LSTM: the parameter vector's layout
 * (n_param = 4U(1 + U) + 4U + UH + H, the views w, b, wd, bd in that order); biases exactly 0
 * except the forget gate's, exactly 1, and bd 0; w and wd drawn uniformly from [-l, l) with
 * Glorot's l = sqrt(6 / (fan in + fan out)), fan in + fan out = (1 + U) + 4U for w and U + H
 * for wd. For the draws: every weight within l (plus the float rounding of the draw, 2^-24 l),
 * none exactly 0 (a continuous draw is 0 with probability 2^-53 at most), and, for n draws,
 * the largest |w| at least l 2^(-30/n) and both signs present when n >= 31: a correct uniform
 * draw fails each with probability at most 2^-30. */
#include <math.h>
#include "forecast_mr.h"
#include "mlf_numeric.h"

/* n weights drawn uniformly from [-l, l): the first one that cannot be, described in why. */
static int draws_fit(const float *w, size_t n, double l, const char **why, size_t *at) {
  double largest = 0;
  size_t positive = 0;
  for (size_t i = 0; i < n; i++) {
    *at = i;
    if (!(fabs(w[i]) <= l * (1 + MLF_U_FLOAT))) return *why = "beyond the Glorot limit", 0;
    if (w[i] == 0) return *why = "exactly 0", 0;
    largest = fmax(largest, fabs(w[i]));
    positive += w[i] > 0;
  }
  *at = n;
  if (largest < l * exp2(-30.0 / (double)n)) return *why = "all far inside the limit", 0;
  if (n >= 31 && (positive == 0 || positive == n)) return *why = "all of one sign", 0;
  return 1;
}

static void check_initial(forecast_mr_ctx *c, const forecast_model *m) {
  size_t U = c->p->hidden, H = c->p->horizon, K = 1 + U, G = 4 * U;
  if (m->n_param != K * G + G + U * H + H || m->w != m->param || m->b != m->w + K * G ||
      m->wd != m->b + G || m->bd != m->wd + U * H) {
    forecast_mr_violation(c, "layout", "%zu parameters (expected %zu) or views out of order",
                          m->n_param, K * G + G + U * H + H);
    return;
  }
  for (size_t j = 0; j < G; j++)
    if (m->b[j] != (j / U == 1 ? 1.0f : 0.0f)) {
      forecast_mr_violation(c, "bias", "gate bias %zu is %.9g, expected %d", j, m->b[j],
                            j / U == 1);
      return;
    }
  for (size_t k = 0; k < H; k++)
    if (m->bd[k] != 0) {
      forecast_mr_violation(c, "bias", "dense bias %zu is %.9g, expected 0", k, m->bd[k]);
      return;
    }
  const char *why;
  size_t at;
  double lw = sqrt(6.0 / (double)(K + G)), ld = sqrt(6.0 / (double)(U + H));
  if (!draws_fit(m->w, K * G, lw, &why, &at))
    forecast_mr_violation(c, "weights", "LSTM weights (limit %.9g): %s (at %zu of %zu)", lw, why,
                          at, K * G);
  else if (!draws_fit(m->wd, U * H, ld, &why, &at))
    forecast_mr_violation(c, "weights", "dense weights (limit %.9g): %s (at %zu of %zu)", ld,
                          why, at, U * H);
}

void forecast_mr12_initial_weights(forecast_mr_ctx *c) {
  forecast_params initial = *c->p;
  initial.epochs = 0;
  forecast_model m0;
  if (!forecast_mr_expect_ok(c, "initial-model", forecast_train(c->train, &initial, &m0, NULL)))
    return;
  check_initial(c, &m0);
  forecast_model_free(&m0);
}
