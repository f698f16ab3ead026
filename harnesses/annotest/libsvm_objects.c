/* The LIBSVM target's generators (the @generator functions of annotations/libsvm.h): problems,
 * trained models and model files valid by construction, and the helpers the annotations call. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/libsvm.h"

const struct svm_problem *annotest_svm_problem_of(const struct svm_model *model) { return annotest_origin_of(model); }

/* x rounded to 8 significant digits, as svm_save_model prints support vector values. */
static double printed_8(double x) {
  char text[32];
  snprintf(text, sizeof text, "%.8g", x);
  return strtod(text, NULL);
}

struct svm_problem *annotest_svm_problem(int l, int features, const svm_node_t *cells, const int *labels) {
  size_t ncells = 0;
  while (cells[ncells].index != -1) ncells++;
  /* One block: the problem, y, the row pointers, then the nodes with a terminator per row. */
  size_t bytes = sizeof(struct svm_problem) + (size_t)l * (sizeof(double) + sizeof(svm_node_t *)) +
                 (ncells + (size_t)l) * sizeof(svm_node_t);
  struct svm_problem *prob = calloc(1, bytes);
  if (!prob) return NULL;
  prob->l = l;
  prob->y = (double *)(prob + 1);
  prob->x = (struct svm_node **)(prob->y + l);
  svm_node_t *node = (svm_node_t *)(prob->x + l);
  size_t k = 0;
  for (int row = 0; row < l; row++) {
    prob->y[row] = labels[row];
    prob->x[row] = node;
    for (; k < ncells && (cells[k].index - 1) / features == row; k++)
      *node++ = (svm_node_t){(cells[k].index - 1) % features + 1, printed_8(cells[k].value)};
    (node++)->index = -1;
  }
  return prob;
}

void annotest_svm_problem_free(struct svm_problem *prob) { free(prob); }

int annotest_svm_parameter_feasible(const struct svm_problem *prob, const struct svm_parameter *param) {
  if (param->svm_type == ONE_CLASS && param->probability) return 0;
  if (param->svm_type != NU_SVC) return 1;
  /* svm_check_parameter's rule: nu (n1 + n2) / 2 <= min(n1, n2) for every pair of classes. */
  int label[ANNOTEST_SVM_MAX_ROWS], count[ANNOTEST_SVM_MAX_ROWS] = {0};
  int classes = annotest_distinct_labels(prob->y, prob->l, label);
  for (int i = 0; i < prob->l; i++) {
    int c = 0;
    while (label[c] != (int)prob->y[i]) c++;
    count[c]++;
  }
  for (int i = 0; i < classes; i++)
    for (int j = i + 1; j < classes; j++) {
      int n1 = count[i], n2 = count[j];
      if (param->nu * (n1 + n2) / 2 > (n1 < n2 ? n1 : n2)) return 0;
    }
  return 1;
}

int annotest_svm_nu_svr_underflows(const struct svm_problem *prob, const struct svm_parameter *param) {
  for (int k = 1; param->svm_type == NU_SVR && k <= prob->l; k++)
    if (param->C * param->nu * k / 2 == 0) return 1;
  return 0;
}

int annotest_svm_cv_empty_fold(const struct svm_problem *prob, const struct svm_parameter *param, int nr_fold) {
  int l = prob->l, label[ANNOTEST_SVM_MAX_ROWS], count[ANNOTEST_SVM_MAX_ROWS] = {0}, classes = 1;
  int stratified = (param->svm_type == C_SVC || param->svm_type == NU_SVC) && nr_fold < l;
  if (nr_fold > l) nr_fold = l;
  if (stratified) {
    classes = annotest_distinct_labels(prob->y, l, label);
    for (int i = 0; i < l; i++) {
      int c = 0;
      while (label[c] != (int)prob->y[i]) c++;
      count[c]++;
    }
  } else {
    count[0] = l;
  }
  for (int fold = 0; fold < nr_fold; fold++) {
    int size = 0;
    for (int c = 0; c < classes; c++) size += (fold + 1) * count[c] / nr_fold - fold * count[c] / nr_fold;
    if (size == l) return 1;
  }
  return 0;
}

static struct svm_model *trained_model(const struct svm_problem *prob, const struct svm_parameter *param) {
  struct svm_model *model = svm_train(prob, param);
  if (model && annotest_remember(model, prob)) {
    svm_free_and_destroy_model(&model);
    return NULL;
  }
  return model;
}

struct svm_model *annotest_svm_model(const struct svm_problem *prob, const struct svm_parameter *param) {
  return trained_model(prob, param);
}

struct svm_model *annotest_svm_probability_model(const struct svm_problem *prob, const struct svm_parameter *param) {
  return trained_model(prob, param);
}

