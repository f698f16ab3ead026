/* Unit tests of the LEMON reference interpreter (harnesses/lemon/lemon_reference*.c):
 * hand-computed layers (convolutions with padding and stride, deconvolution, pools, LRN,
 * softmax, each RNN over two steps against a straightforward formula, the merges), every
 * activation against libm, +inf bounds where values are not finite, and the soundness and
 * tightness of the rounding bound: naive float32 evaluations (forward and reverse summation
 * order, one-pass or two-pass variance) of random graphs lie within the bound everywhere,
 * while a planted error of 4x the bound and plausible library bugs lie outside it.
 * Geometry comes from lemon_infer (mutators/lemon/lemon_shapes.c); graphs are built by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lemon_test_graph.h"
#include "lemon_naive_float.h"

/* ---- hand-computed layers --------------------------------------------------------------- */

static const float one_to_16[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

static void test_conv2d_2x2_valid(void **state) {
  (void)state;
  tg *t = tg_new(3, 3, 3, 1, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(CONV2D));
  l->units = 1, l->kernel = 2;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 9);
  set_floats(t->layers[0].weights, (const float[]){1, 2, 3, 4}, 4);
  t->layers[0].bias[0] = 0.5f;
  tg_run(t);
  expect_output(t, (const double[]){37.5, 47.5, 67.5, 77.5}, 4, 0);
  tg_free(t);
}

/* 4x4 input, 3x3 kernel, stride 2, SAME: 2x2 output, the one padding row/column at the end. */
static void test_conv2d_stride2_same_pads_at_end(void **state) {
  (void)state;
  tg *t = tg_new(3, 4, 4, 1, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(CONV2D));
  l->units = 1, l->kernel = 3, l->stride = 2, l->padding = MLF__LEMON__PADDING__SAME;
  tg_build(t, 1, 0, 1);
  assert_int_equal(t->geo[0].pad_top, 0);
  assert_int_equal(t->geo[0].pad_bottom, 1);
  set_floats(t->g.input_data, one_to_16, 16);
  for (int k = 0; k < 9; k++) t->layers[0].weights[k] = 1;
  t->layers[0].bias[0] = 0;
  tg_run(t);
  expect_output(t, (const double[]){54, 45, 72, 54}, 4, 0);
  tg_free(t);
}

static void test_conv2d_dilation_and_depthwise(void **state) {
  (void)state;
  tg *t = tg_new(3, 4, 4, 2, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(DEPTHWISE_CONV2D));
  l->kernel = 2, l->dilation = 2;
  tg_build(t, 1, 0, 1);
  /* channel 0 = 1..16, channel 1 = -(1..16) */
  for (int k = 0; k < 16; k++) t->g.input_data[2 * k] = (float)(k + 1), t->g.input_data[2 * k + 1] = -(float)(k + 1);
  set_floats(t->layers[0].weights, (const float[]){1, 0, 0, 1, 0, 1, 1, 0}, 8);
  t->layers[0].bias[0] = 0, t->layers[0].bias[1] = 1;
  tg_run(t);
  /* out[y][x][0] = in[y][x] + in[y+2][x+2]; out[y][x][1] = 1 + in[y][x+2] + in[y+2][x] */
  expect_output(t, (const double[]){1 + 11, 1 - 3 - 9, 2 + 12, 1 - 4 - 10, 5 + 15, 1 - 7 - 13,
                                    6 + 16, 1 - 8 - 14}, 8, 0);
  tg_free(t);
}

static void test_deconv2d(void **state) {
  (void)state;
  /* stride 2, kernel 2: each input scales the kernel into its own 2x2 block */
  tg *t = tg_new(3, 2, 2, 1, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(DECONV2D));
  l->units = 1, l->kernel = 2, l->stride = 2;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 4);
  set_floats(t->layers[0].weights, (const float[]){1, 2, 3, 4}, 4);
  t->layers[0].bias[0] = 0;
  tg_run(t);
  expect_output(t, (const double[]){1, 2, 2, 4, 3, 4, 6, 8, 3, 6, 4, 8, 9, 12, 12, 16}, 16, 0);
  tg_free(t);
  /* stride 1, overlapping: 1x2 input [1, 2], kernel [[1, 2], [3, 4]], bias 0.25 */
  t = tg_new(3, 1, 2, 1, 1);
  l = tg_add(t, K(DECONV2D));
  l->units = 1, l->kernel = 2;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, (const float[]){1, 2}, 2);
  set_floats(t->layers[0].weights, (const float[]){1, 2, 3, 4}, 4);
  t->layers[0].bias[0] = 0.25f;
  tg_run(t);
  expect_output(t, (const double[]){1.25, 2 + 2 + 0.25, 4.25, 3.25, 4 + 6 + 0.25, 8.25}, 6, 0);
  tg_free(t);
}

/* 3x3 input 1..9, 2x2 window, stride 2, SAME: the right column and bottom row pad. */
static void test_pools_with_padding(void **state) {
  (void)state;
  for (int is_max = 0; is_max < 2; is_max++) {
    tg *t = tg_new(3, 3, 3, 1, 1);
    Mlf__Lemon__Layer *l = tg_add(t, is_max ? K(MAX_POOL2D) : K(AVG_POOL2D));
    l->kernel = 2, l->stride = 2, l->padding = MLF__LEMON__PADDING__SAME;
    tg_build(t, 1, 0, 1);
    set_floats(t->g.input_data, one_to_16, 9);
    tg_run(t);
    if (is_max) expect_output(t, (const double[]){5, 6, 8, 9}, 4, 0);
    else expect_output(t, (const double[]){3, 4.5, 7.5, 9}, 4, 0);
    tg_free(t);
  }
  tg *t = tg_new(3, 2, 2, 2, 1);
  tg_add(t, K(GLOBAL_AVG_POOL2D));
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 8);
  tg_run(t);
  expect_output(t, (const double[]){4, 5}, 2, 0);
  tg_free(t);
}

