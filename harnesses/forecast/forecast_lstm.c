/* The LSTM forecaster (see forecast_lstm.h): time ordering, min-max scaling, sliding windows,
 * an LSTM layer with a dense head, BPTT training with SGD. Matrix products go through the
 * BLAS (forecast_blas.h); elementwise work is plain C. Self-contained apart from the BLAS:
 * this is the file the mutation-score evaluation mutates. */
#include "forecast_lstm.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_blas.h"
#include "mlf_rng.h"

#define GATES 4          /* i, f, g, o */
#define CLIP_NORM 1.0f   /* gradients are scaled down to this norm */

const char *forecast_status_name(forecast_status s) {
  switch (s) {
    case FORECAST_OK: return "ok";
    case FORECAST_TOO_SHORT: return "too-short";
    case FORECAST_BAD_PARAMS: return "bad-params";
    case FORECAST_NOT_FINITE: return "not-finite";
    case FORECAST_DUPLICATE_TIME: return "duplicate-time";
    case FORECAST_NO_MEMORY: return "no-memory";
  }
  return "unknown";
}

size_t forecast_window_count(size_t n, const forecast_params *p) {
  size_t span = (size_t)p->time_steps + p->horizon;
  return n < span ? 0 : n - span + 1;
}

forecast_status forecast_check_params(const forecast_params *p) {
  if (p->time_steps == 0 || p->time_steps > FORECAST_MAX_TIME_STEPS) return FORECAST_BAD_PARAMS;
  if (p->horizon == 0 || p->horizon > FORECAST_MAX_HORIZON) return FORECAST_BAD_PARAMS;
  if (p->batch == 0 || p->batch > FORECAST_MAX_BATCH) return FORECAST_BAD_PARAMS;
  if (p->hidden == 0 || p->hidden > FORECAST_MAX_HIDDEN) return FORECAST_BAD_PARAMS;
  if (p->epochs > FORECAST_MAX_EPOCHS) return FORECAST_BAD_PARAMS;
  if (!(p->learning_rate > 0 && p->learning_rate <= 1)) return FORECAST_BAD_PARAMS;
  return FORECAST_OK;
}

/* ---- data: time order, scaling, windows ------------------------------------------------ */

typedef struct {
  double time, value;
} row;

static int by_time(const void *a, const void *b) {
  double x = ((const row *)a)->time, y = ((const row *)b)->time;
  return (x > y) - (x < y);
}

/* The values of s in time order (malloc'ed, n values), or an error status. */
static forecast_status ordered_values(const forecast_series *s, double **out) {
  *out = NULL;
  for (size_t i = 0; i < s->n; i++)
    if (!isfinite(s->value[i]) || (s->time && !isfinite(s->time[i]))) return FORECAST_NOT_FINITE;
  double *v = malloc((s->n ? s->n : 1) * sizeof *v);
  if (!v) return FORECAST_NO_MEMORY;
  if (!s->time) {
    memcpy(v, s->value, s->n * sizeof *v);
    *out = v;
    return FORECAST_OK;
  }
  row *rows = malloc((s->n ? s->n : 1) * sizeof *rows);
  if (!rows) {
    free(v);
    return FORECAST_NO_MEMORY;
  }
  for (size_t i = 0; i < s->n; i++) rows[i] = (row){s->time[i], s->value[i]};
  qsort(rows, s->n, sizeof *rows, by_time);
  forecast_status st = FORECAST_OK;
  for (size_t i = 0; i < s->n; i++) {
    if (i > 0 && rows[i].time == rows[i - 1].time) st = FORECAST_DUPLICATE_TIME;
    v[i] = rows[i].value;
  }
  free(rows);
  if (st != FORECAST_OK) {
    free(v);
    return st;
  }
  *out = v;
  return FORECAST_OK;
}

forecast_status forecast_fit_scaler(const forecast_series *s, forecast_scaler *sc) {
  if (s->n == 0) return FORECAST_TOO_SHORT;
  double lo = s->value[0], hi = s->value[0];
  for (size_t i = 0; i < s->n; i++) {
    if (!isfinite(s->value[i])) return FORECAST_NOT_FINITE;
    if (s->value[i] < lo) lo = s->value[i];
    if (s->value[i] > hi) hi = s->value[i];
  }
  double range = hi - lo;
  if (!isfinite(range)) return FORECAST_NOT_FINITE;
  sc->min = lo;
  sc->range = range > 0 ? range : 1.0;
  return FORECAST_OK;
}

