/* Test helper: a naive float32 interpreter of lowered LEMON graphs (lemon_test_graph.h),
 * in several legitimate evaluation orders and with planted library bugs, to check the
 * reference's rounding bound for soundness and sensitivity. */
#ifndef LEMON_NAIVE_FLOAT_H
#define LEMON_NAIVE_FLOAT_H
#include "lemon_test_graph.h"

enum {
  REVERSE = 1,     /* every sum in reverse order (bias last), folds from the last input */
  ALTERNATE = 2,   /* one-pass variance, folded batch norm, lerp bilinear */
  BUG_BF16 = 4,    /* weights rounded to bfloat16 (a silent precision loss) */
  BUG_PAD = 8,     /* SAME padding applied at the beginning instead of the end */
  BUG_GATES = 16,  /* LSTM gates i and f swapped */
  BUG_ACT = 32,    /* activations off by 1e-4 relative */
  FMA = 64,        /* sums as chains of fused multiply-adds, the LSTM and GRU updates fused */
  BUG_GATE_STEP = 128  /* the gate feeding h (LSTM: o; GRU: the candidate; SIMPLE_RNN: its
                        * only one) of unit planted_unit at step planted_step off by 1e-4
                        * relative */
};

static size_t planted_unit, planted_step;

static float terms[8192];

static float fsum(size_t n, int variant) {
  float s = 0;
  for (size_t k = 0; k < n; k++) s += terms[variant & REVERSE ? n - 1 - k : k];
  return s;
}

static float weight(const lemon_layer *l, size_t k, int variant) {
  float w = l->weights[k];
  if (variant & BUG_BF16) {
    uint32_t b;
    memcpy(&b, &w, 4);
    b = (b + 0x8000) & 0xffff0000u;
    memcpy(&w, &b, 4);
  }
  return w;
}

/* bias then the products w[wk] x[xk] of a gathered list */
static float dot(const lemon_layer *l, float bias, const size_t *wk, const float *xv, size_t n,
                 int variant) {
  if (variant & FMA) {
    float s = bias;
    for (size_t k = 0; k < n; k++) {
      size_t at = variant & REVERSE ? n - 1 - k : k;
      s = fmaf(weight(l, wk[at], variant), xv[at], s);
    }
    return s;
  }
  terms[0] = bias;
  for (size_t k = 0; k < n; k++) terms[k + 1] = weight(l, wk[k], variant) * xv[k];
  return fsum(n + 1, variant);
}

static size_t gw[8192];
static float gx[8192];

static float naive_act(const lemon_layer *l, float x, int variant) {
  float y = act_f(l->act, x, (float)l->act_alpha, (float)l->act_beta);
  return variant & BUG_ACT && l->act != A(LINEAR) ? y * (1 + 1e-4f) : y;
}

static void naive_window(const lemon_layer *l, const float *x, float *y, int variant) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], c = in->dim[2], k = l->kernel, s = l->geo.stride;
  size_t d = l->kind == K(CONV2D) || l->kind == K(DEPTHWISE_CONV2D) ? l->geo.dilation : 1;
  long pt = variant & BUG_PAD ? l->geo.pad_bottom : l->geo.pad_top;
  long pl = variant & BUG_PAD ? l->geo.pad_right : l->geo.pad_left;
  size_t oc = out->dim[2];
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t o = 0; o < oc; o++) {
        size_t n = 0;
        float mx = -INFINITY;
        for (size_t ky = 0; ky < k; ky++)
          for (size_t kx = 0; kx < k; kx++) {
            long iy = (long)(oy * s + ky * d) - pt, ix = (long)(ox * s + kx * d) - pl;
            if (iy < 0 || ix < 0 || iy >= (long)h || ix >= (long)w) continue;
            size_t at = ((size_t)iy * w + (size_t)ix) * c;
            if (l->kind == K(CONV2D)) {
              for (size_t i = 0; i < c; i++) gw[n] = ((o * k + ky) * k + kx) * c + i, gx[n++] = x[at + i];
            } else if (l->kind == K(DEPTHWISE_CONV2D)) {
              gw[n] = (o * k + ky) * k + kx, gx[n++] = x[at + o];
            } else {
              terms[n++] = x[at + o], mx = fmaxf(mx, x[at + o]);
            }
          }
        float *dst = &y[(oy * out->dim[1] + ox) * oc + o];
        if (l->kind == K(MAX_POOL2D)) *dst = mx;
        else if (l->kind == K(AVG_POOL2D)) *dst = fsum(n, variant) / (float)n;
        else *dst = dot(l, l->bias[o], gw, gx, n, variant);
      }
}