static void test_lrn(void **state) {
  (void)state;
  tg *t = tg_new(3, 1, 1, 3, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(LRN));
  l->kernel = 3, l->alpha = 0.3, l->beta = 0.75;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 3);
  tg_run(t);
  expect_output(t, (const double[]){1 / pow(1 + 0.1 * 5, 0.75), 2 / pow(1 + 0.1 * 14, 0.75),
                                    3 / pow(1 + 0.1 * 13, 0.75)}, 3, 1e-15);
  tg_free(t);
}

static void test_softmax_and_log_softmax(void **state) {
  (void)state;
  for (int logarithmic = 0; logarithmic < 2; logarithmic++) {
    tg *t = tg_new(2, 2, 3, 0, 1);
    tg_add(t, logarithmic ? K(LOG_SOFTMAX) : K(SOFTMAX));
    tg_build(t, 1, 0, 1);
    set_floats(t->g.input_data, (const float[]){1, 2, 3, -1, -1, -1}, 6);
    tg_run(t);
    double s = exp(1) + exp(2) + exp(3), want[6];
    for (int k = 0; k < 3; k++) {
      want[k] = logarithmic ? (k + 1) - log(s) : exp(k + 1) / s;
      want[3 + k] = logarithmic ? -log(3) : 1.0 / 3;
    }
    expect_output(t, want, 6, 1e-15);
    tg_free(t);
  }
}

static void test_batch_and_layer_norm(void **state) {
  (void)state;
  tg *t = tg_new(2, 1, 2, 0, 1);
  tg_add(t, K(BATCH_NORM));
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, (const float[]){1, 2}, 2);
  set_floats(t->layers[0].weights, (const float[]){0.5f, -1, 4, 0.25f, 2, 3, 1, 0}, 8);
  tg_run(t);
  expect_output(t, (const double[]){2 * 0.5 / sqrt(4.001) + 1, 3 * 3 / sqrt(0.251)}, 2, 1e-14);
  tg_free(t);
  t = tg_new(2, 1, 4, 0, 1);
  tg_add(t, K(LAYER_NORM));
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, (const float[]){1, 2, 3, 6}, 4);
  set_floats(t->layers[0].weights, (const float[]){1, 2, 1, 1, 0, 0, 1, -1}, 8);
  tg_run(t);
  double r = 1 / sqrt(3.5 + 1e-3); /* mean 3, biased variance (4 + 1 + 0 + 9) / 4 */
  expect_output(t, (const double[]){-2 * r, -2 * r, 0 + 1, 3 * r - 1}, 4, 1e-14);
  tg_free(t);
}

static void test_dense_over_each_rank(void **state) {
  (void)state;
  tg *t = tg_new(2, 2, 2, 0, 2);
  Mlf__Lemon__Layer *l = tg_add(t, K(DENSE));
  l->units = 1;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 8);
  set_floats(t->layers[0].weights, (const float[]){1, -1}, 2);
  t->layers[0].bias[0] = 10;
  tg_run(t);
  expect_output(t, (const double[]){9, 9}, 2, 0);
  assert_true(t->values[0][2] == 9 && t->values[0][3] == 9); /* batch item 1 */
  tg_free(t);
  t = tg_new(3, 1, 2, 2, 1);
  l = tg_add(t, K(DENSE));
  l->units = 2;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 4);
  set_floats(t->layers[0].weights, (const float[]){1, 0, 1, 1}, 4);
  t->layers[0].bias[0] = t->layers[0].bias[1] = 0;
  tg_run(t);
  expect_output(t, (const double[]){1, 3, 3, 7}, 4, 0);
  tg_free(t);
}

static void test_merges_resize_reshape(void **state) {
  (void)state;
  static const Mlf__Lemon__LayerKind kinds[] = {K(ADD), K(MULTIPLY), K(MAXIMUM), K(CONCAT)};
  for (int i = 0; i < 4; i++) {
    tg *t = tg_new(1, 2, 0, 0, 1);
    Mlf__Lemon__Layer *l0 = tg_add(t, K(ACTIVATION));
    l0->activation = A(SQUARE);
    Mlf__Lemon__Layer *l = tg_add(t, kinds[i]);
    static uint32_t refs[3] = {0, 1, 0};
    l->n_inputs = 3, l->inputs = refs;
    tg_build(t, 1, 0, 1);
    set_floats(t->g.input_data, (const float[]){-2, 3}, 2);
    tg_run(t);
    /* inputs x = [-2, 3], x^2 = [4, 9], x */
    const double add[] = {-2 + 4 - 2, 3 + 9 + 3}, mul[] = {-2 * 4 * -2, 3 * 9 * 3};
    const double max[] = {4, 9}, cat[] = {-2, 3, 4, 9, -2, 3};
    const double *w[] = {add, mul, max, cat};
    expect_output(t, w[i], i == 3 ? 6 : 2, 0);
    tg_free(t);
  }
  /* nearest and bilinear x2 of [[0, 4]] (1x2x1): half-pixel centres, clamped */
  for (int bilinear = 0; bilinear < 2; bilinear++) {
    tg *t = tg_new(3, 1, 2, 1, 1);
    Mlf__Lemon__Layer *l = tg_add(t, K(RESIZE));
    l->kernel = 2, l->alpha = bilinear;
    tg_build(t, 1, 0, 1);
    set_floats(t->g.input_data, (const float[]){0, 4}, 2);
    tg_run(t);
    if (bilinear) expect_output(t, (const double[]){0, 1, 3, 4, 0, 1, 3, 4}, 8, 0);
    else expect_output(t, (const double[]){0, 0, 4, 4, 0, 0, 4, 4}, 8, 0);
    tg_free(t);
  }
  tg *t = tg_new(3, 2, 1, 2, 1);
  tg_add(t, K(REDUCE_MEAN));
  tg_add(t, K(FLATTEN));
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, one_to_16, 4);
  tg_run(t);
  expect_output(t, (const double[]){2, 3}, 2, 0);
  tg_free(t);
}

