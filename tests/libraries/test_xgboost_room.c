/* The XGBoost room (harnesses/libraries/xgboost): the libFuzzer variant's instrumented XGBoost
 * 1.7.4 builds a DMatrix from the tiny data set as a dense 8x2 float array, boosts 2 rounds of
 * depth-2 trees for binary:logistic, fits it, saves the model to a buffer in each of its
 * formats (JSON, UBJSON, the deprecated binary one), loads it into a new booster, and the
 * loaded booster predicts exactly what the trained one does; the session silences XGBoost's
 * log. Exact equality is justified: the binary and UBJSON formats store every float's bits,
 * and the JSON writer prints each float with XGBoost's to_chars, whose implementation
 * "guarantees roundtrip reproducibility" (src/common/charconv.h). The installed binary
 * (Debian's libxgboost0, built with OpenMP, loaded apart with dlopen, whose symbols stay its
 * own) trains the same model (same JSON) and predicts the same on one thread, so findings
 * confirmed against it concern the same code. */
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

/* The C API calls the test makes: the room's, or the installed binary's. */
typedef struct {
  __typeof__(XGBSetGlobalConfig) *set_global_config;
  __typeof__(XGDMatrixCreateFromMat) *matrix_from_dense;
  __typeof__(XGDMatrixSetFloatInfo) *matrix_set_float_info;
  __typeof__(XGDMatrixFree) *matrix_free;
  __typeof__(XGBoosterCreate) *booster_create;
  __typeof__(XGBoosterSetParam) *booster_set_param;
  __typeof__(XGBoosterUpdateOneIter) *booster_update;
  __typeof__(XGBoosterPredict) *booster_predict;
  __typeof__(XGBoosterSaveModelToBuffer) *booster_save;
  __typeof__(XGBoosterFree) *booster_free;
} xgb_calls;

static const xgb_calls room = {XGBSetGlobalConfig, XGDMatrixCreateFromMat, XGDMatrixSetFloatInfo,
                               XGDMatrixFree, XGBoosterCreate, XGBoosterSetParam,
                               XGBoosterUpdateOneIter, XGBoosterPredict,
                               XGBoosterSaveModelToBuffer, XGBoosterFree};

/* A DMatrix of the first n points (training points, then fresh ones) with 0/1 labels. */
static DMatrixHandle tiny_matrix(const xgb_calls *x, int n) {
  float data[ALL_POINTS][2], labels[ALL_POINTS];
  for (int i = 0; i < n; i++) {
    const double *p = i < TINY_POINTS ? tiny_x[i] : tiny_fresh[i - TINY_POINTS];
    data[i][0] = (float)p[0], data[i][1] = (float)p[1];
    labels[i] = i < TINY_POINTS && tiny_y[i] > 0;
  }
  DMatrixHandle m;
  XGB_OK(x->matrix_from_dense(&data[0][0], (bst_ulong)n, 2, NAN, &m));
  XGB_OK(x->matrix_set_float_info(m, "label", labels, (bst_ulong)n));
  return m;
}

/* A booster trained for 2 rounds on the training points; with_unused_parameter adds a
 * parameter no booster uses and asks XGBoost to validate parameters, so that it warns. */
static BoosterHandle trained_booster(const xgb_calls *x, DMatrixHandle train,
                                     int with_unused_parameter) {
  BoosterHandle b;
  XGB_OK(x->booster_create(&train, 1, &b));
  XGB_OK(x->booster_set_param(b, "objective", "binary:logistic"));
  XGB_OK(x->booster_set_param(b, "max_depth", "2"));
  XGB_OK(x->booster_set_param(b, "min_child_weight", "0"));
  XGB_OK(x->booster_set_param(b, "nthread", "1"));
  if (with_unused_parameter) {
    XGB_OK(x->booster_set_param(b, "validate_parameters", "1"));
    XGB_OK(x->booster_set_param(b, "mlf_unused_parameter", "1"));
  }
  for (int round = 0; round < 2; round++) XGB_OK(x->booster_update(b, round, train));
  return b;
}

