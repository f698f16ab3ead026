/* aN annotations of LIBSVM 3.24 (Debian libsvm 3.24+ds-6; the target links the room's build of
 * Debian's upstream tarball, harnesses/libraries/libsvm/recipe.sh; grammar: ../ANNOTATIONS.md).
 * Each annotated declaration is a copy of the one libsvm-dev's <libsvm/svm.h> installs;
 * compiling this header after it fails with the function's name when they differ. Domains cite
 * LIBSVM's README ("README", in the Debian source), its FAQ (FAQ.html) and, where they are
 * silent, svm_check_parameter in svm.cpp, whose messages define the documented errors. The
 * generators (objs) and the oracles (@check) are the harness's: libsvm_objects.c and
 * libsvm_oracles.c. PRECOMPUTED kernels are not annotated (their problems are not sparse vectors
 * from index 1: README, "PRECOMPUTED: kernel values in training_set_file", 0:serial first). */
#ifndef ANNOTEST_ANNOTATIONS_LIBSVM_H
#define ANNOTEST_ANNOTATIONS_LIBSVM_H
#include <libsvm/svm.h>
#include "libsvm_oracles.h"

/* ==== generators (harness code: problems, models and model files valid by construction) ==== */

// A problem of l rows over `features` columns (README, svm_problem: "x is an array of pointers,
// each of which points to a sparse representation (array of svm_node) of one training vector";
// "index = -1 indicates the end of one vector. Note that indices must be in ASCENDING order").
// Its nodes are one sparse vector over the l x features grid in row-major order: node index k
// is row (k - 1) / features, column (k - 1) % features + 1, so every row's indices ascend from
// 1 and each row ends with -1. Values lie in [-1, 1], the range LIBSVM's svm-scale scales to
// (FAQ, "Does it make a big difference if I scale each attribute to [0,1] instead of
// [-1,1]?"), rounded to 8 significant digits: svm_save_model writes support vectors with %.8g
// (svm.cpp), so a saved model holds the values it was trained on. y[i] = labels[i]: README,
// "integers in classification, real numbers in regression"; integers are both.
//@ generator(free = annotest_svm_problem_free)
//@ arg(l): ints(min=1, max=40)
//@ arg(features): ints(min=1, max=12)
//@ arg(cells): sparse(dtype=svm_node_t, index=index, value=value, max_len=l * features, max_index=l * features,
//@   values=floats(min=-1, max=1))
//@ arg(labels): arrays(dtype=int, shape=[l], elements=ints(min=-2, max=3))
struct svm_problem *annotest_svm_problem(int l, int features, const svm_node_t *cells, const int *labels);

// svm_train(prob, param) on a problem and parameters as svm_train's annotation below; the model
// keeps pointers into its problem (README: "you can not free the memory used by svm_problem if
// you are still using the svm_model"), which the arena frees after it.
//@ generator(free = annotest_svm_model_free)
//@ arg(prob): objs(annotest_svm_problem)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, ONE_CLASS, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=0, max=1),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=bools())
//@ require(annotest_svm_parameter_feasible(prob, param))
// LIBSVM 3.24's nu-SVR gives a model with rho = NaN when C nu l / 2 underflows to 0 (known
// finding nu-svr-underflow): such trainings are skipped.
//@ known(nu-svr-underflow, annotest_svm_nu_svr_underflows(prob, param))
struct svm_model *annotest_svm_model(const struct svm_problem *prob, const struct svm_parameter *param);

// A model with probability information (README, svm_check_probability_model: "checks whether
// the model contains required information to do probability estimates"): probability = 1, so
// the one-class SVM, which does not support it, is left out (svm_check_parameter: "one-class
// SVM probability output not supported yet").
//@ generator(free = annotest_svm_model_free)
//@ arg(prob): objs(annotest_svm_problem)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=0, max=1),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=1)
//@ require(annotest_svm_parameter_feasible(prob, param))
// LIBSVM 3.24's nu-SVR gives a model with rho = NaN when C nu l / 2 underflows to 0 (known
// finding nu-svr-underflow): such trainings are skipped.
//@ known(nu-svr-underflow, annotest_svm_nu_svr_underflows(prob, param))
struct svm_model *annotest_svm_probability_model(const struct svm_problem *prob, const struct svm_parameter *param);

