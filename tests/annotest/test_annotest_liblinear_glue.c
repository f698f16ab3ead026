/* The generated LIBLINEAR glue against its annotations (glue_suite.c): for every annotated
 * LIBLINEAR function, random call messages built by the glue (annotest_liblinear_build; the
 * generators train models with the room's LIBLINEAR, the function under test is not called),
 * each judged by annotation_checker.c from the parsed annotations/liblinear.h: sparse vectors,
 * parameter dicts (each field) and objects checked against this file's
 * model of the generators (a problem's rows are the grid split of its sparse cells plus the
 * bias feature when bias >= 0; a model is trained on its problem with its parameters; a model
 * file loads and, when not edited, is the model's file byte for byte). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "annotations/liblinear.h"
#include "annotest_liblinear_glue.h"
#include "glue_suite.h"
#include "libraries/liblinear/mlf_liblinear_session.h"

static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  (void)args;
  if (!strcmp(name, "ANNOTEST_LINEAR_MAX_CLASSES") && nargs == 0) return 6;
  if (!strcmp(name, "ANNOTEST_LINEAR_MAX_FEATURES") && nargs == 0) return 12;
  *known = 0;
  return 0;
}

static int node(const char *dtype, const void *p, size_t k, long long *index, double *value) {
  if (strcmp(dtype, "feature_node_t")) return -1;
  const struct feature_node *n = p;
  *index = n[k].index, *value = n[k].value;
  return 0;
}

/* The rows are the cells split by row of the l x features grid, then (bias >= 0) the node
 * (features + 1, bias); n counts the bias feature. */
static int problem_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct problem *prob = slot->p;
  const at_slot *cells = annotation_var(g, slot, "cells");
  const struct feature_node *cell = cells->p;
  const int *labels = annotation_var(g, slot, "labels")->p;
  int features = (int)annotation_var(g, slot, "features")->i;
  double bias = annotation_var(g, slot, "bias")->d;
  size_t k = 0;
  if (prob->l != annotation_var(g, slot, "l")->i || prob->bias != bias || prob->n != features + (bias >= 0))
    return annotation_why(out, n, "l = %d, n = %d, bias %g", prob->l, prob->n, prob->bias);
  for (int row = 0; row < prob->l; row++) {
    if (prob->y[row] != labels[row]) return annotation_why(out, n, "y[%d] = %g, label %d", row, prob->y[row], labels[row]);
    const struct feature_node *x = prob->x[row];
    for (; x->index != -1 && x->index <= features; x++, k++)
      if (k >= cells->count || (cell[k].index - 1) / features != row || x->index != (cell[k].index - 1) % features + 1 ||
          x->value != cell[k].value)
        return annotation_why(out, n, "row %d node (%d, %g) is not cell %zu", row, x->index, x->value, k);
    if (bias >= 0 && !(x->index == features + 1 && x->value == bias && x[1].index == -1))
      return annotation_why(out, n, "row %d does not end with the bias node", row);
  }
  return k == cells->count ? 0 : annotation_why(out, n, "%zu of %zu cells in the rows", k, cells->count);
}

static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct model *m = slot->p;
  const struct parameter *param = annotation_var(g, slot, "param")->p;
  if (annotest_linear_problem_of(m) != annotation_var(g, slot, "prob")->p) return annotation_why(out, n, "not trained on its problem");
  if (memcmp(&m->param, param, sizeof *param)) return annotation_why(out, n, "trained with other parameters");
  return 0;
}

static int model_file_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const annotest_model_file *file = slot->p;
  /* a grammatical mutant (edit = 2) may not load; test_annotest_model_mutants checks its grammar */
  if (annotation_var(g, slot, "edit")->i == 2) {
    if (file->source != annotation_var(g, slot, "model")->p) return annotation_why(out, n, "not saved from its model");
    return file->mutant && file->change[0] ? 0 : annotation_why(out, n, "edit = 2 made no named mutant");
  }
  struct model *loaded = load_model(file->path);
  int rc = 0;
  char path[256];
  if (!loaded) return annotation_why(out, n, "%s does not load", file->path);
  if (file->source != annotation_var(g, slot, "model")->p) rc = annotation_why(out, n, "not saved from its model");
  if (!rc && !annotation_var(g, slot, "edit")->i) {
    if (annotest_temp_path(path, sizeof path) || save_model(path, file->source) ||
        annotest_files_differ(path, file->path) != -1)
      rc = annotation_why(out, n, "an unedited file that is not the model's");
    unlink(path);
  }
  free_and_destroy_model(&loaded);
  return rc;
}

static int object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_linear_problem")) return problem_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_linear_model") || !strcmp(g->name, "annotest_linear_probability_model"))
    return model_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_linear_model_file")) return model_file_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_linear_save_path"))
    return access(((const annotest_model_file *)slot->p)->path, F_OK) ? 0 : annotation_why(out, n, "the file exists already");
  return annotation_why(out, n, "no model of generator %s", g->name);
}

static const annotation_model liblinear_model = {model_call, object, node};

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_liblinear_build((const Mlf__Annotest__LiblinearAnnotatedCall *)m, ctx, function, slots);
}

static void quiet(void) {
  char identity[64];
  mlf_liblinear_open(identity, sizeof identity);
}

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/liblinear.h", "annotest_liblinear", "liblinear",
                            &mlf__annotest__liblinear_annotated_call__descriptor, build, annotest_liblinear_stats,
                            &liblinear_model, 300, 16, 19, quiet, NULL};
  return glue_suite_run(&suite);
}
