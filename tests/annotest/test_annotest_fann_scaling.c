/* The FANN target's scale/descale round-trip oracles (fann_scaling_oracles.c) on the room's FANN
 * float build, called directly: a network whose inputs are scaled to [-1, 1] and whose output to
 * [0, 2^-149], a range one float wide, where FANN's factor (new_max - new_min) / 2 rounds to 0
 * and descaling divides by it. FANN's own round trips raise nothing through either range (the
 * collapsed range raised a NaN bound before, four findings of a rediscover run); planted wrong
 * round trips are still caught: a scaled or descaled value off by one part in a thousand at
 * the normal range, a scaled value other than the new minimum and a finite descaled value at
 * the collapsed one. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/fann.h"

#define COLLAPSED_MAX 0x1p-149f /* the output range [0, 2^-149] */

typedef struct {
  struct fann *ann;
  struct fann_train_data *data;
  at_function_stats stats;
  at_ctx ctx;
  mlf_run run;
} fixture;

/* Three patterns of 2 inputs and 1 output, every column spread (no constant one). */
static int setup(void **state) {
  static const float in[3][2] = {{0.5f, -2}, {1.5f, 3}, {-0.25f, 7}}, out[3] = {0.25f, -0.5f, 0.875f};
  fixture *f = calloc(1, sizeof *f);
  fann_set_error_log(NULL, NULL);
  f->ann = fann_create_standard(3, 2, 3, 1);
  f->data = fann_create_train(3, 2, 1);
  for (unsigned int i = 0; i < 3; i++)
    memcpy(f->data->input[i], in[i], sizeof in[i]), f->data->output[i][0] = out[i];
  assert_int_equal(fann_set_scaling_params(f->ann, f->data, -1, 1, 0, COLLAPSED_MAX), 0);
  assert_true(f->ann->scale_factor_in[0] == 1 && f->ann->scale_factor_out[0] == 0);
  f->stats.name = "fann_under_test";
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  fann_destroy_train(f->data);
  fann_destroy(f->ann);
  free(f);
  return 0;
}

/* A fresh run whose findings the next oracle call records. */
static at_ctx *fresh(fixture *f) {
  mlf_run_reset(&f->run);
  at_ctx_init(&f->ctx, &f->run, "annotest_fann", "fann", annotest_fann_blame);
  f->ctx.stats = &f->stats;
  return &f->ctx;
}

/* The run raised exactly one round-trip finding whose detail holds text. */
static void assert_round_trip_finding(const fixture *f, const char *text) {
  if (f->run.n_findings != 1) fail_msg("%zu findings, expected one round-trip", f->run.n_findings);
  assert_string_equal(f->run.findings[0].tag, "mlf:annotest_fann:fann:fann_under_test:round-trip");
  if (!strstr(f->run.findings[0].detail, text)) fail_msg("detail \"%s\" lacks \"%s\"", f->run.findings[0].detail, text);
}

/* FANN's own scaling, both directions, at both ranges: no finding. */
static void fann_round_trips_pass(void **state) {
  fixture *f = *state;
  annotest_check_fann_set_scaling_params(fresh(f), 0, f->ann, f->data, -1, 1, 0, COLLAPSED_MAX, f->ann, f->data, -1,
                                         1, 0, COLLAPSED_MAX);
  assert_int_equal(f->run.n_findings, 0);
  fann_type in[2] = {-40, 9000}, in0[2] = {-40, 9000}, out[1] = {3048.96973f}, out0[1] = {3048.96973f};
  fann_scale_input(f->ann, in), fann_scale_output(f->ann, out);
  assert_true(out[0] == 0); /* the collapsed range's one value */
  annotest_check_fann_scale_input(fresh(f), f->ann, in, f->ann, in0);
  annotest_check_fann_scale_output(fresh(f), f->ann, out, f->ann, out0);
  assert_int_equal(f->run.n_findings, 0);
  /* Descaling first: the collapsed range's value descales to NaN, any other to an infinity. */
  fann_type y[1] = {0}, y0[1] = {0}, z[1] = {-0.5f}, z0[1] = {-0.5f}, w[2] = {0.75f, -3}, w0[2] = {0.75f, -3};
  fann_descale_output(f->ann, y), fann_descale_output(f->ann, z), fann_descale_input(f->ann, w);
  assert_true(isnan(y[0]) && z[0] == -INFINITY);
  annotest_check_fann_descale_output(fresh(f), f->ann, y, f->ann, y0);
  assert_int_equal(f->run.n_findings, 0);
  annotest_check_fann_descale_output(fresh(f), f->ann, z, f->ann, z0);
  assert_int_equal(f->run.n_findings, 0);
  annotest_check_fann_descale_input(fresh(f), f->ann, w, f->ann, w0);
  assert_int_equal(f->run.n_findings, 0);
}

/* A scaled (or descaled) input one part in a thousand off at the normal range [-1, 1]. */
static void wrong_round_trip_at_a_normal_range_is_caught(void **state) {
  fixture *f = *state;
  fann_type in[2] = {0.5f, 4}, in0[2] = {0.5f, 4};
  fann_scale_input(f->ann, in);
  in[1] *= 1.001f;
  annotest_check_fann_scale_input(fresh(f), f->ann, in, f->ann, in0);
  assert_round_trip_finding(f, "column 1, 4 comes back as");
  fann_type s[2] = {0.5f, -0.25f}, s0[2] = {0.5f, -0.25f};
  fann_descale_input(f->ann, s);
  s[0] *= 1.001f;
  annotest_check_fann_descale_input(fresh(f), f->ann, s, f->ann, s0);
  assert_round_trip_finding(f, "column 0, 0.5 comes back as");
}

/* At the collapsed range: a scaled value other than its one value, a finite descaled value. */
static void wrong_values_at_a_collapsed_range_are_caught(void **state) {
  fixture *f = *state;
  fann_type out[1] = {0.25f}, out0[1] = {0.25f};
  fann_scale_output(f->ann, out);
  out[0] = COLLAPSED_MAX;
  annotest_check_fann_scale_output(fresh(f), f->ann, out, f->ann, out0);
  assert_round_trip_finding(f, "column 0 of factor 0 (new min 0), 0.25 scales to 1.40129846e-45");
  fann_type y[1] = {COLLAPSED_MAX}, y0[1] = {COLLAPSED_MAX};
  fann_descale_output(f->ann, y);
  assert_true(y[0] == INFINITY);
  y[0] = 0.25f;
  annotest_check_fann_descale_output(fresh(f), f->ann, y, f->ann, y0);
  assert_round_trip_finding(f, "descales to 0.25");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(fann_round_trips_pass, setup, teardown),
      cmocka_unit_test_setup_teardown(wrong_round_trip_at_a_normal_range_is_caught, setup, teardown),
      cmocka_unit_test_setup_teardown(wrong_values_at_a_collapsed_range_are_caught, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