void annotest_svm_model_free(struct svm_model *model) {
  annotest_forget(model);
  svm_free_and_destroy_model(&model);
}

/* The tokens of a saved model file an edit may change, with the range each keeps
 * (annotations/libsvm.h, annotest_svm_model_file). */
static size_t editable_tokens(const char *text, const void *model_, annotest_editable **out) {
  const struct svm_model *model = model_;
  size_t n = 0, cap = 64, len;
  annotest_editable *c = malloc(cap * sizeof *c);
  const char *line;
  int in_sv = 0, regression = model->param.svm_type == EPSILON_SVR || model->param.svm_type == NU_SVR;
  for (size_t i = 0; c && !annotest_text_line(text, i, &line, &len); i++) {
    size_t token = 0;
    for (size_t at = 0; at < len; token++) {
      size_t end = at;
      while (end < len && line[end] != ' ') end++;
      annotest_editable e = {i, token, 0, AT_TOKEN_REAL17, 0, 0};
      int take = 0;
      const char *colon = memchr(line + at, ':', end - at);
      if (in_sv && colon) e.format = AT_TOKEN_REAL8, e.value_at = (size_t)(colon - line - at) + 1, e.lo = -1, e.hi = 1, take = 1;
      else if (in_sv) e.lo = -100, e.hi = 100, take = 1;
      else if (token > 0 && !strncmp(line, "gamma ", 6)) e.hi = 1, take = 1;
      else if (token > 0 && !strncmp(line, "coef0 ", 6)) e.lo = -1, e.hi = 1, take = 1;
      else if (token > 0 && !strncmp(line, "degree ", 7)) e.format = AT_TOKEN_INT, e.hi = 5, take = 1;
      else if (token > 0 && !strncmp(line, "label ", 6)) e.format = AT_TOKEN_INT, e.lo = -2, e.hi = 3, take = 1;
      else if (token > 0 && !strncmp(line, "probA ", 6) && regression) e.lo = 0.001, e.hi = 10, take = 1;
      else if (token > 0 && (!strncmp(line, "rho ", 4) || !strncmp(line, "probA ", 6) || !strncmp(line, "probB ", 6)))
        e.lo = -10, e.hi = 10, take = 1;
      if (take && n == cap) {
        annotest_editable *bigger = realloc(c, 2 * cap * sizeof *c);
        if (!bigger) break;
        c = bigger, cap *= 2;
      }
      if (take) c[n++] = e;
      at = end + 1;
    }
    if (len == 2 && !strncmp(line, "SV", 2)) in_sv = 1;
  }
  *out = c;
  return c ? n : 0;
}

/* The grammar svm_save_model writes and svm_load_model reads (svm.cpp 3.24, read_model_header:
 * keyword lines in any order until "SV"; the keyword tables svm_type_table and
 * kernel_type_table; degree is written for polynomial kernels only, gamma and coef0 for the
 * kernels using them, label, probA, probB and nr_sv when the model has them). */
static const char *const svm_types[] = {"c_svc", "nu_svc", "one_class", "epsilon_svr", "nu_svr", NULL};
static const char *const kernel_types[] = {"linear", "polynomial", "rbf", "sigmoid", "precomputed", NULL};
static const annotest_line_rule svm_lines[] = {
    {"svm_type", AT_FIELD_KEYWORD, svm_types, 0}, {"kernel_type", AT_FIELD_KEYWORD, kernel_types, 0},
    {"degree", AT_FIELD_INT, NULL, 1},          {"gamma", AT_FIELD_REAL, NULL, 1},
    {"coef0", AT_FIELD_REAL, NULL, 1},          {"nr_class", AT_FIELD_COUNT, NULL, 0},
    {"total_sv", AT_FIELD_COUNT, NULL, 0},      {"rho", AT_FIELD_REAL, NULL, 0},
    {"label", AT_FIELD_INT, NULL, 1},           {"probA", AT_FIELD_REAL, NULL, 1},
    {"probB", AT_FIELD_REAL, NULL, 1},          {"nr_sv", AT_FIELD_COUNT, NULL, 1}};
const annotest_text_grammar annotest_svm_grammar = {svm_lines, sizeof svm_lines / sizeof *svm_lines, "SV", "SV"};

annotest_model_file *annotest_svm_model_file(const struct svm_model *model, int edit, int which, int pick, double t) {
  return annotest_model_file_saved(&annotest_svm_io, editable_tokens, &annotest_svm_grammar, model, edit, which, pick, t);
}

/* What svm_load_model reads of a mutant's header (read_model_header: the last line of a
 * keyword counts), and its SV lines. */
