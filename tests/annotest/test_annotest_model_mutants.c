/* The model-file mutants of the aNNoTest family (annotest_model_mutants.h), judged by a checker
 * of this test's own: every mutant of LIBSVM and LIBLINEAR models trained and saved by the
 * targets' generators (room libraries), and of XGBoost JSON models saved by Debian's installed
 * libxgboost0, parses back in its format's grammar and differs from the saved model in exactly
 * one field (one value token, of the same lexical type; or one optional or list line, or one
 * JSON array element, removed or duplicated), and its recorded change names it. And the
 * mutants' fixed-point oracle (annotest_fixed_point) catches a loader that does not reproduce
 * what it loads, where a planted loader-blind oracle (saving twice, never loading) does not. */
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <xgboost/c_api.h>
#include "annotations/liblinear.h"
#include "annotations/libsvm.h"
#include "libraries/liblinear/mlf_liblinear_session.h"
#include "libraries/libsvm/mlf_libsvm_session.h"

/* ---- the test's grammar of the keyword text formats --------------------------------------- */

/* A header keyword and its value type: 'k' keyword of set, 'r' real, 'i' integer, 'c' count;
 * optional: the saver may leave the line out. */
typedef struct {
  const char *keyword;
  char type;
  const char *const *set;
  int optional;
} keyword_type;

typedef struct {
  const keyword_type *keywords;
  size_t n;
  const char *body;
} text_format;

/* svm.cpp 3.24 svm_save_model / read_model_header. */
static const char *const svm_type_names[] = {"c_svc", "nu_svc", "one_class", "epsilon_svr", "nu_svr", NULL};
static const char *const kernel_names[] = {"linear", "polynomial", "rbf", "sigmoid", "precomputed", NULL};
static const keyword_type svm_keywords[] = {
    {"svm_type", 'k', svm_type_names, 0}, {"kernel_type", 'k', kernel_names, 0}, {"degree", 'i', NULL, 1},
    {"gamma", 'r', NULL, 1},  {"coef0", 'r', NULL, 1},  {"nr_class", 'c', NULL, 0}, {"total_sv", 'c', NULL, 0},
    {"rho", 'r', NULL, 0},    {"label", 'i', NULL, 1},  {"probA", 'r', NULL, 1},    {"probB", 'r', NULL, 1},
    {"nr_sv", 'c', NULL, 1}};
static const text_format svm_format = {svm_keywords, sizeof svm_keywords / sizeof *svm_keywords, "SV"};
/* linear.cpp 2.3 save_model / load_model. */
static const char *const solver_names[] = {"L2R_LR", "L2R_L2LOSS_SVC_DUAL", "L2R_L2LOSS_SVC", "L2R_L1LOSS_SVC_DUAL",
                                           "MCSVM_CS", "L1R_L2LOSS_SVC", "L1R_LR", "L2R_LR_DUAL", "L2R_L2LOSS_SVR",
                                           "L2R_L2LOSS_SVR_DUAL", "L2R_L1LOSS_SVR_DUAL", NULL};
static const keyword_type linear_keywords[] = {{"solver_type", 'k', solver_names, 0}, {"nr_class", 'c', NULL, 0},
                                               {"label", 'i', NULL, 1}, {"nr_feature", 'c', NULL, 0},
                                               {"bias", 'r', NULL, 0}};
static const text_format linear_format = {linear_keywords, sizeof linear_keywords / sizeof *linear_keywords, "w"};

static int is_real(const char *s) {
  char *end;
  if (!*s) return 0;
  strtod(s, &end);
  return !*end && !isspace((unsigned char)*s);
}

static int is_integer(const char *s, int count) {
  const char *p = s + (!count && *s == '-');
  if (!*p || strspn(p, "0123456789") != strlen(p)) return 0;
  double v = strtod(s, NULL);
  return v >= -2147483648.0 && v <= 2147483647.0;
}

static int in_set(const char *const *set, const char *s) {
  for (; *set; set++)
    if (!strcmp(*set, s)) return 1;
  return 0;
}