// A model file: a model trained here, saved by svm_save_model, then (edit = 1) one token changed
// within the grammar svm_save_model writes, printed with its conversion (svm.cpp): gamma
// (%.17g, in [0, 1] as annotated: svm_check_parameter "gamma < 0"), coef0, degree (%d, >= 0), a rho, probA or
// probB value (%.17g; an SVR's probA, its sigma, stays > 0: README svm_get_svr_probability), a
// label (%d), an SV coefficient (%.17g) or an SV value (%.8g, its index kept). `which` picks
// the token, t its new value in the token's range. Or (edit = 2) a grammatical mutant
// (annotest_model_mutants.h): any one field changed within the grammar svm_load_model reads
// (read_model_header: keyword lines, reals by %lf, which takes nan and inf as %.17g prints
// them, integers by %d; then "SV" and one "coef... index:value ..." line per SV): `which`
// picks the field, `pick` and t its new value (a boundary value, another count, another
// keyword of svm_type_table or kernel_type_table), or an optional header line or an SV line
// removed or duplicated.
//@ generator(free = annotest_model_file_free)
//@ arg(model): objs(annotest_svm_model)
//@ arg(edit): ints(min=0, max=2)
//@ arg(which): ints(min=0, max=1000000)
//@ arg(pick): ints(min=0, max=1000)
//@ arg(t): floats(min=0, max=1)
annotest_model_file *annotest_svm_model_file(const struct svm_model *model, int edit, int which, int pick, double t);

// A fresh file name for svm_save_model (removed afterwards).
//@ generator(free = annotest_model_file_free)
annotest_model_file *annotest_svm_save_path(void);

/* ==== training (README, svm_train, svm_cross_validation, svm_check_parameter) ============== */

// README: svm_train "constructs and returns an SVM model according to the given training data
// and parameters"; svm_check_parameter "should be called before svm_train() and
// svm_cross_validation()", and the parameters are feasible where it returns NULL, which
// @require(annotest_svm_parameter_feasible) asks of the two rules that depend on the problem
// (nu-SVC's "specified nu is infeasible", one-class probability); every other rule is a bound
// of the dict. Slow convergence is documented for large C (FAQ: "Slow convergence may happen
// for some difficult cases (e.g. -c is large)"), so C <= 10 on scaled data, and a call past
// 5 s is a hang. C <= 100 was admitted first: the 300 s campaign found 9-fold cross-validation
// with probability estimates of 40 rows, 36 of them empty, at C = 49, eps = 2e-5 taking 1.3 s
// on the installed libsvm3 (O2) and past 10 s instrumented, no iteration limit reached (C = 10:
// 0.01 s): slow convergence as documented, an annotation bug. Likewise eps >= 0.001 (README:
// "we usually use 0.00001 in nu-SVC, 0.001 in others"; the dict cannot tie eps to svm_type, so
// nu-SVC's smaller usual value is left out): eps down to 1e-5 was admitted first, and the
// second 300 s campaign found nu-SVR with probabilities, a cubic kernel of gamma 8 and eps =
// 2e-5 on 29 rows taking 0.74 s on the installed libsvm3 and past 5 s instrumented (eps = 1e-3:
// under 0.01 s). And gamma <= 1, the README's default being 1/num_features: a POLY kernel's
// values grow as (gamma u'v + coef0)^degree, and the third 300 s campaign found nu-SVR with a
// degree-5 kernel of gamma 8 on 19 rows taking 0.41 s on the installed libsvm3 and past 5 s
// instrumented (gamma 1: under 0.01 s); gamma up to 8 (the guide's grid for RBF) was admitted
// first.
//@ arg(prob): objs(annotest_svm_problem)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, ONE_CLASS, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=0, max=1),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=bools())
//@ require(annotest_svm_parameter_feasible(prob, param))
// LIBSVM 3.24's nu-SVR gives a model with rho = NaN when C nu l / 2 underflows to 0 (known
// finding nu-svr-underflow): such trainings are skipped.
//@ known(nu-svr-underflow, annotest_svm_nu_svr_underflows(prob, param))
//@ timeout(5)
//@ ensure(ret != NULL)
//@ check(annotest_check_svm_train)
// The README's defaults (svm-train: -s 0 -t 2 -d 3 -g 1/num_features -r 0 -m 100 -e 0.001 -c 1
// -n 0.5 -p 0.1 -h 1 -b 0) on four points in two classes.
//@ cc_example(prob=annotest_svm_problem(l=4, features=2, cells=[[1, 0.5], [2, 1], [3, -0.5], [6, 0.25], [7, -1], [8, -1]],
//@   labels=[1, 1, -1, -1]), param=svm_parameter(svm_type=C_SVC, kernel_type=RBF, degree=3, gamma=0.5, coef0=0,
//@   cache_size=100, eps=0.001, C=1, nu=0.5, p=0.1, shrinking=1, probability=0))
struct svm_model *svm_train(const struct svm_problem *prob, const struct svm_parameter *param);

