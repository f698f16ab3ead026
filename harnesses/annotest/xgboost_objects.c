/* The XGBoost target's generators (the @generator functions of annotations/xgboost.h): DMatrix
 * handles, boosters trained here, saved models and data files, built from their annotated
 * arguments and valid by construction; what the harness remembers of them for the oracles;
 * the helpers the annotations call. A generator whose own XGBoost call fails on its valid
 * input is remembered (annotest_xgb_generator_failure) and reported by the harness. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "annotations/xgboost.h"
#include "annotest_model_files.h"

/* ---- generator failures ------------------------------------------------------------------ */

static char failure[600];
static const char *failed_generator;

/* Remembers the first failure of an input; returns NULL for the generator to return. */
static void *generator_failed(const char *generator, const char *call) {
  if (!failed_generator) {
    failed_generator = generator;
    snprintf(failure, sizeof failure, "%s: %s failed on the generator's valid input: %s", generator, call,
             XGBGetLastError());
  }
  return NULL;
}

const char *annotest_xgb_generator_failure(const char **generator) {
  *generator = failed_generator;
  return failed_generator ? failure : NULL;
}

void annotest_xgb_generator_failure_clear(void) { failed_generator = NULL; }

const char *annotest_xgb_blame(long long status) {
  static char why[700];
  snprintf(why, sizeof why,
           "XGBoost returned %lld with XGBGetLastError \"%s\"; the annotations call the input valid, so either "
           "XGBoost rejects a documented input (library bug) or the annotation admits one the documentation "
           "excludes (annotation bug)",
           status, XGBGetLastError());
  return why;
}

/* ---- deterministic choices from a seed ------------------------------------------------ */

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* Density from 1/8 (seed % 7 == 0) to 7/8. */
int annotest_xgb_pattern_has(long seed, size_t i, size_t j) {
  return mix(mix((uint64_t)seed) ^ (i * 1000003u + j)) % 8 < 1 + (uint64_t)seed % 7;
}

size_t *annotest_xgb_pattern_ptr(size_t lines, size_t width, long seed) {
  size_t *ptr = malloc((lines + 1) * sizeof *ptr);
  if (!ptr) return NULL;
  ptr[0] = 0;
  for (size_t i = 0; i < lines; i++) {
    ptr[i + 1] = ptr[i];
    for (size_t j = 0; j < width; j++) ptr[i + 1] += (size_t)annotest_xgb_pattern_has(seed, i, j);
  }
  return ptr;
}

unsigned *annotest_xgb_pattern_indices(size_t lines, size_t width, long seed) {
  unsigned *idx = malloc((lines * width + 1) * sizeof *idx), *at = idx;
  if (!idx) return NULL;
  for (size_t i = 0; i < lines; i++)
    for (size_t j = 0; j < width; j++)
      if (annotest_xgb_pattern_has(seed, i, j)) *at++ = (unsigned)j;
  return idx;
}

size_t annotest_xgb_pattern_nelem(const size_t *ptr, size_t lines) { return ptr[lines]; }

double annotest_xgb_info_min(const char *field) { return strcmp(field, "weight") == 0 ? 0 : -1000000; }

/* ---- DMatrix ------------------------------------------------------------------------------ */

DMatrixHandle annotest_xgb_dmatrix(bst_ulong nrow, bst_ulong ncol, const float *data, const float *labels,
                                   int missing_every) {
  size_t n = (size_t)(nrow * ncol);
  float *values = malloc(n * sizeof *values);
  if (!values) return NULL;
  for (size_t k = 0; k < n; k++) values[k] = missing_every > 0 && k % (size_t)missing_every == 0 ? NAN : data[k];
  DMatrixHandle m = NULL;
  int rc = XGDMatrixCreateFromMat(values, nrow, ncol, NAN, &m);
  free(values);
  if (rc != 0) return generator_failed("annotest_xgb_dmatrix", "XGDMatrixCreateFromMat");
  if (XGDMatrixSetFloatInfo(m, "label", labels, nrow) != 0) {
    generator_failed("annotest_xgb_dmatrix", "XGDMatrixSetFloatInfo(label)");
    XGDMatrixFree(m);
    return NULL;
  }
  return m;
}