/* ---- RNNs: two steps against the textbook formulas -------------------------------------- */

static double sigm(double x) { return 1 / (1 + exp(-x)); }

/* Weights 0.05 (k - 10) (k the index), biases 0.1 k - 0.2, F = 2, U = 2, inputs [[0.5, -1], [1, 0.25]]. */
static tg *rnn_case(Mlf__Lemon__LayerKind kind, int seq) {
  tg *t = tg_new(2, 2, 2, 0, 1);
  Mlf__Lemon__Layer *l = tg_add(t, kind);
  l->units = 2, l->return_sequences = seq;
  tg_build(t, 1, 0, 1);
  set_floats(t->g.input_data, (const float[]){0.5f, -1, 1, 0.25f}, 4);
  lemon_layer *ll = &t->layers[0];
  for (size_t k = 0; k < ll->n_weights; k++) ll->weights[k] = (float)(0.05 * ((double)k - 10));
  for (size_t k = 0; k < ll->n_bias; k++) ll->bias[k] = (float)(0.1 * (double)k - 0.2);
  tg_run(t);
  return t;
}

/* row q of W x + R h + b for the case above, the layer having `gates` gates per unit */
static double pre(const lemon_layer *l, size_t gates, size_t q, const double *x, const double *h) {
  double s = l->bias[q];
  for (size_t k = 0; k < 2; k++) s += l->weights[q * 2 + k] * x[k];
  for (size_t k = 0; k < 2; k++) s += l->weights[gates * 2 * 2 + q * 2 + k] * h[k];
  return s;
}

static void test_rnns_two_steps(void **state) {
  (void)state;
  const double xs[2][2] = {{0.5, -1}, {1, 0.25}};
  for (int seq = 0; seq < 2; seq++) {
    /* LSTM */
    tg *t = rnn_case(K(LSTM), seq);
    double h[2] = {0, 0}, c[2] = {0, 0}, want[4];
    for (int s = 0; s < 2; s++) {
      double nh[2];
      for (size_t j = 0; j < 2; j++) {
        const lemon_layer *l = &t->layers[0];
        double i = sigm(pre(l, 4, j, xs[s], h)), f = sigm(pre(l, 4, 2 + j, xs[s], h));
        double g = tanh(pre(l, 4, 4 + j, xs[s], h)), o = sigm(pre(l, 4, 6 + j, xs[s], h));
        c[j] = f * c[j] + i * g;
        nh[j] = o * tanh(c[j]);
      }
      h[0] = nh[0], h[1] = nh[1];
      want[2 * s] = h[0], want[2 * s + 1] = h[1];
    }
    expect_output(t, seq ? want : want + 2, seq ? 4 : 2, 1e-15);
    tg_free(t);
    /* GRU */
    t = rnn_case(K(GRU), seq);
    h[0] = h[1] = 0;
    for (int s = 0; s < 2; s++) {
      const lemon_layer *l = &t->layers[0];
      double u[2], rh[2], nh[2];
      for (size_t j = 0; j < 2; j++) {
        u[j] = sigm(pre(l, 3, j, xs[s], h));
        rh[j] = sigm(pre(l, 3, 2 + j, xs[s], h)) * h[j];
      }
      for (size_t j = 0; j < 2; j++) {
        double o = tanh(pre(l, 3, 4 + j, xs[s], rh));
        nh[j] = u[j] * h[j] + (1 - u[j]) * o;
      }
      h[0] = nh[0], h[1] = nh[1];
      want[2 * s] = h[0], want[2 * s + 1] = h[1];
    }
    expect_output(t, seq ? want : want + 2, seq ? 4 : 2, 1e-15);
    tg_free(t);
    /* SIMPLE_RNN */
    t = rnn_case(K(SIMPLE_RNN), seq);
    h[0] = h[1] = 0;
    for (int s = 0; s < 2; s++) {
      double nh[2];
      for (size_t j = 0; j < 2; j++) nh[j] = tanh(pre(&t->layers[0], 1, j, xs[s], h));
      h[0] = nh[0], h[1] = nh[1];
      want[2 * s] = h[0], want[2 * s + 1] = h[1];
    }
    expect_output(t, seq ? want : want + 2, seq ? 4 : 2, 1e-15);
    tg_free(t);
  }
}

/* ---- activations ---------------------------------------------------------------------------- */


#define N_ACTS 22

/* alpha, beta that make each activation interesting (POW: a fractional power; CLIP: a band) */
static void act_params(Mlf__Lemon__Activation a, double *al, double *be) {
  *al = a == A(RELU) ? 0.1 : a == A(ELU) ? 0.8 : a == A(BOUNDED_RELU) ? 0.7
      : a == A(SWISH) ? 1.5 : a == A(CLIP) ? -0.5 : a == A(POW) ? 1.25 : a == A(AFFINE) ? -2 : 0;
  *be = a == A(CLIP) ? 0.5 : a == A(POW) ? 1.5 : a == A(AFFINE) ? 0.75 : 0;
}

static int positive_domain(Mlf__Lemon__Activation a) {
  return a == A(SQRT) || a == A(LOG) || a == A(POW);
}

