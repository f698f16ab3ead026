/* The LIBSVM target's oracles (@check functions of annotations/libsvm.h). What they hold
 * LIBSVM to is the README's text, cited at each; the model-file oracles rest on svm.cpp's
 * printf conversions (%.17g for every real but SV values, %.8g for those, which the problems
 * here hold exactly: libsvm_objects.c), so a loaded model equals the saved one bit for bit. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/libsvm.h"

static const char *svm_type_name(int svm_type) {
  static const char *const names[] = {"C_SVC", "NU_SVC", "ONE_CLASS", "EPSILON_SVR", "NU_SVR"};
  return svm_type >= 0 && svm_type <= NU_SVR ? names[svm_type] : "unknown";
}

static int classification(const struct svm_model *m) {
  return m->param.svm_type == C_SVC || m->param.svm_type == NU_SVC;
}

static int regression(const struct svm_model *m) {
  return m->param.svm_type == EPSILON_SVR || m->param.svm_type == NU_SVR;
}

/* The distinct labels of a problem, in order of appearance; their number. */
static int problem_labels(const struct svm_problem *prob, int *label) {
  return annotest_distinct_labels(prob->y, prob->l, label);
}

/* README, svm_predict: a class of the model (classification), +1 or -1 (one-class), a finite
 * function value (regression). 0 when it is, else a finding of kind invalid-prediction. */
static int check_prediction(at_ctx *ctx, const struct svm_model *m, double v, const char *what) {
  int ok = classification(m) ? m->label && annotest_is_label(m->label, m->nr_class, v)
           : regression(m)   ? isfinite(v)
                             : v == 1 || v == -1;
  if (!ok) at_property_failed(ctx, "invalid-prediction", "%s: %.17g is not a prediction of a %s model", what, v,
                              svm_type_name(m->param.svm_type));
  return ok ? 0 : -1;
}

/* The model's decision values and prediction on x equal the other's bit for bit (NaN equal to
 * NaN); 0 when they do. */
static int same_predictions(const struct svm_model *a, const struct svm_model *b, const struct svm_node *x) {
  double da[ANNOTEST_SVM_MAX_CLASSES * ANNOTEST_SVM_MAX_CLASSES] = {0}, db[sizeof da / sizeof *da] = {0};
  double pa = svm_predict_values(a, x, da), pb = svm_predict_values(b, x, db);
  if (memcmp(&pa, &pb, sizeof pa) || memcmp(da, db, sizeof da)) return -1;
  if (svm_check_probability_model(a) && svm_check_probability_model(b)) {
    memset(da, 0, sizeof da), memset(db, 0, sizeof db);
    pa = svm_predict_probability(a, x, da), pb = svm_predict_probability(b, x, db);
    if (memcmp(&pa, &pb, sizeof pa) || memcmp(da, db, sizeof da)) return -1;
  }
  return 0;
}

/* The model loaded from a file predicts what the model it was saved from predicts on every
 * row of that model's problem (kind loaded-prediction). */
static void loaded_predicts_as_saved(at_ctx *ctx, const struct svm_model *loaded, const struct svm_model *saved) {
  const struct svm_problem *prob = annotest_svm_problem_of(saved);
  for (int i = 0; prob && i < prob->l; i++)
    if (same_predictions(loaded, saved, prob->x[i])) {
      at_property_failed(ctx, "loaded-prediction", "row %d of %d: the loaded model's prediction or decision values differ "
                         "from those of the model it was saved from", i, prob->l);
      return;
    }
}

/* ---- training ------------------------------------------------------------------------------ */

/* README, svm_model: nr_class is the number of classes, "2 for regression and one-class SVM";
 * "nSV[0] + nSV[1] + ... + nSV[k-1] = l"; label holds the labels of the training data. */
