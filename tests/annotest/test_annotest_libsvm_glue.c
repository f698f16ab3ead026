/* The generated LIBSVM glue against its annotations (glue_suite.c): for every annotated LIBSVM
 * function, random call messages built by the glue (annotest_libsvm_build; the generators train
 * models with the room's LIBSVM, the function under test is not called), each judged by
 * annotation_checker.c from the parsed annotations/libsvm.h: sparse vectors, svm_parameter
 * dicts (each field) and objects checked against this file's model of
 * the generators (a problem's rows are the grid split of its sparse cells, values rounded to
 * %.8g; a model is trained on its problem with its parameters; a model file loads and, when not
 * edited, is the model's file byte for byte). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "annotations/libsvm.h"
#include "annotest_libsvm_glue.h"
#include "glue_suite.h"
#include "libraries/libsvm/mlf_libsvm_session.h"

static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  (void)args;
  if (!strcmp(name, "ANNOTEST_SVM_MAX_CLASSES") && nargs == 0) return 6;
  if (!strcmp(name, "ANNOTEST_SVM_MAX_ROWS") && nargs == 0) return 40;
  *known = 0;
  return 0;
}

static int node(const char *dtype, const void *p, size_t k, long long *index, double *value) {
  if (strcmp(dtype, "svm_node_t")) return -1;
  const struct svm_node *n = p;
  *index = n[k].index, *value = n[k].value;
  return 0;
}

/* The rows are the cells split by row of the l x features grid, values as %.8g prints them. */
static int problem_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct svm_problem *prob = slot->p;
  const at_slot *cells = annotation_var(g, slot, "cells");
  const struct svm_node *cell = cells->p;
  const int *labels = annotation_var(g, slot, "labels")->p;
  int features = (int)annotation_var(g, slot, "features")->i;
  size_t k = 0;
  if (prob->l != annotation_var(g, slot, "l")->i) return annotation_why(out, n, "l = %d", prob->l);
  for (int row = 0; row < prob->l; row++) {
    if (prob->y[row] != labels[row]) return annotation_why(out, n, "y[%d] = %g, label %d", row, prob->y[row], labels[row]);
    const struct svm_node *x = prob->x[row];
    for (; x->index != -1; x++, k++) {
      char text[32];
      snprintf(text, sizeof text, "%.8g", cell[k].value);
      if (k >= cells->count || (cell[k].index - 1) / features != row || x->index != (cell[k].index - 1) % features + 1 ||
          x->value != strtod(text, NULL))
        return annotation_why(out, n, "row %d node (%d, %g) is not cell %zu", row, x->index, x->value, k);
    }
  }
  return k == cells->count ? 0 : annotation_why(out, n, "%zu of %zu cells in the rows", k, cells->count);
}

/* A model trained on its problem with its parameters (svm_train copies them into param). */
static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct svm_model *m = slot->p;
  const struct svm_parameter *param = annotation_var(g, slot, "param")->p;
  if (annotest_svm_problem_of(m) != annotation_var(g, slot, "prob")->p) return annotation_why(out, n, "not trained on its problem");
  if (memcmp(&m->param, param, sizeof *param)) return annotation_why(out, n, "trained with other parameters");
  return 0;
}

/* A file that loads (a grammatical mutant, edit = 2, need not); unedited, the bytes
 * svm_save_model writes for the model. */
static int model_file_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const annotest_model_file *file = slot->p;
  /* a grammatical mutant (edit = 2) may not load; test_annotest_model_mutants checks its grammar */
  if (annotation_var(g, slot, "edit")->i == 2) {
    if (file->source != annotation_var(g, slot, "model")->p) return annotation_why(out, n, "not saved from its model");
    return file->mutant && file->change[0] ? 0 : annotation_why(out, n, "edit = 2 made no named mutant");
  }
  struct svm_model *loaded = svm_load_model(file->path);
  int rc = 0;
  char path[256];
  if (!loaded) return annotation_why(out, n, "%s does not load", file->path);
  if (file->source != annotation_var(g, slot, "model")->p) rc = annotation_why(out, n, "not saved from its model");
  if (!rc && !annotation_var(g, slot, "edit")->i) {
    if (annotest_temp_path(path, sizeof path) || svm_save_model(path, file->source) ||
        annotest_files_differ(path, file->path) != -1)
      rc = annotation_why(out, n, "an unedited file that is not the model's");
    unlink(path);
  }
  svm_free_and_destroy_model(&loaded);
  return rc;
}

static int object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_svm_problem")) return problem_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_svm_model") || !strcmp(g->name, "annotest_svm_probability_model"))
    return model_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_svm_model_file")) return model_file_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_svm_save_path"))
    return access(((const annotest_model_file *)slot->p)->path, F_OK) ? 0 : annotation_why(out, n, "the file exists already");
  return annotation_why(out, n, "no model of generator %s", g->name);
}

static const annotation_model libsvm_model = {model_call, object, node};

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_libsvm_build((const Mlf__Annotest__LibsvmAnnotatedCall *)m, ctx, function, slots);
}

static void quiet(void) {
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
}

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/libsvm.h", "annotest_libsvm", "libsvm",
                            &mlf__annotest__libsvm_annotated_call__descriptor, build, annotest_libsvm_stats,
                            &libsvm_model, 300, 15, 10, quiet, NULL};
  return glue_suite_run(&suite);
}
