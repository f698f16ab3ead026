/* The LIBLINEAR target's generators (the @generator functions of annotations/liblinear.h):
 * problems, trained models and model files valid by construction. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/liblinear.h"

const struct problem *annotest_linear_problem_of(const struct model *model) { return annotest_origin_of(model); }

struct problem *annotest_linear_problem(int l, int features, double bias, const feature_node_t *cells, const int *labels) {
  size_t ncells = 0, per_row = bias >= 0 ? 2 : 1; /* the bias node and the terminator */
  while (cells[ncells].index != -1) ncells++;
  /* One block: the problem, y, the row pointers, then the nodes. */
  size_t bytes = sizeof(struct problem) + (size_t)l * (sizeof(double) + sizeof(feature_node_t *)) +
                 (ncells + (size_t)l * per_row) * sizeof(feature_node_t);
  struct problem *prob = calloc(1, bytes);
  if (!prob) return NULL;
  prob->l = l;
  prob->n = bias >= 0 ? features + 1 : features;
  prob->bias = bias;
  prob->y = (double *)(prob + 1);
  prob->x = (struct feature_node **)(prob->y + l);
  feature_node_t *node = (feature_node_t *)(prob->x + l);
  size_t k = 0;
  for (int row = 0; row < l; row++) {
    prob->y[row] = labels[row];
    prob->x[row] = node;
    for (; k < ncells && (cells[k].index - 1) / features == row; k++)
      *node++ = (feature_node_t){(cells[k].index - 1) % features + 1, cells[k].value};
    if (bias >= 0) *node++ = (feature_node_t){features + 1, bias};
    (node++)->index = -1;
  }
  return prob;
}

void annotest_linear_problem_free(struct problem *prob) { free(prob); }

static struct model *trained_model(const struct problem *prob, const struct parameter *param) {
  struct model *model = train(prob, param);
  if (model && annotest_remember(model, prob)) {
    free_and_destroy_model(&model);
    return NULL;
  }
  return model;
}

struct model *annotest_linear_model(const struct problem *prob, const struct parameter *param) {
  return trained_model(prob, param);
}

struct model *annotest_linear_probability_model(const struct problem *prob, const struct parameter *param) {
  return trained_model(prob, param);
}

void annotest_linear_model_free(struct model *model) {
  annotest_forget(model);
  free_and_destroy_model(&model);
}

/* The tokens of a saved model file an edit may change, with the range each keeps
 * (annotations/liblinear.h, annotest_linear_model_file): the bias with its sign, labels, and
 * every weight after the "w" line. */
static size_t editable_tokens(const char *text, const void *model_, annotest_editable **out) {
  const struct model *model = model_;
  size_t n = 0, cap = 64, len;
  annotest_editable *c = malloc(cap * sizeof *c);
  const char *line;
  int in_w = 0;
  for (size_t i = 0; c && !annotest_text_line(text, i, &line, &len); i++) {
    size_t tokens = 0;
    for (size_t at = 0; at < len; tokens++) {
      while (at < len && line[at] != ' ') at++;
      at++;
    }
    for (size_t token = 0; token < tokens; token++) {
      annotest_editable e = {i, token, 0, AT_TOKEN_REAL17, -100, 100};
      int take = in_w;
      if (!in_w && token > 0 && !strncmp(line, "bias ", 5)) {
        take = 1;
        if (model->bias >= 0) e.lo = 0, e.hi = 4;
        else e.lo = -4, e.hi = -0.001;
      } else if (!in_w && token > 0 && !strncmp(line, "label ", 6)) {
        take = 1, e.format = AT_TOKEN_INT, e.lo = -2, e.hi = 3;
      }
      if (take && n == cap) {
        annotest_editable *bigger = realloc(c, 2 * cap * sizeof *c);
        if (!bigger) break;
        c = bigger, cap *= 2;
      }
      if (take) c[n++] = e;
    }
    if (len == 1 && line[0] == 'w') in_w = 1;
  }
  *out = c;
  return c ? n : 0;
}

/* The grammar save_model writes and load_model reads (linear.cpp 2.3: keyword lines in any
 * order until "w", solver_type from solver_type_table, whose empty strings are unused slots;
 * label is written when the model has labels), then one line of weights per feature. */
static const char *const solver_types[] = {"L2R_LR", "L2R_L2LOSS_SVC_DUAL", "L2R_L2LOSS_SVC", "L2R_L1LOSS_SVC_DUAL",
                                           "MCSVM_CS", "L1R_L2LOSS_SVC", "L1R_LR", "L2R_LR_DUAL", "", "", "",
                                           "L2R_L2LOSS_SVR", "L2R_L2LOSS_SVR_DUAL", "L2R_L1LOSS_SVR_DUAL", NULL};
