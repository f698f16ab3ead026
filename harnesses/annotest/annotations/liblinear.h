/* aN annotations of LIBLINEAR 2.3 (Debian liblinear 2.3.0+dfsg-5; the target links the room's
 * build of Debian's upstream tarball, harnesses/libraries/liblinear/recipe.sh; grammar:
 * ../ANNOTATIONS.md). Each annotated declaration is a copy of the one liblinear-dev's <linear.h>
 * installs; compiling this header after it fails with the function's name when they differ.
 * Domains cite LIBLINEAR's README ("README", in the Debian source) and, where it is silent,
 * check_parameter in linear.cpp, whose messages define the documented errors. The generators
 * (objs) and the oracles (@check) are the harness's: liblinear_objects.c, liblinear_oracles.c. */
#ifndef ANNOTEST_ANNOTATIONS_LIBLINEAR_H
#define ANNOTEST_ANNOTATIONS_LIBLINEAR_H
#include <linear.h>
#include "liblinear_oracles.h"

/* ==== generators (harness code: problems, models and model files valid by construction) ==== */

// A problem of l rows over `features` columns (README, train: "x is an array of pointers,
// each of which points to a sparse representation (array of feature_node) of one training
// vector"; the example ends each with (-1,?) and lists indices in ascending order). Its nodes
// are one sparse vector over the l x features grid in row-major order: node index k is row
// (k - 1) / features, column (k - 1) % features + 1. README: "If bias >= 0, we assume that one
// additional feature is added to the end of each data instance. n is the number of feature
// (including the bias feature if bias >= 0)": with bias >= 0 every row gets (features + 1,
// bias) and n = features + 1, else n = features. Values in [-1, 1] (README, train: "may be slow
// under certain situations (e.g., data not scaled or C is large)"); y[i] = labels[i]
// ("integers in classification, real numbers in regression": integers are both).
//@ generator(free = annotest_linear_problem_free)
//@ arg(l): ints(min=1, max=40)
//@ arg(features): ints(min=1, max=12)
//@ arg(bias): floats(min=-1, max=4)
//@ arg(cells): sparse(dtype=feature_node_t, index=index, value=value, max_len=l * features, max_index=l * features,
//@   values=floats(min=-1, max=1))
//@ arg(labels): arrays(dtype=int, shape=[l], elements=ints(min=-2, max=3))
struct problem *annotest_linear_problem(int l, int features, double bias, const feature_node_t *cells, const int *labels);

// train(prob, param) on a problem and parameters as train's annotation below.
//@ generator(free = annotest_linear_model_free)
//@ arg(prob): objs(annotest_linear_problem)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC_DUAL, L2R_L2LOSS_SVC, L2R_L1LOSS_SVC_DUAL, MCSVM_CS,
//@   L1R_L2LOSS_SVC, L1R_LR, L2R_LR_DUAL, L2R_L2LOSS_SVR, L2R_L2LOSS_SVR_DUAL, L2R_L1LOSS_SVR_DUAL]),
//@   eps=floats(min=0.0001, max=1), C=floats(min=0.01, max=100), p=floats(min=0, max=4))
struct model *annotest_linear_model(const struct problem *prob, const struct parameter *param);

// A model that gives probability outputs (README, predict_probability: "Currently, we support
// only the probability outputs of logistic regression"; check_probability_model: L2R_LR,
// L2R_LR_DUAL, L1R_LR).
//@ generator(free = annotest_linear_model_free)
//@ arg(prob): objs(annotest_linear_problem)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L1R_LR, L2R_LR_DUAL]), eps=floats(min=0.0001, max=1),
//@   C=floats(min=0.01, max=100), p=floats(min=0, max=4))
struct model *annotest_linear_probability_model(const struct problem *prob, const struct parameter *param);

// A model file: a model trained here, saved by save_model, then (edit = 1) one token changed
// within the grammar save_model writes, printed with its conversion (linear.cpp): the bias
// (%.17g, its sign kept, so that the file keeps as many w rows), a label (%d) or a weight of w
// (%.17g). `which` picks the token, t its new value in the token's range. Or (edit = 2) a
// grammatical mutant (annotest_model_mutants.h): any one field changed within the grammar
// load_model reads (keyword lines until "w", reals by %lf, integers by %d, then the weights):
// `which` picks the field, `pick` and t its new value (a boundary value, another count,
// another solver of solver_type_table), or the label line or a w line removed or duplicated.
//@ generator(free = annotest_model_file_free)
//@ arg(model): objs(annotest_linear_model)
//@ arg(edit): ints(min=0, max=2)
//@ arg(which): ints(min=0, max=1000000)
//@ arg(pick): ints(min=0, max=1000)
//@ arg(t): floats(min=0, max=1)
annotest_model_file *annotest_linear_model_file(const struct model *model, int edit, int which, int pick, double t);

