/* The LIBSVM target's generators, helpers and oracles (annotations/libsvm.h): declarations.
 * A @check gets the context, the result, the arguments after the call and the same arguments
 * built afresh (as they were before the call). */
#ifndef ANNOTEST_LIBSVM_ORACLES_H
#define ANNOTEST_LIBSVM_ORACLES_H
#include <libsvm/svm.h>
#include "annotest_model_files.h"
#include "annotest_provenance.h"
#include "annotest_runtime.h"

/* The annotation language names a node type with one identifier. */
typedef struct svm_node svm_node_t;

/* What the generators make at most: rows, feature columns, distinct labels (-2 .. 3). */
#define ANNOTEST_SVM_MAX_ROWS 40
#define ANNOTEST_SVM_MAX_FEATURES 12
#define ANNOTEST_SVM_MAX_CLASSES 6

/* libsvm_objects.c: the generators and their helpers. */
void annotest_svm_problem_free(struct svm_problem *prob);
void annotest_svm_model_free(struct svm_model *model);
/* The problem a model here was trained on (NULL for a model loaded from a file). */
const struct svm_problem *annotest_svm_problem_of(const struct svm_model *model);
/* The two rules of svm_check_parameter that depend on the problem hold: nu-SVC's nu is
 * feasible for every pair of classes, and a one-class SVM does not ask for probabilities. */
int annotest_svm_parameter_feasible(const struct svm_problem *prob, const struct svm_parameter *param);
/* 1 for nu-SVR when C nu k / 2, as svm.cpp's solve_nu_svr computes it, is 0 for a training
 * set of some k <= prob->l rows (known finding nu-svr-underflow). */
int annotest_svm_nu_svr_underflows(const struct svm_problem *prob, const struct svm_parameter *param);
/* 1 when svm_cross_validation(prob, param, nr_fold) makes a fold of every row (known finding
 * cv-empty-training-fold), computed as svm.cpp splits: nr_fold lowered to l when above it;
 * classification with nr_fold < l stratified, fold i taking (i+1) n_c / nr_fold - i n_c /
 * nr_fold rows of each class c; otherwise fold i holding (i+1) l / nr_fold - i l / nr_fold. */
int annotest_svm_cv_empty_fold(const struct svm_problem *prob, const struct svm_parameter *param, int nr_fold);
/* The grammar svm_save_model writes and svm_load_model reads (for the mutants, edit = 2). */
extern const annotest_text_grammar annotest_svm_grammar;
/* How the library saves, loads and frees a model (for the model-file oracles and generators). */
extern const annotest_model_io annotest_svm_io;
/* The LIBSVM 3.24 loader bugs a grammatical mutant (edit = 2) reaches, judged from the file as
 * svm_load_model reads it (known findings, harnesses/annotest/known_findings.tsv): counts whose
 * arithmetic overflows int (nr_class above 46341, total_sv plus the nodes, the sum of nr_sv);
 * total_sv above the SV lines there are, with at least two coefficients a line (nr_class >= 3:
 * with one, the loader silently re-reads the last line instead) or with no SV line at all (the
 * line buffer was never written); an array line (rho, label, probA, probB, nr_sv) given twice
 * (the first array leaks); a classification model without its label or nr_sv
 * line; nr_sv summing to more than total_sv (classification); a one-class or regression model
 * with nr_class below 2 (no row of coefficients, which its prediction reads); a PRECOMPUTED
 * kernel over SV lines that do not begin with "0:serial". 0 for a file that is no mutant. */
int annotest_svm_mutant_overflows(const char *model_file_name);
int annotest_svm_mutant_lacks_sv_lines(const char *model_file_name);
int annotest_svm_mutant_repeats_array_line(const char *model_file_name);
int annotest_svm_mutant_lacks_class_arrays(const char *model_file_name);
int annotest_svm_mutant_overcounts_sv(const char *model_file_name);
int annotest_svm_mutant_lacks_coefficient_row(const char *model_file_name);
int annotest_svm_mutant_precomputed_without_serials(const char *model_file_name);
/* Says whose bug a documented error on an annotated-valid input probably is. */
const char *annotest_svm_blame(long long status);

/* libsvm_oracles.c */
void annotest_check_svm_train(at_ctx *ctx, struct svm_model *ret, const struct svm_problem *prob,
                              const struct svm_parameter *param, const struct svm_problem *prob0,
                              const struct svm_parameter *param0);
void annotest_check_svm_cross_validation(at_ctx *ctx, const struct svm_problem *prob, const struct svm_parameter *param,
                                         int nr_fold, double *target, const struct svm_problem *prob0,
                                         const struct svm_parameter *param0, int nr_fold0, double *target0);
void annotest_check_svm_save_model(at_ctx *ctx, int ret, const char *model_file_name, const struct svm_model *model,
                                   const char *model_file_name0, const struct svm_model *model0);
void annotest_check_svm_load_model(at_ctx *ctx, struct svm_model *ret, const char *model_file_name,
                                   const char *model_file_name0);
void annotest_check_svm_get_svm_type(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0);
void annotest_check_svm_get_nr_class(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0);
void annotest_check_svm_get_labels(at_ctx *ctx, const struct svm_model *model, int *label, const struct svm_model *model0,
                                   int *label0);
void annotest_check_svm_get_sv_indices(at_ctx *ctx, const struct svm_model *model, int *sv_indices,
                                       const struct svm_model *model0, int *sv_indices0);
void annotest_check_svm_get_nr_sv(at_ctx *ctx, int ret, const struct svm_model *model, const struct svm_model *model0);
void annotest_check_svm_get_svr_probability(at_ctx *ctx, double ret, const struct svm_model *model,
                                            const struct svm_model *model0);
void annotest_check_svm_check_probability_model(at_ctx *ctx, int ret, const struct svm_model *model,
                                                const struct svm_model *model0);
void annotest_check_svm_predict(at_ctx *ctx, double ret, const struct svm_model *model, const struct svm_node *x,
                                const struct svm_model *model0, const struct svm_node *x0);
void annotest_check_svm_predict_values(at_ctx *ctx, double ret, const struct svm_model *model, const struct svm_node *x,
                                       double *dec_values, const struct svm_model *model0, const struct svm_node *x0,
                                       double *dec_values0);
void annotest_check_svm_predict_probability(at_ctx *ctx, double ret, const struct svm_model *model,
                                            const struct svm_node *x, double *prob_estimates,
                                            const struct svm_model *model0, const struct svm_node *x0,
                                            double *prob_estimates0);
#endif