double forecast_scale(const forecast_scaler *sc, double x) { return (x - sc->min) / sc->range; }

double forecast_descale(const forecast_scaler *sc, double s) { return s * sc->range + sc->min; }

/* Scaled windows of the ordered values v[0..n). */
static forecast_status make_windows(const double *v, size_t n, const forecast_scaler *sc,
                                    const forecast_params *p, float *inputs, float *targets) {
  size_t count = forecast_window_count(n, p), T = p->time_steps, H = p->horizon;
  for (size_t w = 0; w < count; w++) {
    for (size_t t = 0; t < T + H; t++) {
      double s = forecast_scale(sc, v[w + t]);
      if (!(fabs(s) <= FLT_MAX)) return FORECAST_NOT_FINITE;
      if (t < T) inputs[w * T + t] = (float)s;
      else targets[w * H + t - T] = (float)s;
    }
  }
  return FORECAST_OK;
}

forecast_status forecast_windows(const forecast_series *s, const forecast_scaler *sc,
                                 const forecast_params *p, float *inputs, float *targets) {
  double *v;
  forecast_status st = ordered_values(s, &v);
  if (st != FORECAST_OK) return st;
  st = make_windows(v, s->n, sc, p, inputs, targets);
  free(v);
  return st;
}

/* ---- the network ------------------------------------------------------------------------ */

/* Buffers of a forward and backward pass over up to cap windows. Per step t of a batch of nb
 * windows: z[t] is nb x (1 + hidden), the rows [x_t, h_{t-1}]; act[t] is nb x 4 hidden, the
 * gate activations; c[t + 1] and tc[t] are the cell state and its tanh after step t, hs[t + 1]
 * the hidden state (c[0] = hs[0] = 0). Steps are stored contiguously (offset t * nb rows), so
 * z and dact of all steps form one (T nb)-row matrix for the weight gradient. */
typedef struct {
  size_t cap;
  unsigned T, U, H, K; /* steps, hidden units, horizon, K = 1 + U */
  float *z, *act, *c, *tc, *hs, *out, *dact, *dz, *dh, *dc, *dout, *grad;
} workspace;

static void workspace_free(workspace *ws) {
  free(ws->z), free(ws->act), free(ws->c), free(ws->tc), free(ws->hs), free(ws->out);
  free(ws->dact), free(ws->dz), free(ws->dh), free(ws->dc), free(ws->dout), free(ws->grad);
  memset(ws, 0, sizeof *ws);
}

static forecast_status workspace_alloc(workspace *ws, const forecast_model *m, size_t cap) {
  memset(ws, 0, sizeof *ws);
  ws->cap = cap;
  ws->T = m->p.time_steps, ws->U = m->p.hidden, ws->H = m->p.horizon, ws->K = 1 + m->p.hidden;
  size_t T = ws->T, U = ws->U, K = ws->K;
  ws->z = calloc(T * cap * K, sizeof(float));
  ws->act = calloc(T * cap * GATES * U, sizeof(float));
  ws->c = calloc((T + 1) * cap * U, sizeof(float));
  ws->tc = calloc(T * cap * U, sizeof(float));
  ws->hs = calloc((T + 1) * cap * U, sizeof(float));
  ws->out = calloc(cap * ws->H, sizeof(float));
  ws->dact = calloc(T * cap * GATES * U, sizeof(float));
  ws->dz = calloc(cap * K, sizeof(float));
  ws->dh = calloc(cap * U, sizeof(float));
  ws->dc = calloc(cap * U, sizeof(float));
  ws->dout = calloc(cap * ws->H, sizeof(float));
  ws->grad = calloc(m->n_param, sizeof(float));
  if (!ws->z || !ws->act || !ws->c || !ws->tc || !ws->hs || !ws->out || !ws->dact || !ws->dz ||
      !ws->dh || !ws->dc || !ws->dout || !ws->grad) {
    workspace_free(ws);
    return FORECAST_NO_MEMORY;
  }
  return FORECAST_OK;
}