/* The type of a body token part: 'c' an index, 'r' a value or a coefficient. */
static int token_ok(char type, const char *const *set, const char *s) {
  return type == 'k' ? in_set(set, s) : type == 'r' ? is_real(s) : is_integer(s, type == 'c');
}

static const keyword_type *keyword_of(const text_format *f, const char *word) {
  for (size_t i = 0; i < f->n; i++)
    if (!strcmp(f->keywords[i].keyword, word)) return &f->keywords[i];
  return NULL;
}

/* The lines of text (a copy, split in place); their number. */
static size_t split_lines(char *text, char **lines, size_t cap) {
  size_t n = 0;
  for (char *p = text; *p && n < cap;) {
    lines[n++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    p = nl + 1;
  }
  return n;
}

/* Token k of a line (space-separated, empty tokens kept) into out; 0 when it exists. */
static int token_at(const char *line, size_t k, char *out, size_t n) {
  for (size_t i = 0; i < k; i++) {
    line = strchr(line, ' ');
    if (!line) return -1;
    line++;
  }
  size_t len = strcspn(line, " ");
  snprintf(out, n, "%.*s", (int)len, line);
  return 0;
}

static size_t token_count(const char *line) {
  size_t n = 1;
  for (; *line; line++) n += *line == ' ';
  return n;
}

/* Whether a body token is a real or index:real. */
static int body_token_ok(const char *tok) {
  if (!*tok) return 1; /* after the savers' trailing space */
  const char *colon = strchr(tok, ':');
  if (!colon) return is_real(tok);
  char idx[32];
  snprintf(idx, sizeof idx, "%.*s", (int)(colon - tok), tok);
  return is_integer(idx, 1) && is_real(colon + 1);
}

/* The text parses in the format: header lines with known keywords and values of their type,
 * the body line, body tokens. NULL when it does, else why. */
static const char *parses(const text_format *f, const char *text) {
  char *copy = strdup(text), *lines[4096], tok[256];
  size_t n = split_lines(copy, lines, 4096), i = 0;
  const char *why = NULL;
  for (; i < n && strcmp(lines[i], f->body) && !why; i++) {
    if (token_at(lines[i], 0, tok, sizeof tok)) why = "empty header line";
    const keyword_type *kw = why ? NULL : keyword_of(f, tok);
    if (!kw) why = why ? why : "unknown header keyword";
    for (size_t k = 1; kw && !why && k < token_count(lines[i]); k++)
      if (token_at(lines[i], k, tok, sizeof tok) || !token_ok(kw->type, kw->set, tok)) why = "header value of a wrong type";
    if (kw && token_count(lines[i]) < 2) why = "header line without a value";
  }
  if (!why && i == n) why = "no body line";
  for (i++; i < n && !why; i++)
    for (size_t k = 0; k < token_count(lines[i]) && !why; k++)
      if (token_at(lines[i], k, tok, sizeof tok) || !body_token_ok(tok)) why = "body token of a wrong type";
  free(copy);
  return why;
}

/* The mutant differs from the original in exactly one field: one token (a header value, a
 * body token or one part of an index:value pair) or one line removed (an optional header line
 * or a body line) or duplicated (next to itself). NULL when it does, else why. */
static const char *one_field(const text_format *f, const char *original, const char *mutant) {
  char *a = strdup(original), *b = strdup(mutant), *la[4096], *lb[4096];
  size_t na = split_lines(a, la, 4096), nb = split_lines(b, lb, 4096), first = 0;
  const char *why = NULL;
  while (first < na && first < nb && !strcmp(la[first], lb[first])) first++;
  if (na == nb) {
    size_t diff = 0, at = first;
    for (size_t i = first; i < na; i++) diff += strcmp(la[i], lb[i]) != 0;
    char ta[256], tb[256];
    size_t changed = 0, which = 0;
    if (diff != 1) why = "not exactly one line changed";
    else if (token_count(la[at]) != token_count(lb[at])) why = "the changed line has other tokens";
    for (size_t k = 0; !why && k < token_count(la[at]); k++) {
      token_at(la[at], k, ta, sizeof ta), token_at(lb[at], k, tb, sizeof tb);
      if (strcmp(ta, tb)) changed++, which = k;
    }
    if (!why && changed != 1) why = "not exactly one token changed";
    if (!why) {
      token_at(la[at], which, ta, sizeof ta), token_at(lb[at], which, tb, sizeof tb);
      char word[64];
      token_at(la[at], 0, word, sizeof word);
      size_t body = 0;
      while (body < na && strcmp(la[body], f->body)) body++;
      const keyword_type *kw = at < body ? keyword_of(f, word) : NULL;
      char *ca = strchr(ta, ':'), *cb = strchr(tb, ':');
      if (at < body && (!kw || which == 0)) why = "a header keyword changed";
      else if (kw && !(token_ok(kw->type, kw->set, tb) && token_ok(kw->type, kw->set, ta))) why = "a value changed type";
      else if (!kw && (!ca) != (!cb)) why = "a body token changed shape";
      else if (!kw && ca && (strncmp(ta, tb, (size_t)(ca - ta)) || (size_t)(ca - ta) != (size_t)(cb - tb)) &&
               strcmp(ca, cb))
        why = "both parts of an index:value pair changed";
    }
  } else if (na == nb + 1) { /* one line removed: la[first] */
    for (size_t i = first; i < nb && !why; i++)
      if (strcmp(la[i + 1], lb[i])) why = "more than one line removed";
    char word[64];
    token_at(la[first], 0, word, sizeof word);
    size_t body = 0;
    while (body < na && strcmp(la[body], f->body)) body++;
    const keyword_type *kw = keyword_of(f, word);
    if (!why && first <= body && !(kw && kw->optional)) why = "a required header line removed";
  } else if (nb == na + 1) { /* one line inserted: lb[first], a copy of a neighbour */
    for (size_t i = first; i < na && !why; i++)
      if (strcmp(la[i], lb[i + 1])) why = "more than one line inserted";
    int copy = (first > 0 && !strcmp(lb[first], la[first - 1])) || (first < na && !strcmp(lb[first], la[first]));
    if (!why && !copy) why = "the inserted line is no copy of its neighbour";
    if (!why && first < na && !strcmp(lb[first], f->body)) why = "the body line duplicated";
  } else {
    why = "line count changed by more than one";
  }
  free(a), free(b);
  return why;
}

static void assert_change_named(const annotest_model_file *file) {
  assert_true(file->change[0]);
  if (!strstr(file->change, " -> ") && !strstr(file->change, " removed") && !strstr(file->change, " duplicated"))
    fail_msg("change \"%s\" names no field change", file->change);
}

/* Every mutant of a saved model, for choices which in [0, fields), pick in [0, 32): grammar and
 * one field; returns how many differ from the saved file. */
static size_t check_text_mutants(const text_format *f, annotest_model_file *(*make)(const void *, int, int, int, double),
                                 const void *model, int fields) {
  annotest_model_file *plain = make(model, 0, 0, 0, 0);
  assert_non_null(plain);
  char *original = annotest_file_read(plain->path, NULL);
  assert_non_null(original);
  assert_null(parses(f, original));
  size_t changed = 0;
  for (int which = 0; which < fields; which++)
    for (int pick = 0; pick < 32; pick++) {
      annotest_model_file *file = make(model, 2, which, pick, (pick % 7) / 6.0);
      assert_non_null(file);
      char *text = annotest_file_read(file->path, NULL);
      assert_non_null(text);
      assert_true(file->mutant);
      const char *why = parses(f, text);
      if (!why) why = one_field(f, original, text);
      if (why) fail_msg("mutant %s (which %d, pick %d): %s\n--- saved\n%s--- mutant\n%s", file->change, which, pick, why,
                        original, text);
      assert_change_named(file);
      changed += strcmp(original, text) != 0;
      free(text);
      annotest_model_file_free(file);
    }
  free(original);
  annotest_model_file_free(plain);
  return changed;
}

/* ---- LIBSVM and LIBLINEAR models ---------------------------------------------------------- */

static annotest_model_file *svm_file(const void *m, int edit, int which, int pick, double t) {
  return annotest_svm_model_file(m, edit, which, pick, t);
}

static annotest_model_file *linear_file(const void *m, int edit, int which, int pick, double t) {
  return annotest_linear_model_file(m, edit, which, pick, t);
}

/* Six rows over two features in three classes (labels -1, 1, 2). */
static const int labels6[] = {1, 1, -1, -1, 2, 2};
static const double values6[] = {0.5, 1, -0.5, 0.25, -1, -1, 0.75, -0.25, 0.125, 1, -0.75, 0.5};

static void svm_mutants(void **state) {
  (void)state;
  svm_node_t cells[13];
  for (int k = 0; k < 12; k++) cells[k] = (svm_node_t){k + 1, values6[k]};
  cells[12].index = -1;
  struct svm_problem *prob = annotest_svm_problem(6, 2, cells, labels6);
  const struct {
    int svm_type, kernel, probability;
  } kinds[] = {{C_SVC, POLY, 1}, {NU_SVC, RBF, 0}, {ONE_CLASS, SIGMOID, 0}, {EPSILON_SVR, LINEAR, 1}, {NU_SVR, RBF, 0}};
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    struct svm_parameter param = {.svm_type = kinds[k].svm_type, .kernel_type = kinds[k].kernel, .degree = 2,
                                  .gamma = 0.5, .coef0 = 0.5, .cache_size = 10, .eps = 0.001, .C = 1, .nu = 0.5,
                                  .p = 0.1, .shrinking = 1, .probability = kinds[k].probability};
    struct svm_model *model = annotest_svm_model(prob, &param);
    assert_non_null(model);
    assert_true(check_text_mutants(&svm_format, svm_file, model, 120) > 0);
    annotest_svm_model_free(model);
  }
  annotest_svm_problem_free(prob);
}