// A fresh file name for save_model (removed afterwards).
//@ generator(free = annotest_model_file_free)
annotest_model_file *annotest_linear_save_path(void);

/* ==== training (README, train, cross_validation, find_parameters, check_parameter) ========= */

// README: train "constructs and returns a linear classification or regression model";
// check_parameter "should be called before calling train() and cross_validation()" and its
// rules (eps > 0, C > 0, p >= 0, a known solver, init_sol only for L2R_LR and L2R_L2LOSS_SVC)
// are bounds of the dict (init_sol is NULL). The dual and L1 solvers stop after at most 1000
// iterations (linear.cpp max_iter), the primal ones after 1000 TRON iterations (tron.h), so a
// call past 5 s is a hang.
//@ arg(prob): objs(annotest_linear_problem)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC_DUAL, L2R_L2LOSS_SVC, L2R_L1LOSS_SVC_DUAL, MCSVM_CS,
//@   L1R_L2LOSS_SVC, L1R_LR, L2R_LR_DUAL, L2R_L2LOSS_SVR, L2R_L2LOSS_SVR_DUAL, L2R_L1LOSS_SVR_DUAL]),
//@   eps=floats(min=0.0001, max=1), C=floats(min=0.01, max=100), p=floats(min=0, max=4))
//@ timeout(5)
//@ ensure(ret != NULL)
//@ check(annotest_check_linear_train)
// The README's defaults (train: -s 1 -c 1 -e 0.1 -p 0.1 -B -1) on four points in two classes.
//@ cc_example(prob=annotest_linear_problem(l=4, features=2, bias=-1, cells=[[1, 0.5], [2, 1], [3, -0.5], [6, 0.25],
//@   [7, -1], [8, -1]], labels=[1, 1, -1, -1]), param=parameter(solver_type=L2R_L2LOSS_SVC_DUAL, eps=0.1, C=1, p=0.1))
struct model* train(const struct problem *prob, const struct parameter *param);

// README, cross_validation: "Data are separated to nr_fold folds ... Predicted labels in the
// validation process are stored in the array called target": prob->l values; nr_fold >= 2
// (train.c: "n-fold cross validation: n must >= 2"), more folds than rows documented
// (linear.cpp: "# folds > # data. Will use # folds = # data instead").
//@ dim(l): ints(min=1, max=40)
//@ arg(prob): objs(annotest_linear_problem, l=l)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC_DUAL, L2R_L2LOSS_SVC, L2R_L1LOSS_SVC_DUAL, MCSVM_CS,
//@   L1R_L2LOSS_SVC, L1R_LR, L2R_LR_DUAL, L2R_L2LOSS_SVR, L2R_L2LOSS_SVR_DUAL, L2R_L1LOSS_SVR_DUAL]),
//@   eps=floats(min=0.0001, max=1), C=floats(min=0.01, max=100), p=floats(min=0, max=4))
//@ arg(nr_fold): ints(min=2, max=10)
//@ arg(target): outs(count=l)
// LIBLINEAR 2.3 lowers nr_fold to l = 1 for a one-row problem and trains that fold on no rows,
// overflowing a buffer in group_classes (known finding cv-one-row): such problems are skipped.
//@ known(cv-one-row, prob->l == 1)
//@ timeout(10)
//@ check(annotest_check_linear_cross_validation)
void cross_validation(const struct problem *prob, const struct parameter *param, int nr_fold, double *target);

// README, find_parameters: "For -s 0, 2, it conducts cross validation many times under
// parameters C = start_C, 2*start_C, ... For -s 11, ... a two-fold loop" over p and C; "If
// start_C <= 0, then this procedure calculates a small enough C"; "If start_p <= 0, then this
// procedure calculates a maximal p"; "For classification, *best_p is not used, and the returned
// value is -1". Only those three solvers.
//@ dim(l): ints(min=1, max=40)
//@ arg(prob): objs(annotest_linear_problem, l=l)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC, L2R_L2LOSS_SVR]), eps=floats(min=0.0001, max=1),
//@   C=floats(min=0.01, max=100), p=floats(min=0, max=4))
//@ arg(nr_fold): ints(min=2, max=10)
//@ arg(start_C): floats(min=-1, max=100)
//@ arg(start_p): floats(min=-1, max=4)
//@ arg(best_C): outs()
//@ arg(best_p): outs()
//@ arg(best_score): outs()
// LIBLINEAR 2.3 lowers nr_fold to l = 1 for a one-row problem and trains that fold on no rows,
// overflowing a buffer in group_classes (known finding cv-one-row): such problems are skipped.
//@ known(cv-one-row, prob->l == 1)
// LIBLINEAR 2.3 divides start_p by max_p / 20 with max_p = max |y| (find_parameters,
// linear.cpp:2736), so for -s 11 with every target 0 and start_p > 0 it converts inf to int and
// skips its search, leaving best_C and best_p unset (known finding find-parameters-zero-targets).
//@ known(find-parameters-zero-targets, param->solver_type == L2R_L2LOSS_SVR && start_p > 0 && annotest_linear_targets_all_zero(prob))
//@ timeout(10)
//@ check(annotest_check_linear_find_parameters)
void find_parameters(const struct problem *prob, const struct parameter *param, int nr_fold, double start_C, double start_p, double *best_C, double *best_p, double *best_score);

