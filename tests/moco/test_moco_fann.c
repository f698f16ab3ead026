/* MoCo over FANN: the specification table (every API's defaults legal in a program that has
 * what it needs), the post-processor (any bytes become a valid program whose references name
 * earlier live blocks of the right type, valid programs stay byte-identical), BC (one argument
 * just past a boundary FANN refuses) and the oracles with planted wrong behaviours (an output
 * changed after loading, a getter that disagrees with its setter, a refused value accepted, an
 * error on a valid call). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fann_judge.h"
#include "mlf_mutator.h"
#include "moco_fann_spec.h"

static const moco_spec *spec = &moco_fann_spec;

static void append_block(Mlf__Moco__Program *p, int api) {
  Mlf__Moco__Block *k = calloc(1, sizeof *k);
  mlf__moco__block__init(k);
  k->api = strdup(spec->apis[api].name);
  p->blocks = realloc(p->blocks, (p->n_blocks + 1) * sizeof *p->blocks);
  p->blocks[p->n_blocks++] = k;
}

/* A program of what every API may need (a shortcut network, training data of its size, a
 * saved network and data set, scaling parameters), then extra (-1 terminated), all with their
 * default arguments. */
static const int base[] = {MOCO_FANN_CREATE_SHORTCUT, MOCO_FANN_CREATE_TRAIN, MOCO_FANN_SAVE,
                           MOCO_FANN_SAVE_TRAIN, MOCO_FANN_SET_SCALING};
#define BASE_BLOCKS (sizeof base / sizeof *base)

static Mlf__Moco__FannProgram *program_with(const int *extra) {
  Mlf__Moco__FannProgram *root = calloc(1, sizeof *root);
  mlf__moco__fann_program__init(root);
  Mlf__Moco__Program *p = root->program = calloc(1, sizeof *p);
  mlf__moco__program__init(p);
  p->has_template_ = 1, p->template_ = MLF__MOCO__PROGRAM__TEMPLATE__FANN_NETWORK;
  for (size_t i = 0; i < BASE_BLOCKS; i++) append_block(p, base[i]);
  for (; *extra >= 0; extra++) append_block(p, *extra);
  mlf_post_process(&root->base);
  return root;
}

static size_t packed(const Mlf__Moco__FannProgram *root, uint8_t *buf, size_t cap) {
  size_t n = mlf__moco__fann_program__get_packed_size(root);
  assert_true(n <= cap);
  return mlf__moco__fann_program__pack(root, buf);
}

static Mlf__Moco__FannProgram *unpacked(const uint8_t *data, size_t size) {
  Mlf__Moco__FannProgram *root = mlf__moco__fann_program__unpack(NULL, size, data);
  assert_non_null(root);
  return root;
}

static void test_every_default_is_legal(void **state) {
  (void)state;
  for (int api = 0; api < MOCO_FANN_APIS; api++) {
    int extra[2] = {api, -1};
    Mlf__Moco__FannProgram *root = program_with(extra);
    Mlf__Moco__Program *p = root->program;
    assert_int_equal(p->n_blocks, BASE_BLOCKS + 1); /* nothing dropped: its needs are met */
    size_t b = p->n_blocks - 1;
    assert_string_equal(p->blocks[b]->api, spec->apis[api].name);
    for (unsigned i = 0; i < spec->apis[api].n_params; i++)
      assert_true(spec->legal(p, b, i, moco_value_number(p->blocks[b]->args[i])));
    mlf__moco__fann_program__free_unpacked(root, NULL);
  }
}

/* Every handle argument names an earlier block that returns its type, and no block between
 * them frees that block's handle. */
static void assert_references_valid(const Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks; b++) {
    const moco_api *a = &spec->apis[moco_api_index(spec, p->blocks[b]->api)];
    for (unsigned i = 0; i < a->n_params; i++) {
      if (a->params[i].kind != MOCO_HANDLE) continue;
      const Mlf__Moco__Value *v = p->blocks[b]->args[i];
      assert_int_equal(v->kind_case, MLF__MOCO__VALUE__KIND_REF);
      assert_true(v->ref < b);
      const moco_api *creator = &spec->apis[moco_api_index(spec, p->blocks[v->ref]->api)];
      assert_non_null(creator->returns);
      assert_string_equal(creator->returns, a->params[i].type);
      for (size_t m = v->ref + 1; m < b; m++) {
        const moco_api *between = &spec->apis[moco_api_index(spec, p->blocks[m]->api)];
        if (between->frees)
          assert_false(p->blocks[m]->args[between->frees - 1]->ref == v->ref);
      }
    }
  }
}

