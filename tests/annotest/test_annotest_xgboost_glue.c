/* The generated XGBoost glue against its annotations: for every annotated XGBoost function,
 * random call messages (random_message.c) built by the glue (annotest_xgboost_build: the
 * generators run, training boosters and saving models with the instrumented XGBoost, but the
 * function under test is not called), each judged by annotation_checker.c from the parsed
 * annotations/xgboost.h, independently of the glue's folding: bounds, NaN rules, froms, dict
 * fields, shapes, elements, objects' generator parameters. Objects are checked against this
 * file's model of the generators through XGBoost's own queries (rows, columns, present values,
 * boosted rounds, features, attributes) and the generators' files and buffers. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "annotations/xgboost.h"
#include "annotest_xgboost_glue.h"
#include "glue_suite.h"
#include "libraries/xgboost/mlf_xgboost_session.h"

/* The C constants and helpers the annotations' bounds name, as the annotations document them. */
static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  if (!strcmp(name, "ANNOTEST_XGB_KEYS") && nargs == 0) return 16; /* eta .. seed, xgboost_params.c */
  if (!strcmp(name, "FLT_MIN") && nargs == 0) return FLT_MIN;
  if (!strcmp(name, "annotest_xgb_info_min") && nargs == 1) return args[0] == 1 ? 0 : -1000000; /* weights from 0 */
  *known = 0;
  return 0;
}

static long long ivar(const at_function *g, const at_slot *slot, const char *name) {
  return (long long)annotation_var(g, slot, name)->i;
}

static int dmatrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  bst_ulong rows = 0, cols = 0, present = 0, want = 0;
  long long nrow = ivar(g, slot, "nrow"), ncol = ivar(g, slot, "ncol"), every = ivar(g, slot, "missing_every");
  const float *data = annotation_var(g, slot, "data")->p;
  for (long long k = 0; k < nrow * ncol; k++) want += !(every > 0 && k % every == 0) && !isnan(data[k]);
  if (XGDMatrixNumRow(slot->p, &rows) || XGDMatrixNumCol(slot->p, &cols) || XGDMatrixNumNonMissing(slot->p, &present) ||
      rows != (bst_ulong)nrow || cols != (bst_ulong)ncol || present != want)
    return annotation_why(out, n, "%llu x %llu with %llu present, the generator's %lld x %lld with %llu", (unsigned long long)rows,
               (unsigned long long)cols, (unsigned long long)present, nrow, ncol, (unsigned long long)want);
  return 0;
}

static int booster_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  int rounds = -1;
  bst_ulong features = 0;
  if (XGBoosterBoostedRounds(slot->p, &rounds) || rounds != ivar(g, slot, "rounds"))
    return annotation_why(out, n, "%d rounds, the generator's %lld (%s)", rounds, ivar(g, slot, "rounds"), XGBGetLastError());
  if (rounds > 0 && (XGBoosterGetNumFeature(slot->p, &features) || features != (bst_ulong)ivar(g, slot, "ncol")))
    return annotation_why(out, n, "%llu features, the generator's %lld", (unsigned long long)features, ivar(g, slot, "ncol"));
  return 0;
}

static int pattern_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  size_t lines = (size_t)ivar(g, slot, "lines"), width = (size_t)ivar(g, slot, "width");
  if (!strcmp(g->name, "annotest_xgb_pattern_ptr")) {
    const size_t *ptr = slot->p;
    if (ptr[0] != 0) return annotation_why(out, n, "ptr[0] = %zu", ptr[0]);
    for (size_t i = 0; i < lines; i++)
      if (ptr[i + 1] < ptr[i] || ptr[i + 1] - ptr[i] > width) return annotation_why(out, n, "line %zu holds %zu entries", i, ptr[i + 1] - ptr[i]);
  } else {
    const unsigned *idx = slot->p;
    size_t *ptr = annotest_xgb_pattern_ptr(lines, width, ivar(g, slot, "seed"));
    for (size_t i = 0; ptr && i < lines; i++)
      for (size_t e = ptr[i]; e < ptr[i + 1]; e++)
        if (idx[e] >= width || (e > ptr[i] && idx[e] <= idx[e - 1])) {
          free(ptr);
          return annotation_why(out, n, "index %u at %zu not ascending below %zu", idx[e], e, width);
        }
    free(ptr);
  }
  return 0;
}

static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  struct stat st;
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_xgb_dmatrix")) return dmatrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_xgb_booster")) return booster_object(g, slot, out, n);
  if (!strncmp(g->name, "annotest_xgb_pattern_", 21)) return pattern_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_xgb_model_file") && stat(slot->p, &st) != 0) return annotation_why(out, n, "no file %s", (char *)slot->p);
  if (!strcmp(g->name, "annotest_xgb_model_buffer") && annotest_xgb_model_len(slot->p) == 0) return annotation_why(out, n, "empty buffer");
  if (!strcmp(g->name, "annotest_xgb_text") && strlen(slot->p) != (size_t)ivar(g, slot, "len"))
    return annotation_why(out, n, "text of %zu characters, len %lld", strlen(slot->p), ivar(g, slot, "len"));
  if (!strcmp(g->name, "annotest_xgb_attributed_booster")) {
    bst_ulong names = 0;
    const char **list;
    if (XGBoosterGetAttrNames(slot->p, &names, &list) || names != (bst_ulong)ivar(g, slot, "nattr"))
      return annotation_why(out, n, "%llu attributes, nattr %lld", (unsigned long long)names, ivar(g, slot, "nattr"));
  }
  if (!strcmp(g->name, "annotest_xgb_dmatrix_array")) {
    long long count = 0;
    for (DMatrixHandle *d = slot->p; *d; d++) count++;
    if (count != ivar(g, slot, "count")) return annotation_why(out, n, "%lld matrices, count %lld", count, ivar(g, slot, "count"));
  }
  return 0;
}

static const annotation_model xgboost_model = {model_call, model_object, NULL};

static void quiet(void) {
  char identity[128];
  mlf_xgboost_open(identity, sizeof identity);
}

static const char *generator_failure(void) {
  const char *generator;
  return annotest_xgb_generator_failure(&generator);
}

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_xgboost_build((const Mlf__Annotest__XgboostAnnotatedCall *)m, ctx, function, slots);
}

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/xgboost.h", "annotest_xgboost", "xgboost",
                            &mlf__annotest__xgboost_annotated_call__descriptor, build, annotest_xgboost_stats,
                            &xgboost_model, 300, 20, 50, quiet, generator_failure};
  return glue_suite_run(&suite);
}
