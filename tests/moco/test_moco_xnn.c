/* MoCo over XNNPACK: the specification table (every API's defaults legal, BC values refused on
 * both sides, a negative zero size of a padded tensor given its dimension), the post-processor
 * (mutated bytes become a valid program, valid programs stay byte-identical, every reference
 * names a create block of the right kind), the references (hand-worked PReLU, argmax pooling,
 * unpooling and constant padding; clamp to the float bounds the op is created with; one ulp
 * or one index off is caught) and the judge with
 * planted wrong behaviours (a reference mismatch, a wrong index, a success where a refusal was
 * due, the refusal status per boundary, a leak, an error on a valid program, a known crash). */
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

/* BC's values on the refused sides are outside what legal() accepts; constant padding's rank
 * is refused above XNN_MAX_TENSOR_DIMS. */
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
        if (spec->refused((unsigned)api, i, 1)) assert_false(spec->legal(p, b, i, q->hi + q->resolution));
      }
    }
    mlf__moco__xnn_program__free_unpacked(root, NULL);
  }
  assert_true(spec->refused(2 * XNN_CONSTANT_PAD + 1, 1, 1));
  assert_int_equal(spec->apis[2 * XNN_CONSTANT_PAD + 1].params[1].hi, XNN_MAX_TENSOR_DIMS);
}

/* A negative zero outer size of a padded tensor of one dimension: the post-processor gives the
 * tensor a second dimension (the outer size is read) and keeps the zero. */
static void test_negative_pad_size_gets_its_dimension(void **state) {
  (void)state;
  Mlf__Moco__XnnProgram *root = program_of(XNN_CONSTANT_PAD);
  Mlf__Moco__Program *p = root->program;
  p->blocks[1]->args[1]->integer = 1; /* num_dims */
  Mlf__Moco__Value zero = MLF__MOCO__VALUE__INIT;
  zero.kind_case = MLF__MOCO__VALUE__KIND_INTEGER, zero.integer = 0;
  Mlf__Moco__Step *step = calloc(1, sizeof *step);
  mlf__moco__step__init(step);
  step->has_op = step->has_block = step->has_param = step->has_negative = 1;
  step->op = MLF__MOCO__OPERATOR__BC, step->block = 1, step->param = 2, step->negative = 1;
  p->derivation = calloc(1, sizeof *p->derivation), p->derivation[0] = step, p->n_derivation = 1;
  p->blocks[1]->args[2]->integer = 0; /* outer_size, one step below its range */
  mlf_post_process(&root->base);
  assert_int_equal(moco_value_number(p->blocks[1]->args[2]), 0);
  assert_true(moco_value_number(p->blocks[1]->args[1]) >= 2);
  assert_true(p->derivation[0]->negative);
  mlf__moco__xnn_program__free_unpacked(root, NULL);
}