/* Any bytes unpack to a program the post-processor makes valid (references included);
 * post-processing it again changes no byte. */
static void test_post_processor_is_idempotent_and_references_stay_valid(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__fann_program__descriptor, 7, NULL);
  uint8_t data[8192] = {0}, again[8192];
  size_t size = 0;
  int extra[] = {MOCO_FANN_TRAIN_ON_DATA, MOCO_FANN_COPY, MOCO_FANN_RUN, -1};
  Mlf__Moco__FannProgram *seed = program_with(extra);
  size = packed(seed, data, sizeof data);
  mlf__moco__fann_program__free_unpacked(seed, NULL);
  for (int i = 0; i < 3000; i++) {
    size = mlf_mutate_bytes(m, data, size, sizeof data);
    Mlf__Moco__FannProgram *root = unpacked(data, size);
    Mlf__Moco__Program *p = root->program;
    assert_non_null(p);
    assert_int_equal(p->template_, MLF__MOCO__PROGRAM__TEMPLATE__FANN_NETWORK);
    assert_references_valid(p);
    mlf_post_process(&root->base);
    size_t n = packed(root, again, sizeof again);
    assert_int_equal(n, size);
    assert_memory_equal(again, data, n);
    mlf__moco__fann_program__free_unpacked(root, NULL);
  }
  mlf_mutator_free(m);
}

/* One operator by name, applied until it changes the program. */
static int apply_until(mlf_mutator *m, uint8_t *data, size_t *size, const char *op) {
  for (int i = 0; i < 20000; i++) {
    uint8_t copy[8192];
    memcpy(copy, data, *size);
    size_t n = mlf_mutate_bytes(m, copy, *size, sizeof copy);
    if (strcmp(mlf_mutator_last_op(m), op) == 0) {
      memcpy(data, copy, n);
      *size = n;
      return 1;
    }
  }
  return 0;
}

static void test_bc_puts_one_argument_just_past_a_refused_boundary(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__fann_program__descriptor, 11, NULL);
  int extra[] = {MOCO_FANN_ACT_LAYER, MOCO_FANN_SUBSET, -1};
  for (int round = 0; round < 50; round++) {
    uint8_t data[8192];
    Mlf__Moco__FannProgram *seed = program_with(extra);
    size_t size = packed(seed, data, sizeof data);
    mlf__moco__fann_program__free_unpacked(seed, NULL);
    assert_true(apply_until(m, data, &size, "moco:BC"));
    Mlf__Moco__FannProgram *root = unpacked(data, size);
    Mlf__Moco__Program *p = root->program;
    const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
    assert_int_equal(s->op, MLF__MOCO__OPERATOR__BC);
    assert_true(s->negative);
    int api = moco_api_index(spec, p->blocks[s->block]->api);
    assert_true(api == MOCO_FANN_ACT_LAYER || api == MOCO_FANN_STEEP_LAYER || api == MOCO_FANN_SUBSET);
    const moco_param *q = &spec->apis[api].params[s->param];
    double v = moco_value_number(p->blocks[s->block]->args[s->param]);
    assert_false(spec->legal(p, s->block, s->param, v));
    int upper = v > q->hi;
    assert_true(spec->refused((unsigned)api, s->param, upper));
    assert_true(upper ? v == q->hi + q->resolution : v == q->lo - q->resolution);
    mlf__moco__fann_program__free_unpacked(root, NULL);
  }
  mlf_mutator_free(m);
}