static int model_shape_ok(at_ctx *ctx, const struct svm_model *m, const struct svm_problem *prob) {
  int label[ANNOTEST_SVM_MAX_ROWS], n = problem_labels(prob, label), sum = 0;
  if (!classification(m)) {
    if (m->nr_class == 2 && m->l >= 0 && m->l <= prob->l) return 0;
    at_property_failed(ctx, "model-shape", "%s model: nr_class %d (README: 2), %d SVs of %d rows",
                       svm_type_name(m->param.svm_type), m->nr_class, m->l, prob->l);
    return -1;
  }
  for (int c = 0; c < m->nr_class && m->nSV; c++) sum += m->nSV[c];
  int ok = m->nr_class == n && m->nSV && sum == m->l && m->label;
  for (int c = 0; ok && c < n; c++) ok = annotest_is_label(m->label, m->nr_class, label[c]);
  if (!ok)
    at_property_failed(ctx, "model-shape", "nr_class %d for %d distinct labels, nSV summing to %d for l = %d",
                       m->nr_class, n, sum, m->l);
  return ok ? 0 : -1;
}

/* Saves a and b and compares the files (kind nondeterministic). */
static void same_model_files(at_ctx *ctx, const struct svm_model *a, const struct svm_model *b) {
  char pa[256], pb[256];
  long at = -2;
  if (!annotest_temp_path(pa, sizeof pa) && !annotest_temp_path(pb, sizeof pb) && svm_save_model(pa, a) == 0 &&
      svm_save_model(pb, b) == 0)
    at = annotest_files_differ(pa, pb);
  remove(pa), remove(pb);
  if (at != -1)
    at_property_failed(ctx, "nondeterministic", "training twice on the same problem and parameters gave different "
                       "models (%s%ld)", at == -2 ? "save failed " : "files differ from byte ", at);
}

/* svm_train: the model's shape (README, svm_model), every training row predicted as a valid
 * prediction, and determinism: without probability estimates svm_train uses no random numbers
 * (svm.cpp calls rand() only in svm_binary_svc_probability, svm_svr_probability and
 * svm_cross_validation), so training again on the same arguments (built afresh) must give the
 * same model file byte for byte. */
void annotest_check_svm_train(at_ctx *ctx, struct svm_model *ret, const struct svm_problem *prob,
                              const struct svm_parameter *param, const struct svm_problem *prob0,
                              const struct svm_parameter *param0) {
  if (!ret) return;
  if (model_shape_ok(ctx, ret, prob)) goto done;
  for (int i = 0; i < prob->l; i++)
    if (check_prediction(ctx, ret, svm_predict(ret, prob->x[i]), "a training row's prediction")) goto done;
  if (!param->probability) {
    struct svm_model *again = svm_train(prob0, param0);
    if (again) same_model_files(ctx, ret, again);
    svm_free_and_destroy_model(&again);
  }
done:
  svm_free_and_destroy_model(&ret);
}

/* README, svm_cross_validation: target holds the predicted labels of all prob's instances. */
void annotest_check_svm_cross_validation(at_ctx *ctx, const struct svm_problem *prob, const struct svm_parameter *param,
                                         int nr_fold, double *target, const struct svm_problem *prob0,
                                         const struct svm_parameter *param0, int nr_fold0, double *target0) {
  (void)prob0, (void)param0, (void)nr_fold0, (void)target0;
  int label[ANNOTEST_SVM_MAX_ROWS], n = problem_labels(prob, label);
  for (int i = 0; i < prob->l; i++) {
    double v = target[i];
    int ok = param->svm_type == C_SVC || param->svm_type == NU_SVC ? annotest_is_label(label, n, v)
             : param->svm_type == ONE_CLASS                          ? v == 1 || v == -1
                                                                     : isfinite(v);
    if (!ok) {
      at_property_failed(ctx, "invalid-prediction", "%d-fold cross-validation of %d rows (%s): target[%d] = %.17g is "
                         "not a prediction", nr_fold, prob->l, svm_type_name(param->svm_type), i, v);
      return;
    }
  }
}

/* ---- model files --------------------------------------------------------------------------- */

static int save_svm(const char *path, const void *model) { return svm_save_model(path, model); }
static void *load_svm(const char *path) { return svm_load_model(path); }
static void destroy_svm(void *model) {
  struct svm_model *m = model;
  svm_free_and_destroy_model(&m);
}
const annotest_model_io annotest_svm_io = {save_svm, load_svm, destroy_svm};

