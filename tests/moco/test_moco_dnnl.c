/* MoCo over oneDNN: the specification table (every API's defaults legal, refused boundaries
 * only where documented), the post-processor on DnnlProgram (mutated bytes become a valid
 * program that post-processing leaves byte-identical; every handle argument references an
 * earlier live block that makes that handle type), BC refused and negative, and the oracles with
 * planted wrong behaviours (a reorder round trip that changed one byte; a success where
 * dnnl_invalid_arguments is documented; a state mismatch). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "moco_test_programs.h"
#include "dnnl_judge.h"
#include "mlf_mutator.h"
#include "moco_dnnl_spec.h"

static const moco_spec *spec = &moco_dnnl_spec;


/* A program of one block of api, after the blocks its handles need (made by the post-processor's
 * rules: each handle parameter gets the latest earlier block that can serve it). */
static Mlf__Moco__DnnlProgram *program_of(const char **apis, size_t n) {
  Mlf__Moco__DnnlProgram *root = calloc(1, sizeof *root);
  mlf__moco__dnnl_program__init(root);
  Mlf__Moco__Program *p = root->program = calloc(1, sizeof *p);
  mlf__moco__program__init(p);
  p->blocks = calloc(n, sizeof *p->blocks);
  for (size_t i = 0; i < n; i++) {
    Mlf__Moco__Block *k = p->blocks[p->n_blocks++] = calloc(1, sizeof *k);
    mlf__moco__block__init(k);
    k->api = strdup(apis[i]);
  }
  mlf_post_process(&root->base);
  return root;
}

/* The creator of every handle type, in an order that lets each serve the next. */
static const char *creators[] = {"dnnl_memory_desc_init_by_tag", "dnnl_memory_create", "dnnl_primitive_attr_create",
                                 "dnnl_post_ops_create", "dnnl_reorder_primitive_desc_create", "dnnl_primitive_create"};

static void test_every_default_is_legal(void **state) {
  (void)state;
  for (int api = 0; api < MOCO_DNNL_APIS; api++) {
    const char *apis[7];
    memcpy(apis, creators, sizeof creators);
    apis[6] = spec->apis[api].name;
    Mlf__Moco__DnnlProgram *root = program_of(apis, 7);
    Mlf__Moco__Program *p = root->program;
    assert_int_equal(p->n_blocks, 7);
    for (unsigned i = 0; i < spec->apis[api].n_params; i++)
      assert_true(spec->legal(p, 6, i, moco_value_number(p->blocks[6]->args[i])));
    for (unsigned i = 0; i < spec->apis[api].n_params; i++)
      for (int upper = 0; upper < 2; upper++)
        if (spec->refused((unsigned)api, i, upper)) assert_int_not_equal(spec->apis[api].params[i].kind, MOCO_HANDLE);
    mlf__moco__dnnl_program__free_unpacked(root, NULL);
  }
  assert_true(spec->n_apis >= 35 && spec->n_apis <= 64); /* the AR roulette holds 64 */
}

/* A mutated program: of the oneDNN template, its references valid. */
static void check_dnnl_program(const Mlf__Moco__Program *p) {
  assert_int_equal(p->template_, MLF__MOCO__PROGRAM__TEMPLATE__DNNL_PRIMITIVES);
  moco_test_assert_references_valid(p);
}

static void test_post_processor_is_idempotent_and_references_valid(void **state) {
  (void)state;
  moco_test_mutated_programs_stay_valid(&mlf__moco__dnnl_program__descriptor, NULL, 0, check_dnnl_program);
}

static void test_bc_is_refused_and_negative(void **state) {
  (void)state;
  const char *apis[] = {"dnnl_memory_desc_init_by_tag", "dnnl_memory_desc_reshape", "dnnl_primitive_attr_create",
                        "dnnl_primitive_attr_set_scratchpad_mode", "dnnl_primitive_attr_set_fpmath_mode"};
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__dnnl_program__descriptor, 11, NULL);
  int seen = 0;
  for (int round = 0; round < 40; round++) {
    Mlf__Moco__DnnlProgram *seed = program_of(apis, 5);
    static uint8_t data[4096];
    size_t size = moco_test_pack(&seed->base, data, sizeof data);
    mlf__moco__dnnl_program__free_unpacked(seed, NULL);
    if (!moco_test_apply_until(m, data, &size, sizeof data, "moco:BC")) continue;
    Mlf__Moco__DnnlProgram *root = (Mlf__Moco__DnnlProgram *)moco_test_unpack(&mlf__moco__dnnl_program__descriptor, data, size);
    int api = moco_test_assert_last_step_is_bc(root->program);
    assert_true(api == MOCO_DNNL_MD_RESHAPE || api == MOCO_DNNL_ATTR_SCRATCHPAD_MODE || api == MOCO_DNNL_ATTR_FPMATH_MODE);
    seen++;
    mlf__moco__dnnl_program__free_unpacked(root, NULL);
  }
  assert_true(seen > 30);
  mlf_mutator_free(m);
}

