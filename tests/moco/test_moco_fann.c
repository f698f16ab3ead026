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
#include "moco_test_programs.h"
#include "fann_judge.h"
#include "mlf_mutator.h"
#include "moco_fann_spec.h"

static const moco_spec *spec = &moco_fann_spec;

/* A program of what every API may need (a shortcut network, training data of its size, a
 * saved network and data set, scaling parameters), then extra (-1 terminated), all with their
 * default arguments. */
static const int base[] = {MOCO_FANN_CREATE_SHORTCUT, MOCO_FANN_CREATE_TRAIN, MOCO_FANN_SAVE,
                           MOCO_FANN_SAVE_TRAIN, MOCO_FANN_SET_SCALING};
#define BASE_BLOCKS (sizeof base / sizeof *base)

static Mlf__Moco__FannProgram *program_with(const int *extra) {
  Mlf__Moco__FannProgram *root = (Mlf__Moco__FannProgram *)moco_test_root(&mlf__moco__fann_program__descriptor,
                                                                           MLF__MOCO__PROGRAM__TEMPLATE__FANN_NETWORK);
  Mlf__Moco__Program *p = root->program;
  for (size_t i = 0; i < BASE_BLOCKS; i++) moco_test_append(p, base[i]);
  for (; *extra >= 0; extra++) moco_test_append(p, *extra);
  mlf_post_process(&root->base);
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

/* A mutated program: of the FANN template, its references valid. */
static void check_fann_program(const Mlf__Moco__Program *p) {
  assert_int_equal(p->template_, MLF__MOCO__PROGRAM__TEMPLATE__FANN_NETWORK);
  moco_test_assert_references_valid(p);
}

/* Any bytes unpack to a program the post-processor makes valid (references included);
 * post-processing it again changes no byte. */
static void test_post_processor_is_idempotent_and_references_stay_valid(void **state) {
  (void)state;
  uint8_t data[8192];
  int extra[] = {MOCO_FANN_TRAIN_ON_DATA, MOCO_FANN_COPY, MOCO_FANN_RUN, -1};
  Mlf__Moco__FannProgram *seed = program_with(extra);
  size_t size = moco_test_pack(&seed->base, data, sizeof data);
  mlf__moco__fann_program__free_unpacked(seed, NULL);
  moco_test_mutated_programs_stay_valid(&mlf__moco__fann_program__descriptor, data, size, check_fann_program);
}

static void test_bc_puts_one_argument_just_past_a_refused_boundary(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__fann_program__descriptor, 11, NULL);
  int extra[] = {MOCO_FANN_ACT_LAYER, MOCO_FANN_SUBSET, -1};
  for (int round = 0; round < 50; round++) {
    uint8_t data[8192];
    Mlf__Moco__FannProgram *seed = program_with(extra);
    size_t size = moco_test_pack(&seed->base, data, sizeof data);
    mlf__moco__fann_program__free_unpacked(seed, NULL);
    assert_true(moco_test_apply_until(m, data, &size, sizeof data, "moco:BC"));
    Mlf__Moco__FannProgram *root = (Mlf__Moco__FannProgram *)moco_test_unpack(&mlf__moco__fann_program__descriptor, data, size);
    Mlf__Moco__Program *p = root->program;
    int api = moco_test_assert_last_step_is_bc(p);
    assert_true(api == MOCO_FANN_ACT_LAYER || api == MOCO_FANN_STEEP_LAYER || api == MOCO_FANN_SUBSET);
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
  o->target = "moco_fann";
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
  /* The same value, a layer of the network when called (cascade training added it): legal. */
  good_outcome(&o);
  o.layer_exists[BASE_BLOCKS] = 1;
  assert_string_equal(verdict(p, &o), "ok");
  p->n_derivation = 0, p->derivation = NULL;
  mlf__moco__fann_program__free_unpacked(root, NULL);
}

/* The double and fixed targets' findings carry their names; the fixed build's checks (a
 * resaved fixed network's output, a copy's) are judged like the others. */
static void test_flavour_targets_tag_their_findings(void **state) {
  (void)state;
  int extra[] = {-1};
  Mlf__Moco__FannProgram *root = program_with(extra);
  Mlf__Moco__Program *p = root->program;
  static fann_outcome o;
  good_outcome(&o);
  o.target = "moco_fann_double";
  o.checks[1].got = 0.5000000000000001; /* a double output changed after loading */
  assert_string_equal(verdict(p, &o), "mlf:moco_fann_double:fann:fann_create_from_file:round-trip-mismatch");
  good_outcome(&o);
  o.target = "moco_fann_fixed";
  fann_check_add(&o, "fann_create_from_file", "fixed-round-trip-mismatch", "output[0][0]", 4096, 4096);
  assert_string_equal(verdict(p, &o), "ok");
  o.checks[2].got = 4095; /* the fixed network resaved and loaded gives another output */
  assert_string_equal(verdict(p, &o), "mlf:moco_fann_fixed:fann:fann_create_from_file:fixed-round-trip-mismatch");
  good_outcome(&o);
  o.target = "moco_fann_fixed";
  fann_check_add(&o, "fann_save_to_fixed", "fixed-mismatch", "decimal_point", 12, 11);
  assert_string_equal(verdict(p, &o), "mlf:moco_fann_fixed:fann:fann_save_to_fixed:fixed-mismatch");
  mlf__moco__fann_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_and_references_stay_valid),
      cmocka_unit_test(test_bc_puts_one_argument_just_past_a_refused_boundary),
      cmocka_unit_test(test_constraints_between_blocks_hold),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
      cmocka_unit_test(test_flavour_targets_tag_their_findings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