void annotest_check_svm_save_model(at_ctx *ctx, int ret, const char *model_file_name, const struct svm_model *model,
                                   const char *model_file_name0, const struct svm_model *model0) {
  (void)model_file_name0, (void)model0;
  if (ret != 0) return;
  struct svm_model *loaded = svm_load_model(model_file_name);
  if (!loaded) {
    at_property_failed(ctx, "load-failed", "svm_load_model could not read the file svm_save_model wrote");
    return;
  }
  if (!annotest_round_trip(ctx, &annotest_svm_io, model_file_name, loaded)) loaded_predicts_as_saved(ctx, loaded, model);
  svm_free_and_destroy_model(&loaded);
}


/* A test vector for a PRECOMPUTED kernel (README, "Precomputed Kernels": "0:i" with i the
 * serial number, then "j:K(x, x_j)" for every training instance j; a model's SVs hold their
 * serial numbers, at most ANNOTEST_SVM_MAX_ROWS here): serial 1, every kernel value 0.5. On the
 * heap, so that a read outside it lands in ASan's redzone wherever the build places it. */
static svm_node_t *precomputed_vector(void) {
  svm_node_t *x = malloc((ANNOTEST_SVM_MAX_ROWS + 2) * sizeof *x);
  for (int j = 0; x && j <= ANNOTEST_SVM_MAX_ROWS; j++) x[j] = (svm_node_t){j, j ? 0.5 : 1};
  if (x) x[ANNOTEST_SVM_MAX_ROWS + 1].index = -1;
  return x;
}

/* A loaded mutant is usable: svm_predict_values (README: nr_class (nr_class - 1) / 2 decision
 * values; one for regression and one-class) and, when svm_check_probability_model says it can,
 * svm_predict_probability (nr_class estimates) on the training rows and an empty vector (for a
 * PRECOMPUTED kernel, on a vector of its format) raise nothing, and one round of save and load
 * is a fixed point (kind mutant-fixed-point). */
static void mutant_usable(at_ctx *ctx, const annotest_model_file *file, const struct svm_model *m) {
  const struct svm_problem *prob = annotest_svm_problem_of(file->source);
  long long k = m->nr_class, pairs = k * (k - 1) / 2;
  size_t values = (size_t)(pairs > k ? pairs : k > 1 ? k : 1);
  double *dec = values <= (1u << 20) ? calloc(values, sizeof *dec) : NULL;
  static const svm_node_t empty = {-1, 0};
  svm_node_t *serials = m->param.kernel_type == PRECOMPUTED ? precomputed_vector() : NULL;
  for (int i = 0; dec && i <= (serials ? 0 : prob->l); i++) {
    const svm_node_t *x = serials ? serials : i < prob->l ? prob->x[i] : &empty;
    svm_predict_values(m, x, dec);
    if (svm_check_probability_model(m)) svm_predict_probability(m, x, dec);
  }
  free(serials);
  free(dec);
  annotest_check_mutant_fixed_point(ctx, &annotest_svm_io, file, m);
}

void annotest_check_svm_load_model(at_ctx *ctx, struct svm_model *ret, const char *model_file_name,
                                   const char *model_file_name0) {
  (void)model_file_name0;
  const annotest_model_file *file = (const annotest_model_file *)model_file_name;
  if (!ret) return;
  if (file->mutant) mutant_usable(ctx, file, ret);
  else if (!annotest_round_trip(ctx, &annotest_svm_io, file->path, ret) && !file->edited) loaded_predicts_as_saved(ctx, ret, file->source);
  svm_free_and_destroy_model(&ret);
}

/* ---- accessors ----------------------------------------------------------------------------- */

void annotest_check_svm_get_svm_type(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0) {
  (void)model0;
  if (ret != model->param.svm_type)
    at_property_failed(ctx, "accessor", "svm_get_svm_type = %d for a model trained as %s", ret,
                       svm_type_name(model->param.svm_type));
}

void annotest_check_svm_get_nr_class(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0) {
  (void)model0;
  int label[ANNOTEST_SVM_MAX_ROWS], want = classification(model) ? problem_labels(annotest_svm_problem_of(model), label) : 2;
  if (ret != want)
    at_property_failed(ctx, "accessor", "svm_get_nr_class = %d, README: %d (%s)", ret, want,
                       classification(model) ? "the distinct training labels" : "2 for regression and one-class");
}