// README, check_parameter: "It returns NULL if the parameters are feasible, otherwise an error
// message is returned": a message on parameters inside the documented ranges is a finding.
//@ arg(prob): objs(annotest_linear_problem)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC_DUAL, L2R_L2LOSS_SVC, L2R_L1LOSS_SVC_DUAL, MCSVM_CS,
//@   L1R_L2LOSS_SVC, L1R_LR, L2R_LR_DUAL, L2R_L2LOSS_SVR, L2R_L2LOSS_SVR_DUAL, L2R_L1LOSS_SVR_DUAL]),
//@   eps=floats(min=0.0001, max=1), C=floats(min=0.01, max=100), p=floats(min=0, max=4))
//@ ensure(ret == NULL)
const char *check_parameter(const struct problem *prob, const struct parameter *param);

/* ==== model files (README, save_model, load_model) ========================================= */

// README: "saves a model to a file; returns 0 on success, or -1 if an error occurs". The oracle
// loads it back: saving the loaded model reproduces the file byte for byte, and the loaded
// model's decision values equal the saved one's bit for bit on every training row (save_model
// writes the bias and w with %.17g, which reads back to the same double).
//@ arg(model_file_name): objs(annotest_linear_save_path)
//@ arg(model_): objs(annotest_linear_model)
//@ ensure(ret == 0)
//@ check(annotest_check_linear_save_model)
int save_model(const char *model_file_name, const struct model *model_);

// README: "returns a pointer to the model read from the file, or a null pointer if the model
// could not be loaded": a file written by save_model, one token changed within its saved range
// or not, must load; saving what was loaded reproduces the file, and an unchanged file's model
// predicts what the model it was saved from predicts. A grammatical mutant (edit = 2) may be
// refused (NULL); loaded, it must be usable: predicting on the training rows raises nothing, and
// save(load(m')) loads again and saves to the same bytes.
//@ arg(model_file_name): objs(annotest_linear_model_file)
//@ ensure(ret != NULL || annotest_model_file_refusable(model_file_name))
// LIBLINEAR 2.3 trusts the header (known findings, liblinear_oracles.h): a model without labels
// that predict_values treats as a classifier reads label NULL (linear.cpp:2802, 2812); an
// nr_feature whose w size overflows int (linear.cpp:3033, 3043), or a count whose label or w
// array passes 1 GB (Malloc before reading), a label line given twice (the first array leaks,
// linear.cpp:3020), fewer weights than the header calls for (refused, but w leaks and the file
// stays open, linear.cpp:3043, 2941): such mutants are skipped.
//@ known(load-missing-labels, annotest_linear_mutant_lacks_labels(model_file_name))
//@ known(load-count-overflow, annotest_linear_mutant_overflows(model_file_name))
//@ known(load-repeated-label-leak, annotest_linear_mutant_repeats_label(model_file_name))
//@ known(load-refused-weights-leak, annotest_linear_mutant_lacks_weights(model_file_name))
//@ check(annotest_check_linear_load_model)
//@ cc_example(model_file_name=annotest_linear_model_file(model=annotest_linear_model(prob=annotest_linear_problem(l=2,
//@   features=1, bias=1, cells=[[1, 1], [2, -1]], labels=[1, 2]), param=parameter(solver_type=L2R_LR, eps=0.01, C=1)),
//@   edit=1, which=3, pick=0, t=0.25))
//@ cc_example(model_file_name=annotest_linear_model_file(model=annotest_linear_model(prob=annotest_linear_problem(l=2,
//@   features=1, bias=1, cells=[[1, 1], [2, -1]], labels=[1, 2]), param=parameter(solver_type=L2R_LR, eps=0.01, C=1)),
//@   edit=2, which=3, pick=2, t=0.25))
struct model *load_model(const char *model_file_name);

/* ==== the model's accessors (README, get_*, check_*_model) ================================== */

