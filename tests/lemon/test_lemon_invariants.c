/* Unit tests of the LEMON layer invariants (lemon_invariants.c): the reference's outputs
 * rounded to float (what a correct backend gives) pass on every layer, and each planted
 * violation is caught on its layer under its kind: tanh, softmax and LSTM a float step past
 * their ranges, a max-pool output off its window by one ulp, a standalone ReLU, FLATTEN,
 * CONCAT and nearest RESIZE one ulp off the value they copy, a MAXIMUM that is neither input,
 * ROUND with a fraction; a max pool of -inf and NaN only that gives -FLT_MAX has a kind of its
 * own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon/lemon_invariants.h"
#include "lemon_test_graph.h"

/* The layers' outputs as a correct float backend gives them: G rounded. */
static float **float_outputs(tg *t) {
  float **out = calloc(t->m.n_layers, sizeof *out);
  for (size_t i = 0; i < t->m.n_layers; i++) {
    size_t n = t->g.batch * lemon_graph_layer_elements(&t->g, i);
    out[i] = calloc(n, sizeof(float));
    for (size_t e = 0; e < n; e++) out[i][e] = (float)t->values[i][e];
  }
  return out;
}

static void free_outputs(tg *t, float **out) {
  for (size_t i = 0; i < t->m.n_layers; i++) free(out[i]);
  free(out);
}

static void assert_all_hold(tg *t, float **out) {
  lemon_violation v;
  for (size_t i = 0; i < t->m.n_layers; i++) {
    if (lemon_check_invariants(&t->g, (const float *const *)out, i, &v))
      fprintf(stderr, "layer %zu: %s at %zu (%a)\n", i, v.kind, v.element, v.value);
    assert_false(lemon_check_invariants(&t->g, (const float *const *)out, i, &v));
  }
}

/* Planting value at element e of layer i breaks kind there (and only there). */
static void assert_caught(tg *t, float **out, size_t i, size_t e, float value, const char *kind) {
  float saved = out[i][e];
  lemon_violation v;
  out[i][e] = value;
  assert_true(lemon_check_invariants(&t->g, (const float *const *)out, i, &v));
  assert_string_equal(v.kind, kind);
  assert_int_equal(v.element, e);
  out[i][e] = saved;
  assert_false(lemon_check_invariants(&t->g, (const float *const *)out, i, &v));
}

/* conv+tanh, max pool, ReLU, FLATTEN, dense, softmax over a batch of 2. */
static void test_image_chain(void **state) {
  (void)state;
  tg *t = tg_new(3, 4, 4, 2, 2);
  Mlf__Lemon__Layer *c = tg_add(t, K(CONV2D));
  c->units = 3, c->kernel = 3, c->padding = MLF__LEMON__PADDING__SAME, c->activation = A(TANH);
  Mlf__Lemon__Layer *p = tg_add(t, K(MAX_POOL2D));
  p->kernel = 2, p->stride = 2;
  tg_add(t, K(ACTIVATION))->activation = A(RELU);
  tg_add(t, K(FLATTEN));
  tg_add(t, K(DENSE))->units = 3;
  tg_add(t, K(SOFTMAX));
  tg_build(t, 7, -3, 3);
  tg_run(t);
  float **out = float_outputs(t);
  assert_all_hold(t, out);
  assert_caught(t, out, 0, 5, nextafterf(1, 2), "outside-range");
  assert_caught(t, out, 0, 7, nextafterf(-1, -2), "outside-range");
  size_t pooled = 2 * 2 * 3 + 4; /* batch item 1 */
  assert_caught(t, out, 1, pooled, nextafterf(out[1][pooled], INFINITY), "not-an-input-element");
  size_t e = 0;
  while (out[1][e] <= 0) e++; /* a positive ReLU input copies through */
  assert_caught(t, out, 2, e, nextafterf(out[1][e], 0), "not-a-copy");
  assert_caught(t, out, 3, 2, nextafterf(out[2][2], INFINITY), "not-a-copy");
  assert_caught(t, out, 5, 4, nextafterf(1, 2), "outside-range");
  assert_caught(t, out, 5, 1, -0x1p-149f, "outside-range");
  free_outputs(t, out);
  tg_free(t);
}