typedef struct {
  int classification, has_label, has_nr_sv, precomputed, sv_without_serial, one_coefficient_row;
  double nr_class, total_sv, nr_sv_sum;
  long sv_lines, nodes;
} svm_header;

/* Whether an SV line lacks what a PRECOMPUTED kernel reads first (README, "Precomputed Kernels":
 * "0:i", i the serial number of a training instance, here 1 .. ANNOTEST_SVM_MAX_ROWS). */
static int sv_lines_lack_serials(const char *text) {
  for (const char *line = strstr(text, "\nSV\n"); line && (line = strchr(line + 1, '\n')) && line[1];) {
    const char *colon = strchr(line + 1, ':'), *end = strchr(line + 1, '\n');
    if (!colon || (end && colon > end)) return 1;
    const char *index = colon;
    while (index > line + 1 && index[-1] != ' ') index--;
    double serial = strtod(colon + 1, NULL);
    if (strncmp(index, "0:", 2) || serial != (int)serial || serial < 1 || serial > ANNOTEST_SVM_MAX_ROWS) return 1;
  }
  return 0;
}

/* The header of a mutant file; -1 for a file that is no mutant or cannot be read. */
static int mutant_header(const char *model_file_name, svm_header *h) {
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  char *text = file->mutant ? annotest_file_read(file->path, NULL) : NULL, type[32] = "", kernel[32] = "";
  if (!text) return -1;
  double nr_sv[ANNOTEST_SVM_MAX_ROWS];
  memset(h, 0, sizeof *h);
  annotest_header_word(text, "SV", "svm_type", type, sizeof type);
  h->classification = !strcmp(type, "c_svc") || !strcmp(type, "nu_svc");
  h->one_coefficient_row = !strcmp(type, "one_class") || !strcmp(type, "epsilon_svr") || !strcmp(type, "nu_svr");
  annotest_header_word(text, "SV", "kernel_type", kernel, sizeof kernel);
  h->precomputed = !strcmp(kernel, "precomputed");
  h->sv_without_serial = h->precomputed && sv_lines_lack_serials(text);
  annotest_header_numbers(text, "SV", "nr_class", &h->nr_class, 1);
  annotest_header_numbers(text, "SV", "total_sv", &h->total_sv, 1);
  h->has_label = annotest_header_numbers(text, "SV", "label", nr_sv, 0) >= 0;
  int n = annotest_header_numbers(text, "SV", "nr_sv", nr_sv, ANNOTEST_SVM_MAX_ROWS);
  h->has_nr_sv = n >= 0;
  for (int i = 0; i < n && i < ANNOTEST_SVM_MAX_ROWS && i < h->nr_class; i++) h->nr_sv_sum += nr_sv[i];
  h->sv_lines = annotest_body_lines(text, "SV");
  for (const char *c = strstr(text, "\nSV\n"); c && (c = strchr(c + 1, ':'));) h->nodes++;
  free(text);
  return 0;
}

int annotest_svm_mutant_overflows(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) &&
         (h.nr_class > 46341 || h.total_sv + h.nodes > INT_MAX || h.nr_sv_sum > INT_MAX);
}

int annotest_svm_mutant_lacks_sv_lines(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) && h.total_sv > h.sv_lines && (h.nr_class >= 3 || h.sv_lines == 0);
}

int annotest_svm_mutant_repeats_array_line(const char *model_file_name) {
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  char *text = file->mutant ? annotest_file_read(file->path, NULL) : NULL;
  if (!text) return 0;
  static const char *const arrays[] = {"rho", "label", "probA", "probB", "nr_sv"};
  int repeated = 0;
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
    repeated |= annotest_header_line_count(text, "SV", arrays[i]) > 1;
  free(text);
  return repeated;
}

int annotest_svm_mutant_lacks_class_arrays(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) && h.classification && (!h.has_label || !h.has_nr_sv);
}

int annotest_svm_mutant_overcounts_sv(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) && h.classification && h.has_nr_sv && h.nr_sv_sum > h.total_sv;
}

int annotest_svm_mutant_lacks_coefficient_row(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) && h.one_coefficient_row && h.nr_class < 2;
}

int annotest_svm_mutant_precomputed_without_serials(const char *model_file_name) {
  svm_header h;
  return !mutant_header(model_file_name, &h) && h.sv_without_serial;
}

annotest_model_file *annotest_svm_save_path(void) {
  char path[256];
  return annotest_temp_path(path, sizeof path) ? NULL : annotest_model_file_new(path, NULL);
}

const char *annotest_svm_blame(long long status) {
  (void)status;
  return "LIBSVM refused or failed on parameters and data inside its documented ranges (README, svm_check_parameter): "
         "a LIBSVM bug unless the README restricts the input further (then an annotation bug)";
}