static void test_constraints_between_blocks_hold(void **state) {
  (void)state;
  /* Data of another size than the network is re-pointed to data that fits; a layer past the
   * network is clamped; cascade training of a standard network is dropped. */
  int extra[] = {MOCO_FANN_CREATE_TRAIN, MOCO_FANN_TRAIN_ON_DATA, MOCO_FANN_ACT_LAYER, -1};
  Mlf__Moco__FannProgram *root = program_with(extra);
  Mlf__Moco__Program *p = root->program;
  p->blocks[BASE_BLOCKS]->args[1]->integer = 7; /* 7 inputs: fits no network */
  p->blocks[BASE_BLOCKS + 1]->args[1]->ref = BASE_BLOCKS;
  p->blocks[BASE_BLOCKS + 2]->args[2]->integer = 4;
  mlf_post_process(&root->base);
  assert_int_equal(p->blocks[BASE_BLOCKS + 1]->args[1]->ref, 1);
  assert_int_equal(p->blocks[BASE_BLOCKS + 2]->args[2]->integer, 2); /* 3 layers: 1..2 */
  mlf__moco__fann_program__free_unpacked(root, NULL);
  int cascade[] = {MOCO_FANN_CREATE_STANDARD, MOCO_FANN_CASCADETRAIN, -1};
  root = program_with(cascade); /* its network: the latest, the standard one */
  p = root->program;
  assert_int_equal(p->n_blocks, BASE_BLOCKS + 1);
  assert_string_equal(p->blocks[BASE_BLOCKS]->api, "fann_create_standard_array");
  mlf__moco__fann_program__free_unpacked(root, NULL);
}

static const char *verdict(const Mlf__Moco__Program *p, const fann_outcome *o) {
  static mlf_run run;
  mlf_run_reset(&run);
  fann_judge(p, o, &run);
  return mlf_run_verdict(&run);
}

/* An outcome of a program whose every check held: a getter, a loaded network's output. */
static void good_outcome(fann_outcome *o) {
  memset(o, 0, sizeof *o);
  fann_check_add(o, "fann_set_learning_rate", "getter-mismatch", "learning_rate", 0.25, 0.25);
  fann_check_add(o, "fann_create_from_file", "round-trip-mismatch", "output[0][0]", 0.5, 0.5);
  for (int b = 0; b < 7; b++) o->results.block[b].reached = 1;
}

static void test_oracles_catch_planted_wrong_behaviour(void **state) {
  (void)state;
  int extra[] = {MOCO_FANN_ACT_LAYER, -1};
  Mlf__Moco__FannProgram *root = program_with(extra);
  Mlf__Moco__Program *p = root->program;
  static fann_outcome o;
  good_outcome(&o);
  assert_string_equal(verdict(p, &o), "ok");
  o.checks[1].got = 0.50000006; /* an output changed after loading */
  assert_string_equal(verdict(p, &o), "mlf:moco_fann:fann:fann_create_from_file:round-trip-mismatch");
  good_outcome(&o);
  o.checks[0].got = 0.7; /* the getter disagrees with its setter */
  assert_string_equal(verdict(p, &o), "mlf:moco_fann:fann:fann_set_learning_rate:getter-mismatch");
  good_outcome(&o);
  o.fann_errno[2] = 11;
  assert_string_equal(verdict(p, &o), "mlf:moco_fann:fann:fann_save:error-on-valid");
  good_outcome(&o);
  o.cascade_scores_leaked = 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_fann:fann:fann_destroy:leak-cascade-candidate-scores");
  /* A negative program: its refused call must set fann_errno. */
  Mlf__Moco__Step step = MLF__MOCO__STEP__INIT, *steps[1] = {&step};
  step.op = MLF__MOCO__OPERATOR__BC, step.block = (uint32_t)BASE_BLOCKS, step.negative = 1;
  p->n_derivation = 1, p->derivation = steps;
  good_outcome(&o);
  assert_string_equal(verdict(p, &o), "mlf:moco_fann:fann:fann_set_activation_function_layer:refused-value-accepted");
  o.fann_errno[BASE_BLOCKS] = 17; /* FANN_E_INDEX_OUT_OF_BOUND */
  assert_string_equal(verdict(p, &o), "ok");
  p->n_derivation = 0, p->derivation = NULL;
  mlf__moco__fann_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_and_references_stay_valid),
      cmocka_unit_test(test_bc_puts_one_argument_just_past_a_refused_boundary),
      cmocka_unit_test(test_constraints_between_blocks_hold),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