static float sigmoid(float a) { return 1.0f / (1.0f + expf(-a)); }

/* tanh through one expf (libm's tanhf costs several times more): 1 - 2 / (e^2a + 1), exact
 * limits +-1 when e^2a overflows or vanishes; absolute error a few float ulps of 1. */
static float tanh_fast(float a) { return 1.0f - 2.0f / (expf(2.0f * a) + 1.0f); }

/* Forward pass of nb windows x (nb x T scaled inputs): fills z, act, c, tc, hs and out. */
static void forward(const forecast_model *m, workspace *ws, const float *x, size_t nb) {
  size_t T = ws->T, U = ws->U, K = ws->K, G = GATES * U, H = ws->H;
  memset(ws->c, 0, nb * U * sizeof(float));
  memset(ws->hs, 0, nb * U * sizeof(float));
  for (size_t t = 0; t < T; t++) {
    float *z = ws->z + t * nb * K, *a = ws->act + t * nb * G;
    const float *h_prev = ws->hs + t * nb * U, *c_prev = ws->c + t * nb * U;
    float *c = ws->c + (t + 1) * nb * U, *h = ws->hs + (t + 1) * nb * U, *tc = ws->tc + t * nb * U;
    for (size_t r = 0; r < nb; r++) {
      z[r * K] = x[r * T + t];
      memcpy(z + r * K + 1, h_prev + r * U, U * sizeof(float));
      memcpy(a + r * G, m->b, G * sizeof(float));
    }
    forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_NO_TRANS, FORECAST_NO_TRANS, (int)nb, (int)G,
                   (int)K, 1.0f, z, (int)K, m->w, (int)G, 1.0f, a, (int)G);
    for (size_t r = 0; r < nb; r++) {
      float *ar = a + r * G;
      for (size_t j = 0; j < U; j++) {
        float i = sigmoid(ar[j]), f = sigmoid(ar[U + j]), g = tanh_fast(ar[2 * U + j]);
        float o = sigmoid(ar[3 * U + j]);
        ar[j] = i, ar[U + j] = f, ar[2 * U + j] = g, ar[3 * U + j] = o;
        float cell = f * c_prev[r * U + j] + i * g;
        c[r * U + j] = cell;
        tc[r * U + j] = tanh_fast(cell);
        h[r * U + j] = o * tc[r * U + j];
      }
    }
  }
  for (size_t r = 0; r < nb; r++) memcpy(ws->out + r * H, m->bd, H * sizeof(float));
  forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_NO_TRANS, FORECAST_NO_TRANS, (int)nb, (int)H,
                 (int)U, 1.0f, ws->hs + T * nb * U, (int)U, m->wd, (int)H, 1.0f, ws->out, (int)H);
}

/* Backpropagation through time of dout (nb x H, the loss's derivative by out) after forward()
 * on the same windows: adds the parameter gradient to ws->grad and, when dx is given, stores
 * the derivative by each input value (nb x T). */
