/* MR-3 cases 1 and 4: training data of exactly one window (T+H values) or one full batch
 * (B+T+H-1 values) must "train" (the paper's words). With a single batch every epoch is one
 * full-batch SGD step on the mean loss of its windows, which makes exact expectations:
 * Descent (one window): with steps of 2^-8 (far below 2 / L for the smooth loss of
 * an LSTM with weights of order one) the loss falls at every step whenever there is
 * something to learn (initial loss >= 2^-10: the bias gradient alone then has norm
 * >= 2 sqrt(loss / H), and a step gains about 2^-8 of its square, far above rounding):
 * 1 epoch ends below the initial loss, 2 or more below 1.
 * Gradient: the first step (parameters after one epoch minus after none) is -s g, g the
 * gradient of the batch's loss and s = lr min(1, 1 / |g|) (the clipping to norm 1), so the
 * step is never longer than lr. Projected on two random directions within each parameter
 * block (input weights, recurrent weights, gate biases, dense weights, dense biases) it must
 * be s times the central difference of the loss along that direction: s is lr when the step
 * is shorter than lr, else fitted by least squares; tolerance 5 % of the largest projection
 * (the O(h^2) truncation at h = 2^-10 is far smaller) plus the loss's float rounding
 * (reference bound) over 2h and the float rounding of the parameters the step is read from. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"
#include "forecast_reference.h"
#include "mlf_numeric.h"
#include "mlf_rng.h"

#define FD_STEP 0x1p-10
#define BLOCKS 5
#define PER_BLOCK 2

/* The count windows of s, scaled with m's scaler. */
static void windows_of(const forecast_model *m, const forecast_series *s, size_t count, float *x,
                       float *y) {
  double *v = malloc(s->n * sizeof *v);
  if (!v) abort();
  forecast_ordered(s, v);
  forecast_mr_windows(&m->scaler, &m->p, v, count, x, y);
  free(v);
}

/* Mean loss of count windows under parameters param (m's shapes), and its rounding bound. */
static int batch_loss(const forecast_model *m, const float *param, const float *x,
                      const float *y, size_t count, double *loss, double *err) {
  forecast_model v = *m;
  v.param = (float *)param;
  v.w = v.param + (m->w - m->param), v.b = v.param + (m->b - m->param);
  v.wd = v.param + (m->wd - m->param), v.bd = v.param + (m->bd - m->param);
  size_t n = count * m->p.horizon;
  float *out = malloc(n * sizeof *out);
  forecast_reference r;
  int ok = out && forecast_infer(&v, x, count, NULL, out) == FORECAST_OK &&
           forecast_reference_run(&v, x, count, &r) == 0;
  if (ok) {
    *loss = *err = 0;
    for (size_t i = 0; i < n; i++) {
      double d = (double)out[i] - y[i];
      *loss += d * d / (double)n;
      *err += (2 * fabs(d) * r.out_err[i] + r.out_err[i] * r.out_err[i]) / (double)n;
    }
    forecast_reference_free(&r);
  }
  free(out);
  return ok;
}

static forecast_status train_steps(const forecast_series *s, const forecast_params *p, double lr,
                                   unsigned epochs, forecast_model *m, forecast_training *t) {
  forecast_params q = *p;
  q.learning_rate = lr, q.epochs = epochs;
  return forecast_train(s, &q, m, t);
}

static void check_descent(forecast_mr_ctx *c, const forecast_series *s) {
  const double lr = 0x1p-8; /* the relation's own step, whatever the source's */
  unsigned epochs = c->p->epochs > 2 ? c->p->epochs : 2;
  forecast_model m1, me;
  forecast_training t1, te;
  if (!forecast_mr_expect_ok(c, "train", train_steps(s, c->p, lr, 1, &m1, &t1))) return;
  if (forecast_mr_expect_ok(c, "train", train_steps(s, c->p, lr, epochs, &me, &te))) {
    if (t1.initial_loss >= 0x1p-10 && !(t1.loss < t1.initial_loss && te.loss < t1.loss))
      forecast_mr_violation(c, "one-window-not-learned", "steps of %g on one batch: loss %.17g, "
                            "after 1 epoch %.17g, after %u %.17g", lr, t1.initial_loss, t1.loss,
                            epochs, te.loss);
    forecast_model_free(&me);
  }
  forecast_model_free(&m1);
}

/* Block b's range of the parameter array (w input row, w recurrent rows, b, wd, bd). */
static void block(const forecast_model *m, int b, size_t *from, size_t *to) {
  size_t G = 4 * (size_t)m->p.hidden;
  size_t ends[BLOCKS + 1] = {0, G, (size_t)(m->b - m->param), (size_t)(m->wd - m->param),
                             (size_t)(m->bd - m->param), m->n_param};
  *from = ends[b], *to = ends[b + 1];
}

typedef struct {
  double proj[BLOCKS * PER_BLOCK], fd[BLOCKS * PER_BLOCK], slack[BLOCKS * PER_BLOCK];
  size_t n;
} projections;