void annotest_check_svm_get_labels(at_ctx *ctx, const struct svm_model *model, int *label, const struct svm_model *model0,
                                   int *label0) {
  (void)model0, (void)label0;
  int want[ANNOTEST_SVM_MAX_ROWS], n = problem_labels(annotest_svm_problem_of(model), want);
  int given = classification(model) ? n : 0;
  for (int i = 0; i < ANNOTEST_SVM_MAX_CLASSES; i++) {
    int ok = i < given ? annotest_is_label(want, n, label[i]) : label[i] == 0;
    for (int j = 0; ok && j < i && i < given; j++) ok = label[j] != label[i];
    if (!ok) {
      at_property_failed(ctx, "accessor", "svm_get_labels of a %s model: label[%d] = %d (%d distinct training labels; "
                         "README: unchanged for regression and one-class)", svm_type_name(model->param.svm_type), i,
                         label[i], n);
      return;
    }
  }
}

/* README: sv_indices "indicate support vectors in the training set", each in [1, l]; a trained
 * model's SV[i] is that row of the problem (its SVs point into the problem). */
void annotest_check_svm_get_sv_indices(at_ctx *ctx, const struct svm_model *model, int *sv_indices,
                                       const struct svm_model *model0, int *sv_indices0) {
  (void)model0, (void)sv_indices0;
  const struct svm_problem *prob = annotest_svm_problem_of(model);
  int n = svm_get_nr_sv(model);
  for (int i = 0; i < ANNOTEST_SVM_MAX_ROWS; i++) {
    int k = sv_indices[i];
    int ok = i < n ? k >= 1 && k <= prob->l && model->SV[i] == prob->x[k - 1] : k == 0;
    if (!ok) {
      at_property_failed(ctx, "accessor", "sv_indices[%d] = %d of %d SVs over %d rows: not the row SV[%d] is", i, k, n,
                         prob->l, i);
      return;
    }
  }
}

void annotest_check_svm_get_nr_sv(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0) {
  (void)model0;
  if (ret != model->l || ret < 0 || ret > annotest_svm_problem_of(model)->l)
    at_property_failed(ctx, "accessor", "svm_get_nr_sv = %d for a model with l = %d trained on %d rows", ret, model->l,
                       annotest_svm_problem_of(model)->l);
}

void annotest_check_svm_get_svr_probability(at_ctx *ctx, double ret, const struct svm_model *model,
                                            const struct svm_model *model0) {
  (void)model0;
  int ok = regression(model) ? ret > 0 && isfinite(ret) : ret == 0;
  if (!ok)
    at_property_failed(ctx, "accessor", "svm_get_svr_probability = %.17g for a %s model with probability information "
                       "(README: sigma > 0 for regression, 0 otherwise)", ret, svm_type_name(model->param.svm_type));
}

/* The models here have probability information exactly when trained with probability = 1. */
void annotest_check_svm_check_probability_model(at_ctx *ctx, int ret, const struct svm_model *model,
                                                const struct svm_model *model0) {
  (void)model0;
  if (ret != (model->param.probability ? 1 : 0))
    at_property_failed(ctx, "accessor", "svm_check_probability_model = %d for a %s model trained with probability = %d",
                       ret, svm_type_name(model->param.svm_type), model->param.probability);
}

/* ---- prediction ---------------------------------------------------------------------------- */

void annotest_check_svm_predict(at_ctx *ctx, double ret, const struct svm_model *model, const struct svm_node *x,
                                const struct svm_model *model0, const struct svm_node *x0) {
  (void)x, (void)model0, (void)x0;
  check_prediction(ctx, model, ret, "svm_predict");
}

/* README, svm_predict_values: the return value is svm_predict's; for classification the
 * decision values are ordered label[0] vs label[1], ..., label[0] vs label[k-1], label[1] vs
 * label[2], ..., and the predicted class is the one with the most pairwise wins (svm.cpp: a
 * positive value votes for the first of the pair, the first class with the most votes wins);
 * for regression dec_values[0] is the returned function value, for one-class the returned
 * value is +1 or -1 as dec_values[0] is positive or not. */
