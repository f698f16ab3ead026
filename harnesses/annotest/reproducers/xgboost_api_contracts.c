/* Standalone reproducer (known findings of annotest_xgboost that break a documented contract of
 * the C API) against Debian's libxgboost0 1.7.4-1 with libdmlc0 0.5-1, each on a booster of
 * depth-2 squared-error trees over 8 rows of 2 features:
 *   slice-step-drops-layer: XGBoosterSlice(0, 4, step 3) of 4 rounds keeps (end - begin) / step
 *     rounded down = 1 layer; c_api.h's slice m:n with a step holds range(0, 4, 3) = rounds 0, 3
 *   iteration-begin-refused: XGBoosterPredictFromDMatrix of contributions (type 2) over
 *     iteration_begin 1, iteration_end 2 returns -1, though c_api.h documents iteration_begin for
 *     every type
 *   dmlc-stof-tiny-parameter: colsample_bylevel "1.17549435e-38" (FLT_MIN, inside (0, 1]) is read
 *     by dmlc::stof as the subnormal below it; the booster trains, XGBoosterSlice then refuses
 *     its own configuration ("Out of range value for colsample_bylevel")
 *   deprecated-poisson-step-lost: count:poisson with max_delta_step 0.3 saved with
 *     {"format": "deprecated"} loads with max_delta_step 0.7 (XGBoosterSaveJsonConfig)
 *   json-base-score-unparsed: a JSON model of base_score 1e+308 saves as "Infinity", which the
 *     loader reads back as the default 0.5
 * Prints expected against actual for each; exits 1 while any shows; ./x NAME runs one.
 * case: slice-step-drops-layer mlf:annotest_xgboost:xgboost:XGBoosterSlice:slice-step-drops-layer
 * case: iteration-begin-refused mlf:annotest_xgboost:xgboost:XGBoosterPredictFromDMatrix:iteration-begin-refused
 * case: dmlc-stof-tiny-parameter mlf:annotest_xgboost:xgboost:*:dmlc-stof-tiny-parameter
 * case: deprecated-poisson-step-lost mlf:annotest_xgboost:xgboost:*:deprecated-poisson-step-lost
 * case: json-base-score-unparsed mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-base-score-unparsed
 * link: -lxgboost
 */
#define _GNU_SOURCE /* memmem */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <xgboost/c_api.h>

/* A booster of `rounds` rounds (after `param` = `value`, when given) and its training matrix. */
static BoosterHandle trained(int rounds, const char *param, const char *value, DMatrixHandle *train) {
  float data[8][2], labels[8];
  for (int i = 0; i < 8; i++) data[i][0] = (float)i, data[i][1] = (float)(i % 3), labels[i] = (float)(i * i % 5);
  BoosterHandle b;
  XGBSetGlobalConfig("{\"verbosity\": 0}");
  XGDMatrixCreateFromMat(&data[0][0], 8, 2, NAN, train);
  XGDMatrixSetFloatInfo(*train, "label", labels, 8);
  XGBoosterCreate(train, 1, &b);
  XGBoosterSetParam(b, "max_depth", "2");
  XGBoosterSetParam(b, "nthread", "1");
  if (param) XGBoosterSetParam(b, param, value);
  for (int r = 0; r < rounds; r++) XGBoosterUpdateOneIter(b, r, *train);
  return b;
}

/* The text after "key":" in text (up to the next quote; "" when absent). */
static void field(const char *text, bst_ulong n, const char *key, char out[64]) {
  char quoted[64];
  snprintf(quoted, sizeof quoted, "\"%s\":\"", key);
  const char *at = memmem(text, n, quoted, strlen(quoted));
  out[0] = 0;
  if (at) sscanf(at + strlen(quoted), "%63[^\"]", out);
}

static int slice_step_drops_layer(void) {
  DMatrixHandle train;
  BoosterHandle b = trained(4, NULL, NULL, &train), sliced;
  int rounds = -1;
  if (XGBoosterSlice(b, 0, 4, 3, &sliced) == 0) XGBoosterBoostedRounds(sliced, &rounds);
  printf("XGBoosterSlice(0, 4, step 3) of 4 rounds: expected 2 rounds (0 and 3), got %d\n", rounds);
  return rounds != 2;
}