static const char *verdict(const Mlf__Moco__Program *p, const dnnl_outcome *o) {
  static mlf_run run;
  mlf_run_reset(&run);
  dnnl_judge(p, o, &run);
  return mlf_run_verdict(&run);
}

/* A clean outcome of n blocks: every call returned dnnl_success. */
static void clean_outcome(dnnl_outcome *o) {
  memset(o, 0, sizeof *o);
  o->canary_block = SIZE_MAX;
  o->isa = "test";
}

static void test_oracles_catch_planted_wrong_behaviour(void **state) {
  (void)state;
  const char *apis[] = {"dnnl_memory_desc_init_by_tag", "dnnl_memory_desc_reshape", "dnnl_memory_create",
                        "dnnl_reorder_primitive_desc_create", "dnnl_primitive_create", "dnnl_primitive_execute"};
  Mlf__Moco__DnnlProgram *root = program_of(apis, 6);
  Mlf__Moco__Program *p = root->program;
  assert_int_equal(p->n_blocks, 6);
  static dnnl_outcome o;
  clean_outcome(&o);
  assert_string_equal(verdict(p, &o), "ok");
  /* A round trip that changed one byte of one element (nChw16c, so padding is not compared). */
  dnnl_memory_desc_t md;
  dnnl_dims_t dims = {1, 3, 2, 2};
  assert_int_equal(dnnl_memory_desc_init_by_tag(&md, 4, dims, dnnl_f32, dnnl_nChw16c), dnnl_success);
  size_t size = dnnl_memory_desc_get_size(&md);
  unsigned char *before = calloc(1, size), *after = calloc(1, size);
  for (size_t i = 0; i < size; i++) before[i] = after[i] = (unsigned char)i;
  dnnl_judge_round_trip(&o, 5, &md, before, after);
  assert_string_equal(verdict(p, &o), "ok");
  after[size - 1] ^= 1; /* padding of channel 15: not a logical element */
  dnnl_judge_round_trip(&o, 5, &md, before, after);
  assert_string_equal(verdict(p, &o), "ok");
  after[(1 * 16 + 2) * 4 + 3] ^= 0x80; /* element (n 0, c 2, h 0, w 1): its sign bit */
  dnnl_judge_round_trip(&o, 5, &md, before, after);
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_primitive_execute:round-trip-mismatch");
  free(before), free(after);
  /* A call that failed on legal arguments; an unimplemented one is not a finding. */
  clean_outcome(&o);
  o.status[3] = dnnl_unimplemented;
  assert_string_equal(verdict(p, &o), "ok");
  o.status[3] = dnnl_invalid_arguments;
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_reorder_primitive_desc_create:error-on-valid");
  /* A negative program: a reshape past its documented boundary must be refused. */
  Mlf__Moco__Step step = MLF__MOCO__STEP__INIT, *steps[1] = {&step};
  step.op = MLF__MOCO__OPERATOR__BC, step.block = 1, step.param = 2, step.negative = 1;
  p->n_derivation = 1, p->derivation = steps;
  clean_outcome(&o);
  o.status[1] = dnnl_invalid_arguments;
  assert_string_equal(verdict(p, &o), "ok");
  o.status[1] = dnnl_success;
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_memory_desc_reshape:refused-value-accepted");
  o.status[1] = dnnl_unimplemented;
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_memory_desc_reshape:wrong-status");
  p->n_derivation = 0, p->derivation = NULL;
  /* A state mismatch and a canary. */
  clean_outcome(&o);
  dnnl_judge_mismatch(&o, 2, "state-mismatch", "planted");
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_memory_create:state-mismatch");
  clean_outcome(&o);
  o.canary_block = 5;
  assert_string_equal(verdict(p, &o), "mlf:moco_dnnl:onednn:dnnl_primitive_execute:canary-overwritten");
  mlf__moco__dnnl_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_and_references_valid),
      cmocka_unit_test(test_bc_is_refused_and_negative),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
