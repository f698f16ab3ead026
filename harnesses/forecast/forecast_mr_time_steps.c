/* MR-8: TIME_STEPS from the information-loss curve of the paper's Algorithm 1, on the scaled
 * validation data. For each sequence length N (5 .. 65) every window of N values is
 * transformed (GSL's mixed-radix real FFT), its highest frequency band is removed, and the
 * squared L2 distance to the inverse transform, divided by N and the window count, adds to
 * Loss[N]; TIME_STEPS is chosen where the curve stops falling. Corrected from the paper: it
 * zeroes f_shift[0] and f_shift[N-1] after an fftshift, which for even N removes the
 * Nyquist bin and only one half of a conjugate pair, so the reconstruction is not real; here
 * the band is the Nyquist bin (N even) or the conjugate pair of frequency (N-1)/2 (N odd).
 * Checks: the subject's windows of every length N (T = N-1, H = 1) are exactly the scaled
 * values in time order; window counts fall by exactly one per extra time step; the curve
 * equals Parseval's closed form (the removed band's energy, |X_N/2|^2 / N or
 * 2 |X_(N-1)/2|^2 / N) within a bound of 16 N (1 + log2 N) double roundings of the window's
 * norm, and lies between 0 and the windows' variance over N; the chosen TIME_STEPS trains
 * and windows the training data as it must. */
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_fft_real.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"
#include "mlf_numeric.h"
#include "mlf_watchdog.h"

#define MIN_N 5
#define MAX_N (FORECAST_MAX_TIME_STEPS + 1)

/* The removed band's energy in one window s (n values) by Parseval, computed directly. */
static double band_energy(const double *s, size_t n) {
  double re = 0, im = 0;
  size_t k = n / 2;
  for (size_t i = 0; i < n; i++) {
    double phase = 2 * M_PI * (double)((k * i) % n) / (double)n;
    re += s[i] * cos(phase), im -= s[i] * sin(phase);
  }
  return (n % 2 == 0 ? 1.0 : 2.0) * (re * re + im * im) / (double)n;
}

/* Algorithm 1's loss of one window through GSL: remove the band, transform back, distance.
 * The GSL calls run under the watchdog (mlf_watchdog.h): one that hangs is the input's
 * finding mlf:forecast_lstm:<function>:hang. */
static double fft_loss(const double *s, size_t n, const gsl_fft_real_wavetable *rw,
                       const gsl_fft_halfcomplex_wavetable *hw, gsl_fft_real_workspace *ws,
                       double *buf) {
  memcpy(buf, s, n * sizeof *buf);
  MLF_WATCHED("gsl_fft_real_transform", gsl_fft_real_transform(buf, 1, n, rw, ws));
  buf[n - 1] = 0; /* halfcomplex: the Nyquist value (n even) or the top pair's imaginary part */
  if (n % 2 == 1) buf[n - 2] = 0;
  MLF_WATCHED("gsl_fft_halfcomplex_inverse", gsl_fft_halfcomplex_inverse(buf, 1, n, hw, ws));
  double l = 0;
  for (size_t i = 0; i < n; i++) l += (s[i] - buf[i]) * (s[i] - buf[i]);
  return l;
}

typedef struct {
  double loss[MAX_N + 1], closed[MAX_N + 1], tol[MAX_N + 1], variance[MAX_N + 1];
  size_t n_max;
} curve;

/* The curve over the scaled values s (n of them, time order); 0, or -1 when out of memory. */
static int loss_curve(const double *s, size_t n, curve *cv) {
  double *buf = malloc(MAX_N * sizeof *buf);
  if (!buf) return -1;
  cv->n_max = n < MAX_N ? n : MAX_N;
  for (size_t N = MIN_N; N <= cv->n_max; N++) {
    gsl_fft_real_wavetable *rw = gsl_fft_real_wavetable_alloc(N);
    gsl_fft_halfcomplex_wavetable *hw = gsl_fft_halfcomplex_wavetable_alloc(N);
    gsl_fft_real_workspace *ws = gsl_fft_real_workspace_alloc(N);
    size_t count = n - N + 1;
    cv->loss[N] = cv->closed[N] = cv->tol[N] = cv->variance[N] = 0;
    for (size_t w = 0; rw && hw && ws && w < count; w++) {
      const double *x = s + w;
      double l = fft_loss(x, N, rw, hw, ws, buf), norm2 = 0, mean = 0, var = 0;
      for (size_t i = 0; i < N; i++) norm2 += x[i] * x[i], mean += x[i] / (double)N;
      for (size_t i = 0; i < N; i++) var += (x[i] - mean) * (x[i] - mean);
      double e = 16 * (double)N * (1 + log2((double)N)) * MLF_U_DOUBLE * sqrt(norm2);
      double scale = (double)count * (double)N;
      cv->loss[N] += l / scale;
      cv->closed[N] += band_energy(x, N) / scale;
      cv->tol[N] += (2 * sqrt(l) * e + e * e) / scale;
      cv->variance[N] += var / scale;
    }
    gsl_fft_real_wavetable_free(rw), gsl_fft_halfcomplex_wavetable_free(hw);
    gsl_fft_real_workspace_free(ws);
  }
  free(buf);
  return 0;
}

/* Where the curve stops falling: the first N whose drop to N + 2 (same parity, so the
 * even/odd zigzag of the band's width cancels) is at most a tenth of the largest drop. */
