/* The XGBoost room (harnesses/libraries/xgboost): the libFuzzer variant's instrumented XGBoost
 * 1.7.4 builds a DMatrix from the tiny data set as a dense 8x2 float array, boosts 2 rounds of
 * depth-2 trees for binary:logistic, fits it, saves the model to a buffer in each of its
 * formats (JSON, UBJSON, the deprecated binary one), loads it into a new booster, and the
 * loaded booster predicts exactly what the trained one does; the session silences XGBoost's
 * log. Exact equality is justified: the binary and UBJSON formats store every float's bits,
 * and the JSON writer prints each float with XGBoost's to_chars, whose implementation
 * "guarantees roundtrip reproducibility" (src/common/charconv.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <xgboost/c_api.h>
#include "libraries/xgboost/mlf_xgboost_session.h"
#include "libraries/tiny_data.h"

#define ALL_POINTS (TINY_POINTS + TINY_FRESH)
#define XGB_OK(call) assert_int_equal((call), 0)

/* A DMatrix of the first n points (training points, then fresh ones) with 0/1 labels. */
static DMatrixHandle tiny_matrix(int n) {
  float data[ALL_POINTS][2], labels[ALL_POINTS];
  for (int i = 0; i < n; i++) {
    const double *p = i < TINY_POINTS ? tiny_x[i] : tiny_fresh[i - TINY_POINTS];
    data[i][0] = (float)p[0], data[i][1] = (float)p[1];
    labels[i] = i < TINY_POINTS && tiny_y[i] > 0;
  }
  DMatrixHandle m;
  XGB_OK(XGDMatrixCreateFromMat(&data[0][0], (bst_ulong)n, 2, NAN, &m));
  XGB_OK(XGDMatrixSetFloatInfo(m, "label", labels, (bst_ulong)n));
  return m;
}

/* A booster trained for 2 rounds on the training points; with_unused_parameter adds a
 * parameter no booster uses and asks XGBoost to validate parameters, so that it warns. */
static BoosterHandle trained_booster(DMatrixHandle train, int with_unused_parameter) {
  BoosterHandle b;
  XGB_OK(XGBoosterCreate(&train, 1, &b));
  XGB_OK(XGBoosterSetParam(b, "objective", "binary:logistic"));
  XGB_OK(XGBoosterSetParam(b, "max_depth", "2"));
  XGB_OK(XGBoosterSetParam(b, "min_child_weight", "0"));
  XGB_OK(XGBoosterSetParam(b, "nthread", "1"));
  if (with_unused_parameter) {
    XGB_OK(XGBoosterSetParam(b, "validate_parameters", "1"));
    XGB_OK(XGBoosterSetParam(b, "mlf_unused_parameter", "1"));
  }
  for (int round = 0; round < 2; round++) XGB_OK(XGBoosterUpdateOneIter(b, round, train));
  return b;
}

/* The booster's predicted probabilities for every point of m, copied out of the booster. */
static void predict(BoosterHandle b, DMatrixHandle m, float out[ALL_POINTS]) {
  bst_ulong n;
  const float *result;
  XGB_OK(XGBoosterPredict(b, m, 0, 0, 0, &n, &result));
  assert_int_equal(n, ALL_POINTS);
  memcpy(out, result, ALL_POINTS * sizeof *out);
}

/* Trains with a parameter no booster uses, which XGBoost warns about on stderr at its
 * default verbosity (1, warnings) when it validates parameters. */
static void train_with_unused_parameter(void *unused) {
  (void)unused;
  DMatrixHandle train = tiny_matrix(TINY_POINTS);
  BoosterHandle b = trained_booster(train, 1);
  XGB_OK(XGBoosterFree(b));
  XGB_OK(XGDMatrixFree(train));
}

static void test_session_silences_log(void **state) {
  (void)state;
  assert_true(tiny_printed_bytes(STDERR_FILENO, train_with_unused_parameter, NULL) > 0);
  char identity[128];
  assert_int_equal(mlf_xgboost_open(identity, sizeof identity), 0);
  assert_string_equal(identity, "XGBoost 1.7.4");
  assert_int_equal(tiny_printed_bytes(STDERR_FILENO, train_with_unused_parameter, NULL), 0);
}

static void test_round_trip_in_every_format(void **state) {
  (void)state;
  static const char *const formats[] = {"json", "ubj", "deprecated"};
  char identity[128];
  assert_int_equal(mlf_xgboost_open(identity, sizeof identity), 0);
  DMatrixHandle train = tiny_matrix(TINY_POINTS), all = tiny_matrix(ALL_POINTS);
  BoosterHandle trained = trained_booster(train, 0);
  float expected[ALL_POINTS];
  predict(trained, all, expected);
  for (int i = 0; i < TINY_POINTS; i++)  /* separable: every point fitted */
    assert_true((expected[i] > 0.5f) == (tiny_y[i] > 0));
  for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
    char config[64];
    snprintf(config, sizeof config, "{\"format\": \"%s\"}", formats[f]);
    bst_ulong len;
    const char *saved;
    XGB_OK(XGBoosterSaveModelToBuffer(trained, config, &len, &saved));
    BoosterHandle loaded;
    XGB_OK(XGBoosterCreate(NULL, 0, &loaded));
    XGB_OK(XGBoosterLoadModelFromBuffer(loaded, saved, len));
    float actual[ALL_POINTS];
    predict(loaded, all, actual);
    assert_memory_equal(expected, actual, sizeof expected);
    XGB_OK(XGBoosterFree(loaded));
  }
  XGB_OK(XGBoosterFree(trained));
  XGB_OK(XGDMatrixFree(train));
  XGB_OK(XGDMatrixFree(all));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_session_silences_log),
      cmocka_unit_test(test_round_trip_in_every_format),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