/* A NULL-terminated array, so that the free function knows its length. */
DMatrixHandle *annotest_xgb_dmatrix_array(int count, bst_ulong ncol, long seed) {
  DMatrixHandle *dmats = calloc((size_t)count + 1, sizeof *dmats);
  if (!dmats) return NULL;
  for (int c = 0; c < count; c++) {
    bst_ulong nrow = 1 + mix((uint64_t)seed + (uint64_t)c) % 16;
    float data[16 * 8], labels[16];
    for (size_t k = 0; k < nrow * ncol; k++) data[k] = (float)(mix((uint64_t)seed ^ (k << 8 | (size_t)c)) % 2001) - 1000;
    for (size_t k = 0; k < nrow; k++) labels[k] = (float)(k % 2);
    dmats[c] = annotest_xgb_dmatrix(nrow, ncol, data, labels, 0);
    if (!dmats[c]) {
      annotest_xgb_dmatrix_array_free(dmats);
      return NULL;
    }
  }
  return dmats;
}

void annotest_xgb_dmatrix_array_free(DMatrixHandle *dmats) {
  for (DMatrixHandle *d = dmats; *d; d++) XGDMatrixFree(*d);
  free(dmats);
}

int annotest_xgb_exact_without_values(const annotest_xgb_params_t *params, DMatrixHandle train) {
  bst_ulong present = 1;
  return strcmp(params->tree_method, "exact") == 0 && XGDMatrixNumNonMissing(train, &present) == 0 && present == 0;
}

int annotest_xgb_booster_exact_without_values(BoosterHandle b) {
  const annotest_xgb_booster_info *info = annotest_xgb_info(b);
  return info && annotest_xgb_exact_without_values(&info->params, info->train);
}

/* ---- boosters ----------------------------------------------------------------------------- */

/* Every live booster a generator made (a handful per input). */
static annotest_xgb_booster_info *boosters;
static size_t nboosters, capacity;

const annotest_xgb_booster_info *annotest_xgb_info(BoosterHandle b) {
  for (size_t i = 0; i < nboosters; i++)
    if (boosters[i].booster == b) return &boosters[i];
  return NULL;
}

DMatrixHandle annotest_xgb_training_matrix(BoosterHandle b) {
  const annotest_xgb_booster_info *info = annotest_xgb_info(b);
  return info ? info->train : NULL;
}

annotest_xgb_params_t *annotest_xgb_params(const annotest_xgb_params_t *p) {
  annotest_xgb_params_t *copy = malloc(sizeof *copy);
  if (copy) *copy = *p;
  return copy;
}

int annotest_xgb_relabel(const annotest_xgb_booster_info *info, const annotest_xgb_params_t *params) {
  float *labels = malloc((size_t)info->nrow * sizeof *labels);
  if (!labels) return -1;
  for (long long i = 0; i < info->nrow; i++)
    labels[i] = annotest_xgb_label(params->objective, params->num_class, info->u[i]);
  int rc = XGDMatrixSetFloatInfo(info->train, "label", labels, (bst_ulong)info->nrow);
  free(labels);
  return rc;
}

/* Remembers b; NULL when out of memory. */
static annotest_xgb_booster_info *remember(BoosterHandle b, DMatrixHandle train, const annotest_xgb_params_t *params,
                                           long long nrow, long long ncol) {
  if (nboosters == capacity) {
    size_t grown = capacity ? 2 * capacity : 16;
    annotest_xgb_booster_info *more = realloc(boosters, grown * sizeof *more);
    if (!more) return NULL;
    boosters = more, capacity = grown;
  }
  float *u = malloc((size_t)nrow * sizeof *u);
  bst_ulong len = 0;
  const float *labels = NULL;
  if (!u || XGDMatrixGetFloatInfo(train, "label", &len, &labels) != 0 || len != (bst_ulong)nrow) {
    free(u);
    return NULL;
  }
  memcpy(u, labels, (size_t)nrow * sizeof *u);
  boosters[nboosters] = (annotest_xgb_booster_info){b, train, *params, nrow, ncol, 0, u};
  return &boosters[nboosters++];
}

void annotest_xgb_booster_free(BoosterHandle b) {
  for (size_t i = 0; i < nboosters; i++)
    if (boosters[i].booster == b) {
      free(boosters[i].u);
      boosters[i] = boosters[--nboosters];
      break;
    }
  XGBoosterFree(b);
}

