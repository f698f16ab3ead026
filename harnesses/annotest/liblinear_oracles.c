/* The LIBLINEAR target's oracles (@check functions of annotations/liblinear.h). What they hold
 * LIBLINEAR to is the README's text, cited at each; the model-file oracles rest on linear.cpp's
 * save_model writing the bias and w with %.17g, which reads back to the same doubles, so a loaded
 * model equals the saved one bit for bit. The row-order oracle of train rests on strong
 * convexity, below. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/liblinear.h"

static int regression(const struct model *m) { return check_regression_model(m); }

/* README, predict: a class of the model (classification), a finite value (regression). */
static int check_prediction(at_ctx *ctx, const struct model *m, double v, const char *what) {
  int ok = regression(m) ? isfinite(v) : m->label && annotest_is_label(m->label, m->nr_class, v);
  if (!ok) at_property_failed(ctx, "invalid-prediction", "%s: %.17g is not a prediction of a solver %d model", what, v,
                              m->param.solver_type);
  return ok ? 0 : -1;
}

/* Decision values of a and b on x equal bit for bit, and so do their predictions. */
static int same_predictions(const struct model *a, const struct model *b, const struct feature_node *x) {
  double da[ANNOTEST_LINEAR_MAX_CLASSES] = {0}, db[ANNOTEST_LINEAR_MAX_CLASSES] = {0};
  double pa = predict_values(a, x, da), pb = predict_values(b, x, db);
  return memcmp(&pa, &pb, sizeof pa) || memcmp(da, db, sizeof da) ? -1 : 0;
}

/* The loaded model predicts what the model it was saved from predicts on that model's rows. */
static void loaded_predicts_as_saved(at_ctx *ctx, const struct model *loaded, const struct model *saved) {
  const struct problem *prob = annotest_linear_problem_of(saved);
  for (int i = 0; prob && i < prob->l; i++)
    if (same_predictions(loaded, saved, prob->x[i])) {
      at_property_failed(ctx, "loaded-prediction", "row %d of %d: the loaded model's decision values differ from those "
                         "of the model it was saved from", i, prob->l);
      return;
    }
}

/* ---- train: shape, determinism, row order ------------------------------------------------- */

/* README, model: nr_class the number of classes ("nr_class = 2 for regression"), nr_feature
 * the problem's features (n without the bias feature), bias the problem's. */
static int model_shape_ok(at_ctx *ctx, const struct model *m, const struct problem *prob) {
  int label[ANNOTEST_LINEAR_MAX_ROWS], n = annotest_distinct_labels(prob->y, prob->l, label);
  int want_classes = regression(m) ? 2 : n, ok = m->nr_class == want_classes;
  ok = ok && m->nr_feature == (prob->bias >= 0 ? prob->n - 1 : prob->n) && m->bias == prob->bias;
  for (int c = 0; ok && !regression(m) && c < n; c++) ok = m->label && annotest_is_label(m->label, m->nr_class, label[c]);
  if (!ok)
    at_property_failed(ctx, "model-shape", "nr_class %d (want %d), nr_feature %d for n = %d, bias %g for %g", m->nr_class,
                       want_classes, m->nr_feature, prob->n, m->bias, prob->bias);
  return ok ? 0 : -1;
}

static int primal(int solver) { return solver == L2R_LR || solver == L2R_L2LOSS_SVC || solver == L2R_L2LOSS_SVR; }

/* Weight j of the decision function of the class labelled `label` (of a regression model: its
 * only one), as get_decfun_coef reads it: a binary model's w belongs to label[0], its negation
 * to label[1]. */
static double weight(const struct model *m, int label, int j) {
  if (regression(m)) return m->w[j];
  int k = 0;
  while (m->label[k] != label) k++;
  if (m->nr_class == 2 && m->param.solver_type != MCSVM_CS) return k == 0 ? m->w[j] : -m->w[j];
  return m->w[j * m->nr_class + k];
}

/* The 2-norm of the gradient at v (v[0 .. prob->n)) of the primal objective LIBLINEAR's primal
 * solver minimises for the class labelled `label` (one against the rest; regression: the
 * targets), README "-s 0, 2, 11": f(v) = v'v / 2 + C sum loss_i, with loss log(1 + exp(-y z))
 * (L2R_LR), max(0, 1 - y z)^2 (L2R_L2LOSS_SVC), max(0, |z - y| - p)^2 (L2R_L2LOSS_SVR), z = v'x_i.
 * *slack bounds the rounding error of this computation: gamma_K (|v| + sum_i |loss_i'| |x_i|)
 * with K = 2 (nodes per row + rows) + 10 (Higham, Thm 3.5 on each inner product and sum). */