static void naive_deconv(const lemon_layer *l, const float *x, float *y, int variant) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], c = in->dim[2], k = l->kernel, s = l->geo.stride;
  size_t oc = out->dim[2];
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t o = 0; o < oc; o++) {
        size_t n = 0;
        for (size_t iy = 0; iy < h; iy++)
          for (size_t ix = 0; ix < w; ix++) {
            long ky = (long)oy - (long)(iy * s), kx = (long)ox - (long)(ix * s);
            if (ky < 0 || kx < 0 || ky >= (long)k || kx >= (long)k) continue;
            for (size_t i = 0; i < c; i++)
              gw[n] = ((o * k + (size_t)ky) * k + (size_t)kx) * c + i, gx[n++] = x[(iy * w + ix) * c + i];
          }
        y[(oy * out->dim[1] + ox) * oc + o] = dot(l, l->bias[o], gw, gx, n, variant);
      }
}

static void naive_norm(const lemon_layer *l, const float *x, float *y, int variant) {
  size_t c = l->in[0]->dim[l->in[0]->rank - 1], n = lemon_shape_elements(l->in[0]);
  const float *p = l->weights;
  for (size_t row = 0; row < n / c; row++) {
    const float *xr = x + row * c;
    float *yr = y + row * c;
    if (l->kind == K(BATCH_NORM)) {
      for (size_t k = 0; k < c; k++) {
        float a = p[2 * c + k] / sqrtf(p[c + k] + 1e-3f);
        yr[k] = variant & ALTERNATE ? xr[k] * a + (p[3 * c + k] - p[k] * a)
                                    : p[2 * c + k] * (xr[k] - p[k]) / sqrtf(p[c + k] + 1e-3f) + p[3 * c + k];
      }
    } else if (l->kind == K(LAYER_NORM)) {
      for (size_t k = 0; k < c; k++) terms[k] = xr[k];
      float mu = fsum(c, variant) / (float)c, var;
      for (size_t k = 0; k < c; k++)
        terms[k] = variant & ALTERNATE ? xr[k] * xr[k] : (xr[k] - mu) * (xr[k] - mu);
      var = fsum(c, variant) / (float)c;
      if (variant & ALTERNATE) var -= mu * mu;
      float r = 1 / sqrtf(var + 1e-3f);
      for (size_t k = 0; k < c; k++) yr[k] = p[k] * ((xr[k] - mu) * r) + p[c + k];
    } else if (l->kind == K(LRN)) {
      long half = (long)(l->kernel - 1) / 2;
      for (long k = 0; k < (long)c; k++) {
        size_t m = 0;
        for (long j = k - half; j <= k + half; j++)
          if (j >= 0 && j < (long)c) terms[m++] = xr[j] * xr[j];
        float d = 1 + (float)(l->alpha / l->kernel) * fsum(m, variant);
        yr[k] = xr[k] / powf(d, (float)l->beta);
      }
    } else {  /* SOFTMAX, LOG_SOFTMAX */
      float m = xr[0];
      for (size_t k = 1; k < c; k++) m = fmaxf(m, xr[k]);
      for (size_t k = 0; k < c; k++) terms[k] = expf(xr[k] - m);
      float e[64];
      memcpy(e, terms, c * sizeof(float));
      float s = fsum(c, variant);
      for (size_t k = 0; k < c; k++) yr[k] = l->kind == K(SOFTMAX) ? e[k] / s : xr[k] - m - logf(s);
    }
  }
}

static float naive_sigmoid(float x) { return 1 / (1 + expf(-x)); }

/* 1 + 1e-4 where BUG_GATE_STEP plants its error, else 1. */
static float planted(int variant, size_t t, size_t j) {
  return variant & BUG_GATE_STEP && t == planted_step && j == planted_unit ? 1 + 1e-4f : 1;
}