static void backward(const forecast_model *m, workspace *ws, size_t nb, float *dx) {
  size_t T = ws->T, U = ws->U, K = ws->K, G = GATES * U, H = ws->H;
  size_t off_b = K * G, off_wd = off_b + G, off_bd = off_wd + U * H;
  float *g = ws->grad;
  forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_TRANS, FORECAST_NO_TRANS, (int)U, (int)H, (int)nb,
                 1.0f, ws->hs + T * nb * U, (int)U, ws->dout, (int)H, 1.0f, g + off_wd, (int)H);
  for (size_t r = 0; r < nb; r++)
    for (size_t k = 0; k < H; k++) g[off_bd + k] += ws->dout[r * H + k];
  forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_NO_TRANS, FORECAST_TRANS, (int)nb, (int)U, (int)H,
                 1.0f, ws->dout, (int)H, m->wd, (int)H, 0.0f, ws->dh, (int)U);
  memset(ws->dc, 0, nb * U * sizeof(float));
  for (size_t t = T; t-- > 0;) {
    const float *a = ws->act + t * nb * G, *c_prev = ws->c + t * nb * U, *tc = ws->tc + t * nb * U;
    float *da = ws->dact + t * nb * G;
    for (size_t r = 0; r < nb; r++) {
      for (size_t j = 0; j < U; j++) {
        const float *ar = a + r * G;
        float i = ar[j], f = ar[U + j], gg = ar[2 * U + j], o = ar[3 * U + j];
        float th = tc[r * U + j], dh = ws->dh[r * U + j];
        float dcell = ws->dc[r * U + j] + dh * o * (1.0f - th * th);
        float *dr = da + r * G;
        dr[j] = dcell * gg * i * (1.0f - i);
        dr[U + j] = dcell * c_prev[r * U + j] * f * (1.0f - f);
        dr[2 * U + j] = dcell * i * (1.0f - gg * gg);
        dr[3 * U + j] = dh * th * o * (1.0f - o);
        ws->dc[r * U + j] = dcell * f;
      }
    }
    forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_NO_TRANS, FORECAST_TRANS, (int)nb, (int)K, (int)G,
                   1.0f, da, (int)G, m->w, (int)G, 0.0f, ws->dz, (int)K);
    for (size_t r = 0; r < nb; r++) {
      if (dx) dx[r * T + t] = ws->dz[r * K];
      memcpy(ws->dh + r * U, ws->dz + r * K + 1, U * sizeof(float));
    }
  }
  forecast_sgemm(FORECAST_ROW_MAJOR, FORECAST_TRANS, FORECAST_NO_TRANS, (int)K, (int)G,
                 (int)(T * nb), 1.0f, ws->z, (int)K, ws->dact, (int)G, 1.0f, g, (int)G);
  for (size_t r = 0; r < T * nb; r++)
    for (size_t j = 0; j < G; j++) g[off_b + j] += ws->dact[r * G + j];
}

/* ---- model -------------------------------------------------------------------------------- */

void forecast_model_free(forecast_model *m) {
  free(m->param);
  memset(m, 0, sizeof *m);
}

/* Uniform in [-limit, limit). */
static float uniform(mlf_rng *r, double limit) {
  return (float)((2.0 * mlf_rng_unit(r) - 1.0) * limit);
}

/* Glorot-uniform weights, zero biases except the forget gate's (1, so that early training
 * keeps the cell state), as Keras initialises an LSTM. */
static forecast_status model_init(forecast_model *m, const forecast_params *p, mlf_rng *rng) {
  size_t U = p->hidden, K = 1 + U, G = GATES * U, H = p->horizon;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->n_param = K * G + G + U * H + H;
  m->param = calloc(m->n_param, sizeof(float));
  if (!m->param) return FORECAST_NO_MEMORY;
  m->w = m->param, m->b = m->w + K * G, m->wd = m->b + G, m->bd = m->wd + U * H;
  double lw = sqrt(6.0 / (double)(K + G)), ld = sqrt(6.0 / (double)(U + H));
  for (size_t i = 0; i < K * G; i++) m->w[i] = uniform(rng, lw);
  for (size_t j = 0; j < U; j++) m->b[U + j] = 1.0f;
  for (size_t i = 0; i < U * H; i++) m->wd[i] = uniform(rng, ld);
  return FORECAST_OK;
}

/* Mean squared error of the model over count windows, batched through the workspace. */
static double mean_loss(const forecast_model *m, workspace *ws, const float *x, const float *y,
                        size_t count) {
  size_t T = m->p.time_steps, H = m->p.horizon;
  double sum = 0;
  for (size_t w0 = 0; w0 < count; w0 += ws->cap) {
    size_t nb = count - w0 < ws->cap ? count - w0 : ws->cap;
    forward(m, ws, x + w0 * T, nb);
    for (size_t i = 0; i < nb * H; i++) {
      double d = (double)ws->out[i] - y[w0 * H + i];
      sum += d * d;
    }
  }
  return sum / ((double)count * H);
}