static size_t knee(const curve *cv) {
  double widest = 0;
  for (size_t N = MIN_N; N + 2 <= cv->n_max; N++)
    widest = fmax(widest, fabs(cv->loss[N] - cv->loss[N + 2]));
  for (size_t N = MIN_N; N + 2 <= cv->n_max; N++)
    if (fabs(cv->loss[N] - cv->loss[N + 2]) <= widest / 10) return N;
  return MIN_N;
}

/* The subject's windows of length N must be the scaled values, in order, bit for bit. */
static void check_windows(forecast_mr_ctx *c, const float *s, size_t n, size_t N) {
  forecast_params q = *c->p;
  q.time_steps = (unsigned)(N - 1), q.horizon = 1;
  size_t count = n - N + 1;
  float *in = malloc(count * (N - 1) * sizeof *in), *tg = malloc(count * sizeof *tg);
  if (in && tg &&
      forecast_mr_expect_ok(c, "windows",
                            forecast_windows(c->valid, &c->source->model.scaler, &q, in, tg))) {
    for (size_t w = 0; w < count && !c->violated; w++)
      for (size_t t = 0; t < N; t++) {
        float got = t + 1 < N ? in[w * (N - 1) + t] : tg[w];
        if (memcmp(&got, &s[w + t], sizeof got) != 0) {
          forecast_mr_violation(c, "windows", "window %zu of length %zu, value %zu: %.9g, the "
                                "scaled series has %.9g", w, N, t, got, s[w + t]);
          break;
        }
      }
  }
  free(in), free(tg);
}

/* Window counts fall by one per extra time step until no window is left. */
static void check_counts(forecast_mr_ctx *c, size_t n) {
  forecast_params q = *c->p;
  for (unsigned T = 1; T <= FORECAST_MAX_TIME_STEPS; T++) {
    q.time_steps = T;
    size_t span = (size_t)T + q.horizon, want = n >= span ? n - span + 1 : 0;
    if (forecast_window_count(n, &q) != want) {
      forecast_mr_violation(c, "window-count", "%zu values, T = %u, H = %u: %zu windows, "
                            "expected %zu", n, T, q.horizon, forecast_window_count(n, &q), want);
      return;
    }
  }
}

static void check_curve(forecast_mr_ctx *c, const curve *cv) {
  for (size_t N = MIN_N; N <= cv->n_max; N++) {
    if (!(fabs(cv->loss[N] - cv->closed[N]) <= cv->tol[N]))
      forecast_mr_violation(c, "curve-parseval", "Loss[%zu] = %.17g by FFT, %.17g by Parseval "
                            "(tolerance %.3g)", N, cv->loss[N], cv->closed[N], cv->tol[N]);
    else if (!(cv->loss[N] >= -cv->tol[N] && cv->loss[N] <= cv->variance[N] + cv->tol[N]))
      forecast_mr_violation(c, "curve-bounds", "Loss[%zu] = %.17g outside [0, %.17g]", N,
                            cv->loss[N], cv->variance[N]);
    if (c->violated) return;
  }
}

/* The chosen TIME_STEPS must train on the training data with the right window count. */
static void check_chosen(forecast_mr_ctx *c, size_t T) {
  forecast_params q = *c->p;
  q.time_steps = (unsigned)T;
  size_t span = T + q.horizon;
  if (T > FORECAST_MAX_TIME_STEPS || c->train->n < span) {
    mlf_log(c->run, "%s: chosen TIME_STEPS %zu leaves no training window", c->relation, T);
    return;
  }
  forecast_model m;
  forecast_training t;
  forecast_status st = forecast_train(c->train, &q, &m, &t);
  if (forecast_mr_expect_ok(c, "train-chosen", st)) {
    if (t.windows != c->train->n - span + 1)
      forecast_mr_violation(c, "window-count", "TIME_STEPS %zu: %zu training windows, expected "
                            "%zu", T, t.windows, c->train->n - span + 1);
    forecast_model_free(&m);
  }
}

void forecast_mr8_time_steps(forecast_mr_ctx *c) {
  size_t n = c->valid->n;
  check_counts(c, c->train->n);
  if (!c->violated) check_counts(c, n);
  if (c->violated || n < MIN_N) return;
  const forecast_scaler *sc = &c->source->model.scaler;
  double *v = malloc(n * sizeof *v), *s = malloc(n * sizeof *s);
  float *sf = malloc(n * sizeof *sf);
  curve *cv = malloc(sizeof *cv);
  if (v && s && sf && cv) {
    forecast_ordered(c->valid, v);
    for (size_t i = 0; i < n; i++) sf[i] = (float)((v[i] - sc->min) / sc->range), s[i] = sf[i];
    for (size_t N = MIN_N; N <= n && N <= MAX_N && !c->violated; N++) check_windows(c, sf, n, N);
    if (!c->violated && loss_curve(s, n, cv) == 0) {
      check_curve(c, cv);
      size_t T = knee(cv);
      mlf_log(c->run, "%s: Loss[5] = %.6g, Loss[%zu] = %.6g; chosen TIME_STEPS %zu", c->relation,
              cv->loss[MIN_N], cv->n_max, cv->loss[cv->n_max], T);
      if (!c->violated) check_chosen(c, T);
    }
  }
  free(v), free(s), free(sf), free(cv);
}