static uint32_t float_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/* The references on small hand-worked cases. */
static void test_new_operator_references(void **state) {
  (void)state;
  /* PReLU, 2 rows of 2 channels, input stride 3: negatives scaled by their channel's slope. */
  float x[6] = {-2, 3, 99, 4, -8, 99}, slope[2] = {0.5f, -0.25f}, y[4];
  xnn_reference_prelu(x, slope, y, 2, 2, 3, 2);
  assert_true(y[0] == -1 && y[1] == 3 && y[2] == 4 && y[3] == 2);
  /* Argmax pooling, 2 x 2 windows over a 4 x 4 single-channel image: values and indices
   * px * 2 + py, worked by hand. */
  float image[16] = {-8, -1, 6, -3, 4, -5, 2, -7, 0, 7, -2, 5, -4, 3, -6, 1}, max[4];
  uint32_t index[4];
  xnn_window_geometry g = {.batch = 1, .height = 4, .width = 4, .channels = 1, .pool_height = 2, .pool_width = 2,
                           .in_stride = 1, .out_stride = 1};
  xnn_reference_argmax_pooling(image, max, index, &g);
  assert_true(max[0] == 4 && max[1] == 6 && max[2] == 7 && max[3] == 5);
  assert_true(index[0] == 1 && index[1] == 0 && index[2] == 2 && index[3] == 2);
  for (uint32_t i = 0; i < 4; i++) assert_int_equal(xnn_argmax_canonical_index(&g, 0, i), i);
  assert_int_equal(xnn_argmax_canonical_index(&g, 0, 4), UINT32_MAX);
  /* Padding 1 above a 3-wide, 2-high image under 3 x 3 windows: the maximum 9 at input (0, 1) is
   * window position (py 1, px 1), index 4; index 3 (py 0, px 1) names the padding above it,
   * which stands for the same pixel; index 5 names another pixel. */
  float padded[6] = {1, 9, 2, 3, 4, 5}, padded_max;
  xnn_window_geometry gp = {.batch = 1, .height = 2, .width = 3, .channels = 1, .pool_height = 3, .pool_width = 3,
                            .pad_top = 1, .in_stride = 1, .out_stride = 1};
  assert_int_equal(xnn_windows_high(&gp), 1);
  xnn_reference_argmax_pooling(padded, &padded_max, index, &gp);
  assert_true(padded_max == 9 && index[0] == 4);
  assert_int_equal(xnn_argmax_canonical_index(&gp, 0, 3), 4);
  assert_int_not_equal(xnn_argmax_canonical_index(&gp, 0, 5), 4);
  /* Unpooling of one 2-channel pixel under a 2 x 2 window (output stride 3): channel 0 to
   * index 1 (py 1, px 0), channel 1 to index 2 (py 0, px 1); the rest zero, gaps untouched. */
  uint32_t value[2] = {0xaaaaaaaau, 0xbbbbbbbbu}, at[2] = {1, 2}, unpooled[12];
  memset(unpooled, 0xee, sizeof unpooled);
  xnn_window_geometry gu = {.batch = 1, .height = 1, .width = 1, .channels = 2, .pool_height = 2, .pool_width = 2,
                            .in_stride = 2, .out_stride = 3};
  xnn_reference_unpooling(value, at, unpooled, &gu);
  const uint32_t want[12] = {0, 0, 0xeeeeeeeeu, 0, 0xbbbbbbbbu, 0xeeeeeeeeu,
                             0xaaaaaaaau, 0, 0xeeeeeeeeu, 0, 0, 0xeeeeeeeeu};
  assert_memory_equal(unpooled, want, sizeof want);
  /* Constant padding of a 2 x 3 tensor by one row before and one column after: 3 x 4. */
  uint32_t in[6] = {1, 2, 3, 4, 5, 6}, out[12];
  size_t shape[2] = {2, 3}, pre[2] = {1, 0}, post[2] = {0, 1};
  xnn_reference_constant_pad(in, out, 2, shape, pre, post, 7);
  const uint32_t padded_want[12] = {7, 7, 7, 7, 1, 2, 3, 7, 4, 5, 6, 7};
  assert_memory_equal(out, padded_want, sizeof padded_want);
  xnn_reference_constant_pad(in, out, 0, shape, pre, post, 7); /* a scalar: copied */
  assert_int_equal(out[0], 1);
  /* A planted wrong element: one ulp off the PReLU output, one off in a padded copy. */
  assert_false(xnn_same_element(float_bits(y[0]), float_bits(y[0]) + 1, 4));
  assert_false(xnn_same_element(out[1], out[1] ^ 1, 4));
}

/* Clamp with output_min -1 and output_range 2.57 (the campaign's reference-mismatch): the
 * reference clamps to the max the op is created with, -1.0f + 2.57f (0x3fc8f5c2), not to the
 * double sum rounded (0x3fc8f5c3); one ulp off either bound is caught. */