BoosterHandle annotest_xgb_booster(const annotest_xgb_params_t *params, bst_ulong nrow, bst_ulong ncol,
                                   DMatrixHandle train, int rounds) {
  BoosterHandle b = NULL;
  if (XGBoosterCreate(&train, 1, &b) != 0) return generator_failed("annotest_xgb_booster", "XGBoosterCreate");
  annotest_xgb_booster_info *info = remember(b, train, params, (long long)nrow, (long long)ncol);
  const char *failed = !info ? "remembering the booster"
                       : annotest_xgb_relabel(info, params) != 0 ? "XGDMatrixSetFloatInfo(label)"
                       : annotest_xgb_apply_params(b, params) != 0 ? "XGBoosterSetParam"
                                                                   : NULL;
  for (int r = 0; !failed && r < rounds; r++, info->rounds++)
    if (XGBoosterUpdateOneIter(b, r, train) != 0) failed = "XGBoosterUpdateOneIter";
  if (failed) {
    if (info) generator_failed("annotest_xgb_booster", failed);
    annotest_xgb_booster_free(b);
    return NULL;
  }
  return b;
}

BoosterHandle annotest_xgb_empty_booster(void) {
  BoosterHandle b = NULL;
  return XGBoosterCreate(NULL, 0, &b) == 0 ? b : generator_failed("annotest_xgb_empty_booster", "XGBoosterCreate");
}

BoosterHandle annotest_xgb_attributed_booster(BoosterHandle booster, int nattr, const char *value) {
  for (int k = 0; k < nattr; k++) {
    char key[16];
    snprintf(key, sizeof key, "attr%d", k);
    if (XGBoosterSetAttr(booster, key, value) != 0)
      return generator_failed("annotest_xgb_attributed_booster", "XGBoosterSetAttr");
  }
  return booster;
}

char *annotest_xgb_text(int len, const char *chars) {
  char *s = malloc((size_t)len + 1);
  if (!s) return NULL;
  memcpy(s, chars, (size_t)len);
  s[len] = 0;
  return s;
}

/* ---- saved models and files --------------------------------------------------------------- */

annotest_xgb_saved_t *annotest_xgb_saved_of(const void *text) {
  return (annotest_xgb_saved_t *)((const char *)text - offsetof(annotest_xgb_saved_t, text));
}

bst_ulong annotest_xgb_model_len(const void *buf) { return annotest_xgb_saved_of(buf)->len; }

static annotest_xgb_saved_t *new_saved(size_t text_len) {
  return calloc(1, sizeof(annotest_xgb_saved_t) + text_len + 1);
}

static char private_dir[200];

static void remove_private_dir(void) { rmdir(private_dir); }

/* A path in a directory of this process's own under the temporary directory, with extension
 * ext. Its own directory, because XGDMatrixCreateFromFile (dmlc-core's local file system) lists
 * the directory of the file it reads and fails when any entry there vanishes between the listing
 * and its stat: in /tmp, a compiler's or another process's temporary file did, now and then. */