static void test_activations_against_libm(void **state) {
  (void)state;
  const double xs[] = {-2.5, -0.75, -0.001, 0.3, 1.5, 2.5, 4};
  for (int a = 0; a < N_ACTS; a++) {
    double al, be;
    act_params(a, &al, &be);
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
      double x = positive_domain(a) ? fabs(xs[i]) : xs[i], y, ye;
      lref_activation(a, al, be, x, 0.0, &y, &ye);
      double want = act_(a, x, (float)al, (float)be); /* the parameters as the libraries take them */
      if (!(fabs(y - want) <= 1e-14 * (1 + fabs(want))))
        fprintf(stderr, "%s(%g): %.17g, libm %.17g\n", lemon_activation_name(a), x, y, want);
      assert_true(fabs(y - want) <= 1e-14 * (1 + fabs(want)));
      assert_true(isfinite(ye) && ye >= 0 && ye <= 1e-3 * (1 + fabs(want)));
    }
  }
  /* round: half to even */
  double y, ye;
  lref_activation(A(ROUND), 0, 0, 2.5, 0, &y, &ye);
  assert_true(y == 2 && ye == 0);
  lref_activation(A(ROUND), 0, 0, -3.5, 0, &y, &ye);
  assert_true(y == -4 && ye == 0);
}

/* pow with a large alpha: t^beta underflowing in float (0.0586^40 ~ 5e-50) times alpha 1e20
 * is 0 in float (what oneDNN's kernels give), 5e-30 exactly: the bound covers the underflow
 * (alpha FLT_MIN, about 1.2e-18) and no more: a planted 1e-17 stays outside it. */
static void test_pow_underflow_scaled_by_alpha(void **state) {
  (void)state;
  double y, ye, x = 0.0586;
  lref_activation(A(POW), 1e20, 40, x, 0.0, &y, &ye);
  float t = powf((float)x, 40.0f);
  assert_true(t < FLT_MIN);
  assert_true(fabs((double)(1e20f * t) - y) <= ye);
  assert_false(fabs(1e-17 - y) <= ye);
  assert_true(ye <= 1e20 * FLT_MIN * 1.01 + 1e-3 * fabs(y));
}

/* pow with a beta that float holds as -0 (-2e-120): t^-0 = 1 for a negative t as for any
 * other, so alpha t^beta is alpha, not the NaN of the double power (a false alarm of a
 * false-alarm campaign: oneDNN's CONV2D+POW gave 0 for alpha = 0 where the reference had NaN). */
static void test_pow_parameter_as_the_library_sees_it(void **state) {
  (void)state;
  double y, ye;
  lref_activation(A(POW), 0.5, -2e-120, -3.0, 0.0, &y, &ye);
  assert_true(y == 0.5 && isfinite(ye));
  lref_activation(A(POW), 0.5, -0.5, -3.0, 0.0, &y, &ye);
  assert_true(isnan(y)); /* a power float holds as non-integral keeps its domain */
}

/* The activation bound covers f computed in float at any float t within e of x, for wide
 * intervals too (the derivative bounds over the interval, not at x). */
static void test_activation_bound_covers_its_interval(void **state) {
  (void)state;
  mlf_rng r;
  mlf_rng_seed(&r, 7);
  for (int a = 0; a < N_ACTS; a++) {
    double al, be;
    act_params(a, &al, &be);
    for (int trial = 0; trial < 400; trial++) {
      double x = positive_domain(a) ? uniform(&r, 0.05, 6) : uniform(&r, -9, 9);
      double e = ldexp(mlf_rng_unit(&r), -(int)mlf_rng_below(&r, 24)), y, ye;
      lref_activation(a, al, be, x, e, &y, &ye);
      if (!isfinite(ye)) continue;
      for (int k = 0; k < 20; k++) {
        float t = (float)(x + e * (2 * mlf_rng_unit(&r) - 1));
        if (fabs((double)t - x) > e) continue;
        double err = fabs((double)act_f(a, t, (float)al, (float)be) - y);
        if (!(err <= ye))
          fprintf(stderr, "%s x %.9g e %.3g t %.9g: err %.3g bound %.3g\n",
                  lemon_activation_name(a), x, e, t, err, ye);
        assert_true(err <= ye);
      }
    }
  }
}

/* ---- bound soundness and tightness on random graphs ------------------------------------- */

/* err / bound ratios per layer kind (ACTIVATION layers per activation: 23 + act). */
#define N_STATS (23 + N_ACTS)
static double *ratios[N_STATS];
static size_t n_ratios[N_STATS], cap_ratios[N_STATS];

static void record(size_t stat, double r) {
  if (n_ratios[stat] == cap_ratios[stat]) {
    cap_ratios[stat] = cap_ratios[stat] ? 2 * cap_ratios[stat] : 256;
    ratios[stat] = realloc(ratios[stat], cap_ratios[stat] * sizeof(double));
  }
  ratios[stat][n_ratios[stat]++] = r;
}

/* Runs the naive float interpreter in every sound variant; every element of every layer
 * must lie within its (finite) bound. Returns the largest err / bound seen. */
static double check_sound(tg *t) {
  static const int sound[] = {0, REVERSE, ALTERNATE, REVERSE | ALTERNATE, FMA, FMA | REVERSE | ALTERNATE};
  tg_run(t);
  double worst = 0;
  for (size_t vi = 0; vi < sizeof sound / sizeof sound[0]; vi++) {
    int variant = sound[vi];
    float **nv = naive_run(t, variant);
    for (size_t i = 0; i < t->m.n_layers; i++) {
      const lemon_layer *l = &t->layers[i];
      size_t n = t->g.batch * lemon_shape_elements(&l->geo.out);
      size_t stat = l->kind == K(ACTIVATION) ? 23 + (size_t)l->act : (size_t)l->kind;
      for (size_t e = 0; e < n; e++) {
        double v = t->values[i][e], b = t->bounds[i][e], err = fabs((double)nv[i][e] - v);
        if (!isfinite(b) || !(err <= b))
          fprintf(stderr, "layer %zu (%s, %s) element %zu: naive %.9g ref %.17g err %.3g bound %.3g (variant %d)\n",
                  i, lemon_kind_name(l->kind), lemon_activation_name(l->act), e, nv[i][e], v, err, b, variant);
        assert_true(isfinite(b) && err <= b);
        if (b > 0) record(stat, err / b), worst = fmax(worst, err / b);
        /* a planted error of 4x the bound is outside it */
        assert_true(b == 0 || fabs(v + 4 * b - v) > b);
      }
    }
    naive_free(t, nv);
  }
  return worst;
}