static void linear_mutants(void **state) {
  (void)state;
  feature_node_t cells[13];
  for (int k = 0; k < 12; k++) cells[k] = (feature_node_t){k + 1, values6[k]};
  cells[12].index = -1;
  const int solvers[] = {L2R_LR, MCSVM_CS, L2R_L2LOSS_SVR};
  for (int bias = -1; bias <= 1; bias += 2)
    for (size_t k = 0; k < sizeof solvers / sizeof *solvers; k++) {
      struct problem *prob = annotest_linear_problem(6, 2, bias, cells, labels6);
      struct parameter param = {.solver_type = solvers[k], .eps = 0.01, .C = 1, .p = 0.1};
      struct model *model = annotest_linear_model(prob, &param);
      assert_non_null(model);
      assert_true(check_text_mutants(&linear_format, linear_file, model, 60) > 0);
      annotest_linear_model_free(model);
      annotest_linear_problem_free(prob);
    }
}

/* ---- XGBoost JSON -------------------------------------------------------------------------- */

/* A JSON token: one of {}[]:, or 's' string, 'i' integer, 'r' real (NaN and Infinity too), 'l'
 * true, false or null; its text. */
typedef struct {
  char type;
  const char *at;
  size_t len;
} json_token;

/* The tokens of a JSON text (XGBoost's dialect: NaN, Infinity); -1 on a lexical error. */
static long json_tokens(const char *s, json_token *out, size_t cap) {
  size_t n = 0;
  while (*s && n < cap) {
    if (isspace((unsigned char)*s)) { s++; continue; }
    json_token t = {*s, s, 1};
    if (strchr("{}[]:,", *s)) {
    } else if (*s == '"') {
      const char *e = s + 1;
      while (*e && *e != '"') e += *e == '\\' ? 2 : 1;
      if (!*e) return -1;
      t.type = 's', t.len = (size_t)(e - s) + 1;
    } else if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4) || !strncmp(s, "false", 5)) {
      t.type = 'l', t.len = *s == 'f' ? 5 : 4;
    } else if (!strncmp(s, "NaN", 3) || !strncmp(s, "Infinity", 8) || !strncmp(s, "-Infinity", 9)) {
      t.type = 'r', t.len = *s == 'N' ? 3 : *s == 'I' ? 8 : 9;
    } else {
      size_t len = strspn(s, "-+0123456789.eE");
      char num[64];
      if (!len || len >= sizeof num) return -1;
      snprintf(num, sizeof num, "%.*s", (int)len, s);
      if (!is_real(num)) return -1;
      t.type = strspn(num, "-0123456789") == len ? 'i' : 'r', t.len = len;
    }
    out[n++] = t;
    s += t.len;
  }
  return (long)n;
}