static double gradient_norm(const struct model *m, const struct problem *prob, int label, const double *v, double *slack) {
  double g[ANNOTEST_LINEAR_MAX_FEATURES + 1] = {0}, mag = 0, C = m->param.C;
  int n = prob->n, widest = 0;
  for (int j = 0; j < n; j++) g[j] = v[j], mag += v[j] * v[j];
  mag = sqrt(mag);
  for (int i = 0; i < prob->l; i++) {
    double z = 0, xx = 0, coef = 0;
    int nodes = 0;
    for (const struct feature_node *x = prob->x[i]; x->index != -1; x++, nodes++)
      z += v[x->index - 1] * x->value, xx += x->value * x->value;
    widest = nodes > widest ? nodes : widest;
    double y = regression(m) ? prob->y[i] : prob->y[i] == label ? 1 : -1;
    if (m->param.solver_type == L2R_LR) coef = C * (1 / (1 + exp(-y * z)) - 1) * y;
    else if (m->param.solver_type == L2R_L2LOSS_SVC) coef = 1 - y * z > 0 ? -2 * C * (1 - y * z) * y : 0;
    else if (fabs(z - y) > m->param.p) coef = 2 * C * (z > y ? 1 : -1) * (fabs(z - y) - m->param.p);
    for (const struct feature_node *x = prob->x[i]; x->index != -1; x++) g[x->index - 1] += coef * x->value;
    mag += fabs(coef) * sqrt(xx);
  }
  double norm = 0, k = 2.0 * (widest + prob->l) + 10;
  for (int j = 0; j < n; j++) norm += g[j] * g[j];
  *slack = k * DBL_EPSILON / 2 / (1 - k * DBL_EPSILON / 2) * mag;
  return sqrt(norm);
}

/* The rows of prob in reverse order (the nodes shared). */
static struct problem reversed(const struct problem *prob, struct feature_node **x, double *y) {
  struct problem r = *prob;
  for (int i = 0; i < prob->l; i++) x[i] = prob->x[prob->l - 1 - i], y[i] = prob->y[prob->l - 1 - i];
  r.x = x, r.y = y;
  return r;
}

/* Row order. The primal objectives above are 1-strongly convex (v'v / 2 plus convex losses),
 * so their minimiser v* is unique, whatever the order of the rows, and any v has
 * |v - v*| <= |grad f(v)| (strong convexity: (grad f(v) - grad f(v*))'(v - v*) >= |v - v*|^2).
 * Hence the models trained on the rows in two orders satisfy, per class,
 * |v1 - v2| <= |grad f(v1)| + |grad f(v2)|, each computed here with its rounding slack, however
 * far from converged the solver stopped: no tolerance is assumed. */
static void row_order(at_ctx *ctx, const struct model *m1, const struct model *m2, const struct problem *prob) {
  int label[ANNOTEST_LINEAR_MAX_ROWS], classes = regression(m1) ? 1 : annotest_distinct_labels(prob->y, prob->l, label);
  for (int c = 0; c < classes; c++) {
    double v1[ANNOTEST_LINEAR_MAX_FEATURES + 1], v2[ANNOTEST_LINEAR_MAX_FEATURES + 1], s1, s2, d = 0, size = 0;
    for (int j = 0; j < prob->n; j++) {
      v1[j] = weight(m1, label[c], j), v2[j] = weight(m2, label[c], j);
      d += (v1[j] - v2[j]) * (v1[j] - v2[j]), size += fabs(v1[j]) + fabs(v2[j]);
    }
    double bound = gradient_norm(m1, prob, label[c], v1, &s1) + gradient_norm(m2, prob, label[c], v2, &s2) + s1 + s2 +
                   (prob->n + 1) * DBL_EPSILON * size;
    if (!(sqrt(d) <= bound)) {
      at_property_failed(ctx, "row-order", "solver %d, class %d of %d: the models trained on the rows in order and "
                         "reversed differ by %.3g, more than |grad f(v1)| + |grad f(v2)| = %.3g", m1->param.solver_type,
                         regression(m1) ? 0 : label[c], classes, sqrt(d), bound);
      return;
    }
  }
}