// README, svm_cross_validation: "Data are separated to nr_fold folds. ... Predicted labels (of
// all prob's instances) in the validation process are stored in the array called target":
// target holds prob->l values. nr_fold >= 2 (svm-train.c: "n-fold cross validation: n must >=
// 2"); more folds than rows is documented (svm.cpp: "# folds > # data. Will use # folds = #
// data instead"). The parameters are svm_train's.
//@ dim(l): ints(min=1, max=40)
//@ arg(prob): objs(annotest_svm_problem, l=l)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, ONE_CLASS, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=0, max=1),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=bools())
//@ arg(nr_fold): ints(min=2, max=10)
//@ arg(target): outs(count=l)
//@ require(annotest_svm_parameter_feasible(prob, param))
// LIBSVM 3.24's nu-SVR gives a model with rho = NaN when C nu l / 2 underflows to 0 (known
// finding nu-svr-underflow): such trainings are skipped.
//@ known(nu-svr-underflow, annotest_svm_nu_svr_underflows(prob, param))
// LIBSVM 3.24 trains a fold that holds every row on no rows, overflowing a buffer in
// svm_group_classes (known finding cv-empty-training-fold): such folds are skipped.
//@ known(cv-empty-training-fold, annotest_svm_cv_empty_fold(prob, param, nr_fold))
//@ timeout(10)
//@ check(annotest_check_svm_cross_validation)
void svm_cross_validation(const struct svm_problem *prob, const struct svm_parameter *param, int nr_fold, double *target);

// README, svm_check_parameter: "checks whether the parameters are within the feasible range of
// the problem ... It returns NULL if the parameters are feasible, otherwise an error message":
// on parameters inside the documented ranges (the dict) and the two problem-dependent rules
// (@require) a message is a finding.
//@ arg(prob): objs(annotest_svm_problem)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, ONE_CLASS, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=0, max=1),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=bools())
//@ require(annotest_svm_parameter_feasible(prob, param))
//@ ensure(ret == NULL)
const char *svm_check_parameter(const struct svm_problem *prob, const struct svm_parameter *param);

/* ==== model files (README, svm_save_model, svm_load_model) ================================ */

// README: "saves a model to a file; returns 0 on success, or -1 if an error occurs". The oracle
// loads the file back: saving the loaded model reproduces the file byte for byte, and the
// loaded model predicts what the saved one predicts, bit for bit, on every training row (the
// saver writes every real with %.17g, which reads back to the same double, except SV values,
// %.8g, which the problems here hold exactly).
//@ arg(model_file_name): objs(annotest_svm_save_path)
//@ arg(model): objs(annotest_svm_model)
//@ ensure(ret == 0)
//@ check(annotest_check_svm_save_model)
int svm_save_model(const char *model_file_name, const struct svm_model *model);