/* A value from token *k (recursive descent); 0 when it is one. */
static int json_value(const json_token *t, size_t n, size_t *k) {
  if (*k >= n) return -1;
  char c = t[(*k)++].type;
  if (c != '{' && c != '[') return strchr("sirl", c) ? 0 : -1;
  char close = c == '{' ? '}' : ']';
  if (*k < n && t[*k].type == close) return (*k)++, 0;
  for (;;) {
    if (c == '{' && (*k + 1 >= n || t[*k].type != 's' || t[*k + 1].type != ':')) return -1;
    if (c == '{') *k += 2;
    if (json_value(t, n, k) || *k >= n) return -1;
    char sep = t[(*k)++].type;
    if (sep == close) return 0;
    if (sep != ',') return -1;
  }
}

static int same_token(const json_token *a, const json_token *b) {
  return a->type == b->type && a->len == b->len && !memcmp(a->at, b->at, a->len);
}

/* The kind of a string token's content: 'i' integer, 'r' real, 'w' another word. */
static char string_kind(const json_token *t) {
  char s[64];
  if (t->len < 2 || t->len - 2 >= sizeof s) return 'w';
  snprintf(s, sizeof s, "%.*s", (int)t->len - 2, t->at + 1);
  return is_integer(s, 0) ? 'i' : is_real(s) ? 'r' : 'w';
}