static void temporary_path(char *path, size_t n, const char *ext) {
  static unsigned long counter;
  if (!private_dir[0]) {
    const char *tmp = getenv("TMPDIR");
    snprintf(private_dir, sizeof private_dir, "%s/annotest-xgb-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(private_dir)) atexit(remove_private_dir);
    else snprintf(private_dir, sizeof private_dir, "%s", tmp && *tmp ? tmp : "/tmp");
  }
  snprintf(path, n, "%s/%ld-%lu%s", private_dir, (long)getpid(), counter++, ext);
}

int annotest_xgb_refusable(const char *fname) { return annotest_xgb_saved_of(fname)->mutant; }

const char *annotest_xgb_change(const char *fname) { return annotest_xgb_saved_of(fname)->change; }

void annotest_xgb_saved_free(char *text) {
  annotest_xgb_saved_t *s = annotest_xgb_saved_of(text);
  if (s->mutant) annotest_mutant_in_use(NULL);
  if (!s->len) { /* a file: unlink its path (the URI without its "?format=..." query) */
    char *query = strchr(s->text, '?');
    if (query) *query = 0;
    unlink(s->text);
  }
  free(s->labels);
  free(s);
}

static const char *const extensions[] = {".json", ".ubj", ".model"};
static const char *const buffer_formats[] = {ANNOTEST_XGB_JSON, ANNOTEST_XGB_UBJ, ANNOTEST_XGB_DEPRECATED};

char *annotest_xgb_model_path(int format) {
  annotest_xgb_saved_t *s = new_saved(256);
  if (!s) return NULL;
  s->format = format;
  temporary_path(s->text, 256, extensions[format]);
  return s->text;
}

/* Objectives a mutant may swap: those sharing their parameter object in doc/model.schema
 * ("reg_loss_param"; "softmax_multiclass_param"), so the document keeps to the schema. */
static const char *const reg_loss_objectives[] = {"reg:squarederror", "reg:pseudohubererror", "reg:squaredlogerror",
                                                  "reg:linear", "reg:logistic", "binary:logistic", "binary:logitraw",
                                                  NULL};
static const char *const softmax_objectives[] = {"multi:softprob", "multi:softmax", NULL};
static const char *const *const objective_sets[] = {reg_loss_objectives, softmax_objectives, NULL};

/* Rewrites the JSON file at path as a one-field mutant of itself; 0 on success. */
static int mutate_json_file(annotest_xgb_saved_t *s, int which, int pick, double t) {
  size_t len = 0, out_len = 0;
  char *json = annotest_file_read(s->text, &len);
  if (!json) return -1;
  char *m = annotest_mutate_json(json, len, objective_sets, (annotest_mutation){which, pick, t}, &out_len, s->change,
                                 sizeof s->change);
  free(json);
  if (!m) return 0;
  FILE *f = fopen(s->text, "wb");
  int rc = f && fwrite(m, 1, out_len, f) == out_len ? 0 : -1;
  if (f && fclose(f)) rc = -1;
  free(m);
  s->mutant = rc == 0;
  if (s->mutant) annotest_mutant_in_use(s->change);
  return rc;
}

/* The field a mutant changed: 1 when the last component of its path is one of names (with or
 * without an index: "left_children" matches "...trees[0].left_children[3]") and the change is
 * of kind op (" -> " a new value, " removed", " duplicated", or "" any). */
static int changed(const char *fname, const char *const *names, const char *op) {
  const annotest_xgb_saved_t *s = annotest_xgb_saved_of(fname);
  const char *space = strchr(s->change, ' '), *last = s->change;
  if (!s->mutant || !space || !strstr(space, op)) return 0;
  for (const char *c = s->change; c < space; c++)
    if (*c == '.') last = c + 1;
  size_t len = strcspn(last, "[ ");
  for (; *names; names++)
    if (strlen(*names) == len && !strncmp(last, *names, len)) return 1;
  return 0;
}

/* The new value of a mutant's change ("a -> b"), NaN for another kind of change. */
static double new_value(const char *fname) {
  const char *arrow = strstr(annotest_xgb_saved_of(fname)->change, " -> ");
  return arrow ? strtod(arrow + 4, NULL) : NAN;
}

int annotest_xgb_mutant_breaks_tree_indices(const char *fname) {
  static const char *const links[] = {"left_children", "right_children", "parents", "split_indices", NULL};
  return changed(fname, links, "");
}

int annotest_xgb_mutant_breaks_node_arrays(const char *fname) {
  static const char *const arrays[] = {"split_type", "split_conditions", "default_left", "base_weights",
                                       "loss_changes", "sum_hessian", "categories", "categories_nodes",
                                       "categories_segments", "categories_sizes", NULL};
  static const char *const counts[] = {"num_nodes", "num_deleted", NULL};
  return changed(fname, arrays, " removed") || changed(fname, arrays, " duplicated") || changed(fname, counts, " -> ");
}

int annotest_xgb_mutant_breaks_tree_count(const char *fname) {
  static const char *const trees[] = {"trees", "tree_info", "num_trees", "num_parallel_tree", "id", NULL};
  return changed(fname, trees, "");
}

int annotest_xgb_mutant_allocates_count(const char *fname) {
  static const char *const sizes[] = {"num_feature", "num_target", "num_class", "size_leaf_vector", NULL};
  return changed(fname, sizes, " -> ") && !(fabs(new_value(fname)) < 1 << 20);
}

static const char *const base_score[] = {"base_score", NULL};

/* Logistic losses refuse to save a base_score outside (0, 1) (regression_loss.h:94,
 * LogisticRegression::ProbToMargin, used by reg:logistic and binary:logistic). */
static int logistic_base_score_refused(const char *fname) {
  if (!changed(fname, base_score, " -> ")) return 0;
  const annotest_xgb_booster_info *info = annotest_xgb_info(annotest_xgb_saved_of(fname)->source);
  float v = (float)new_value(fname);
  return info && (!strcmp(info->params.objective, "reg:logistic") || !strcmp(info->params.objective, "binary:logistic")) &&
         !(v > 0 && v < 1);
}

int annotest_xgb_mutant_unsaveable(const char *fname) {
  static const char *const split_type[] = {"split_type", NULL}, *const features[] = {"num_feature", NULL};
  return changed(fname, split_type, " -> ") || (changed(fname, features, " -> ") && new_value(fname) == 0) ||
         logistic_base_score_refused(fname);
}

int annotest_xgb_mutant_nonfinite_base_score(const char *fname) {
  return changed(fname, base_score, " -> ") && !isfinite((float)new_value(fname));
}

char *annotest_xgb_model_file(BoosterHandle booster, int format, int mutate, int which, int pick, double t) {
  char *path = annotest_xgb_model_path(format);
  if (!path) return NULL;
  annotest_xgb_saved_of(path)->source = booster;
  if (XGBoosterSaveModel(booster, path) != 0) {
    generator_failed("annotest_xgb_model_file", "XGBoosterSaveModel");
    annotest_xgb_saved_free(path);
    return NULL;
  }
  if (mutate && format == 0 && mutate_json_file(annotest_xgb_saved_of(path), which, pick, t)) {
    annotest_xgb_saved_free(path);
    return NULL;
  }
  return path;
}

char *annotest_xgb_model_buffer(BoosterHandle booster, int format) {
  bst_ulong len = 0;
  const char *bytes = NULL;
  if (XGBoosterSaveModelToBuffer(booster, buffer_formats[format], &len, &bytes) != 0)
    return generator_failed("annotest_xgb_model_buffer", "XGBoosterSaveModelToBuffer");
  annotest_xgb_saved_t *s = new_saved((size_t)len);
  if (!s) return NULL;
  s->source = booster, s->format = format, s->len = (size_t)len;
  memcpy(s->text, bytes, (size_t)len);
  return s->text;
}

char *annotest_xgb_libsvm_file(bst_ulong nrow, bst_ulong ncol, long seed, const float *values) {
  annotest_xgb_saved_t *s = new_saved(256);
  if (!s || !(s->labels = malloc((size_t)nrow * sizeof *s->labels))) {
    free(s);
    return NULL;
  }
  s->nrow = (long long)nrow, s->ncol = (long long)ncol, s->seed = seed;
  temporary_path(s->text, 200, ".libsvm");
  FILE *f = fopen(s->text, "w");
  for (bst_ulong i = 0; f && i < nrow; i++) {
    s->labels[i] = (float)(mix((uint64_t)seed + i) % 1000) / 1000;
    fprintf(f, "%.9g", (double)s->labels[i]);
    for (bst_ulong j = 0; j < ncol; j++)
      if (annotest_xgb_pattern_has(seed, (size_t)i, (size_t)j)) fprintf(f, " %llu:%.9g", (unsigned long long)j, (double)values[i * ncol + j]);
    fputc('\n', f);
  }
  if (!f || fclose(f) != 0) {
    annotest_xgb_saved_free(s->text);
    return NULL;
  }
  strcat(s->text, "?format=libsvm");
  return s->text;
}

char *annotest_xgb_predict_config(int type, int training, int rounds, int iteration_begin, int iteration_end,
                                  int strict_shape) {
  (void)rounds;
  char *c = malloc(200);
  if (c)
    snprintf(c, 200,
             "{\"type\": %d, \"training\": %s, \"iteration_begin\": %d, \"iteration_end\": %d, \"strict_shape\": %s}",
             type, training ? "true" : "false", iteration_begin, iteration_end, strict_shape ? "true" : "false");
  return c;
}