/* Saves a and b and compares the files (kind nondeterministic). */
static void same_model_files(at_ctx *ctx, const struct model *a, const struct model *b) {
  char pa[256], pb[256];
  long at = -2;
  if (!annotest_temp_path(pa, sizeof pa) && !annotest_temp_path(pb, sizeof pb) && save_model(pa, a) == 0 &&
      save_model(pb, b) == 0)
    at = annotest_files_differ(pa, pb);
  remove(pa), remove(pb);
  if (at != -1)
    at_property_failed(ctx, "nondeterministic", "solver %d: training twice on the same rows gave different models (%s%ld)",
                       a->param.solver_type, at == -2 ? "save failed " : "files differ from byte ", at);
}

/* train: the model's shape, every training row predicted validly; for the primal solvers
 * (-s 0, 2, 11: TRON, which draws no random numbers, unlike the dual and L1 solvers'
 * coordinate permutations, linear.cpp rand()) training again on the same arguments (built
 * afresh) gives the same model byte for byte, and training on the rows reversed gives a model
 * within the strong-convexity bound of row_order. */
void annotest_check_linear_train(at_ctx *ctx, struct model *ret, const struct problem *prob,
                                 const struct parameter *param, const struct problem *prob0,
                                 const struct parameter *param0) {
  if (!ret) return;
  int ok = !model_shape_ok(ctx, ret, prob);
  for (int i = 0; ok && i < prob->l; i++) ok = !check_prediction(ctx, ret, predict(ret, prob->x[i]), "a training row");
  if (ok && primal(param->solver_type)) {
    struct feature_node *x[ANNOTEST_LINEAR_MAX_ROWS];
    double y[ANNOTEST_LINEAR_MAX_ROWS];
    struct problem back = reversed(prob0, x, y);
    struct model *again = train(prob0, param0), *other = train(&back, param0);
    if (again) same_model_files(ctx, ret, again);
    if (other && !mlf_run_failed(ctx->run)) row_order(ctx, ret, other, prob);
    free_and_destroy_model(&again);
    free_and_destroy_model(&other);
  }
  free_and_destroy_model(&ret);
}

/* README, cross_validation: target holds the predicted labels of all rows. */
void annotest_check_linear_cross_validation(at_ctx *ctx, const struct problem *prob, const struct parameter *param,
                                            int nr_fold, double *target, const struct problem *prob0,
                                            const struct parameter *param0, int nr_fold0, double *target0) {
  (void)prob0, (void)param0, (void)nr_fold0, (void)target0;
  int label[ANNOTEST_LINEAR_MAX_ROWS], n = annotest_distinct_labels(prob->y, prob->l, label);
  int is_regression = param->solver_type >= L2R_L2LOSS_SVR;
  for (int i = 0; i < prob->l; i++)
    if (!(is_regression ? isfinite(target[i]) : annotest_is_label(label, n, target[i]))) {
      at_property_failed(ctx, "invalid-prediction", "%d-fold cross-validation of %d rows (solver %d): target[%d] = %.17g "
                         "is not a prediction", nr_fold, prob->l, param->solver_type, i, target[i]);
      return;
    }
}

/* README, find_parameters: C runs over start_C, 2 start_C, ... up to max_C (linear.cpp: 1024
 * for -s 0 and 2, 1048576 for -s 11) and best_C is one of them; best_score is the best
 * cross-validation accuracy (classification, a rate in [0, 1], linear.cpp) or mean squared
 * error (regression, >= 0); "For classification, *best_p is not used, and the returned value
 * is -1"; for -s 11 best_p is one of i/20 max_p, max_p = max |y_i|. */