static void naive_rnn(const lemon_layer *l, const float *x, float *y, int variant) {
  size_t tl = l->in[0]->dim[0], f = l->in[0]->dim[1], u = l->units;
  size_t gates = l->kind == K(LSTM) ? 4 : l->kind == K(GRU) ? 3 : 1;
  float h[64] = {0}, c[64] = {0}, g[256], rh[64];
  for (size_t t = 0; t < tl; t++) {
    /* pre-activations from x and h (GRU's candidate row from r h, below) */
    for (size_t q = 0; q < gates * u; q++) {
      size_t n = 0;
      for (size_t k = 0; k < f; k++) gw[n] = q * f + k, gx[n++] = x[t * f + k];
      for (size_t k = 0; k < u; k++) gw[n] = gates * u * f + q * u + k, gx[n++] = h[k];
      g[q] = dot(l, l->bias[q], gw, gx, n, variant);
    }
    for (size_t j = 0; j < u; j++) {
      if (gates == 4) {
        size_t gi = variant & BUG_GATES ? u + j : j, gf = variant & BUG_GATES ? j : u + j;
        float ig = naive_sigmoid(g[gi]) * tanhf(g[2 * u + j]);
        c[j] = variant & FMA ? fmaf(naive_sigmoid(g[gf]), c[j], ig) : naive_sigmoid(g[gf]) * c[j] + ig;
      } else if (gates == 3) {
        rh[j] = naive_sigmoid(g[u + j]) * h[j];
      }
    }
    for (size_t j = 0; j < u; j++) {
      if (gates == 4) {
        h[j] = naive_sigmoid(g[3 * u + j]) * planted(variant, t, j) * tanhf(c[j]);
      } else if (gates == 3) {
        size_t n = 0, q = 2 * u + j;
        for (size_t k = 0; k < f; k++) gw[n] = q * f + k, gx[n++] = x[t * f + k];
        for (size_t k = 0; k < u; k++) gw[n] = gates * u * f + q * u + k, gx[n++] = rh[k];
        float o = tanhf(dot(l, l->bias[q], gw, gx, n, variant)) * planted(variant, t, j);
        float z = naive_sigmoid(g[j]);
        /* the new state, kept in the spent u gate; ALTERNATE: o + z (h - o) */
        if (variant & ALTERNATE) g[j] = variant & FMA ? fmaf(z, h[j] - o, o) : o + z * (h[j] - o);
        else g[j] = variant & FMA ? fmaf(z, h[j], (1 - z) * o) : z * h[j] + (1 - z) * o;
      } else {
        h[j] = tanhf(g[j]) * planted(variant, t, j);
      }
    }
    if (gates == 3)
      for (size_t j = 0; j < u; j++) h[j] = g[j];
    if (l->return_sequences || t + 1 == tl)
      for (size_t j = 0; j < u; j++) y[(l->return_sequences ? t * u : 0) + j] = h[j];
  }
}

static void naive_resize(const lemon_layer *l, const float *x, float *y, int variant) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], c = in->dim[2], f = l->kernel;
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t ch = 0; ch < c; ch++) {
        float *dst = &y[(oy * out->dim[1] + ox) * c + ch];
        if (l->alpha == 0) { *dst = x[((oy / f) * w + ox / f) * c + ch]; continue; }
        float sy = fminf(fmaxf((oy + 0.5f) / (float)f - 0.5f, 0), (float)(h - 1));
        float sx = fminf(fmaxf((ox + 0.5f) / (float)f - 0.5f, 0), (float)(w - 1));
        size_t y0 = (size_t)sy, x0 = (size_t)sx, y1 = y0 + 1 < h ? y0 + 1 : y0, x1 = x0 + 1 < w ? x0 + 1 : x0;
        float wy = sy - (float)y0, wx = sx - (float)x0;
        float a = x[(y0 * w + x0) * c + ch], b = x[(y0 * w + x1) * c + ch];
        float cc = x[(y1 * w + x0) * c + ch], d = x[(y1 * w + x1) * c + ch];
        if (variant & ALTERNATE) {
          float top = a + (b - a) * wx, bottom = cc + (d - cc) * wx;
          *dst = top + (bottom - top) * wy;
        } else {
          *dst = (1 - wy) * (1 - wx) * a + (1 - wy) * wx * b + wy * (1 - wx) * cc + wy * wx * d;
        }
      }
}