void annotest_check_svm_predict_values(at_ctx *ctx, double ret, const struct svm_model *model, const struct svm_node *x,
                                       double *dec_values, const struct svm_model *model0, const struct svm_node *x0,
                                       double *dec_values0) {
  (void)model0, (void)x0, (void)dec_values0;
  double plain = svm_predict(model, x), want;
  if (memcmp(&plain, &ret, sizeof ret)) {
    at_property_failed(ctx, "predict-values", "svm_predict_values returned %.17g, svm_predict %.17g", ret, plain);
    return;
  }
  if (check_prediction(ctx, model, ret, "svm_predict_values")) return;
  if (classification(model)) {
    int votes[ANNOTEST_SVM_MAX_CLASSES] = {0}, k = 0, best = 0;
    for (int i = 0; i < model->nr_class; i++)
      for (int j = i + 1; j < model->nr_class; j++) votes[dec_values[k++] > 0 ? i : j]++;
    for (int i = 1; i < model->nr_class; i++)
      if (votes[i] > votes[best]) best = i;
    want = model->label[best];
  } else {
    want = regression(model) ? dec_values[0] : dec_values[0] > 0 ? 1 : -1;
  }
  if (ret != want)
    at_property_failed(ctx, "predict-values", "%s model, %d classes: returned %.17g but the decision values give %.17g",
                       svm_type_name(model->param.svm_type), model->nr_class, ret, want);
}

/* README, svm_predict_probability: for classification nr_class probability estimates, the
 * class with the highest returned; for regression the estimates are unchanged and the result is
 * svm_predict's. The estimates sum to 1: for two classes p and 1 - p; for more, svm.cpp's
 * multiclass_probability keeps sum p = 1 exactly in real arithmetic (p_t += diff, then every
 * p_j /= 1 + diff), so in floating point each of its at most max(100, k) sweeps of k updates
 * moves the sum by at most (k + 2) roundings: |sum - 1| <= gamma_{100 k (k + 2) + 2k}
 * (with the additions here). */
void annotest_check_svm_predict_probability(at_ctx *ctx, double ret, const struct svm_model *model,
                                            const struct svm_node *x, double *prob_estimates,
                                            const struct svm_model *model0, const struct svm_node *x0,
                                            double *prob_estimates0) {
  (void)model0, (void)x0, (void)prob_estimates0;
  int k = model->nr_class;
  if (!classification(model)) {
    double plain = svm_predict(model, x);
    for (int i = 0; i < ANNOTEST_SVM_MAX_CLASSES; i++)
      if (prob_estimates[i] != 0 || memcmp(&plain, &ret, sizeof ret)) {
        at_property_failed(ctx, "probability", "regression: estimates changed or %.17g != svm_predict's %.17g", ret, plain);
        return;
      }
    return;
  }
  double sum = 0, ops = (double)(k > 100 ? k : 100) * k * (k + 2) + 2 * k; /* and the k additions here */
  int best = 0;
  for (int i = 0; i < k; i++) {
    if (!(prob_estimates[i] >= 0 && prob_estimates[i] <= 1)) {
      at_property_failed(ctx, "probability", "%d classes: estimate %d = %.17g outside [0, 1]", k, i, prob_estimates[i]);
      return;
    }
    sum += prob_estimates[i];
    if (prob_estimates[i] > prob_estimates[best]) best = i;
  }
  int most_probable = 0; /* the README does not say which of equally probable classes */
  for (int i = 0; i < k; i++) most_probable |= prob_estimates[i] == prob_estimates[best] && ret == model->label[i];
  double bound = ops * DBL_EPSILON / 2 / (1 - ops * DBL_EPSILON / 2);
  if (k >= 2 && !(fabs(sum - 1) <= bound))
    at_property_failed(ctx, "probability", "%d classes: estimates sum to 1 %+.3g, bound %.3g", k, sum - 1, bound);
  else if (!most_probable)
    at_property_failed(ctx, "probability", "%d classes: returned %.17g, a most probable class is %d", k, ret,
                       model->label[best]);
}