void annotest_check_linear_find_parameters(at_ctx *ctx, const struct problem *prob, const struct parameter *param,
                                           int nr_fold, double start_C, double start_p, double *best_C,
                                           double *best_p, double *best_score, const struct problem *prob0,
                                           const struct parameter *param0, int nr_fold0, double start_C0,
                                           double start_p0, double *best_C0, double *best_p0, double *best_score0) {
  (void)nr_fold, (void)start_p, (void)prob0, (void)param0, (void)nr_fold0, (void)start_C0, (void)start_p0;
  (void)best_C0, (void)best_p0, (void)best_score0;
  int svr = param->solver_type == L2R_L2LOSS_SVR;
  double max_C = svr ? 1048576 : 1024, max_p = 0, ratio = start_C > 0 ? *best_C / start_C : 1;
  for (int i = 0; i < prob->l; i++) max_p = fmax(max_p, fabs(prob->y[i]));
  int ok = *best_C > 0 && *best_C <= max_C && (start_C <= 0 || ratio == exp2(round(log2(ratio))));
  ok = ok && (svr ? *best_score >= 0 && isfinite(*best_score) : *best_score >= 0 && *best_score <= 1);
  ok = ok && (svr ? *best_p >= 0 && *best_p <= max_p && (max_p == 0 || fabs(*best_p * 20 / max_p - round(*best_p * 20 / max_p)) < 1e-9)
                  : *best_p == -1);
  if (!ok)
    at_property_failed(ctx, "find-parameters", "solver %d, start_C %g: best_C %.17g, best_p %.17g, best_score %.17g",
                       param->solver_type, start_C, *best_C, *best_p, *best_score);
}

/* ---- model files --------------------------------------------------------------------------- */

static int save_linear(const char *path, const void *model) { return save_model(path, model); }
static void *load_linear(const char *path) { return load_model(path); }
static void destroy_linear(void *model) {
  struct model *m = model;
  free_and_destroy_model(&m);
}
const annotest_model_io annotest_linear_io = {save_linear, load_linear, destroy_linear};

void annotest_check_linear_save_model(at_ctx *ctx, int ret, const char *model_file_name, const struct model *model_,
                                      const char *model_file_name0, const struct model *model_0) {
  (void)model_file_name0, (void)model_0;
  if (ret != 0) return;
  struct model *loaded = load_model(model_file_name);
  if (!loaded) {
    at_property_failed(ctx, "load-failed", "load_model could not read the file save_model wrote");
    return;
  }
  if (!annotest_round_trip(ctx, &annotest_linear_io, model_file_name, loaded)) loaded_predicts_as_saved(ctx, loaded, model_);
  free_and_destroy_model(&loaded);
}


/* A loaded mutant is usable: predict_values (README: nr_class decision values, one for two
 * classes and regression) and, when check_probability_model says it can, predict_probability
 * (nr_class estimates) on the training rows and an empty vector raise nothing, and one round of
 * save and load is a fixed point (kind mutant-fixed-point). */
static void mutant_usable(at_ctx *ctx, const annotest_model_file *file, const struct model *m) {
  const struct problem *prob = annotest_linear_problem_of(file->source);
  size_t values = m->nr_class > 2 ? (size_t)m->nr_class : 2;
  double *dec = values <= (1u << 20) ? calloc(values, sizeof *dec) : NULL;
  static const struct feature_node empty = {-1, 0};
  for (int i = 0; dec && i <= prob->l; i++) {
    const struct feature_node *x = i < prob->l ? prob->x[i] : &empty;
    predict_values(m, x, dec);
    if (check_probability_model(m)) predict_probability(m, x, dec);
  }
  free(dec);
  annotest_check_mutant_fixed_point(ctx, &annotest_linear_io, file, m);
}

void annotest_check_linear_load_model(at_ctx *ctx, struct model *ret, const char *model_file_name,
                                      const char *model_file_name0) {
  (void)model_file_name0;
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  if (!ret) return;
  if (file->mutant) mutant_usable(ctx, file, ret);
  else if (!annotest_round_trip(ctx, &annotest_linear_io, file->path, ret) && !file->edited) loaded_predicts_as_saved(ctx, ret, file->source);
  free_and_destroy_model(&ret);
}

/* ---- accessors ----------------------------------------------------------------------------- */

void annotest_check_linear_get_nr_feature(at_ctx *ctx, int ret, const struct model *model_, const struct model *model_0) {
  (void)model_0;
  const struct problem *prob = annotest_linear_problem_of(model_);
  if (ret != (prob->bias >= 0 ? prob->n - 1 : prob->n))
    at_property_failed(ctx, "accessor", "get_nr_feature = %d for a problem of n = %d, bias %g", ret, prob->n, prob->bias);
}

void annotest_check_linear_get_nr_class(at_ctx *ctx, int ret, const struct model *model_, const struct model *model_0) {
  (void)model_0;
  const struct problem *prob = annotest_linear_problem_of(model_);
  int label[ANNOTEST_LINEAR_MAX_ROWS], want = regression(model_) ? 2 : annotest_distinct_labels(prob->y, prob->l, label);
  if (ret != want) at_property_failed(ctx, "accessor", "get_nr_class = %d, README: %d", ret, want);
}