/* The largest |naive - ref| / bound over the last layer with a library bug planted. */
static double bug_excess(tg *t, int bug) {
  tg_run(t);
  float **nv = naive_run(t, bug);
  size_t last = t->m.n_layers - 1, n = t->g.batch * lemon_shape_elements(&t->geo[last].out);
  double worst = 0;
  for (size_t e = 0; e < n; e++)
    worst = fmax(worst, fabs((double)nv[last][e] - t->values[last][e]) / t->bounds[last][e]);
  naive_free(t, nv);
  return worst;
}

static Mlf__Lemon__Layer *add_conv(tg *t, Mlf__Lemon__LayerKind kind, uint32_t units, uint32_t k,
                                   uint32_t stride, int same, Mlf__Lemon__Activation act) {
  Mlf__Lemon__Layer *l = tg_add(t, kind);
  l->units = units, l->kernel = k, l->stride = stride, l->activation = act;
  l->padding = same ? MLF__LEMON__PADDING__SAME : MLF__LEMON__PADDING__VALID;
  return l;
}

static void test_bound_sound_activations(void **state) {
  (void)state;
  for (int a = 0; a < N_ACTS; a++)
    for (uint64_t seed = 1; seed <= 6; seed++) {
      double al, be;
      act_params(a, &al, &be);
      tg *t = tg_new(1, 12, 0, 0, 2);
      if (positive_domain(a)) {
        tg_add(t, K(ACTIVATION))->activation = A(SQUARE);
      } else {
        Mlf__Lemon__Layer *d = tg_add(t, K(DENSE));
        d->units = 8;
      }
      Mlf__Lemon__Layer *l = tg_add(t, K(ACTIVATION));
      l->activation = a, l->act_alpha = al, l->act_beta = be;
      /* the activation as a post-op of a dense layer too */
      Mlf__Lemon__Layer *d = tg_add(t, K(DENSE));
      d->units = 4, d->activation = positive_domain(a) ? A(TANH) : a, d->act_alpha = al, d->act_beta = be;
      tg_build(t, seed, positive_domain(a) ? 0.3 : -1.5, positive_domain(a) ? 2 : 1.5);
      check_sound(t);
      tg_free(t);
    }
}

static void test_bound_sound_linear_and_window_layers(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    int same = (int)(seed & 1);
    uint32_t stride = 1 + (uint32_t)(seed % 3);
    tg *t = tg_new(3, 7, 6, 3, 2);
    add_conv(t, K(CONV2D), 4, 3, stride, same, A(RELU))->dilation = seed % 2 ? 1 : 2;
    add_conv(t, K(DEPTHWISE_CONV2D), 0, 2, 1, 1, A(TANH));
    add_conv(t, seed % 2 ? K(MAX_POOL2D) : K(AVG_POOL2D), 0, 2, 2 - (uint32_t)(seed % 2), 1, A(LINEAR));
    add_conv(t, K(DECONV2D), 3, 3, 2, 0, A(LINEAR));
    tg_add(t, K(GLOBAL_AVG_POOL2D));
    tg_add(t, K(DENSE))->units = 5;
    tg_build(t, seed, -1, 1);
    check_sound(t);
    tg_free(t);
    /* DENSE over [T, F] and [H, W, C], REDUCE_MEAN, FLATTEN */
    t = tg_new(3, 2, 3, 6, 2);
    tg_add(t, K(DENSE))->units = 4;
    tg_add(t, K(REDUCE_MEAN));
    tg_add(t, K(FLATTEN));
    tg_build(t, seed, -1, 1);
    check_sound(t);
    tg_free(t);
    /* a wide sum (576 terms): rounding dominates */
    t = tg_new(3, 3, 3, 64, 2);
    add_conv(t, K(CONV2D), 8, 3, 1, 0, A(LINEAR));
    tg_build(t, seed, -1, 1);
    check_sound(t);
    tg_free(t);
  }
}

static void test_bound_sound_normalization_layers(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    tg *t = tg_new(3, 4, 4, 3, 2);
    add_conv(t, K(CONV2D), 6, 3, 1, 1, A(LINEAR));
    tg_add(t, K(BATCH_NORM))->activation = A(ELU);
    Mlf__Lemon__Layer *l = tg_add(t, K(LRN));
    l->kernel = seed % 2 ? 3 : 5, l->alpha = 0.5, l->beta = 0.75;
    tg_add(t, K(LAYER_NORM));
    tg_add(t, K(FLATTEN));
    tg_add(t, K(DENSE))->units = 10;
    tg_add(t, seed % 2 ? K(SOFTMAX) : K(LOG_SOFTMAX));
    tg_build(t, seed, -1, 1);
    for (size_t k = 0; k < t->layers[5].n_weights; k++) t->layers[5].weights[k] *= 4;
    check_sound(t);
    tg_free(t);
  }
}