static int iteration_begin_refused(void) {
  DMatrixHandle train;
  BoosterHandle b = trained(2, NULL, NULL, &train);
  const bst_ulong *shape;
  bst_ulong dim;
  const float *out;
  int rc = XGBoosterPredictFromDMatrix(b, train, "{\"type\": 2, \"training\": false, \"iteration_begin\": 1, "
                                       "\"iteration_end\": 2, \"strict_shape\": false}", &shape, &dim, &out);
  printf("contributions over iterations [1, 2): expected 0, got %d%s%.90s\n", rc, rc ? ": " : "", rc ? XGBGetLastError() : "");
  return rc != 0;
}

static int dmlc_stof_tiny_parameter(void) {
  DMatrixHandle train;
  BoosterHandle b = trained(1, "colsample_bylevel", "1.17549435e-38", &train), sliced;
  int rc = XGBoosterSlice(b, 0, 1, 1, &sliced);
  printf("slice of a booster trained with colsample_bylevel 1.17549435e-38: expected 0, got %d%s%.120s\n", rc,
         rc ? ": " : "", rc ? XGBGetLastError() : "");
  return rc != 0;
}

static int deprecated_poisson_step_lost(void) {
  DMatrixHandle train;
  BoosterHandle b = trained(0, "objective", "count:poisson", &train), loaded;
  XGBoosterSetParam(b, "max_delta_step", "0.3");
  XGBoosterUpdateOneIter(b, 0, train);
  bst_ulong n;
  const char *bytes, *config;
  char before[64], after[64];
  XGBoosterSaveJsonConfig(b, &n, &config);
  field(config, n, "max_delta_step", before);
  XGBoosterSaveModelToBuffer(b, "{\"format\": \"deprecated\"}", &n, &bytes);
  XGBoosterCreate(&train, 1, &loaded);
  XGBoosterLoadModelFromBuffer(loaded, bytes, n);
  XGBoosterSaveJsonConfig(loaded, &n, &config);
  field(config, n, "max_delta_step", after);
  printf("count:poisson max_delta_step after a deprecated-format save and load: expected %s, got %s\n", before, after);
  return strcmp(before, after) != 0;
}

/* Loads into a new booster the JSON of b with its base_score text replaced by base_score. */
static BoosterHandle loaded_with_base_score(BoosterHandle b, const char *base_score) {
  bst_ulong n;
  const char *bytes, *key = "\"base_score\":\"";
  static char text[16384];
  BoosterHandle loaded;
  XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &n, &bytes);
  const char *at = memmem(bytes, n, key, strlen(key));
  if (!at) return NULL;
  at += strlen(key);
  const char *end = memchr(at, '"', n - (size_t)(at - bytes));
  int len = snprintf(text, sizeof text, "%.*s%s%.*s", (int)(at - bytes), bytes, base_score,
                     (int)(n - (size_t)(end - bytes)), end);
  XGBoosterCreate(NULL, 0, &loaded);
  if (len <= 0 || (size_t)len >= sizeof text || XGBoosterLoadModelFromBuffer(loaded, text, (bst_ulong)len)) return NULL;
  return loaded;
}

static int json_base_score_unparsed(void) {
  DMatrixHandle train;
  BoosterHandle b = trained(1, NULL, NULL, &train), huge = loaded_with_base_score(b, "1e+308"), again;
  bst_ulong n;
  const char *bytes;
  char saved[64] = "", reloaded[64] = "";
  if (!huge) return 2;
  XGBoosterSaveModelToBuffer(huge, "{\"format\": \"json\"}", &n, &bytes);
  field(bytes, n, "base_score", saved);
  again = loaded_with_base_score(huge, saved);
  if (!again) return 2;
  XGBoosterSaveModelToBuffer(again, "{\"format\": \"json\"}", &n, &bytes);
  field(bytes, n, "base_score", reloaded);
  printf("base_score 1e+308 saved as \"%s\", loaded back and saved again: expected \"%s\", got \"%s\"\n", saved,
         saved, reloaded);
  return strcmp(saved, reloaded) != 0;
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    int (*shows)(void);
  } checks[] = {
      {"slice-step-drops-layer", slice_step_drops_layer},
      {"iteration-begin-refused", iteration_begin_refused},
      {"dmlc-stof-tiny-parameter", dmlc_stof_tiny_parameter},
      {"deprecated-poisson-step-lost", deprecated_poisson_step_lost},
      {"json-base-score-unparsed", json_base_score_unparsed},
  };
  int shown = 0;
  for (size_t i = 0; i < sizeof checks / sizeof *checks; i++)
    if (argc < 2 || !strcmp(argv[1], checks[i].name)) shown |= checks[i].shows() != 0;
  return shown;
}