static void test_clamp_reference_uses_the_bounds_handed_over(void **state) {
  (void)state;
  float lo, hi, in[3] = {5.0f, -7.0f, 1.25f};
  uint32_t ref[3];
  const double params[2] = {-1, 2.57};
  xnn_clamp_bounds(params[0], params[1], &lo, &hi);
  assert_int_equal(float_bits(lo), 0xbf800000u);
  assert_int_equal(float_bits(hi), 0x3fc8f5c2u);
  assert_true(xnn_reference_unary(XNN_CLAMP, in, ref, 1, 3, 3, 3, params));
  assert_int_equal(ref[0], 0x3fc8f5c2u);
  assert_int_equal(ref[1], 0xbf800000u);
  assert_int_equal(ref[2], float_bits(1.25f));
  assert_false(xnn_same_element(ref[0], 0x3fc8f5c3u, 4));
  assert_false(xnn_same_element(ref[1], 0xbf800001u, 4));
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

/* The judge on the new operators: a wrong argmax index, a wrong padded element, the refusal
 * status of a padded tensor of too many dimensions, a known crash. */
static void test_oracles_catch_planted_wrong_behaviour_of_new_operators(void **state) {
  (void)state;
  Mlf__Moco__XnnProgram *root = program_of(XNN_ARGMAX_POOLING);
  Mlf__Moco__Program *p = root->program;
  xnn_outcome o;
  good_outcome(&o);
  assert_string_equal(verdict(p, &o), "ok");
  o.block[2].problem = XNN_PROBLEM_REFERENCE, o.block[2].output = 1, o.block[2].expected = 3, o.block[2].got = 0;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_argmax_pooling2d_nhwc_f32:index-mismatch");
  o.block[2].output = 0, o.block[2].expected = float_bits(2.5f), o.block[2].got = float_bits(2.5f) + 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_argmax_pooling2d_nhwc_f32:reference-mismatch");
  good_outcome(&o);
  o.block[1].known = "no-output-pixel-run-aborts", o.block[2].called = 0;
  assert_string_equal(verdict(p, &o),
                      "mlf:moco_xnn:xnnpack:xnn_setup_argmax_pooling2d_nhwc_f32:no-output-pixel-run-aborts");
  mlf__moco__xnn_program__free_unpacked(root, NULL);

  root = program_of(XNN_CONSTANT_PAD);
  p = root->program;
  good_outcome(&o);
  o.block[2].problem = XNN_PROBLEM_REFERENCE, o.block[2].expected = 7, o.block[2].got = 6;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_create_constant_pad_nd_x32:reference-mismatch");
  /* num_dims one past XNN_MAX_TENSOR_DIMS: the library returns unsupported_parameter (measured). */
  Mlf__Moco__Step step = MLF__MOCO__STEP__INIT, *steps[1] = {&step};
  step.op = MLF__MOCO__OPERATOR__BC, step.block = 1, step.param = 1, step.negative = 1;
  p->n_derivation = 1, p->derivation = steps;
  good_outcome(&o);
  o.block[1].status = xnn_status_unsupported_parameter, o.block[2].called = 0;
  assert_string_equal(verdict(p, &o), "ok");
  o.block[1].status = xnn_status_invalid_parameter;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_setup_constant_pad_nd_x32:wrong-status");
  step.param = 2; /* a zero outer size: invalid_parameter */
  assert_string_equal(verdict(p, &o), "ok");
  o.block[1].status = xnn_status_success;
  assert_string_equal(verdict(p, &o), "mlf:moco_xnn:xnnpack:xnn_setup_constant_pad_nd_x32:refused-value-accepted");
  p->n_derivation = 0, p->derivation = NULL;
  mlf__moco__xnn_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_and_references_valid),
      cmocka_unit_test(test_bc_values_are_illegal),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
      cmocka_unit_test(test_negative_pad_size_gets_its_dimension),
      cmocka_unit_test(test_new_operator_references),
      cmocka_unit_test(test_clamp_reference_uses_the_bounds_handed_over),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour_of_new_operators),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