/* XGBoost objectives that share their parameter object (doc/model.schema). */
static const char *const reg_loss[] = {"\"reg:squarederror\"", "\"reg:pseudohubererror\"", "\"reg:squaredlogerror\"",
                                       "\"reg:linear\"", "\"reg:logistic\"", "\"binary:logistic\"",
                                       "\"binary:logitraw\"", NULL};
static const char *const softmax[] = {"\"multi:softprob\"", "\"multi:softmax\"", NULL};

static int keyword_pair(const json_token *a, const json_token *b) {
  char x[64], y[64];
  snprintf(x, sizeof x, "%.*s", (int)a->len, a->at), snprintf(y, sizeof y, "%.*s", (int)b->len, b->at);
  return (in_set(reg_loss, x) && in_set(reg_loss, y)) || (in_set(softmax, x) && in_set(softmax, y));
}

/* Tokens [from, to) are one array element with the comma that separates it (or the array's
 * only element). */
static int element_span(const json_token *t, size_t from, size_t to) {
  if (to <= from) return 0;
  size_t v = from, end;
  if (from > 0 && t[from - 1].type == '[' && t[to].type == ']') return end = from, !json_value(t, to, &end) && end == to;
  if (t[from].type == ',') v++;
  else if (t[to - 1].type != ',') return 0;
  end = v;
  if (json_value(t, to, &end) || end != (t[from].type == ',' ? to : to - 1)) return 0;
  for (size_t i = from, depth = 0; i-- > 0;) { /* the enclosing bracket */
    char c = t[i].type;
    if (c == ']' || c == '}') depth++;
    else if ((c == '[' || c == '{') && depth-- == 0) return c == '[';
  }
  return 0;
}

