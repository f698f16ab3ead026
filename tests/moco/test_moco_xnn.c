/* MoCo over XNNPACK: the specification table (every API's defaults legal, BC values refused),
 * the post-processor (mutated bytes become a valid program, valid programs stay
 * byte-identical, every reference names a create block of the right kind), the reference
 * (one ulp off is caught) and the judge with planted wrong behaviours (a reference mismatch, a
 * success where xnn_status_invalid_parameter was due, a leak, an error on a valid program). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "moco_test_programs.h"
#include <xnnpack.h>
#include "mlf_mutator.h"
#include "moco_xnn_spec.h"
#include "xnn_judge.h"
#include "xnn_reference.h"

static const moco_spec *spec = &moco_xnn_spec;

/* A root message holding create, setup, run of one kind, post-processed. */
static Mlf__Moco__XnnProgram *program_of(xnn_kind kind) {
  Mlf__Moco__XnnProgram *root = (Mlf__Moco__XnnProgram *)moco_test_root(&mlf__moco__xnn_program__descriptor,
                                                                         MLF__MOCO__PROGRAM__TEMPLATE__XNN_OPERATORS);
  Mlf__Moco__Program *p = root->program;
  moco_test_append(p, 2 * (int)kind);
  moco_test_append(p, 2 * (int)kind + 1);
  moco_test_append(p, XNN_API_RUN);
  mlf_post_process(&root->base);
  assert_int_equal(p->n_blocks, 3);
  return root;
}

static void test_every_default_is_legal(void **state) {
  (void)state;
  for (int kind = 0; kind < XNN_KINDS; kind++) {
    Mlf__Moco__XnnProgram *root = program_of((xnn_kind)kind);
    Mlf__Moco__Program *p = root->program;
    for (size_t b = 0; b < p->n_blocks; b++)
      for (unsigned i = 0; i < p->blocks[b]->n_args; i++)
        if (!spec->legal(p, b, i, moco_value_number(p->blocks[b]->args[i])))
          fail_msg("%s parameter %u = %g", p->blocks[b]->api, i, moco_value_number(p->blocks[b]->args[i]));
    mlf__moco__xnn_program__free_unpacked(root, NULL);
  }
}

/* Every setup names a create of its own kind, every run an op set up before it. */
static void assert_references_valid(const Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(spec, p->blocks[b]->api);
    if (api < XNN_API_RUN && api % 2 == 0) continue;
    const Mlf__Moco__Value *v = p->blocks[b]->args[0];
    assert_int_equal(v->kind_case, MLF__MOCO__VALUE__KIND_REF);
    assert_true(v->ref < b);
    int create = moco_api_index(spec, p->blocks[v->ref]->api);
    assert_true(create < XNN_API_RUN && create % 2 == 0);
    if (api < XNN_API_RUN) assert_int_equal(create / 2, api / 2);
    if (api == XNN_API_RUN) {
      int set_up = 0;
      for (size_t m = v->ref + 1; m < b; m++) {
        int mapi = moco_api_index(spec, p->blocks[m]->api);
        set_up |= mapi < XNN_API_RUN && mapi % 2 == 1 && p->blocks[m]->args[0]->ref == v->ref;
      }
      assert_true(set_up);
    }
  }
}

/* A mutated program: of the XNNPACK template, its references valid. */
static void check_xnn_program(const Mlf__Moco__Program *p) {
  assert_int_equal(p->template_, MLF__MOCO__PROGRAM__TEMPLATE__XNN_OPERATORS);
  moco_test_assert_references_valid(p);
  assert_references_valid(p);
}

static void test_post_processor_is_idempotent_and_references_valid(void **state) {
  (void)state;
  moco_test_mutated_programs_stay_valid(&mlf__moco__xnn_program__descriptor, NULL, 0, check_xnn_program);
}

/* BC's values on the refused sides are outside what legal() accepts. */
static void test_bc_values_are_illegal(void **state) {
  (void)state;
  for (int kind = 0; kind < XNN_KINDS; kind++) {
    Mlf__Moco__XnnProgram *root = program_of((xnn_kind)kind);
    Mlf__Moco__Program *p = root->program;
    for (size_t b = 0; b < 2; b++) {
      int api = moco_api_index(spec, p->blocks[b]->api);
      for (unsigned i = 0; i < spec->apis[api].n_params; i++) {
        const moco_param *q = &spec->apis[api].params[i];
        if (spec->refused((unsigned)api, i, 0)) assert_false(spec->legal(p, b, i, q->lo - q->resolution));
      }
    }
    mlf__moco__xnn_program__free_unpacked(root, NULL);
  }
}

static const char *verdict(const Mlf__Moco__Program *p, const xnn_outcome *o) {
  static mlf_run run;
  mlf_run_reset(&run);
  xnn_judge(p, o, &run);
  return mlf_run_verdict(&run);
}

static void good_outcome(xnn_outcome *o) {
  memset(o, 0, sizeof *o);
  for (int b = 0; b < 3; b++) o->block[b].called = 1, o->block[b].status = xnn_status_success;
}

static void test_oracles_catch_planted_wrong_behaviour(void **state) {
  (void)state;
  /* The reference: abs of a negative float, then an output one ulp away. */
  float in[2] = {-1.5f, 2.0f};
  uint32_t ref[2], got[2];
  assert_true(xnn_reference_unary(XNN_ABS, in, ref, 1, 2, 2, 2, NULL));
  memcpy(got, ref, sizeof got);
  assert_true(xnn_same_element(ref[0], got[0], 4));
  got[0]++;
  assert_false(xnn_same_element(ref[0], got[0], 4));
  assert_false(xnn_reference_unary(XNN_SIGMOID, in, ref, 1, 2, 2, 2, NULL));

  Mlf__Moco__XnnProgram *root = program_of(XNN_ABS);
  Mlf__Moco__Program *p = root->program;
  xnn_outcome o;
  good_outcome(&o);
  assert_string_equal(verdict(p, &o), "ok");
  o.block[2].problem = XNN_PROBLEM_REFERENCE;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_abs_nc_f32:reference-mismatch");
  good_outcome(&o);
  o.block[2].problem = XNN_PROBLEM_NONDETERMINISTIC;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_abs_nc_f32:nondeterministic");
  good_outcome(&o);
  o.live_after_teardown = 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_delete_operator:leak");
  good_outcome(&o);
  o.block[1].status = xnn_status_invalid_parameter;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_setup_abs_nc_f32:error-on-valid");
  good_outcome(&o);
  o.alloc.failed = 1, o.block[0].status = xnn_status_out_of_memory, o.block[1].called = o.block[2].called = 0;
  assert_string_equal(verdict(p, &o), "ok");
  /* A negative program (channels 0) that the library accepted. */
  Mlf__Moco__Step step = MLF__MOCO__STEP__INIT, *steps[1] = {&step};
  step.op = MLF__MOCO__OPERATOR__BC, step.block = 0, step.negative = 1;
  p->n_derivation = 1, p->derivation = steps;
  good_outcome(&o);
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_abs_nc_f32:refused-value-accepted");
  o.block[0].status = xnn_status_invalid_parameter;
  assert_string_equal(verdict(p, &o), "ok");
  o.block[0].status = xnn_status_unsupported_parameter;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_abs_nc_f32:wrong-status");
  p->n_derivation = 0, p->derivation = NULL;
  mlf__moco__xnn_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_and_references_valid),
      cmocka_unit_test(test_bc_values_are_illegal),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
