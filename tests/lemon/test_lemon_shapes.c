/* LEMON shape inference and repair: output shapes and paddings of each layer kind by hand,
 * invalid models named as such, and the repair making arbitrary bytes a valid model while
 * leaving valid models byte-identical. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "lemon_shapes.h"
#include "mlf_mutator.h"
#include "mlf_rng.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

typedef struct {
  lemon_model_msg m;
  lemon_layer_msg l[4];
  uint32_t shape[3];
  lemon_layer_msg *lp[4];
} model_buf;

/* A model on an [H, W, C] input with n default layers of the given kinds. */
static void model3(model_buf *b, uint32_t h, uint32_t w, uint32_t c, size_t n,
                   const Mlf__Lemon__LayerKind *kinds) {
  lemon_model_msg init = MLF__LEMON__MODEL__INIT;
  b->m = init;
  b->shape[0] = h, b->shape[1] = w, b->shape[2] = c;
  b->m.n_input_shape = 3, b->m.input_shape = b->shape;
  b->m.num_inputs = 1;
  for (size_t i = 0; i < n; i++) {
    lemon_layer_msg li = MLF__LEMON__LAYER__INIT;
    b->l[i] = li;
    b->l[i].kind = kinds[i];
    b->lp[i] = &b->l[i];
  }
  b->m.n_layers = n, b->m.layers = b->lp;
}

static void test_same_padding_puts_the_extra_at_the_end(void **state) {
  (void)state;
  model_buf b;
  model3(&b, 7, 6, 2, 1, (Mlf__Lemon__LayerKind[]){K(CONV2D)});
  b.l[0].units = 5, b.l[0].kernel = 4, b.l[0].stride = 2, b.l[0].padding = MLF__LEMON__PADDING__SAME;
  lemon_shape in;
  lemon_geometry g[1];
  assert_int_equal(lemon_infer(&b.m, &in, g, NULL, 0), 0);
  /* H: out 4, needs 3*2 + 4 = 10 > 7: pad 3 = 1 + 2. W: out 3, needs 8 > 6: pad 2 = 1 + 1. */
  assert_int_equal(g[0].out.rank, 3);
  assert_int_equal(g[0].out.dim[0], 4);
  assert_int_equal(g[0].out.dim[1], 3);
  assert_int_equal(g[0].out.dim[2], 5);
  assert_int_equal(g[0].pad_top, 1);
  assert_int_equal(g[0].pad_bottom, 2);
  assert_int_equal(g[0].pad_left, 1);
  assert_int_equal(g[0].pad_right, 1);
}

static void test_valid_dilated_conv_and_deconv_sizes(void **state) {
  (void)state;
  model_buf b;
  model3(&b, 9, 9, 3, 2, (Mlf__Lemon__LayerKind[]){K(CONV2D), K(DECONV2D)});
  b.l[0].units = 4, b.l[0].kernel = 3, b.l[0].dilation = 2;  /* extent 5: 9 - 5 + 1 = 5 */
  b.l[1].units = 2, b.l[1].kernel = 3, b.l[1].stride = 2;    /* (5 - 1) * 2 + 3 = 11 */
  lemon_shape in;
  lemon_geometry g[2];
  assert_int_equal(lemon_infer(&b.m, &in, g, NULL, 0), 0);
  assert_int_equal(g[0].out.dim[0], 5);
  assert_int_equal(g[1].out.dim[0], 11);
  assert_int_equal(g[1].out.dim[2], 2);
}

static void test_multi_input_and_rank_changes(void **state) {
  (void)state;
  model_buf b;
  model3(&b, 4, 4, 3, 4,
         (Mlf__Lemon__LayerKind[]){K(CONV2D), K(CONCAT), K(GLOBAL_AVG_POOL2D), K(DENSE)});
  b.l[0].units = 5, b.l[0].kernel = 1;
  uint32_t refs[2] = {0, 1};
  b.l[1].n_inputs = 2, b.l[1].inputs = refs;
  b.l[3].units = 7;
  lemon_shape in;
  lemon_geometry g[4];
  assert_int_equal(lemon_infer(&b.m, &in, g, NULL, 0), 0);
  assert_int_equal(g[1].out.dim[2], 8);  /* 3 + 5 channels */
  assert_int_equal(g[2].out.rank, 1);
  assert_int_equal(g[2].out.dim[0], 8);
  assert_int_equal(g[3].out.dim[0], 7);
  b.l[1].kind = K(ADD);  /* 3 and 5 channels do not add */
  char why[160];
  assert_int_equal(lemon_infer(&b.m, &in, g, why, sizeof why), -1);
  assert_non_null(strstr(why, "layer 1 (ADD)"));
}