void annotest_check_linear_get_labels(at_ctx *ctx, const struct model *model_, int *label, const struct model *model_0,
                                      int *label0) {
  (void)model_0, (void)label0;
  const struct problem *prob = annotest_linear_problem_of(model_);
  int want[ANNOTEST_LINEAR_MAX_ROWS], n = annotest_distinct_labels(prob->y, prob->l, want);
  int given = regression(model_) ? 0 : n;
  for (int i = 0; i < ANNOTEST_LINEAR_MAX_CLASSES; i++) {
    int ok = i < given ? annotest_is_label(want, n, label[i]) : label[i] == 0;
    for (int j = 0; ok && j < i && i < given; j++) ok = label[j] != label[i];
    if (!ok) {
      at_property_failed(ctx, "accessor", "get_labels: label[%d] = %d (%d distinct training labels, regression %d)", i,
                         label[i], n, regression(model_));
      return;
    }
  }
}

/* README, get_decfun_coef: zero outside feat_idx 1 .. nr_feature and (classification) label_idx
 * 0 .. nr_class - 1; else the weight of that feature in that class's decision function, which
 * predict_values applies: for a one-feature test vector x = (feat_idx, 1) it returns the
 * decision value w'x of that class (binary: label[0]'s value, whose negation is label[1]'s). */
void annotest_check_linear_get_decfun_coef(at_ctx *ctx, double ret, const struct model *model_, int feat_idx,
                                           int label_idx, const struct model *model_0, int feat_idx0, int label_idx0) {
  (void)model_0, (void)feat_idx0, (void)label_idx0;
  const struct model *m = model_;
  int valid = feat_idx >= 1 && feat_idx <= m->nr_feature && (regression(m) || (label_idx >= 0 && label_idx < m->nr_class));
  double want = 0;
  if (valid) {
    double dec[ANNOTEST_LINEAR_MAX_CLASSES] = {0};
    struct feature_node x[2] = {{feat_idx, 1}, {-1, 0}};
    int nr_w = m->nr_class == 2 && m->param.solver_type != MCSVM_CS ? 1 : m->nr_class;
    predict_values(m, x, dec);
    want = regression(m) ? dec[0] : nr_w == 1 ? (label_idx == 0 ? dec[0] : -dec[0]) : dec[label_idx];
  }
  if (memcmp(&ret, &want, sizeof ret) && !(ret == 0 && want == 0))
    at_property_failed(ctx, "accessor", "get_decfun_coef(%d, %d) = %.17g, predict_values of x = (%d:1) gives %.17g "
                       "(nr_feature %d, nr_class %d)", feat_idx, label_idx, ret, feat_idx, want, m->nr_feature, m->nr_class);
}

/* README, get_decfun_bias: the bias term of the class, bias times the bias feature's weight
 * (zero without a bias term, linear.cpp: "if(bias <= 0) return 0", and outside 0 ..
 * nr_class - 1 for classification). */
void annotest_check_linear_get_decfun_bias(at_ctx *ctx, double ret, const struct model *model_, int label_idx,
                                           const struct model *model_0, int label_idx0) {
  (void)model_0, (void)label_idx0;
  const struct model *m = model_;
  const struct problem *prob = annotest_linear_problem_of(m);
  int valid = m->bias > 0 && (regression(m) || (label_idx >= 0 && label_idx < m->nr_class));
  double want = valid ? m->bias * weight(m, regression(m) ? 0 : m->label[label_idx], prob->n - 1) : 0;
  if (memcmp(&ret, &want, sizeof ret) && !(ret == 0 && want == 0))
    at_property_failed(ctx, "accessor", "get_decfun_bias(%d) = %.17g, bias x the bias weight = %.17g", label_idx, ret, want);
}

void annotest_check_linear_check_probability_model(at_ctx *ctx, int ret, const struct model *model,
                                                   const struct model *model0) {
  (void)model0;
  int s = model->param.solver_type, want = s == L2R_LR || s == L2R_LR_DUAL || s == L1R_LR;
  if (ret != want) at_property_failed(ctx, "accessor", "check_probability_model = %d for solver %d", ret, s);
}

void annotest_check_linear_check_regression_model(at_ctx *ctx, int ret, const struct model *model,
                                                  const struct model *model0) {
  (void)model0;
  int s = model->param.solver_type, want = s >= L2R_L2LOSS_SVR;
  if (ret != want) at_property_failed(ctx, "accessor", "check_regression_model = %d for solver %d", ret, s);
}