/* One SGD step on the windows order[0..nb): forward, backward, clipped update. */
static void train_batch(forecast_model *m, workspace *ws, const float *x, const float *y,
                        const size_t *order, size_t nb, float *bx, float *by) {
  size_t T = m->p.time_steps, H = m->p.horizon;
  for (size_t r = 0; r < nb; r++) {
    memcpy(bx + r * T, x + order[r] * T, T * sizeof(float));
    memcpy(by + r * H, y + order[r] * H, H * sizeof(float));
  }
  forward(m, ws, bx, nb);
  float scale = 2.0f / (float)(nb * H);
  for (size_t i = 0; i < nb * H; i++) ws->dout[i] = scale * (ws->out[i] - by[i]);
  memset(ws->grad, 0, m->n_param * sizeof(float));
  backward(m, ws, nb, NULL);
  float norm = forecast_snrm2((int)m->n_param, ws->grad, 1);
  float step = (float)m->p.learning_rate * (norm > CLIP_NORM ? CLIP_NORM / norm : 1.0f);
  forecast_saxpy((int)m->n_param, -step, ws->grad, 1, m->param, 1);
}

static void shuffle(size_t *order, size_t n, mlf_rng *rng) {
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)mlf_rng_below(rng, i), t = order[i - 1];
    order[i - 1] = order[j], order[j] = t;
  }
}

/* Training on count scaled windows (x, y): epochs of shuffled mini-batches. */
static forecast_status fit(forecast_model *m, const float *x, const float *y, size_t count,
                           mlf_rng *rng, forecast_training *t) {
  size_t B = m->p.batch, T = m->p.time_steps, H = m->p.horizon;
  size_t cap = count < B ? count : B;
  workspace ws;
  forecast_status st = workspace_alloc(&ws, m, cap);
  if (st != FORECAST_OK) return st;
  size_t *order = malloc(count * sizeof *order);
  float *bx = malloc(cap * T * sizeof(float)), *by = malloc(cap * H * sizeof(float));
  if (!order || !bx || !by) {
    st = FORECAST_NO_MEMORY;
    goto out;
  }
  for (size_t i = 0; i < count; i++) order[i] = i;
  t->windows = count;
  t->batches = (count + B - 1) / B;
  t->initial_loss = mean_loss(m, &ws, x, y, count);
  for (unsigned e = 0; e < m->p.epochs; e++) {
    shuffle(order, count, rng);
    for (size_t w0 = 0; w0 < count; w0 += B)
      train_batch(m, &ws, x, y, order + w0, count - w0 < B ? count - w0 : B, bx, by);
  }
  t->loss = mean_loss(m, &ws, x, y, count);
  if (!isfinite(t->loss)) st = FORECAST_NOT_FINITE;
out:
  free(order), free(bx), free(by);
  workspace_free(&ws);
  return st;
}

/* Ordered values of s and their scaled windows (malloc'ed; *count windows). */
static forecast_status windows_of(const forecast_series *s, const forecast_scaler *sc,
                                  const forecast_params *p, float **x, float **y, size_t *count) {
  *x = *y = NULL;
  *count = forecast_window_count(s->n, p);
  double *v;
  forecast_status st = ordered_values(s, &v);
  if (st != FORECAST_OK) return st;
  if (*count == 0) {
    free(v);
    return FORECAST_TOO_SHORT;
  }
  *x = malloc(*count * p->time_steps * sizeof(float));
  *y = malloc(*count * p->horizon * sizeof(float));
  st = !*x || !*y ? FORECAST_NO_MEMORY : make_windows(v, s->n, sc, p, *x, *y);
  free(v);
  if (st != FORECAST_OK) free(*x), free(*y), *x = *y = NULL;
  return st;
}

forecast_status forecast_train(const forecast_series *train, const forecast_params *p,
                               forecast_model *m, forecast_training *t) {
  forecast_training local;
  if (!t) t = &local;
  memset(t, 0, sizeof *t);
  memset(m, 0, sizeof *m);
  forecast_status st = forecast_check_params(p);
  if (st != FORECAST_OK) return st;
  forecast_scaler sc;
  st = forecast_fit_scaler(train, &sc);
  if (st != FORECAST_OK) return st;
  float *x, *y;
  size_t count;
  st = windows_of(train, &sc, p, &x, &y, &count);
  if (st != FORECAST_OK) return st;
  mlf_rng rng;
  mlf_rng_seed(&rng, p->seed);
  st = model_init(m, p, &rng);
  if (st == FORECAST_OK) {
    m->scaler = sc;
    st = fit(m, x, y, count, &rng, t);
  }
  free(x), free(y);
  if (st != FORECAST_OK) forecast_model_free(m);
  return st;
}