static void test_invalid_models_are_named(void **state) {
  (void)state;
  model_buf b;
  lemon_shape in;
  lemon_geometry g[2];
  char why[160];
  model3(&b, 4, 4, 3, 1, (Mlf__Lemon__LayerKind[]){K(LSTM)});
  b.l[0].units = 2;
  assert_int_equal(lemon_infer(&b.m, &in, g, why, sizeof why), -1);
  assert_non_null(strstr(why, "[T, F]"));
  model3(&b, 4, 4, 3, 1, (Mlf__Lemon__LayerKind[]){K(MAX_POOL2D)});
  b.l[0].kernel = 5;  /* VALID window larger than the input */
  assert_int_equal(lemon_infer(&b.m, &in, g, why, sizeof why), -1);
  model3(&b, 4, 4, 3, 1, (Mlf__Lemon__LayerKind[]){K(DENSE)});
  b.l[0].units = 1;
  uint32_t forward[1] = {1};  /* a layer cannot read itself */
  b.l[0].n_inputs = 1, b.l[0].inputs = forward;
  assert_int_equal(lemon_infer(&b.m, &in, g, why, sizeof why), -1);
}

static double wild_double(mlf_rng *rng) {
  static const double specials[] = {0, 1, -1, 0.5, 1e-4, 0.75, 100, -1e30, 1.0 / 0.0, 0.0 / 0.0};
  return specials[mlf_rng_below(rng, sizeof specials / sizeof *specials)];
}

/* A random message with sizes and parameters often out of their bounds, packed. */
static size_t wild_model(mlf_rng *rng, uint8_t *out) {
  lemon_model_msg m = MLF__LEMON__MODEL__INIT;
  uint32_t shape[4], refs[24][6];
  lemon_layer_msg layers[24], *lp[24];
  m.n_input_shape = mlf_rng_below(rng, 5);
  m.input_shape = shape;
  for (size_t i = 0; i < 4; i++) shape[i] = (uint32_t)mlf_rng_below(rng, 80);
  m.has_num_inputs = 1, m.num_inputs = (uint32_t)mlf_rng_below(rng, 7);
  m.n_layers = mlf_rng_below(rng, 24);
  m.layers = lp;
  for (size_t i = 0; i < m.n_layers; i++) {
    lemon_layer_msg l = MLF__LEMON__LAYER__INIT;
    l.has_kind = 1, l.kind = (Mlf__Lemon__LayerKind)mlf_rng_below(rng, 23);
    l.has_units = 1, l.units = (uint32_t)mlf_rng_below(rng, 100);
    l.has_kernel = 1, l.kernel = (uint32_t)mlf_rng_below(rng, 8);
    l.has_stride = 1, l.stride = (uint32_t)mlf_rng_below(rng, 5);
    l.has_dilation = 1, l.dilation = (uint32_t)mlf_rng_below(rng, 4);
    l.has_padding = 1, l.padding = (Mlf__Lemon__Padding)mlf_rng_below(rng, 2);
    l.has_activation = 1, l.activation = (Mlf__Lemon__Activation)mlf_rng_below(rng, 22);
    l.has_act_alpha = 1, l.act_alpha = wild_double(rng);
    l.has_alpha = 1, l.alpha = wild_double(rng);
    l.has_beta = 1, l.beta = wild_double(rng);
    l.n_inputs = mlf_rng_below(rng, 6);
    l.inputs = refs[i];
    for (size_t k = 0; k < 6; k++) refs[i][k] = (uint32_t)mlf_rng_below(rng, i + 3);
    layers[i] = l;
    lp[i] = &layers[i];
  }
  return mlf__lemon__model__pack(&m, out);
}

/* Random models, repaired: always valid; a second repair changes nothing. */
static void test_repair_makes_any_message_valid(void **state) {
  (void)state;
  mlf_rng rng;
  mlf_rng_seed(&rng, 7);
  uint8_t wild[4096], before[8192], after[8192];
  size_t layers_kept = 0;
  for (int trial = 0; trial < 20000; trial++) {
    size_t n = wild_model(&rng, wild);
    lemon_model_msg *m = (lemon_model_msg *)mlf_parse_or_default(
        &mlf__lemon__model__descriptor, wild, n);
    lemon_repair(m);
    lemon_shape in;
    lemon_geometry g[LEMON_MAX_LAYERS];
    char why[160] = "";
    assert_int_equal(lemon_infer(m, &in, g, why, sizeof why), 0);
    layers_kept += m->n_layers;
    size_t size = mlf__lemon__model__get_packed_size(m);
    assert_true(size <= sizeof before);
    mlf__lemon__model__pack(m, before);
    lemon_repair(m);
    assert_int_equal(mlf__lemon__model__pack(m, after), size);
    assert_memory_equal(before, after, size);
    protobuf_c_message_free_unpacked(&m->base, NULL);
  }
  assert_true(layers_kept > 20000);  /* the repair keeps layers, not just empty models */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_padding_puts_the_extra_at_the_end),
      cmocka_unit_test(test_valid_dilated_conv_and_deconv_sizes),
      cmocka_unit_test(test_multi_input_and_rank_changes),
      cmocka_unit_test(test_invalid_models_are_named),
      cmocka_unit_test(test_repair_makes_any_message_valid),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