static void test_bound_sound_merge_and_resize_layers(void **state) {
  (void)state;
  static uint32_t refs[3][3] = {{1, 2, 0}, {2, 1, 1}, {0, 1, 2}};
  for (uint64_t seed = 1; seed <= 6; seed++) {
    tg *t = tg_new(3, 3, 4, 2, 2);
    add_conv(t, K(CONV2D), 2, 3, 1, 1, A(TANH));
    add_conv(t, K(CONV2D), 2, 1, 1, 1, A(LOGISTIC));
    static const Mlf__Lemon__LayerKind merges[] = {K(ADD), K(MULTIPLY), K(MAXIMUM), K(CONCAT)};
    Mlf__Lemon__Layer *m = tg_add(t, merges[seed % 4]);
    m->n_inputs = 3, m->inputs = refs[seed % 3];
    Mlf__Lemon__Layer *r = tg_add(t, K(RESIZE));
    r->kernel = 2 + (uint32_t)(seed % 2), r->alpha = seed % 3 ? 1 : 0;
    tg_build(t, seed, -1, 1);
    check_sound(t);
    tg_free(t);
  }
}

static void test_bound_sound_rnns(void **state) {
  (void)state;
  static const Mlf__Lemon__LayerKind kinds[] = {K(LSTM), K(GRU), K(SIMPLE_RNN)};
  for (uint64_t seed = 1; seed <= 6; seed++)
    for (int k = 0; k < 3; k++) {
      tg *t = tg_new(2, 6, 5, 0, 2);
      Mlf__Lemon__Layer *l = tg_add(t, kinds[k]);
      l->units = 8, l->return_sequences = 1;
      l = tg_add(t, kinds[(k + 1) % 3]);
      l->units = 4, l->return_sequences = (int)(seed % 2);
      tg_add(t, K(DENSE))->units = 3;
      tg_build(t, seed, -1, 1);
      for (size_t j = 0; j < t->layers[0].n_weights; j++) t->layers[0].weights[j] *= 2;
      check_sound(t);
      tg_free(t);
      /* 24 steps with strong recurrent weights, where the box alone compounds far */
      t = tg_new(2, 24, 3, 0, 1);
      l = tg_add(t, kinds[k]);
      l->units = 12, l->return_sequences = 1;
      tg_build(t, seed, -1, 1);
      for (size_t j = 0; j < t->layers[0].n_weights; j++) t->layers[0].weights[j] *= 1.5f;
      check_sound(t);
      tg_free(t);
    }
}

/* Wide ranges: large pre-activations (saturating tanh, logistic, exp near overflow, log and
 * pow near 0), sharp softmax, nearly constant layer-norm rows, strong LRN. */
static void test_bound_sound_wide_ranges(void **state) {
  (void)state;
  for (int a = 0; a < N_ACTS; a++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      double al, be;
      act_params(a, &al, &be);
      tg *t = tg_new(1, 16, 0, 0, 2);
      Mlf__Lemon__Layer *l = tg_add(t, K(DENSE));
      l->units = 16, l->activation = positive_domain(a) ? A(SQUARE) : A(LINEAR);
      l = tg_add(t, K(ACTIVATION));
      l->activation = a, l->act_alpha = al, l->act_beta = be;
      tg_build(t, seed, -4, 4);
      if (a == A(EXP)) t->layers[0].bias[0] = 80;  /* e^80: near float's overflow */
      check_sound(t);
      tg_free(t);
    }
  for (uint64_t seed = 1; seed <= 4; seed++) {
    tg *t = tg_new(2, 3, 12, 0, 2);
    tg_add(t, K(DENSE))->units = 12;
    tg_add(t, seed % 2 ? K(SOFTMAX) : K(LOG_SOFTMAX));
    tg_add(t, K(LAYER_NORM));
    tg_build(t, seed, -1, 1);
    for (size_t k = 0; k < t->layers[0].n_weights; k++) t->layers[0].weights[k] *= 30;
    check_sound(t);
    tg_free(t);
    t = tg_new(3, 2, 2, 8, 2);
    tg_add(t, K(LAYER_NORM));
    Mlf__Lemon__Layer *l = tg_add(t, K(LRN));
    l->kernel = 5, l->alpha = 1, l->beta = 2;
    tg_build(t, seed, 0.999, 1.001);  /* nearly constant rows: the variance is ~eps */
    check_sound(t);
    tg_free(t);
  }
}

/* Plausible library bugs exceed the bound by far (the bound is tight enough to see them). */
static void test_bound_detects_library_bugs(void **state) {
  (void)state;
  tg *t = tg_new(3, 6, 6, 4, 1);
  add_conv(t, K(CONV2D), 4, 3, 2, 1, A(LINEAR));
  tg_build(t, 3, -1, 1);
  assert_true(t->geo[0].pad_top != t->geo[0].pad_bottom);
  assert_true(bug_excess(t, BUG_PAD) > 100);
  assert_true(bug_excess(t, BUG_BF16) > 4);
  assert_true(bug_excess(t, BUG_ACT) < 1); /* no activation: nothing planted */
  tg_free(t);
  t = tg_new(1, 16, 0, 0, 1);
  tg_add(t, K(DENSE))->units = 8;
  tg_add(t, K(ACTIVATION))->activation = A(LOGISTIC);
  tg_build(t, 4, -1, 1);
  assert_true(bug_excess(t, BUG_ACT) > 4);
  tg_free(t);
  t = tg_new(2, 3, 4, 0, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(LSTM));
  l->units = 4, l->return_sequences = 1;
  tg_build(t, 5, -1, 1);
  assert_true(bug_excess(t, BUG_GATES) > 100);
  tg_free(t);
}

/* The acceptance criterion for the recurrent layers: an error of 1e-4 relative is
 * outside the bound, (a) on any one output element whose magnitude is at least 1/10 of the
 * layer's largest (near 0 the bound stays absolute: the roundings of the gate sums scale with
 * their terms, not with the result; the share seen down to 1/1000 is printed), and (b)
 * planted in the gate feeding h of one unit at one time step (the unit with the largest |h|
 * at that step). 8 steps, 5 features, 8 units, inputs and weights uniform in [-1, 1]. */