static const annotest_line_rule linear_lines[] = {
    {"solver_type", AT_FIELD_KEYWORD, solver_types, 0}, {"nr_class", AT_FIELD_COUNT, NULL, 0},
    {"label", AT_FIELD_INT, NULL, 1}, {"nr_feature", AT_FIELD_COUNT, NULL, 0}, {"bias", AT_FIELD_REAL, NULL, 0}};
const annotest_text_grammar annotest_linear_grammar = {linear_lines, sizeof linear_lines / sizeof *linear_lines, "w",
                                                       "w"};

annotest_model_file *annotest_linear_model_file(const struct model *model, int edit, int which, int pick, double t) {
  return annotest_model_file_saved(&annotest_linear_io, editable_tokens, &annotest_linear_grammar, model, edit, which, pick, t);
}

/* The header of a mutant file as load_model reads it (the last line of a keyword counts) and
 * the number of weights after "w"; -1 for a file that is no mutant or cannot be read. */
static int mutant_header(const char *model_file_name, int *regression, int *mcsvm, int *has_label, double *nr_class,
                         double *nr_feature, double *bias, long *weights) {
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  char *text = file->mutant ? annotest_file_read(file->path, NULL) : NULL, solver[32] = "";
  if (!text) return -1;
  annotest_header_word(text, "w", "solver_type", solver, sizeof solver);
  *regression = strstr(solver, "SVR") != NULL, *mcsvm = !strcmp(solver, "MCSVM_CS");
  *has_label = annotest_header_numbers(text, "w", "label", nr_class, 0) >= 0;
  *nr_class = *nr_feature = *bias = 0;
  annotest_header_numbers(text, "w", "nr_class", nr_class, 1);
  annotest_header_numbers(text, "w", "nr_feature", nr_feature, 1);
  annotest_header_numbers(text, "w", "bias", bias, 1);
  *weights = 0;
  const char *w = strstr(text, "\nw\n");
  for (const char *c = w ? w + 3 : NULL; c && *c; c++) *weights += c[0] != ' ' && c[0] != '\n' && (c[1] == ' ' || c[1] == '\n');
  free(text);
  return 0;
}

int annotest_linear_mutant_lacks_labels(const char *model_file_name) {
  int regression, mcsvm, has_label;
  double nr_class, nr_feature, bias;
  long weights;
  if (mutant_header(model_file_name, &regression, &mcsvm, &has_label, &nr_class, &nr_feature, &bias, &weights)) return 0;
  double nr_w = nr_class == 2 && !mcsvm ? 1 : nr_class; /* load_model reads (nr_feature + (bias >= 0)) nr_w weights */
  return !has_label && !(regression && nr_class == 2) && weights >= (nr_feature + (bias >= 0)) * nr_w;
}

int annotest_linear_mutant_overflows(const char *model_file_name) {
  int regression, mcsvm, has_label;
  double nr_class, nr_feature, bias;
  long weights;
  if (mutant_header(model_file_name, &regression, &mcsvm, &has_label, &nr_class, &nr_feature, &bias, &weights)) return 0;
  double n = nr_feature + (bias >= 0), nr_w = nr_class == 2 && !mcsvm ? 1 : nr_class;
  double label_bytes = has_label ? nr_class * sizeof(int) : 0, w_bytes = n * nr_w * sizeof(double);
  return n > INT_MAX || n * nr_w > INT_MAX || label_bytes > (1 << 30) || w_bytes > (1 << 30);
}

int annotest_linear_mutant_lacks_weights(const char *model_file_name) {
  int regression, mcsvm, has_label;
  double nr_class, nr_feature, bias;
  long weights;
  if (mutant_header(model_file_name, &regression, &mcsvm, &has_label, &nr_class, &nr_feature, &bias, &weights)) return 0;
  double nr_w = nr_class == 2 && !mcsvm ? 1 : nr_class;
  return weights < (nr_feature + (bias >= 0)) * nr_w;
}

int annotest_linear_mutant_repeats_label(const char *model_file_name) {
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  char *text = file->mutant ? annotest_file_read(file->path, NULL) : NULL;
  int repeated = text && annotest_header_line_count(text, "w", "label") > 1;
  free(text);
  return repeated;
}

int annotest_linear_targets_all_zero(const struct problem *prob) {
  for (int i = 0; i < prob->l; i++)
    if (prob->y[i] != 0) return 0;
  return 1;
}

annotest_model_file *annotest_linear_save_path(void) {
  char path[256];
  return annotest_temp_path(path, sizeof path) ? NULL : annotest_model_file_new(path, NULL);
}

const char *annotest_linear_blame(long long status) {
  (void)status;
  return "LIBLINEAR refused or failed on parameters and data inside its documented ranges (README, check_parameter): "
         "a LIBLINEAR bug unless the README restricts the input further (then an annotation bug)";
}
