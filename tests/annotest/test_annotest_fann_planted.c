/* A planted wrong annotation (plantedfann_fann.h: fann_set_input_scaling_params with the data's
 * shape not tied to the network's) run through the harness's glue and runtime on the room's FANN
 * float build: a call whose data have other inputs than the network must raise
 * mlf:<target>:fann:fann_set_input_scaling_params:documented-error; data of the network's shape
 * raise nothing; random messages hit the hole; and the target's own annotation, given the same
 * raw shapes, ties them and raises nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/fann.h"
#include "annotest_fann_glue.h"
#include "annotest_plantedfann_glue.h"
#include "planted_support.h"

static void run_planted(const ProtobufCMessage *m, at_ctx *ctx) { annotest_plantedfann_run((const void *)m, ctx); }
static void run_target(const ProtobufCMessage *m, at_ctx *ctx) { annotest_fann_run((const void *)m, ctx); }
static const planted_glue planted = {"annotest_plantedfann", "fann", annotest_fann_blame, run_planted};
static const planted_glue real = {"annotest_fann", "fann", annotest_fann_blame, run_target};
static const char *const check_failed[] = {"@ensure(ret == 0) failed", NULL};

static int quiet(void **state) {
  (void)state;
  fann_set_error_log(NULL, NULL);
  return 0;
}

/* Inputs and outputs of two patterns (row by row), all distinct, so that no column is constant. */
static double inputs[2 * 6] = {0.125, 0.25, 0.375, 0.5, 0.625, 0.75, -0.125, -0.25, -0.375, -0.5, -0.625, -0.75};
static double outputs[2] = {0.5, -0.5};

/* fann_set_input_scaling_params through the planted annotation: a net_in-1 network and data of
 * two patterns with data_in inputs and one output, scaled to [-1, 1]. */
static void planted_call(int64_t net_in, int64_t data_in, mlf_run *run) {
  Mlf__Annotest__PlantedfannAnnotestFannNetCall net = MLF__ANNOTEST__PLANTEDFANN_ANNOTEST_FANN_NET_CALL__INIT;
  Mlf__Annotest__PlantedfannAnnotestFannDataCall data = MLF__ANNOTEST__PLANTEDFANN_ANNOTEST_FANN_DATA_CALL__INIT;
  Mlf__Annotest__PlantedfannFannSetInputScalingParamsCall f =
      MLF__ANNOTEST__PLANTEDFANN_FANN_SET_INPUT_SCALING_PARAMS_CALL__INIT;
  Mlf__Annotest__PlantedfannAnnotatedCall call = MLF__ANNOTEST__PLANTEDFANN_ANNOTATED_CALL__INIT;
  net.has_num_input = net.has_num_output = 1, net.num_input = net_in, net.num_output = 1;
  data.has_num_data = data.has_num_input = data.has_num_output = 1;
  data.num_data = 2, data.num_input = data_in, data.num_output = 1;
  data.n_inputs = (size_t)(2 * data_in), data.inputs = inputs, data.n_outputs = 2, data.outputs = outputs;
  f.ann = &net, f.data = &data;
  f.has_new_input_min = f.has_new_input_max = 1, f.new_input_min = -1, f.new_input_max = 1;
  call.call_case = MLF__ANNOTEST__PLANTEDFANN_ANNOTATED_CALL__CALL_FANN_SET_INPUT_SCALING_PARAMS;
  call.fann_set_input_scaling_params = &f;
  planted_run(&planted, &call.base, run);
}

static void wrong_shape_annotation_is_reported(void **state) {
  (void)state;
  mlf_run run;
  planted_call(2, 3, &run);
  planted_assert_documented_error(&run, &planted, "fann_set_input_scaling_params", check_failed);
  planted_call(3, 3, &run);
  assert_int_equal(run.n_findings, 0);
}

static void random_inputs_find_the_wrong_annotation(void **state) {
  (void)state;
  mlf_run run;
  int found = planted_first_hit(&planted, &mlf__annotest__plantedfann_annotated_call__descriptor,
                                "fann_set_input_scaling_params", 12, 2000, "documented-error", &run);
  assert_true(found >= 0);
  print_message("documented-error raised by random message %d\n", found);
  planted_assert_documented_error(&run, &planted, "fann_set_input_scaling_params", check_failed);
}

/* The target's annotation: the network's 2 inputs and the data's 3 are both the dim ni, so the
 * same raw shapes build a 2-input network and 2-input data, no finding. */
static void the_real_annotation_ties_the_same_shapes(void **state) {
  (void)state;
  Mlf__Annotest__FannAnnotestFannNetCall net = MLF__ANNOTEST__FANN_ANNOTEST_FANN_NET_CALL__INIT;
  Mlf__Annotest__FannAnnotestFannDataCall data = MLF__ANNOTEST__FANN_ANNOTEST_FANN_DATA_CALL__INIT;
  Mlf__Annotest__FannSetInputScalingParamsCall f = MLF__ANNOTEST__FANN_SET_INPUT_SCALING_PARAMS_CALL__INIT;
  Mlf__Annotest__FannAnnotatedCall call = MLF__ANNOTEST__FANN_ANNOTATED_CALL__INIT;
  net.has_num_input = 1, net.num_input = 2;
  data.has_num_data = data.has_num_input = 1, data.num_data = 2, data.num_input = 3;
  data.n_inputs = 6, data.inputs = inputs, data.n_outputs = 2, data.outputs = outputs;
  f.ann = &net, f.data = &data;
  f.has_ni = f.has_no = 1, f.ni = 2, f.no = 1;
  f.has_new_input_min = f.has_new_input_max = 1, f.new_input_min = -1, f.new_input_max = 1;
  call.call_case = MLF__ANNOTEST__FANN_ANNOTATED_CALL__CALL_FANN_SET_INPUT_SCALING_PARAMS;
  call.fann_set_input_scaling_params = &f;
  mlf_run run;
  planted_run(&real, &call.base, &run);
  assert_int_equal(run.n_findings, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wrong_shape_annotation_is_reported),
      cmocka_unit_test(random_inputs_find_the_wrong_annotation),
      cmocka_unit_test(the_real_annotation_ties_the_same_shapes),
  };
  return cmocka_run_group_tests(tests, quiet, NULL);
}