static void test_bound_sees_1e4_relative_rnn_errors(void **state) {
  (void)state;
  static const Mlf__Lemon__LayerKind kinds[] = {K(LSTM), K(GRU), K(SIMPLE_RNN)};
  for (int k = 0; k < 3; k++) {
    size_t seen = 0, counted = 0, large_missed = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
      tg *t = tg_new(2, 8, 5, 0, 2);
      Mlf__Lemon__Layer *l = tg_add(t, kinds[k]);
      l->units = 8, l->return_sequences = 1;
      tg_build(t, seed, -1, 1);
      tg_run(t);
      size_t n = 2 * 8 * 8;
      const double *v = t->values[0], *b = t->bounds[0];
      double top = 0;
      for (size_t e = 0; e < n; e++) top = fmax(top, fabs(v[e]));
      for (size_t e = 0; e < n; e++) {
        if (fabs(v[e]) < 1e-3 * top) continue;
        int visible = fabs(v[e] * (1 + 1e-4) - v[e]) > b[e];
        counted++, seen += visible;
        large_missed += !visible && fabs(v[e]) >= 0.1 * top;
      }
      planted_step = 4, planted_unit = 0;
      for (size_t j = 1; j < 8; j++)
        if (fabs(v[4 * 8 + j]) > fabs(v[4 * 8 + planted_unit])) planted_unit = j;
      float **nv = naive_run(t, BUG_GATE_STEP);
      size_t at = 4 * 8 + planted_unit;
      double excess = fabs((double)nv[0][at] - v[at]) / b[at];
      fprintf(stderr, "%s seed %u: planted gate error %.3g times the bound\n",
              lemon_kind_name(kinds[k]), (unsigned)seed, excess);
      assert_true(excess > 1);
      naive_free(t, nv);
      tg_free(t);
    }
    fprintf(stderr, "%s: 1e-4 relative seen on %zu of %zu output elements (|G| >= max / 1000)\n",
            lemon_kind_name(kinds[k]), seen, counted);
    assert_int_equal(large_missed, 0);
  }
}

/* ---- non-finite values -------------------------------------------------------------------- */

static void test_bound_is_inf_where_not_finite(void **state) {
  (void)state;
  static const struct {
    Mlf__Lemon__Activation act;
    float x;
  } cases[] = {{A(EXP), 100}, {A(LOG), -1}, {A(LOG), 0}, {A(SQRT), -0.5f}, {A(LINEAR), NAN},
               {A(RELU), INFINITY}, {A(SQUARE), 3e38f}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tg *t = tg_new(1, 2, 0, 0, 1);
    tg_add(t, K(ACTIVATION))->activation = cases[i].act;
    tg_build(t, 1, 1, 2);
    t->g.input_data[0] = cases[i].x;
    tg_run(t);
    assert_true(isinf(t->bounds[0][0]));
    assert_true(isfinite(t->bounds[0][1]));
    tg_free(t);
  }
  /* a NaN input poisons a whole dense output, and only that batch item */
  tg *t = tg_new(1, 3, 0, 0, 2);
  tg_add(t, K(DENSE))->units = 2;
  tg_build(t, 1, -1, 1);
  t->g.input_data[1] = NAN;
  tg_run(t);
  assert_true(isinf(t->bounds[0][0]) && isinf(t->bounds[0][1]));
  assert_true(isfinite(t->bounds[0][2]) && isfinite(t->bounds[0][3]));
  tg_free(t);
}

/* ---- the layer alone --------------------------------------------------------------------- */

static void test_layer_alone_matches_the_run(void **state) {
  (void)state;
  tg *t = tg_new(3, 4, 4, 2, 2);
  add_conv(t, K(CONV2D), 3, 3, 1, 1, A(TANH));
  add_conv(t, K(CONV2D), 2, 2, 1, 0, A(RELU));
  tg_build(t, 9, -1, 1);
  tg_run(t);
  size_t n = 2 * lemon_shape_elements(&t->geo[1].out);
  double *out = calloc(n, sizeof(double)), *ob = calloc(n, sizeof(double));
  const double *in[1] = {t->values[0]}, *ib[1] = {t->bounds[0]};
  lemon_reference_layer(&t->g, 1, in, ib, out, ob);
  for (size_t e = 0; e < n; e++) assert_true(out[e] == t->values[1][e] && ob[e] == t->bounds[1][e]);
  lemon_reference_layer(&t->g, 1, in, NULL, out, ob);  /* exact inputs: smaller bounds */
  for (size_t e = 0; e < n; e++) assert_true(out[e] == t->values[1][e] && ob[e] <= t->bounds[1][e]);
  free(out), free(ob);
  tg_free(t);
}

/* Where input errors swamp a row's variance the bound is infinite, but the value is still
 * the formula's (it once used an unset 1/sqrt(var + eps)). */
static void test_layer_norm_value_without_bound(void **state) {
  (void)state;
  tg *t = tg_new(2, 1, 4, 0, 1);
  tg_add(t, K(LAYER_NORM));
  tg_build(t, 1, 0, 1);
  set_floats(t->layers[0].weights, (const float[]){1, 2, 1, 1, 0, 0, 1, -1}, 8);
  const double x[4] = {1, 2, 3, 6}, e[4] = {10, 10, 10, 10};
  const double *in[1] = {x}, *ib[1] = {e};
  double out[4], ob[4], r = 1 / sqrt(3.5 + 1e-3);
  lemon_reference_layer(&t->g, 0, in, ib, out, ob);
  const double want[4] = {-2 * r, -2 * r, 0 + 1, 3 * r - 1};
  for (int k = 0; k < 4; k++) {
    assert_true(isinf(ob[k]));
    assert_float_equal(out[k], want[k], 1e-14);
  }
  tg_free(t);
}

/* A row whose variance a float holds (about 1.3e38) but whose sum of squares (5.2e38) a float
 * sum overflows: no bound (oneDNN gives y = shift there, 1 / sqrt(Inf) = 0); the same row
 * scaled by 2^-10 keeps its bound. LRN over such a window likewise. */