// README: "gives the number of attributes of the model" (the problem's n without the bias
// feature).
//@ arg(model_): objs(annotest_linear_model)
//@ check(annotest_check_linear_get_nr_feature)
int get_nr_feature(const struct model *model_);

// README: "gives the number of classes of the model. For a regression model, 2 is returned."
//@ arg(model_): objs(annotest_linear_model)
//@ check(annotest_check_linear_get_nr_class)
int get_nr_class(const struct model *model_);

// README: "outputs the name of labels into an array called label. For a regression model,
// label is unchanged." Room for the most classes a problem here has (labels -2 .. 3).
//@ arg(model_): objs(annotest_linear_model)
//@ arg(label): outs(count=ANNOTEST_LINEAR_MAX_CLASSES)
//@ check(annotest_check_linear_get_labels)
void get_labels(const struct model *model_, int* label);

// README: "gives the coefficient for the feature with feature index = feat_idx and the class
// with label index = label_idx ... If feat_idx is not in the valid range (1 to nr_feature),
// then a zero value will be returned. For classification models, if label_idx is not in the
// valid range (0 to nr_class-1), then a zero value will be returned": both in and out of range.
//@ arg(model_): objs(annotest_linear_model)
//@ arg(feat_idx): ints(min=-2, max=ANNOTEST_LINEAR_MAX_FEATURES + 3)
//@ arg(label_idx): ints(min=-2, max=ANNOTEST_LINEAR_MAX_CLASSES + 1)
//@ check(annotest_check_linear_get_decfun_coef)
double get_decfun_coef(const struct model *model_, int feat_idx, int label_idx);

// README: "gives the bias term corresponding to the class with the label_idx. For
// classification models, if label_idx is not in a valid range (0 to nr_class-1), then a zero
// value will be returned".
//@ arg(model_): objs(annotest_linear_model)
//@ arg(label_idx): ints(min=-2, max=ANNOTEST_LINEAR_MAX_CLASSES + 1)
//@ check(annotest_check_linear_get_decfun_bias)
double get_decfun_bias(const struct model *model_, int label_idx);

// README: "returns 1 if the model supports probability output; otherwise, it returns 0"
// (logistic regression, predict_probability).
//@ arg(model): objs(annotest_linear_model)
//@ check(annotest_check_linear_check_probability_model)
int check_probability_model(const struct model *model);

// README: "returns 1 if the model is a regression model; otherwise it returns 0".
//@ arg(model): objs(annotest_linear_model)
//@ check(annotest_check_linear_check_regression_model)
int check_regression_model(const struct model *model);

/* ==== prediction (README, predict*) =========================================================== */
/* A test vector may have indices past the training features (linear.cpp: "the dimension of
 * testing data may exceed that of training"); here up to ANNOTEST_LINEAR_MAX_FEATURES + 4. */

// README: "For a classification model, the predicted class for x is returned. For a
// regression model, the function value of x calculated using the model is returned."
//@ arg(model_): objs(annotest_linear_model)
//@ arg(x): sparse(dtype=feature_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ check(annotest_check_linear_predict)
//@ cc_example(model_=annotest_linear_model(prob=annotest_linear_problem(l=2, features=1, bias=1, cells=[[1, 1], [2, -1]],
//@   labels=[1, 2]), param=parameter(solver_type=L2R_LR, eps=0.01, C=1)), x=[[1, 0.5]])
double predict(const struct model *model_, const struct feature_node *x);

// README: "gives nr_w decision values ... nr_w=1 if regression is applied or the number of
// classes is two. An exception is multi-class SVM by Crammer and Singer (-s 4), where nr_w = 2
// if there are two classes ... The class with the highest decision value is returned" (for two
// classes with nr_w = 1: label[0] when the value is positive, linear.cpp). Room for the most.
//@ arg(model_): objs(annotest_linear_model)
//@ arg(x): sparse(dtype=feature_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ arg(dec_values): outs(count=ANNOTEST_LINEAR_MAX_CLASSES)
//@ check(annotest_check_linear_predict_values)
double predict_values(const struct model *model_, const struct feature_node *x, double* dec_values);

// README: "gives nr_class probability estimates in the array prob_estimates ... The class with
// the highest probability is returned. Currently, we support only the probability outputs of
// logistic regression."
//@ arg(model_): objs(annotest_linear_probability_model)
//@ arg(x): sparse(dtype=feature_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ arg(prob_estimates): outs(count=ANNOTEST_LINEAR_MAX_CLASSES)
//@ check(annotest_check_linear_predict_probability)
double predict_probability(const struct model *model_, const struct feature_node *x, double* prob_estimates);
#endif