/* The JSON mutant parses and differs in one scalar of the same kind, or in one array element
 * removed or duplicated. NULL when it does, else why. */
static const char *json_one_field(const char *original, const char *mutant) {
  static json_token a[1 << 16], b[1 << 16];
  long na = json_tokens(original, a, 1 << 16), nb = json_tokens(mutant, b, 1 << 16);
  size_t k = 0;
  if (nb < 0 || json_value(b, (size_t)nb, &k) || k != (size_t)nb) return "the mutant does not parse";
  size_t first = 0, last_a = (size_t)na, last_b = (size_t)nb;
  while (first < (size_t)na && first < (size_t)nb && same_token(&a[first], &b[first])) first++;
  while (last_a > first && last_b > first && same_token(&a[last_a - 1], &b[last_b - 1])) last_a--, last_b--;
  if (na == nb) {
    if (last_a - first != 1) return "not exactly one token changed";
    const json_token *x = &a[first], *y = &b[first];
    if (x->type != y->type) return "a token changed type";
    if (x->type == 's' && !(string_kind(x) != 'w' ? string_kind(y) != 'w' : keyword_pair(x, y)))
      return "a string changed kind";
    return strchr("sir", x->type) ? NULL : "a structural token changed";
  }
  /* one element removed or inserted: some span [p, p + n) of the longer token list, between
   * the common prefix and suffix, is one value and one comma (or an array's only value) */
  const json_token *t = na > nb ? a : b;
  size_t n = (size_t)(na > nb ? na - nb : nb - na), longer = (size_t)(na > nb ? na : nb), suffix = 0;
  while (suffix < (size_t)na && suffix < (size_t)nb && same_token(&a[na - 1 - (long)suffix], &b[nb - 1 - (long)suffix]))
    suffix++;
  for (size_t p = longer >= suffix + n ? longer - suffix - n : 0; p <= first; p++)
    if (element_span(t, p, p + n)) return NULL;
  return "not one array element removed or duplicated";
}

/* A JSON model: two rounds of depth-2 trees on 32 rows of 2 features for objective. */
static char *xgb_json(const char *objective, size_t *len) {
  float data[32][2], labels[32];
  for (int i = 0; i < 32; i++) data[i][0] = (float)i, data[i][1] = (float)(i % 3), labels[i] = (float)(i * 7 % 5 > 2);
  DMatrixHandle train;
  BoosterHandle b;
  assert_int_equal(XGBSetGlobalConfig("{\"verbosity\": 0}"), 0);
  assert_int_equal(XGDMatrixCreateFromMat(&data[0][0], 32, 2, NAN, &train), 0);
  assert_int_equal(XGDMatrixSetFloatInfo(train, "label", labels, 32), 0);
  assert_int_equal(XGBoosterCreate(&train, 1, &b), 0);
  assert_int_equal(XGBoosterSetParam(b, "objective", objective), 0);
  assert_int_equal(XGBoosterSetParam(b, "max_depth", "2"), 0);
  if (!strncmp(objective, "multi:", 6)) assert_int_equal(XGBoosterSetParam(b, "num_class", "2"), 0);
  for (int r = 0; r < 2; r++) assert_int_equal(XGBoosterUpdateOneIter(b, r, train), 0);
  bst_ulong n = 0;
  const char *bytes = NULL;
  assert_int_equal(XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &n, &bytes), 0);
  char *copy = malloc((size_t)n + 1);
  memcpy(copy, bytes, (size_t)n);
  copy[n] = 0;
  *len = (size_t)n;
  XGBoosterFree(b);
  XGDMatrixFree(train);
  return copy;
}

