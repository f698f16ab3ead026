/* The LIBLINEAR target's generators, helpers and oracles (annotations/liblinear.h):
 * declarations. A @check gets the context, the result, the arguments after the call and the
 * same arguments built afresh (as they were before the call). */
#ifndef ANNOTEST_LIBLINEAR_ORACLES_H
#define ANNOTEST_LIBLINEAR_ORACLES_H
#include <linear.h>
#include "annotest_model_files.h"
#include "annotest_provenance.h"
#include "annotest_runtime.h"

/* The annotation language names a node type with one identifier. */
typedef struct feature_node feature_node_t;

/* What the generators make at most: rows, feature columns, distinct labels (-2 .. 3). */
#define ANNOTEST_LINEAR_MAX_ROWS 40
#define ANNOTEST_LINEAR_MAX_FEATURES 12
#define ANNOTEST_LINEAR_MAX_CLASSES 6

/* liblinear_objects.c: the generators and their helpers. */
void annotest_linear_problem_free(struct problem *prob);
void annotest_linear_model_free(struct model *model);
/* The problem a model here was trained on (NULL for a model loaded from a file). */
const struct problem *annotest_linear_problem_of(const struct model *model);
/* The grammar save_model writes and load_model reads (for the mutants, edit = 2). */
extern const annotest_text_grammar annotest_linear_grammar;
/* How the library saves, loads and frees a model (for the model-file oracles and generators). */
extern const annotest_model_io annotest_linear_io;
/* The LIBLINEAR 2.3 bugs a grammatical mutant (edit = 2) reaches, judged from the file as
 * load_model reads it (known findings, harnesses/annotest/known_findings.tsv): a model without
 * a label line, holding the weights load_model reads, that predict_values treats as a
 * classifier (not a regression solver with nr_class 2); nr_feature (+1 with a bias) or its
 * product with the weights per feature overflowing int, or the label or w array load_model
 * allocates from the header passing 1 GB; a label line given twice (the first array leaks);
 * fewer weights than the header calls for (refused, leaking w). 0 for a file that is no mutant. */
int annotest_linear_mutant_lacks_labels(const char *model_file_name);
int annotest_linear_mutant_overflows(const char *model_file_name);
int annotest_linear_mutant_repeats_label(const char *model_file_name);
int annotest_linear_mutant_lacks_weights(const char *model_file_name);
/* 1 when every target of prob is 0 (then find_parameters' largest p, max |y|, is 0). */
int annotest_linear_targets_all_zero(const struct problem *prob);
/* Says whose bug a documented error on an annotated-valid input probably is. */
const char *annotest_linear_blame(long long status);

/* liblinear_oracles.c */
void annotest_check_linear_train(at_ctx *ctx, struct model *ret, const struct problem *prob,
                                 const struct parameter *param, const struct problem *prob0,
                                 const struct parameter *param0);
void annotest_check_linear_cross_validation(at_ctx *ctx, const struct problem *prob, const struct parameter *param,
                                            int nr_fold, double *target, const struct problem *prob0,
                                            const struct parameter *param0, int nr_fold0, double *target0);
void annotest_check_linear_find_parameters(at_ctx *ctx, const struct problem *prob, const struct parameter *param,
                                           int nr_fold, double start_C, double start_p, double *best_C,
                                           double *best_p, double *best_score, const struct problem *prob0,
                                           const struct parameter *param0, int nr_fold0, double start_C0,
                                           double start_p0, double *best_C0, double *best_p0, double *best_score0);
void annotest_check_linear_save_model(at_ctx *ctx, int ret, const char *model_file_name, const struct model *model_,
                                      const char *model_file_name0, const struct model *model_0);
void annotest_check_linear_load_model(at_ctx *ctx, struct model *ret, const char *model_file_name,
                                      const char *model_file_name0);
void annotest_check_linear_get_nr_feature(at_ctx *ctx, int ret, const struct model *model_, const struct model *model_0);
void annotest_check_linear_get_nr_class(at_ctx *ctx, int ret, const struct model *model_, const struct model *model_0);
void annotest_check_linear_get_labels(at_ctx *ctx, const struct model *model_, int *label, const struct model *model_0,
                                      int *label0);
void annotest_check_linear_get_decfun_coef(at_ctx *ctx, double ret, const struct model *model_, int feat_idx,
                                           int label_idx, const struct model *model_0, int feat_idx0, int label_idx0);
void annotest_check_linear_get_decfun_bias(at_ctx *ctx, double ret, const struct model *model_, int label_idx,
                                           const struct model *model_0, int label_idx0);
void annotest_check_linear_check_probability_model(at_ctx *ctx, int ret, const struct model *model,
                                                   const struct model *model0);
void annotest_check_linear_check_regression_model(at_ctx *ctx, int ret, const struct model *model,
                                                  const struct model *model0);
void annotest_check_linear_predict(at_ctx *ctx, double ret, const struct model *model_, const struct feature_node *x,
                                   const struct model *model_0, const struct feature_node *x0);
void annotest_check_linear_predict_values(at_ctx *ctx, double ret, const struct model *model_,
                                          const struct feature_node *x, double *dec_values,
                                          const struct model *model_0, const struct feature_node *x0,
                                          double *dec_values0);
void annotest_check_linear_predict_probability(at_ctx *ctx, double ret, const struct model *model_,
                                               const struct feature_node *x, double *prob_estimates,
                                               const struct model *model_0, const struct feature_node *x0,
                                               double *prob_estimates0);
#endif
