/* Test helper for the LEMON reference tests: small lowered graphs built by hand (layers,
 * geometry from lemon_infer, parameters and inputs from a seed), run through the reference
 * into per-layer values and bounds. */
#ifndef LEMON_TEST_GRAPH_H
#define LEMON_TEST_GRAPH_H
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lemon/lemon_reference_internal.h"
#include "mlf_rng.h"

#define K(x) MLF__LEMON__LAYER_KIND__##x
#define A(x) MLF__LEMON__ACTIVATION__##x
#define MAXL 8

typedef struct {
  Mlf__Lemon__Model m;
  Mlf__Lemon__Layer msg[MAXL], *ptr[MAXL];
  uint32_t in_dims[3];
  lemon_shape input;
  lemon_geometry geo[MAXL];
  lemon_layer layers[MAXL];
  lemon_graph g;
  double *values[MAXL], *bounds[MAXL];
} tg;

static tg *tg_new(uint32_t rank, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t batch) {
  tg *t = calloc(1, sizeof *t);
  mlf__lemon__model__init(&t->m);
  t->in_dims[0] = d0, t->in_dims[1] = d1, t->in_dims[2] = d2;
  t->m.n_input_shape = rank, t->m.input_shape = t->in_dims;
  t->m.layers = t->ptr;
  t->m.has_num_inputs = 1, t->m.num_inputs = batch;
  t->g.batch = batch;
  return t;
}

static Mlf__Lemon__Layer *tg_add(tg *t, Mlf__Lemon__LayerKind kind) {
  Mlf__Lemon__Layer *l = &t->msg[t->m.n_layers];
  mlf__lemon__layer__init(l);
  l->kind = kind;
  t->ptr[t->m.n_layers++] = l;
  return l;
}

static size_t weights_of(const lemon_layer *l) {
  const lemon_shape *in = l->in[0];
  size_t last = in->dim[in->rank - 1], k2 = (size_t)l->kernel * l->kernel, u = l->units;
  switch (l->kind) {
  case K(DENSE): return u * last;
  case K(CONV2D): case K(DECONV2D): return u * k2 * last;
  case K(DEPTHWISE_CONV2D): return last * k2;
  case K(BATCH_NORM): return 4 * last;
  case K(LAYER_NORM): return 2 * last;
  case K(LSTM): return 4 * u * (last + u);
  case K(GRU): return 3 * u * (last + u);
  case K(SIMPLE_RNN): return u * (last + u);
  default: return 0;
  }
}

static size_t bias_of(const lemon_layer *l) {
  size_t u = l->units;
  switch (l->kind) {
  case K(DENSE): case K(CONV2D): case K(DECONV2D): return u;
  case K(DEPTHWISE_CONV2D): return l->geo.out.dim[2];
  case K(LSTM): return 4 * u;
  case K(GRU): return 3 * u;
  case K(SIMPLE_RNN): return u;
  default: return 0;
  }
}

static float uniform(mlf_rng *r, double lo, double hi) {
  return (float)(lo + (hi - lo) * mlf_rng_unit(r));
}

/* Geometry by lemon_infer; parameters Glorot-like uniform from seed (BATCH_NORM variances in
 * [0.5, 1.5]), inputs uniform in [in_lo, in_hi]. */
static void tg_build(tg *t, uint64_t seed, double in_lo, double in_hi) {
  char why[256];
  int rc = lemon_infer(&t->m, &t->input, t->geo, why, sizeof why);
  if (rc) fprintf(stderr, "lemon_infer: %s\n", why);
  assert_int_equal(rc, 0);
  mlf_rng r;
  mlf_rng_seed(&r, seed);
  t->g.input = t->input;
  t->g.n_layers = t->m.n_layers;
  t->g.layers = t->layers;
  t->g.geo = t->geo;
  for (size_t i = 0; i < t->m.n_layers; i++) {
    const Mlf__Lemon__Layer *m = t->msg + i;
    lemon_layer *l = &t->layers[i];
    l->kind = m->kind, l->act = m->activation, l->act_alpha = m->act_alpha;
    l->act_beta = m->act_beta, l->alpha = m->alpha, l->beta = m->beta, l->units = m->units;
    l->kernel = m->kernel ? m->kernel : 1, l->return_sequences = m->return_sequences;
    l->geo = t->geo[i];
    for (uint32_t k = 0; k < l->geo.n_inputs; k++)
      l->in[k] = lemon_ref_shape(&t->input, t->geo, l->geo.inputs[k]);
    l->n_weights = weights_of(l), l->n_bias = bias_of(l);
    l->weights = l->n_weights ? calloc(l->n_weights, sizeof(float)) : NULL;
    l->bias = l->n_bias ? calloc(l->n_bias, sizeof(float)) : NULL;
    double fan = (double)l->n_weights / (l->n_bias ? l->n_bias : 1);
    double scale = fan > 0 ? sqrt(3.0 / fan) : 1;
    for (size_t k = 0; k < l->n_weights; k++) l->weights[k] = uniform(&r, -scale, scale);
    for (size_t k = 0; k < l->n_bias; k++) l->bias[k] = uniform(&r, -0.5, 0.5);
    if (l->kind == K(BATCH_NORM)) {
      size_t c = l->n_weights / 4;
      for (size_t k = 0; k < c; k++) l->weights[c + k] = uniform(&r, 0.5, 1.5);
    }
    size_t n = t->g.batch * lemon_shape_elements(&l->geo.out);
    t->values[i] = calloc(n, sizeof(double));
    t->bounds[i] = calloc(n, sizeof(double));
  }
  size_t n = t->g.batch * lemon_shape_elements(&t->input);
  t->g.input_data = calloc(n, sizeof(float));
  for (size_t k = 0; k < n; k++) t->g.input_data[k] = uniform(&r, in_lo, in_hi);
}