static void json_mutants(void **state) {
  (void)state;
  static const char *const raw_reg[] = {"reg:squarederror", "reg:pseudohubererror", "reg:squaredlogerror", "reg:linear",
                                        "reg:logistic", "binary:logistic", "binary:logitraw", NULL};
  static const char *const raw_soft[] = {"multi:softprob", "multi:softmax", NULL};
  static const char *const *const sets[] = {raw_reg, raw_soft, NULL};
  const char *objectives[] = {"binary:logistic", "multi:softprob", "count:poisson"};
  for (size_t o = 0; o < 3; o++) {
    size_t len, changes = 0;
    char *json = xgb_json(objectives[o], &len);
    for (long long field = 0; field < 400; field += 3)
      for (long long value = 0; value < 16; value++) {
        char change[160] = "";
        size_t n = 0;
        char *m = annotest_mutate_json(json, len, sets, (annotest_mutation){field, value, 0.3}, &n, change, sizeof change);
        assert_non_null(m);
        assert_int_equal(strlen(m), n);
        const char *why = json_one_field(json, m);
        if (why) fail_msg("JSON mutant %s: %s\n%s", change, why, m);
        assert_true(strstr(change, " -> ") || strstr(change, " removed") || strstr(change, " duplicated"));
        changes += strcmp(m, json) != 0;
        free(m);
      }
    assert_true(changes > 0);
    free(json);
  }
}

/* ---- the mutants' oracle sees the loader ---------------------------------------------------- */

static int save_svm(const char *path, const void *m) { return svm_save_model(path, m); }
static void *load_svm(const char *path) { return svm_load_model(path); }
/* A planted loader bug: every load moves rho[0] by one, so no round is a fixed point. */
static void *load_svm_drifting(const char *path) {
  struct svm_model *m = svm_load_model(path);
  if (m) m->rho[0] += 1;
  return m;
}
static void destroy_svm(void *model) {
  struct svm_model *m = model;
  svm_free_and_destroy_model(&m);
}

/* A planted loader-blind oracle: saves the model twice and compares, never loading. */
static int blind_fixed_point(const annotest_model_io *io, const void *model, char *why, size_t n) {
  char a[256], b[256];
  assert_int_equal(annotest_temp_path(a, sizeof a), 0);
  assert_int_equal(annotest_temp_path(b, sizeof b), 0);
  int rc = io->save(a, model) || io->save(b, model) || annotest_files_differ(a, b) != -1 ? -1 : 0;
  if (rc) snprintf(why, n, "differs");
  remove(a), remove(b);
  return rc;
}

typedef int (*fixed_point_oracle)(const annotest_model_io *, const void *, char *, size_t);

/* 1 when the oracle reports the drifting loader (and passes the library's own). */
static int sees_the_loader(fixed_point_oracle oracle, const struct svm_model *model) {
  static const annotest_model_io honest = {save_svm, load_svm, destroy_svm};
  static const annotest_model_io drifting = {save_svm, load_svm_drifting, destroy_svm};
  char why[128];
  assert_int_equal(oracle(&honest, model, why, sizeof why), 0);
  return oracle(&drifting, model, why, sizeof why) != 0;
}

static void blind_oracle_is_caught(void **state) {
  (void)state;
  svm_node_t cells[13];
  for (int k = 0; k < 12; k++) cells[k] = (svm_node_t){k + 1, values6[k]};
  cells[12].index = -1;
  struct svm_problem *prob = annotest_svm_problem(6, 2, cells, labels6);
  struct svm_parameter param = {.svm_type = C_SVC, .kernel_type = RBF, .gamma = 0.5, .cache_size = 10, .eps = 0.001,
                                .C = 1};
  struct svm_model *model = annotest_svm_model(prob, &param);
  assert_true(sees_the_loader(annotest_fixed_point, model));
  assert_false(sees_the_loader(blind_fixed_point, model)); /* the planted oracle is caught as blind */
  annotest_svm_model_free(model);
  annotest_svm_problem_free(prob);
}

static int quiet(void **state) {
  (void)state;
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
  mlf_liblinear_open(identity, sizeof identity);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(svm_mutants),
      cmocka_unit_test(linear_mutants),
      cmocka_unit_test(json_mutants),
      cmocka_unit_test(blind_oracle_is_caught),
  };
  return cmocka_run_group_tests(tests, quiet, NULL);
}