/* MAXIMUM and CONCAT of (x, x^2, x), nearest RESIZE, ROUND, and an LSTM. */
static void test_merges_and_recurrence(void **state) {
  (void)state;
  static uint32_t refs[3] = {0, 1, 0};
  tg *t = tg_new(3, 1, 2, 1, 1);
  tg_add(t, K(ACTIVATION))->activation = A(SQUARE);
  Mlf__Lemon__Layer *m = tg_add(t, K(MAXIMUM));
  m->n_inputs = 3, m->inputs = refs;
  Mlf__Lemon__Layer *cat = tg_add(t, K(CONCAT));
  cat->n_inputs = 3, cat->inputs = refs;
  Mlf__Lemon__Layer *r = tg_add(t, K(RESIZE));
  r->kernel = 2, r->alpha = 0, r->n_inputs = 1, r->inputs = refs + 1;
  tg_add(t, K(ACTIVATION))->activation = A(ROUND);
  tg_build(t, 3, -2, 2);
  set_floats(t->g.input_data, (const float[]){-0.75f, 1.5f}, 2);
  tg_run(t);
  float **out = float_outputs(t);
  assert_all_hold(t, out);
  assert_caught(t, out, 1, 0, -0.5f, "not-an-input-element");
  assert_caught(t, out, 2, 3, nextafterf(out[2][3], 0), "not-a-copy");
  assert_caught(t, out, 3, 5, nextafterf(out[3][5], 0), "not-a-copy");
  assert_caught(t, out, 4, 1, 2.5f, "not-an-integer");
  free_outputs(t, out);
  tg_free(t);

  t = tg_new(2, 3, 2, 0, 1);
  Mlf__Lemon__Layer *lstm = tg_add(t, K(LSTM));
  lstm->units = 2, lstm->return_sequences = 1;
  tg_build(t, 5, -4, 4);
  tg_run(t);
  out = float_outputs(t);
  assert_all_hold(t, out);
  assert_caught(t, out, 0, 3, nextafterf(1, 2), "outside-range");
  free_outputs(t, out);
  tg_free(t);
}

/* Max pool (2 x 2, stride 2) of a 2 x 6 input: a window of -inf only, one of numbers and -inf,
 * one of NaN and -inf. -inf and NaN pass where they are elements; -FLT_MAX is caught as
 * lowest-for-window-without-numbers on the first and third windows and as
 * not-an-input-element on the second. */
static void test_max_pool_of_minus_inf(void **state) {
  (void)state;
  tg *t = tg_new(3, 2, 6, 1, 1);
  Mlf__Lemon__Layer *p = tg_add(t, K(MAX_POOL2D));
  p->kernel = 2, p->stride = 2;
  tg_build(t, 11, -1, 1);
  set_floats(t->g.input_data, (const float[]){-INFINITY, -INFINITY, 0.5f, -0.25f, NAN, -INFINITY,
                                              -INFINITY, -INFINITY, 0.125f, -INFINITY, NAN, NAN}, 12);
  tg_run(t);
  float **out = float_outputs(t);
  assert_true(out[0][0] == -INFINITY && out[0][1] == 0.5f);
  out[0][2] = -INFINITY; /* an element (which one a max of NaN gives is the library's choice) */
  assert_all_hold(t, out);
  out[0][2] = NAN;
  assert_all_hold(t, out);
  assert_caught(t, out, 0, 0, -FLT_MAX, "lowest-for-window-without-numbers");
  assert_caught(t, out, 0, 1, -FLT_MAX, "not-an-input-element");
  assert_caught(t, out, 0, 2, -FLT_MAX, "lowest-for-window-without-numbers");
  free_outputs(t, out);
  tg_free(t);
}

/* The ranges of the parameterised activations use the float parameters. */
static void test_parameterised_ranges(void **state) {
  (void)state;
  lemon_layer l;
  memset(&l, 0, sizeof l);
  double lo, hi;
  l.kind = K(DENSE), l.act = A(CLIP), l.act_alpha = -0.1, l.act_beta = 0.1;
  assert_true(lemon_output_range(&l, &lo, &hi));
  assert_true(lo == (float)-0.1 && hi == (float)0.1);
  l.act = A(BOUNDED_RELU), l.act_alpha = 6;
  assert_true(lemon_output_range(&l, &lo, &hi) && lo == 0 && hi == 6);
  l.act = A(ELU), l.act_alpha = 0.5;
  assert_true(lemon_output_range(&l, &lo, &hi) && lo == -0.5 && hi == INFINITY);
  l.act = A(RELU), l.act_alpha = 0.01; /* leaky: no range */
  assert_false(lemon_output_range(&l, &lo, &hi));
  l.act = A(LINEAR), l.kind = K(LOG_SOFTMAX);
  assert_true(lemon_output_range(&l, &lo, &hi) && lo == -INFINITY && hi == 0);
  l.kind = K(AVG_POOL2D); /* a mean: no range beyond the bound */
  assert_false(lemon_output_range(&l, &lo, &hi));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_image_chain),
      cmocka_unit_test(test_merges_and_recurrence),
      cmocka_unit_test(test_max_pool_of_minus_inf),
      cmocka_unit_test(test_parameterised_ranges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
