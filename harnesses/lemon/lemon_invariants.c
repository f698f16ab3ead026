/* Semantic invariants of one layer output (lemon_invariants.h). Ranges hold in float: every
 * formula is monotone in results that are themselves in range, and IEEE 754-2019 rounding
 * (clause 4.3) is monotone and keeps representable bounds (0, 1, -1, the float alpha and beta)
 * unchanged, so a correctly computed float result cannot leave them; copies and selections
 * (max, ReLU, clip, abs) involve no rounding at all. */
#include "lemon_invariants.h"
#include <float.h>
#include <math.h>
#include <string.h>

#define ACT(n) MLF__LEMON__ACTIVATION__##n
#define KIND(n) MLF__LEMON__LAYER_KIND__##n

static int activation_range(const lemon_layer *l, double *lo, double *hi) {
  float a = (float)l->act_alpha, b = (float)l->act_beta;
  *lo = -INFINITY, *hi = INFINITY;
  switch (l->act) {
    case ACT(RELU):
      if (a != 0) return 0; /* leaky: alpha x below 0 */
      *lo = 0;
      return 1;
    case ACT(ABS):
    case ACT(SQUARE):
    case ACT(SQRT):
    case ACT(EXP):
    case ACT(SOFT_RELU):
      *lo = 0;
      return 1;
    case ACT(TANH):
      *lo = -1, *hi = 1;
      return 1;
    case ACT(LOGISTIC):
      *lo = 0, *hi = 1;
      return 1;
    case ACT(ELU): /* alpha (e^x - 1) with e^x - 1 >= -1 */
      if (!(a >= 0)) return 0;
      *lo = -a;
      return 1;
    case ACT(BOUNDED_RELU): /* min(alpha, max(x, 0)) */
      *lo = fmin(a, 0), *hi = a;
      return 1;
    case ACT(CLIP): /* min(beta, max(alpha, x)) */
      *lo = fmin(a, b), *hi = b;
      return 1;
    case ACT(LOGSIGMOID):
      *hi = 0;
      return 1;
    default:
      return 0;
  }
}

int lemon_output_range(const lemon_layer *l, double *lo, double *hi) {
  if (l->kind == KIND(ACTIVATION) || l->act != ACT(LINEAR)) return activation_range(l, lo, hi);
  *lo = -INFINITY, *hi = INFINITY;
  switch (l->kind) {
    case KIND(SOFTMAX):
      *lo = 0, *hi = 1;
      return 1;
    case KIND(LOG_SOFTMAX):
      *hi = 0;
      return 1;
    case KIND(LSTM):
    case KIND(GRU):
    case KIND(SIMPLE_RNN):
      *lo = -1, *hi = 1;
      return 1;
    default:
      return 0;
  }
}

static int same_bits(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

static int violated(lemon_violation *v, const char *kind, size_t element, float value) {
  v->kind = kind, v->element = element, v->value = value;
  return 1;
}

/* The data layer i's k-th input reads and its elements per batch item. */
static const float *input_of(const lemon_graph *g, const float *const *out, size_t i, uint32_t k,
                             size_t *per) {
  uint32_t ref = g->layers[i].geo.inputs[k];
  *per = lemon_graph_layer_elements(g, ref == 0 ? g->n_layers : ref - 1);
  return ref == 0 ? g->input_data : out[ref - 1];
}

static int check_range(const lemon_layer *l, const float *o, size_t n, lemon_violation *v) {
  if (lemon_output_range(l, &v->lo, &v->hi))
    for (size_t e = 0; e < n; e++)
      if (o[e] < v->lo || o[e] > v->hi) return violated(v, "outside-range", e, o[e]);
  if (l->act == ACT(ROUND))
    for (size_t e = 0; e < n; e++)
      if (isfinite(o[e]) && o[e] != nearbyintf(o[e])) return violated(v, "not-an-integer", e, o[e]);
  return 0;
}

/* A standalone ReLU (alpha 0), abs or clip on its input x, element by element. */
static int check_selection(const lemon_layer *l, const float *x, const float *o, size_t n,
                           lemon_violation *v) {
  float a = (float)l->act_alpha, b = (float)l->act_beta;
  for (size_t e = 0; e < n; e++) {
    if (isnan(x[e]) || isnan(o[e])) continue;
    int ok = l->act == ACT(RELU)  ? o[e] == 0 || o[e] == x[e]
             : l->act == ACT(ABS) ? o[e] == fabsf(x[e])
                                  : o[e] == x[e] || o[e] == a || o[e] == b;
    if (!ok) return violated(v, "not-a-copy", e, o[e]);
  }
  return 0;
}

/* Max pooling: each output is an element of its window (padding ignored, as lref's pool).
 * A window without a number above -FLT_MAX (only -inf and NaN, or padding only) whose output
 * is -FLT_MAX gets a kind of its own: oneDNN starts its running maximum at the float type's
 * lowest value and neither -inf nor NaN replaces it (a registry row); a kind of its own keeps
 * that row from covering any other wrong element. */
static int check_max_pool(const lemon_layer *l, const float *x, size_t in_per, const float *o,
                          size_t out_per, uint32_t batch, lemon_violation *v) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  long h = in->dim[0], w = in->dim[1];
  size_t c = in->dim[2], s = l->geo.stride;
  for (uint32_t n = 0; n < batch; n++)
    for (size_t at = 0; at < out_per; at++) {
      size_t ch = at % c, ox = at / c % out->dim[1], oy = at / c / out->dim[1];
      float got = o[n * out_per + at];
      int found = isnan(got), no_number = 1;
      for (size_t ky = 0; ky < l->kernel && !found; ky++)
        for (size_t kx = 0; kx < l->kernel && !found; kx++) {
          long iy = (long)(oy * s + ky) - l->geo.pad_top, ix = (long)(ox * s + kx) - l->geo.pad_left;
          if (iy >= 0 && iy < h && ix >= 0 && ix < w) {
            float e = x[n * in_per + ((size_t)iy * w + (size_t)ix) * c + ch];
            found = same_bits(got, e);
            no_number &= !(e > -FLT_MAX);
          }
        }
      if (!found)
        return violated(v, no_number && got == -FLT_MAX ? "lowest-for-window-without-numbers"
                                                         : "not-an-input-element",
                        n * out_per + at, got);
    }
  return 0;
}