/* Projections of -(step) and central differences along the random directions. */
static int measure(const forecast_model *m0, const forecast_model *m1, const float *x,
                   const float *y, size_t count, uint64_t seed, projections *pr) {
  size_t n = m0->n_param;
  float *plus = malloc(n * sizeof *plus), *minus = malloc(n * sizeof *minus);
  double *dir = malloc(n * sizeof *dir);
  int ok = plus && minus && dir;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  pr->n = 0;
  for (int b = 0; ok && b < BLOCKS; b++) {
    size_t from, to;
    block(m0, b, &from, &to);
    for (int k = 0; ok && k < PER_BLOCK; k++) {
      double norm = 0, proj = 0, quant = 0, lp = 0, ep = 0, lm = 0, em = 0;
      memset(dir, 0, n * sizeof *dir);
      for (size_t i = from; i < to; i++) dir[i] = 2 * mlf_rng_unit(&rng) - 1, norm += dir[i] * dir[i];
      norm = sqrt(norm);
      for (size_t i = 0; i < n; i++) {
        dir[i] /= norm;
        plus[i] = (float)(m0->param[i] + FD_STEP * dir[i]);
        minus[i] = (float)(m0->param[i] - FD_STEP * dir[i]);
        proj -= ((double)m1->param[i] - m0->param[i]) * dir[i];
        quant += MLF_U_FLOAT * (fabs(m0->param[i]) + fabs(m1->param[i])) * fabs(dir[i]);
      }
      ok = batch_loss(m0, plus, x, y, count, &lp, &ep) &&
           batch_loss(m0, minus, x, y, count, &lm, &em);
      pr->proj[pr->n] = proj;
      pr->fd[pr->n] = (lp - lm) / (2 * FD_STEP);
      pr->slack[pr->n++] = quant + (ep + em) / (2 * FD_STEP);
    }
  }
  free(plus), free(minus), free(dir);
  return ok;
}

static void check_gradient_step(forecast_mr_ctx *c, const forecast_series *s, size_t count) {
  const double lr = 0x1p-4;
  forecast_model m0, m1;
  if (!forecast_mr_expect_ok(c, "train", train_steps(s, c->p, lr, 0, &m0, NULL))) return;
  if (!forecast_mr_expect_ok(c, "train", train_steps(s, c->p, lr, 1, &m1, NULL))) {
    forecast_model_free(&m0);
    return;
  }
  float *x = malloc(count * c->p->time_steps * sizeof *x);
  float *y = malloc(count * c->p->horizon * sizeof *y);
  projections pr;
  double step = 0;
  for (size_t i = 0; i < m0.n_param; i++)
    step += ((double)m1.param[i] - m0.param[i]) * ((double)m1.param[i] - m0.param[i]);
  step = sqrt(step);
  /* Clipping to norm 1 bounds the step by lr; the update's float rounding adds far less than
   * 2^-10 of it. */
  if (!(step <= lr * (1 + 0x1p-10)))
    forecast_mr_violation(c, "step-too-long", "one SGD step of rate %g moved the parameters by "
                          "%.9g: the gradient is clipped to norm 1", lr, step);
  if (x && y && !c->violated) windows_of(&m0, s, count, x, y);
  if (x && y && !c->violated && measure(&m0, &m1, x, y, count, c->p->seed, &pr)) {
    double fd_max = 0, pf = 0, ff = 0;
    for (size_t r = 0; r < pr.n; r++)
      fd_max = fmax(fd_max, fabs(pr.fd[r])), pf += pr.proj[r] * pr.fd[r], ff += pr.fd[r] * pr.fd[r];
    int clipped = step >= lr * (1 - 0x1p-10);
    double scale = clipped ? (ff > 0 ? pf / ff : 0) : lr;
    if (fd_max < 0x1p-12) {
      mlf_log(c->run, "%s: single-batch gradient too small to check", c->relation);
    } else {
      for (size_t r = 0; r < pr.n && !c->violated; r++) {
        double tol = 0.05 * scale * fd_max + scale * pr.slack[r];
        if (!(fabs(pr.proj[r] - scale * pr.fd[r]) <= tol))
          forecast_mr_violation(c, "step-not-gradient", "the first SGD step on %zu window(s), "
                                "projected on direction %zu (block %zu), is %.9g; %s step %.9g "
                                "times the central difference %.9g gives %.9g (tolerance %.3g)",
                                count, r, r / PER_BLOCK, pr.proj[r],
                                clipped ? "the fitted" : "the", scale, pr.fd[r], scale * pr.fd[r], tol);
      }
    }
  }
  free(x), free(y);
  forecast_model_free(&m0), forecast_model_free(&m1);
}

void forecast_mr_one_batch(forecast_mr_ctx *c, const forecast_series *s, size_t count) {
  if (count == 1) check_descent(c, s); /* errors of several windows may cancel in the bias */
  if (!c->violated) check_gradient_step(c, s, count);
}
