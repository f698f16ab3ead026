/* Standalone reproducer (known findings mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-*)
 * against Debian's libxgboost0 1.7.4-1: a booster of two depth-2 rounds saved as JSON, each time
 * with one field changed in the saved text (case 0, 1 or 2: one process each, as OpenMP does not
 * survive a fork), loaded by XGBoosterLoadModelFromBuffer and asked for predictions.
 *   cc xgboost_mutant_models.c -lxgboost -o x && for i in 0 1 2; do valgrind ./x $i; done */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>

static const struct {
  const char *kind, *from, *to;
} edits[] = {
    {"json-tree-indices-trusted", "\"left_children\":[1,", "\"left_children\":[100,"},
    {"json-tree-count-trusted", "\"num_trees\":\"2\"", "\"num_trees\":\"3\""},
    {"json-size-allocated", "\"num_target\":\"1\"", "\"num_target\":\"2147483647\""},
};

/* The saved JSON with the first `from` replaced by `to` (NULL when absent). */
static char *edited(const char *json, const char *from, const char *to) {
  const char *at = strstr(json, from);
  if (!at) return NULL;
  char *out = malloc(strlen(json) + strlen(to) + 1);
  sprintf(out, "%.*s%s%s", (int)(at - json), json, to, at + strlen(from));
  return out;
}

static void load_and_predict(const char *json, DMatrixHandle train) {
  BoosterHandle b;
  XGBoosterCreate(NULL, 0, &b);
  int rc = XGBoosterLoadModelFromBuffer(b, json, strlen(json));
  printf("  load returns %d%s%s\n", rc, rc ? ": " : "", rc ? XGBGetLastError() : "");
  fflush(stdout);
  bst_ulong n = 0;
  const float *out = NULL;
  if (rc == 0 && XGBoosterPredict(b, train, 0, 0, 0, &n, &out) == 0) printf("  %lu predictions, first %g\n", n, out[0]);
}

int main(int argc, char **argv) {
  float data[16][3], labels[16];
  for (int i = 0; i < 16; i++)
    data[i][0] = (float)i, data[i][1] = (float)(i % 3), data[i][2] = (float)(i % 5), labels[i] = (float)(i % 2);
  DMatrixHandle train;
  BoosterHandle b;
  XGBSetGlobalConfig("{\"verbosity\": 0}");
  XGDMatrixCreateFromMat(&data[0][0], 16, 3, NAN, &train);
  XGDMatrixSetFloatInfo(train, "label", labels, 16);
  XGBoosterCreate(&train, 1, &b);
  XGBoosterSetParam(b, "objective", "binary:logistic");
  XGBoosterSetParam(b, "max_depth", "2");
  for (int r = 0; r < 2; r++) XGBoosterUpdateOneIter(b, r, train);
  bst_ulong len;
  const char *saved;
  XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &len, &saved);
  char *json = strndup(saved, len);
  int i = argc > 1 ? atoi(argv[1]) : 0;
  if (i < 0 || i > 2) return 2;
  char *m = edited(json, edits[i].from, edits[i].to);
  printf("%s (%s -> %s):\n", edits[i].kind, edits[i].from, edits[i].to);
  fflush(stdout);
  if (m) load_and_predict(m, train);
  free(m), free(json);
  return 0;
}