/* The booster's predicted probabilities for every point of m, copied out of the booster. */
static void predict(const xgb_calls *x, BoosterHandle b, DMatrixHandle m, float out[ALL_POINTS]) {
  bst_ulong n;
  const float *result;
  XGB_OK(x->booster_predict(b, m, 0, 0, 0, &n, &result));
  assert_int_equal(n, ALL_POINTS);
  memcpy(out, result, ALL_POINTS * sizeof *out);
}

/* Trains with a parameter no booster uses, which XGBoost warns about on stderr at its
 * default verbosity (1, warnings) when it validates parameters. */
static void train_with_unused_parameter(void *unused) {
  (void)unused;
  DMatrixHandle train = tiny_matrix(&room, TINY_POINTS);
  BoosterHandle b = trained_booster(&room, train, 1);
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
  DMatrixHandle train = tiny_matrix(&room, TINY_POINTS), all = tiny_matrix(&room, ALL_POINTS);
  BoosterHandle trained = trained_booster(&room, train, 0);
  float expected[ALL_POINTS];
  predict(&room, trained, all, expected);
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
    predict(&room, loaded, all, actual);
    assert_memory_equal(expected, actual, sizeof expected);
    XGB_OK(XGBoosterFree(loaded));
  }
  XGB_OK(XGBoosterFree(trained));
  XGB_OK(XGDMatrixFree(train));
  XGB_OK(XGDMatrixFree(all));
}

/* The JSON model and the predictions of the booster trained through x. */
static void train_and_predict(const xgb_calls *x, char *json, size_t len,
                              float predictions[ALL_POINTS]) {
  XGB_OK(x->set_global_config("{\"verbosity\": 0}"));
  DMatrixHandle train = tiny_matrix(x, TINY_POINTS), all = tiny_matrix(x, ALL_POINTS);
  BoosterHandle b = trained_booster(x, train, 0);
  predict(x, b, all, predictions);
  bst_ulong saved_len;
  const char *saved;
  XGB_OK(x->booster_save(b, "{\"format\": \"json\"}", &saved_len, &saved));
  assert_true(saved_len < len);
  memcpy(json, saved, saved_len);
  json[saved_len] = 0;
  XGB_OK(x->booster_free(b));
  XGB_OK(x->matrix_free(train));
  XGB_OK(x->matrix_free(all));
}

static void test_installed_binary_trains_the_same_model(void **state) {
  (void)state;
  void *debian = dlopen("libxgboost.so.0", RTLD_NOW | RTLD_LOCAL);
  assert_non_null(debian);
  xgb_calls binary = {
      tiny_symbol(debian, "XGBSetGlobalConfig"), tiny_symbol(debian, "XGDMatrixCreateFromMat"),
      tiny_symbol(debian, "XGDMatrixSetFloatInfo"), tiny_symbol(debian, "XGDMatrixFree"),
      tiny_symbol(debian, "XGBoosterCreate"), tiny_symbol(debian, "XGBoosterSetParam"),
      tiny_symbol(debian, "XGBoosterUpdateOneIter"), tiny_symbol(debian, "XGBoosterPredict"),
      tiny_symbol(debian, "XGBoosterSaveModelToBuffer"), tiny_symbol(debian, "XGBoosterFree")};
  static char from_room[1 << 14], from_binary[1 << 14];
  float room_predictions[ALL_POINTS], binary_predictions[ALL_POINTS];
  train_and_predict(&room, from_room, sizeof from_room, room_predictions);
  train_and_predict(&binary, from_binary, sizeof from_binary, binary_predictions);
  assert_string_equal(from_room, from_binary);
  assert_memory_equal(room_predictions, binary_predictions, sizeof room_predictions);
  dlclose(debian);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_session_silences_log),
      cmocka_unit_test(test_round_trip_in_every_format),
      cmocka_unit_test(test_installed_binary_trains_the_same_model),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