/* MAXIMUM: each output is one of its inputs at that position. */
static int check_maximum(const lemon_graph *g, const float *const *out, size_t i, size_t n,
                         lemon_violation *v) {
  const float *o = out[i];
  for (size_t e = 0; e < n; e++) {
    int found = isnan(o[e]);
    for (uint32_t k = 0; k < g->layers[i].geo.n_inputs && !found; k++) {
      size_t per;
      const float *x = input_of(g, out, i, k, &per);
      found = same_bits(o[e], x[e]) || isnan(x[e]);
    }
    if (!found) return violated(v, "not-an-input-element", e, o[e]);
  }
  return 0;
}

/* CONCAT along the last axis, FLATTEN and nearest RESIZE: bit-for-bit copies. */
static int check_copies(const lemon_graph *g, const float *const *out, size_t i, size_t out_per,
                        lemon_violation *v) {
  const lemon_layer *l = &g->layers[i];
  size_t per;
  for (uint32_t n = 0; n < g->batch; n++) {
    const float *o = out[i] + n * out_per;
    if (l->kind == KIND(CONCAT)) {
      size_t width = l->geo.out.dim[l->geo.out.rank - 1], rows = out_per / width, at = 0;
      for (size_t r = 0; r < rows; r++)
        for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
          const float *x = input_of(g, out, i, k, &per) + n * per;
          size_t w = l->in[k]->dim[l->in[k]->rank - 1];
          for (size_t j = 0; j < w; j++, at++)
            if (!same_bits(o[at], x[r * w + j])) return violated(v, "not-a-copy", n * out_per + at, o[at]);
        }
      continue;
    }
    const float *x = input_of(g, out, i, 0, &per) + n * per;
    for (size_t at = 0; at < out_per; at++) {
      size_t src = at;
      if (l->kind == KIND(RESIZE)) {
        size_t c = l->in[0]->dim[2], w = l->in[0]->dim[1], f = l->kernel;
        size_t ch = at % c, ox = at / c % l->geo.out.dim[1], oy = at / c / l->geo.out.dim[1];
        src = ((oy / f) * w + ox / f) * c + ch;
      }
      if (!same_bits(o[at], x[src])) return violated(v, "not-a-copy", n * out_per + at, o[at]);
    }
  }
  return 0;
}

int lemon_check_invariants(const lemon_graph *g, const float *const *out, size_t i,
                           lemon_violation *v) {
  const lemon_layer *l = &g->layers[i];
  size_t out_per = lemon_graph_layer_elements(g, i), n = g->batch * out_per, in_per;
  memset(v, 0, sizeof *v);
  if (check_range(l, out[i], n, v)) return 1;
  if (l->act != ACT(LINEAR) && l->kind != KIND(ACTIVATION)) return 0; /* a fused activation */
  const float *x = input_of(g, out, i, 0, &in_per);
  switch (l->kind) {
    case KIND(ACTIVATION):
      if ((l->act == ACT(RELU) && l->act_alpha == 0) || l->act == ACT(ABS) || l->act == ACT(CLIP))
        return check_selection(l, x, out[i], n, v);
      return 0;
    case KIND(MAX_POOL2D):
      return check_max_pool(l, x, in_per, out[i], out_per, g->batch, v);
    case KIND(MAXIMUM):
      return check_maximum(g, out, i, n, v);
    case KIND(FLATTEN):
    case KIND(CONCAT):
      return check_copies(g, out, i, out_per, v);
    case KIND(RESIZE):
      return l->alpha == 0 ? check_copies(g, out, i, out_per, v) : 0;
    default:
      return 0;
  }
}