// README: "returns a pointer to the model read from the file, or a null pointer if the model
// could not be loaded": a file written by svm_save_model, one token changed within its saved
// range or not, must load; saving what was loaded reproduces the file, and an unchanged file's
// model predicts what the model it was saved from predicts. A grammatical mutant (edit = 2) may
// be refused (NULL); loaded, it must be usable: predicting on the training rows raises nothing,
// and save(load(m')) loads again and saves to the same bytes.
//@ arg(model_file_name): objs(annotest_svm_model_file)
//@ ensure(ret != NULL || annotest_model_file_refusable(model_file_name))
// LIBSVM 3.24 trusts the counts and arrays of the header (known findings, libsvm_oracles.h):
// counts whose int arithmetic overflows (svm.cpp:2834, 2941, 2532), total_sv above the SV lines
// with nr_class >= 3 or no SV line at all (strtod(NULL), svm.cpp:2966; strtok past a buffer never
// written, svm.cpp:2961), an array line given twice (its first array leaks, svm.cpp:2835), a classification model without label or nr_sv (NULL read in
// svm_predict_values, svm.cpp:2532, 2573), nr_sv summing to more than total_sv (heap read past
// sv_coef, svm.cpp:2552), a one-class or regression model with nr_class below 2 (sv_coef[0] read
// from an array of nr_class - 1 rows, svm.cpp:2508), a PRECOMPUTED kernel over SVs without "0:serial" (the test vector read at
// (int) of the SV's first value, svm.cpp:369): such mutants are skipped.
//@ known(load-count-overflow, annotest_svm_mutant_overflows(model_file_name))
//@ known(load-missing-sv-lines, annotest_svm_mutant_lacks_sv_lines(model_file_name))
//@ known(load-repeated-line-leak, annotest_svm_mutant_repeats_array_line(model_file_name))
//@ known(load-missing-class-arrays, annotest_svm_mutant_lacks_class_arrays(model_file_name))
//@ known(load-nr-sv-over-total, annotest_svm_mutant_overcounts_sv(model_file_name))
//@ known(load-regression-without-coefficients, annotest_svm_mutant_lacks_coefficient_row(model_file_name))
//@ known(load-precomputed-without-serials, annotest_svm_mutant_precomputed_without_serials(model_file_name))
//@ check(annotest_check_svm_load_model)
//@ cc_example(model_file_name=annotest_svm_model_file(model=annotest_svm_model(prob=annotest_svm_problem(l=2, features=1,
//@   cells=[[1, 1], [2, -1]], labels=[1, 2]), param=svm_parameter(svm_type=C_SVC, kernel_type=RBF, gamma=0.5,
//@   cache_size=100, eps=0.001, C=1)), edit=0, which=0, pick=0, t=0))
//@ cc_example(model_file_name=annotest_svm_model_file(model=annotest_svm_model(prob=annotest_svm_problem(l=4, features=2,
//@   cells=[[1, 0.5], [2, 1], [3, -0.5], [6, 0.25], [7, -1], [8, -1]], labels=[1, 1, -1, -1]),
//@   param=svm_parameter(svm_type=C_SVC, kernel_type=POLY, degree=2, gamma=0.5, coef0=1, cache_size=100, eps=0.001,
//@   C=1)), edit=2, which=2, pick=1, t=0.5))
struct svm_model *svm_load_model(const char *model_file_name);

/* ==== the model's accessors (README, svm_get_*) ============================================= */

//@ arg(model): objs(annotest_svm_model)
//@ check(annotest_check_svm_get_svm_type)
int svm_get_svm_type(const struct svm_model *model);

// README: "For a classification model, this function gives the number of classes. For a
// regression or an one-class model, 2 is returned."
//@ arg(model): objs(annotest_svm_model)
//@ check(annotest_check_svm_get_nr_class)
int svm_get_nr_class(const struct svm_model *model);

