/* LEMON lowering: deterministic parameters per weight stream, inputs and explicit input
 * values, and the five inner-layer rules each changing exactly what the paper says. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "lemon/lemon_graph.h"
#include "lemon/lemon_inner.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name
#define RULE(name) MLF__LEMON__INNER_MUTATION__RULE__##name

typedef struct {
  lemon_model_msg m;
  lemon_layer_msg l[3];
  lemon_layer_msg *lp[3];
  uint32_t shape[1];
} mlp_buf;

/* [10] -> DENSE 20 -> DENSE 6 */
static void mlp(mlp_buf *b) {
  lemon_model_msg m = MLF__LEMON__MODEL__INIT;
  b->m = m;
  b->shape[0] = 10;
  b->m.n_input_shape = 1, b->m.input_shape = b->shape;
  b->m.num_inputs = 2, b->m.weight_seed = 11, b->m.input_seed = 5;
  uint32_t units[2] = {20, 6};
  for (int i = 0; i < 2; i++) {
    lemon_layer_msg l = MLF__LEMON__LAYER__INIT;
    b->l[i] = l;
    b->l[i].kind = K(DENSE), b->l[i].units = units[i];
    b->lp[i] = &b->l[i];
  }
  b->m.n_layers = 2, b->m.layers = b->lp;
}

static void build(const lemon_model_msg *m, lemon_graph *g) {
  char why[160] = "";
  assert_int_equal(lemon_graph_build(m, g, why, sizeof why), 0);
}

static void test_parameters_follow_the_weight_stream(void **state) {
  (void)state;
  mlp_buf b;
  mlp(&b);
  lemon_graph g1, g2;
  build(&b.m, &g1);
  build(&b.m, &g2);
  assert_int_equal(g1.layers[1].n_weights, 6 * 20);
  assert_memory_equal(g1.layers[1].weights, g2.layers[1].weights, 6 * 20 * sizeof(float));
  for (size_t i = 0; i < 2 * 10; i++) assert_true(g1.input_data[i] >= -1 && g1.input_data[i] <= 1);
  /* A stream pinned to the layer's index gives the same numbers; another stream others. */
  lemon_graph_free(&g2);
  b.l[1].has_weight_stream = 1, b.l[1].weight_stream = 1;
  build(&b.m, &g2);
  assert_memory_equal(g1.layers[1].weights, g2.layers[1].weights, 6 * 20 * sizeof(float));
  lemon_graph_free(&g2);
  b.l[1].weight_stream = 7;
  build(&b.m, &g2);
  assert_memory_not_equal(g1.layers[1].weights, g2.layers[1].weights, 6 * 20 * sizeof(float));
  lemon_graph_free(&g1);
  lemon_graph_free(&g2);
}

static void test_input_values_replace_generated_inputs(void **state) {
  (void)state;
  mlp_buf b;
  mlp(&b);
  float values[20];
  for (int i = 0; i < 20; i++) values[i] = (float)i * 0.25f;
  b.m.n_input_values = 20, b.m.input_values = values;
  lemon_graph g;
  build(&b.m, &g);
  assert_memory_equal(g.input_data, values, sizeof values);
  lemon_graph_free(&g);
  b.m.n_input_values = 19;  /* a count that does not match is an invalid model */
  char why[160];
  assert_int_equal(lemon_graph_build(&b.m, &g, why, sizeof why), -1);
}

/* Rows (neurons) of layer 0's 20x10 weights that differ between a and b. */
static int changed_rows(const lemon_layer *a, const lemon_layer *b, int *changed) {
  int n = 0;
  for (int r = 0; r < 20; r++) {
    changed[r] = memcmp(a->weights + r * 10, b->weights + r * 10, 10 * sizeof(float)) != 0 ||
                 a->bias[r] != b->bias[r];
    n += changed[r];
  }
  return n;
}

static void mutate_layer0(mlp_buf *b, Mlf__Lemon__InnerMutation *im, int rule, lemon_graph *g) {
  Mlf__Lemon__InnerMutation init = MLF__LEMON__INNER_MUTATION__INIT;
  static Mlf__Lemon__InnerMutation *list[1];
  *im = init;
  im->rule = rule, im->layer = 0, im->seed = 99;
  list[0] = im;
  b->m.n_inner_mutations = 1, b->m.inner_mutations = list;
  build(&b->m, g);
}

static void test_inner_rules_touch_30_percent(void **state) {
  (void)state;
  mlp_buf b;
  mlp(&b);
  lemon_graph plain, g;
  build(&b.m, &plain);
  Mlf__Lemon__InnerMutation im;
  int changed[20];

  mutate_layer0(&b, &im, RULE(ACTIVATION_INVERSE), &g);
  assert_int_equal(changed_rows(&plain.layers[0], &g.layers[0], changed), 6);
  for (int r = 0; r < 20; r++)
    if (changed[r]) {
      for (int k = 0; k < 10; k++) assert_true(g.layers[0].weights[r * 10 + k] == -plain.layers[0].weights[r * 10 + k]);
      assert_true(g.layers[0].bias[r] == -plain.layers[0].bias[r]);
    }
  lemon_graph_free(&g);

  mutate_layer0(&b, &im, RULE(GAUSSIAN_FUZZING), &g);
  assert_int_equal(changed_rows(&plain.layers[0], &g.layers[0], changed), 6);
  lemon_graph_free(&g);

  mutate_layer0(&b, &im, RULE(WEIGHTS_SHUFFLING), &g);
  assert_int_equal(changed_rows(&plain.layers[0], &g.layers[0], changed), 6);
  for (int r = 0; r < 20; r++) {  /* a permutation: same sum, bias untouched */
    double s0 = 0, s1 = 0;
    for (int k = 0; k < 10; k++) s0 += plain.layers[0].weights[r * 10 + k], s1 += g.layers[0].weights[r * 10 + k];
    assert_float_equal(s0, s1, 1e-6);
    assert_true(g.layers[0].bias[r] == plain.layers[0].bias[r]);
  }
  lemon_graph_free(&g);

  mutate_layer0(&b, &im, RULE(NEURON_SWITCH), &g);
  assert_int_equal(changed_rows(&plain.layers[0], &g.layers[0], changed), 6);  /* 3 pairs */
  lemon_graph_free(&g);

  /* NEB: 3 of the 10 input features read as zero by every neuron. */
  mutate_layer0(&b, &im, RULE(EFFECT_BLOCK), &g);
  int zero_columns = 0;
  for (int f = 0; f < 10; f++) {
    int zero = 1;
    for (int r = 0; r < 20; r++) zero &= g.layers[0].weights[r * 10 + f] == 0;
    zero_columns += zero;
  }
  assert_int_equal(zero_columns, 3);
  lemon_graph_free(&g);
  lemon_graph_free(&plain);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parameters_follow_the_weight_stream),
      cmocka_unit_test(test_input_values_replace_generated_inputs),
      cmocka_unit_test(test_inner_rules_touch_30_percent),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