static void test_float_sum_of_squares_overflow(void **state) {
  (void)state;
  tg *t = tg_new(2, 1, 4, 0, 1);
  tg_add(t, K(LAYER_NORM));
  tg_build(t, 1, 0, 1);
  set_floats(t->layers[0].weights, (const float[]){1, 1, 1, 1, 0, 0, 0, 0}, 8);
  const double big[4] = {7.494e14, 2.6473e19, 2.7e-22, 3.856e11}, e[4] = {0, 0, 0, 0};
  double small[4], out[4], ob[4];
  for (int k = 0; k < 4; k++) small[k] = big[k] * 0x1p-10;
  const double *ib[1] = {e}, *in_big[1] = {big}, *in_small[1] = {small};
  lemon_reference_layer(&t->g, 0, in_big, ib, out, ob);
  for (int k = 0; k < 4; k++) assert_true(isinf(ob[k]) && isfinite(out[k]));
  lemon_reference_layer(&t->g, 0, in_small, ib, out, ob);
  for (int k = 0; k < 4; k++) assert_true(isfinite(ob[k]) && ob[k] < 1e-5);
  tg_free(t);

  t = tg_new(3, 1, 1, 3, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(LRN));
  l->kernel = 3, l->alpha = 0.3, l->beta = 0.75;
  tg_build(t, 1, 0, 1);
  const double window[3] = {2e19, 1, 1}, we[3] = {0, 0, 0};
  const double *wi[1] = {window}, *wb[1] = {we};
  double lo[3], lb[3];
  lemon_reference_layer(&t->g, 0, wi, wb, lo, lb);
  assert_true(isinf(lb[0]) && isinf(lb[1]) && isfinite(lb[2]));
  tg_free(t);
}

/* Bilinear RESIZE by 3 of a 4 x 1 x 1 column, NaN but row 2: output row 7 samples row 2 exactly
 * (7.5 / 3 - 0.5), where row 3 has weight 0: the value is row 2's (oneDNN's ceil neighbour)
 * with no bound (XNNPACK's 0 * NaN = NaN stands too); output row 6 weighs row 1's NaN: NaN. */
static void test_resize_zero_weight_nan(void **state) {
  (void)state;
  tg *t = tg_new(3, 4, 1, 1, 1);
  Mlf__Lemon__Layer *l = tg_add(t, K(RESIZE));
  l->kernel = 3, l->alpha = 1;
  tg_build(t, 1, 0, 1);
  const double x[4] = {NAN, NAN, 0.25, NAN}, e[4] = {0, 0, 0, 0};
  const double *in[1] = {x}, *ib[1] = {e};
  double out[36], ob[36]; /* 12 x 3 x 1: row r, column 0 at 3 r */
  lemon_reference_layer(&t->g, 0, in, ib, out, ob);
  assert_true(out[21] == 0.25 && isinf(ob[21]));
  assert_true(isnan(out[18]) && isnan(out[24]));
  tg_free(t);
}

/* ---- report ------------------------------------------------------------------------------ */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Prints the median and max of err / bound per layer kind over the soundness tests. */
static void test_print_tightness(void **state) {
  (void)state;
  size_t seen = 0;
  for (size_t s = 0; s < N_STATS; s++) {
    if (!n_ratios[s]) continue;
    qsort(ratios[s], n_ratios[s], sizeof(double), cmp_double);
    const char *name = s < 23 ? lemon_kind_name((Mlf__Lemon__LayerKind)s)
                              : lemon_activation_name((Mlf__Lemon__Activation)(s - 23));
    fprintf(stderr, "tightness %-18s %s n %6zu  median %.3g  max %.3g\n", name,
            s < 23 ? "layer" : "act  ", n_ratios[s], ratios[s][n_ratios[s] / 2],
            ratios[s][n_ratios[s] - 1]);
    free(ratios[s]);
    seen++;
  }
  assert_true(seen > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_conv2d_2x2_valid),
      cmocka_unit_test(test_conv2d_stride2_same_pads_at_end),
      cmocka_unit_test(test_conv2d_dilation_and_depthwise),
      cmocka_unit_test(test_deconv2d),
      cmocka_unit_test(test_pools_with_padding),
      cmocka_unit_test(test_lrn),
      cmocka_unit_test(test_softmax_and_log_softmax),
      cmocka_unit_test(test_batch_and_layer_norm),
      cmocka_unit_test(test_dense_over_each_rank),
      cmocka_unit_test(test_merges_resize_reshape),
      cmocka_unit_test(test_rnns_two_steps),
      cmocka_unit_test(test_activations_against_libm),
      cmocka_unit_test(test_pow_underflow_scaled_by_alpha),
      cmocka_unit_test(test_pow_parameter_as_the_library_sees_it),
      cmocka_unit_test(test_activation_bound_covers_its_interval),
      cmocka_unit_test(test_bound_sound_activations),
      cmocka_unit_test(test_bound_sound_linear_and_window_layers),
      cmocka_unit_test(test_bound_sound_normalization_layers),
      cmocka_unit_test(test_bound_sound_merge_and_resize_layers),
      cmocka_unit_test(test_bound_sound_rnns),
      cmocka_unit_test(test_bound_sound_wide_ranges),
      cmocka_unit_test(test_bound_detects_library_bugs),
      cmocka_unit_test(test_bound_sees_1e4_relative_rnn_errors),
      cmocka_unit_test(test_bound_is_inf_where_not_finite),
      cmocka_unit_test(test_layer_alone_matches_the_run),
      cmocka_unit_test(test_layer_norm_value_without_bound),
      cmocka_unit_test(test_float_sum_of_squares_overflow),
      cmocka_unit_test(test_resize_zero_weight_nan),
      cmocka_unit_test(test_print_tightness),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