forecast_status forecast_infer(const forecast_model *m, const float *inputs, size_t count,
                               float *hidden_last, float *out) {
  size_t T = m->p.time_steps, U = m->p.hidden, H = m->p.horizon;
  size_t cap = count < FORECAST_MAX_BATCH ? count : FORECAST_MAX_BATCH;
  if (count == 0) return FORECAST_OK;
  workspace ws;
  forecast_status st = workspace_alloc(&ws, m, cap);
  if (st != FORECAST_OK) return st;
  for (size_t w0 = 0; w0 < count; w0 += cap) {
    size_t nb = count - w0 < cap ? count - w0 : cap;
    forward(m, &ws, inputs + w0 * T, nb);
    memcpy(out + w0 * H, ws.out, nb * H * sizeof(float));
    if (hidden_last) memcpy(hidden_last + w0 * U, ws.hs + T * nb * U, nb * U * sizeof(float));
  }
  workspace_free(&ws);
  return FORECAST_OK;
}

forecast_status forecast_validate(const forecast_model *m, const forecast_series *valid,
                                  forecast_validation *v) {
  memset(v, 0, sizeof *v);
  float *x, *y;
  size_t count, H = m->p.horizon;
  forecast_status st = windows_of(valid, &m->scaler, &m->p, &x, &y, &count);
  if (st != FORECAST_OK) return st;
  float *out = malloc(count * H * sizeof(float));
  st = out ? forecast_infer(m, x, count, NULL, out) : FORECAST_NO_MEMORY;
  if (st == FORECAST_OK) {
    double sum = 0;
    for (size_t i = 0; i < count * H; i++) {
      double d = (double)out[i] - y[i];
      sum += d * d;
    }
    v->windows = count;
    v->loss = sum / ((double)count * H);
    for (size_t k = 0; k < H; k++) v->first[k] = forecast_descale(&m->scaler, out[k]);
  }
  free(out), free(x), free(y);
  return st;
}

/* One window in original units, scaled to floats. */
static forecast_status scale_window(const forecast_model *m, const double *window, float *x) {
  for (size_t t = 0; t < m->p.time_steps; t++) {
    double s = forecast_scale(&m->scaler, window[t]);
    if (!(fabs(s) <= FLT_MAX)) return FORECAST_NOT_FINITE;
    x[t] = (float)s;
  }
  return FORECAST_OK;
}

forecast_status forecast_predict(const forecast_model *m, const double *window, double *out) {
  float x[FORECAST_MAX_TIME_STEPS], y[FORECAST_MAX_HORIZON];
  forecast_status st = scale_window(m, window, x);
  if (st == FORECAST_OK) st = forecast_infer(m, x, 1, NULL, y);
  if (st != FORECAST_OK) return st;
  for (size_t k = 0; k < m->p.horizon; k++) out[k] = forecast_descale(&m->scaler, y[k]);
  return FORECAST_OK;
}

forecast_status forecast_input_gradient(const forecast_model *m, const double *window,
                                        unsigned k, double *grad) {
  float x[FORECAST_MAX_TIME_STEPS], dx[FORECAST_MAX_TIME_STEPS];
  if (k >= m->p.horizon) return FORECAST_BAD_PARAMS;
  forecast_status st = scale_window(m, window, x);
  if (st != FORECAST_OK) return st;
  workspace ws;
  st = workspace_alloc(&ws, m, 1);
  if (st != FORECAST_OK) return st;
  forward(m, &ws, x, 1);
  memset(ws.dout, 0, m->p.horizon * sizeof(float));
  ws.dout[k] = 1.0f;
  backward(m, &ws, 1, dx);
  for (size_t t = 0; t < m->p.time_steps; t++) grad[t] = dx[t];
  workspace_free(&ws);
  return FORECAST_OK;
}