// README: "outputs the name of labels into an array called label. For regression and one-class
// models, label is unchanged." Room for the most classes a problem here has (labels -2 .. 3).
//@ arg(model): objs(annotest_svm_model)
//@ arg(label): outs(count=ANNOTEST_SVM_MAX_CLASSES)
//@ check(annotest_check_svm_get_labels)
void svm_get_labels(const struct svm_model *model, int *label);

// README: "outputs indices of support vectors ... Each sv_indices[i] is in the range of [1,
// ..., num_traning_data]"; room for every row of the largest problem here.
//@ arg(model): objs(annotest_svm_model)
//@ arg(sv_indices): outs(count=ANNOTEST_SVM_MAX_ROWS)
//@ check(annotest_check_svm_get_sv_indices)
void svm_get_sv_indices(const struct svm_model *model, int *sv_indices);

// README: "gives the number of total support vector".
//@ arg(model): objs(annotest_svm_model)
//@ check(annotest_check_svm_get_nr_sv)
int svm_get_nr_sv(const struct svm_model *model);

// README: "For a regression model with probability information, this function outputs a value
// sigma > 0 ... If the model is not for svr or does not contain required information, 0 is
// returned."
//@ arg(model): objs(annotest_svm_probability_model)
//@ check(annotest_check_svm_get_svr_probability)
double svm_get_svr_probability(const struct svm_model *model);

// README: "checks whether the model contains required information to do probability
// estimates. If so, it returns +1. Otherwise, 0 is returned."
//@ arg(model): objs(annotest_svm_model)
//@ check(annotest_check_svm_check_probability_model)
int svm_check_probability_model(const struct svm_model *model);

/* ==== prediction (README, svm_predict*) ====================================================== */
/* A test vector may have indices past the training features (README's svm-predict reads any
 * sparse vector); here up to ANNOTEST_SVM_MAX_FEATURES + 4, values in the scaled range. */

// README: "For a classification model, the predicted class for x is returned. For a regression
// model, the function value of x calculated using the model is returned. For an one-class
// model, +1 or -1 is returned."
//@ arg(model): objs(annotest_svm_model)
//@ arg(x): sparse(dtype=svm_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ check(annotest_check_svm_predict)
//@ cc_example(model=annotest_svm_model(prob=annotest_svm_problem(l=2, features=1, cells=[[1, 1], [2, -1]], labels=[1, 2]),
//@   param=svm_parameter(svm_type=C_SVC, kernel_type=LINEAR, cache_size=100, eps=0.001, C=1)), x=[[1, 0.5]])
double svm_predict(const struct svm_model *model, const struct svm_node *x);

// README: nr_class (nr_class - 1) / 2 decision values for classification, one for regression
// and one-class; "when nr_class = 1, this function does not give any decision value"; the
// return value is what svm_predict returns. Room for the most a model here has.
//@ arg(model): objs(annotest_svm_model)
//@ arg(x): sparse(dtype=svm_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ arg(dec_values): outs(count=ANNOTEST_SVM_MAX_CLASSES * (ANNOTEST_SVM_MAX_CLASSES - 1) / 2)
//@ check(annotest_check_svm_predict_values)
double svm_predict_values(const struct svm_model *model, const struct svm_node *x, double* dec_values);

// README: "gives nr_class probability estimates in the array prob_estimates ... The class with
// the highest probability is returned. For regression/one-class SVM, the array prob_estimates
// is unchanged and the returned value is the same as that of svm_predict"; the model has
// probability information (svm_check_probability_model "should be called before calling ...
// svm_predict_probability").
//@ arg(model): objs(annotest_svm_probability_model)
//@ arg(x): sparse(dtype=svm_node_t, index=index, value=value, max_len=16, max_index=16, values=floats(min=-1, max=1))
//@ arg(prob_estimates): outs(count=ANNOTEST_SVM_MAX_CLASSES)
//@ check(annotest_check_svm_predict_probability)
double svm_predict_probability(const struct svm_model *model, const struct svm_node *x, double* prob_estimates);
#endif