static void tg_run(tg *t) { assert_int_equal(lemon_reference_run(&t->g, t->values, t->bounds), 0); }

static void tg_free(tg *t) {
  for (size_t i = 0; i < t->m.n_layers; i++) {
    free(t->layers[i].weights), free(t->layers[i].bias), free(t->values[i]), free(t->bounds[i]);
  }
  free(t->g.input_data);
  free(t);
}

static inline void set_floats(float *dst, const float *src, size_t n) { memcpy(dst, src, n * sizeof *src); }

/* Expects the last layer's output of batch item 0 to be want[], within its bound, with a
 * finite bound that a 4x planted error exceeds. */
static inline void expect_output(tg *t, const double *want, size_t n, double tol) {
  size_t last = t->m.n_layers - 1;
  assert_int_equal(lemon_shape_elements(&t->geo[last].out), n);
  for (size_t i = 0; i < n; i++) {
    double v = t->values[last][i], b = t->bounds[last][i];
    if (fabs(v - want[i]) > tol) fprintf(stderr, "element %zu: %.17g, want %.17g\n", i, v, want[i]);
    assert_true(fabs(v - want[i]) <= tol);
    assert_true(isfinite(b) && b >= 0 && b < 1e-4 * (1 + fabs(want[i])));
    assert_true(b == 0 || fabs(v + 4 * b - v) > b); /* a planted 4x error is outside */
  }
}
/* The oneDNN formula of each activation, in float or double (T), for the libm comparison and
 * the naive float evaluation. */
#define ACTIVATION_FORMULA(T, SUFFIX)                                                           \
  static inline T act_##SUFFIX(Mlf__Lemon__Activation a, T x, T al, T be) {                          \
    const T one = 1, half = (T)0.5;                                                            \
    switch (a) {                                                                               \
    case A(RELU): return x > 0 ? x : al * x;                                                  \
    case A(TANH): return tanh##SUFFIX(x);                                                      \
    case A(ELU): return x > 0 ? x : al * (exp##SUFFIX(x) - one);                               \
    case A(SQUARE): return x * x;                                                              \
    case A(ABS): return fabs##SUFFIX(x);                                                       \
    case A(SQRT): return sqrt##SUFFIX(x);                                                      \
    case A(BOUNDED_RELU): return fmin##SUFFIX(al, fmax##SUFFIX(x, 0));                         \
    case A(SOFT_RELU): return log##SUFFIX(one + exp##SUFFIX(x));                               \
    case A(LOGISTIC): return one / (one + exp##SUFFIX(-x));                                    \
    case A(EXP): return exp##SUFFIX(x);                                                        \
    case A(GELU_TANH):                                                                         \
      return half * x * (one + tanh##SUFFIX((T)0.7978845608028654 * (x + (T)0.044715 * x * x * x))); \
    case A(SWISH): return x / (one + exp##SUFFIX(-al * x));                                    \
    case A(LOG): return log##SUFFIX(x);                                                        \
    case A(CLIP): return fmin##SUFFIX(be, fmax##SUFFIX(al, x));                                \
    case A(POW): return al * pow##SUFFIX(x, be);                                               \
    case A(GELU_ERF): return half * x * (one + erf##SUFFIX(x * (T)0.7071067811865476));        \
    case A(ROUND): return nearbyint##SUFFIX(x);                                                \
    case A(LOGSIGMOID): return -log##SUFFIX(one + exp##SUFFIX(-x));                            \
    case A(MISH): return x * tanh##SUFFIX(log##SUFFIX(one + exp##SUFFIX(x)));                  \
    case A(HARDSWISH): return x * fmin##SUFFIX(fmax##SUFFIX(x + 3, 0), 6) / 6;                 \
    case A(AFFINE): return al * x + be;                                                        \
    default: return x;                                                                         \
    }                                                                                          \
  }
ACTIVATION_FORMULA(float, f)
ACTIVATION_FORMULA(double, )
#endif