static void naive_merge(const lemon_layer *l, const float *const *x, float *y, int variant) {
  size_t n = lemon_shape_elements(&l->geo.out), m = l->geo.n_inputs;
  if (l->kind == K(CONCAT)) {
    size_t wo = l->geo.out.dim[l->geo.out.rank - 1], at = 0;
    for (size_t r = 0; r < n / wo; r++)
      for (size_t k = 0; k < m; k++) {
        size_t wk = l->in[k]->dim[l->in[k]->rank - 1];
        for (size_t j = 0; j < wk; j++) y[at++] = x[k][r * wk + j];
      }
    return;
  }
  for (size_t i = 0; i < n; i++) {
    float v = x[variant & REVERSE ? m - 1 : 0][i];
    for (size_t k = 1; k < m; k++) {
      float o = x[variant & REVERSE ? m - 1 - k : k][i];
      v = l->kind == K(ADD) ? v + o : l->kind == K(MULTIPLY) ? v * o : fmaxf(v, o);
    }
    y[i] = v;
  }
}

static void naive_layer(const lemon_layer *l, const float *const *x, float *y, int variant) {
  size_t n = lemon_shape_elements(&l->geo.out);
  switch (l->kind) {
  case K(DENSE): {
    size_t f = l->in[0]->dim[l->in[0]->rank - 1];
    for (size_t r = 0; r < n / l->units; r++)
      for (size_t o = 0; o < l->units; o++) {
        for (size_t k = 0; k < f; k++) gw[k] = o * f + k, gx[k] = x[0][r * f + k];
        y[r * l->units + o] = dot(l, l->bias[o], gw, gx, f, variant);
      }
    break;
  }
  case K(CONV2D): case K(DEPTHWISE_CONV2D): case K(MAX_POOL2D): case K(AVG_POOL2D):
    naive_window(l, x[0], y, variant);
    break;
  case K(DECONV2D): naive_deconv(l, x[0], y, variant); break;
  case K(GLOBAL_AVG_POOL2D): case K(REDUCE_MEAN): {
    size_t c = l->in[0]->dim[2], hw = lemon_shape_elements(l->in[0]) / c;
    for (size_t ch = 0; ch < c; ch++) {
      for (size_t p = 0; p < hw; p++) terms[p] = x[0][p * c + ch];
      y[ch] = fsum(hw, variant) / (float)hw;
    }
    break;
  }
  case K(BATCH_NORM): case K(LAYER_NORM): case K(LRN): case K(SOFTMAX): case K(LOG_SOFTMAX):
    naive_norm(l, x[0], y, variant);
    break;
  case K(ADD): case K(MULTIPLY): case K(MAXIMUM): case K(CONCAT):
    naive_merge(l, x, y, variant);
    break;
  case K(RESIZE): naive_resize(l, x[0], y, variant); break;
  case K(LSTM): case K(GRU): case K(SIMPLE_RNN): naive_rnn(l, x[0], y, variant); break;
  default: memcpy(y, x[0], n * sizeof(float)); break;
  }
  for (size_t i = 0; i < n; i++) y[i] = naive_act(l, y[i], variant);
}

/* Every layer's output of the naive float run, batch items one after the other. */
static float **naive_run(const tg *t, int variant) {
  float **out = calloc(t->m.n_layers, sizeof *out);
  for (size_t i = 0; i < t->m.n_layers; i++) {
    const lemon_layer *l = &t->layers[i];
    size_t n_out = lemon_shape_elements(&l->geo.out);
    out[i] = calloc(t->g.batch * n_out, sizeof(float));
    for (uint32_t b = 0; b < t->g.batch; b++) {
      const float *x[LEMON_MAX_LAYER_INPUTS];
      for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
        uint32_t ref = l->geo.inputs[k];
        const float *base = ref == 0 ? t->g.input_data : out[ref - 1];
        x[k] = base + b * lemon_shape_elements(l->in[k]);
      }
      naive_layer(l, x, out[i] + b * n_out, variant);
    }
  }
  return out;
}

static void naive_free(const tg *t, float **out) {
  for (size_t i = 0; i < t->m.n_layers; i++) free(out[i]);
  free(out);
}
#endif
