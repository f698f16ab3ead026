/* Standalone reproducer (known findings mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-*)
 * against Debian's libxgboost0 1.7.4-1: a booster of two depth-2 rounds saved as JSON, each time
 * with one field changed in the saved text, loaded by XGBoosterLoadModelFromBuffer, asked for
 * predictions and saved again, in a child of its own (forked before any XGBoost call, as OpenMP
 * does not survive a fork). A model the loader accepts should predict and save (c_api.h: -1 on
 * failure, so a model it cannot use should be refused); linked with Electric Fence (Debian
 * electric-fence), every block ends at an inaccessible page, so reads outside the parsed arrays
 * fault. The child fails (a signal, or exit status 1 for a failed prediction or save) for
 *   tree-indices: trees[0].left_children[0] 1 -> 100, prediction walks out of the nodes (json-tree-indices-trusted)
 *   tree-count: num_trees 2 -> 3, a third tree read that is not there (json-tree-count-trusted)
 *   node-arrays: trees[0].split_type loses its first element, read past its end (json-node-arrays-trusted)
 *   size-allocated: num_target 1 -> 2147483647 loads; prediction then allocates for that many
 *     targets (std::bad_alloc; under Electric Fence the mapping fails and it exits) (json-size-allocated)
 *   unsaveable: trees[0].split_type[0] 0 -> 1 loads and predicts, saving fails (json-loads-unsaveable)
 * Exits 1 while any child fails; ./x NAME runs one, ./x original the unchanged model (exit 0).
 * case: tree-indices mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-tree-indices-trusted
 * case: tree-count mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-tree-count-trusted
 * case: node-arrays mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-node-arrays-trusted
 * case: size-allocated mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-size-allocated
 * case: unsaveable mlf:annotest_xgboost:xgboost:XGBoosterLoadModel:json-loads-unsaveable
 * link: -lxgboost -lefence
 * env: EF_ALLOW_MALLOC_0=1
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xgboost/c_api.h>

static const struct {
  const char *name, *from, *to;
} edits[] = {
    {"tree-indices", "\"left_children\":[1,", "\"left_children\":[100,"},
    {"tree-count", "\"num_trees\":\"2\"", "\"num_trees\":\"3\""},
    {"node-arrays", "\"split_type\":[0,", "\"split_type\":["},
    {"size-allocated", "\"num_target\":\"1\"", "\"num_target\":\"2147483647\""},
    {"unsaveable", "\"split_type\":[0,", "\"split_type\":[1,"},
    {"original", "", ""},
};

/* The saved JSON with the first `from` replaced by `to` (NULL when absent). */
static char *edited(const char *json, const char *from, const char *to) {
  const char *at = strstr(json, from);
  if (!at) return NULL;
  char *out = malloc(strlen(json) + strlen(to) + 1);
  if (out) sprintf(out, "%.*s%s%s", (int)(at - json), json, to, at + strlen(from));
  return out;
}

/* Trains the booster, saves it as JSON, loads the edited text, predicts and saves again;
 * exits 1 when the loaded model cannot predict or be saved, 2 when the edit does not apply. */
static void load_predict_save(const char *from, const char *to) {
  float data[16][3], labels[16];
  for (int i = 0; i < 16; i++)
    data[i][0] = (float)i, data[i][1] = (float)(i % 3), data[i][2] = (float)(i % 5), labels[i] = (float)(i % 2);
  DMatrixHandle train;
  BoosterHandle b, loaded;
  XGBSetGlobalConfig("{\"verbosity\": 0}");
  XGDMatrixCreateFromMat(&data[0][0], 16, 3, NAN, &train);
  XGDMatrixSetFloatInfo(train, "label", labels, 16);
  XGBoosterCreate(&train, 1, &b);
  XGBoosterSetParam(b, "objective", "binary:logistic");
  XGBoosterSetParam(b, "max_depth", "2");
  for (int r = 0; r < 2; r++) XGBoosterUpdateOneIter(b, r, train);
  bst_ulong len, n;
  const char *saved;
  const float *out;
  XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &len, &saved);
  char *json = edited(saved, from, to);
  if (!json) _exit(2);
  XGBoosterCreate(NULL, 0, &loaded);
  int rc = XGBoosterLoadModelFromBuffer(loaded, json, strlen(json));
  printf("  load returns %d%s%s\n", rc, rc ? ": " : "", rc ? XGBGetLastError() : "");
  fflush(stdout);
  if (rc) _exit(0);
  rc = XGBoosterPredict(loaded, train, 0, 0, 0, &n, &out);
  printf("  predict returns %d%s%s\n", rc, rc ? ": " : "", rc ? XGBGetLastError() : "");
  fflush(stdout);
  if (rc) _exit(1);
  rc = XGBoosterSaveModelToBuffer(loaded, "{\"format\": \"json\"}", &len, &saved);
  printf("  save returns %d%s%s\n", rc, rc ? ": " : "", rc ? XGBGetLastError() : "");
  fflush(stdout);
  _exit(rc != 0);
}

int main(int argc, char **argv) {
  int shown = 0;
  for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
    if (argc > 1 ? strcmp(argv[1], edits[i].name) : !strcmp(edits[i].name, "original")) continue;
    printf("%s (%s -> %s):\n", edits[i].name, edits[i].from, edits[i].to);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) load_predict_save(edits[i].from, edits[i].to);
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("  killed by signal %d: bug shown\n", WTERMSIG(status)), shown = 1;
    else if (WEXITSTATUS(status) == 2) printf("  the edit does not apply to this model\n");
    else if (WEXITSTATUS(status)) printf("  exit status %d: bug shown\n", WEXITSTATUS(status)), shown = 1;
  }
  return shown;
}