/* ---- prediction ---------------------------------------------------------------------------- */

void annotest_check_linear_predict(at_ctx *ctx, double ret, const struct model *model_, const struct feature_node *x,
                                   const struct model *model_0, const struct feature_node *x0) {
  (void)x, (void)model_0, (void)x0;
  check_prediction(ctx, model_, ret, "predict");
}

/* README, predict_values: predict's value; nr_w values; regression returns dec_values[0]; two
 * classes with nr_w = 1 give label[0] for a positive value, else label[1] (linear.cpp); otherwise
 * (one class too: its single value, an oracle bug the bench found when it read label[1])
 * "The class with the highest decision value is returned": one of the highest, the README
 * does not say which of equal ones (Crammer-Singer's two values (0, 0) give label[1], found by
 * the fuzzer: an oracle bug, it demanded the first). */
void annotest_check_linear_predict_values(at_ctx *ctx, double ret, const struct model *model_,
                                          const struct feature_node *x, double *dec_values,
                                          const struct model *model_0, const struct feature_node *x0,
                                          double *dec_values0) {
  (void)model_0, (void)x0, (void)dec_values0;
  const struct model *m = model_;
  double plain = predict(m, x);
  if (memcmp(&plain, &ret, sizeof ret)) {
    at_property_failed(ctx, "predict-values", "predict_values returned %.17g, predict %.17g", ret, plain);
    return;
  }
  if (check_prediction(ctx, m, ret, "predict_values")) return;
  int nr_w = m->nr_class == 2 && m->param.solver_type != MCSVM_CS ? 1 : m->nr_class, ok = 0;
  if (regression(m)) ok = ret == dec_values[0];
  else if (nr_w == 1 && m->nr_class == 2) ok = ret == (dec_values[0] > 0 ? m->label[0] : m->label[1]);
  else {
    double highest = dec_values[0];
    for (int i = 1; i < m->nr_class; i++) highest = fmax(highest, dec_values[i]);
    for (int i = 0; i < m->nr_class; i++) ok |= dec_values[i] == highest && ret == m->label[i];
  }
  if (!ok)
    at_property_failed(ctx, "predict-values", "solver %d, %d classes: returned %.17g, not a class of the highest of the "
                       "decision values (%.17g, %.17g, ...)", m->param.solver_type, m->nr_class, ret, dec_values[0],
                       dec_values[1]);
}

/* README, predict_probability: nr_class estimates, the most probable class returned. They are
 * logistic functions of the decision values normalised to sum 1 (two classes: p and 1 - p),
 * linear.cpp: each in [0, 1], the sum within gamma_{2k+2} of 1 (k divisions by the sum of k
 * terms, Higham Thm 3.1). */
void annotest_check_linear_predict_probability(at_ctx *ctx, double ret, const struct model *model_,
                                               const struct feature_node *x, double *prob_estimates,
                                               const struct model *model_0, const struct feature_node *x0,
                                               double *prob_estimates0) {
  (void)x, (void)model_0, (void)x0, (void)prob_estimates0;
  const struct model *m = model_;
  int k = m->nr_class, best = 0;
  double sum = 0, ops = 2.0 * k + 2, bound = ops * DBL_EPSILON / 2 / (1 - ops * DBL_EPSILON / 2);
  for (int i = 0; i < k; i++) {
    if (!(prob_estimates[i] >= 0 && prob_estimates[i] <= 1)) {
      at_property_failed(ctx, "probability", "%d classes: estimate %d = %.17g outside [0, 1]", k, i, prob_estimates[i]);
      return;
    }
    sum += prob_estimates[i];
    if (prob_estimates[i] > prob_estimates[best]) best = i;
  }
  int most_probable = 0; /* the README does not say which of equally probable classes */
  for (int i = 0; i < k; i++) most_probable |= prob_estimates[i] == prob_estimates[best] && ret == m->label[i];
  if (k >= 2 && !(fabs(sum - 1) <= bound))
    at_property_failed(ctx, "probability", "%d classes: estimates sum to 1 %+.3g, bound %.3g", k, sum - 1, bound);
  else if (!most_probable)
    at_property_failed(ctx, "probability", "%d classes: returned %.17g, a most probable class is %d", k, ret, m->label[best]);
}
