/* The XGBoost target's harness types, the helpers its annotations call and its oracles (@check
 * functions of annotations/xgboost.h). A @check gets the context, the result, the arguments
 * after the call and the same arguments built afresh (as they were before the call). */
#ifndef ANNOTEST_XGBOOST_ORACLES_H
#define ANNOTEST_XGBOOST_ORACLES_H
#include <stddef.h>
#include <xgboost/c_api.h>
#include "annotest_runtime.h"

/* The training parameters of one booster (a dict of annotations/xgboost.h; XGBoost 1.7
 * doc/parameter.rst gives each range there). */
typedef struct {
  const char *objective, *tree_method, *grow_policy;
  double eta, gamma, min_child_weight, max_delta_step, subsample, colsample_bytree, colsample_bylevel,
      colsample_bynode, lambda, alpha;
  long long max_depth, max_bin, num_class, seed;
} annotest_xgb_params_t;

/* XGBoosterSaveModelToBuffer's configurations (header: "format": json, ubj, deprecated). */
#define ANNOTEST_XGB_JSON "{\"format\": \"json\"}"
#define ANNOTEST_XGB_UBJ "{\"format\": \"ubj\"}"
#define ANNOTEST_XGB_DEPRECATED "{\"format\": \"deprecated\"}"

/* A file or buffer a generator made (a saved model, a libsvm file): what the generator hands
 * out is text, the path (a file) or bytes (a buffer), which the oracles trace back to this
 * record (annotest_xgb_saved_of) to find the booster the model was saved from. */
typedef struct {
  BoosterHandle source; /* NULL for a data file */
  int format;           /* 0 JSON, 1 UBJSON, 2 deprecated binary */
  long long nrow, ncol; /* a libsvm file's shape, its pattern's seed and its labels */
  long seed;
  float *labels;
  size_t len;           /* bytes (a buffer) */
  int mutant;           /* a JSON file changed in one field (annotest_model_mutants.h) */
  char change[160];     /* that change, "learner...split_conditions[2] 1E0 -> NaN" */
  char text[];          /* the path, or the buffer's bytes */
} annotest_xgb_saved_t;
annotest_xgb_saved_t *annotest_xgb_saved_of(const void *text);
void annotest_xgb_saved_free(char *text);
bst_ulong annotest_xgb_model_len(const void *buf);
/* 1 when XGBoosterLoadModel may refuse the file (a mutant; c_api.h: "0 when success, -1 when
 * failure happens"), for its @ensure. */
int annotest_xgb_refusable(const char *fname);
/* Known finding colmaker-no-present-value: the exact tree method on a training matrix without
 * any present value (for params and train, or a generated booster). */
int annotest_xgb_exact_without_values(const annotest_xgb_params_t *params, DMatrixHandle train);
int annotest_xgb_booster_exact_without_values(BoosterHandle b);
void annotest_xgb_dmatrix_array_free(DMatrixHandle *dmats);
void annotest_xgb_booster_free(BoosterHandle b);
/* The element count of a sparse pattern: ptr[lines]. */
size_t annotest_xgb_pattern_nelem(const size_t *ptr, size_t lines);
/* Whether the pattern of annotest_xgb_pattern_ptr has entry (i, j). */
int annotest_xgb_pattern_has(long seed, size_t i, size_t j);

/* ---- xgboost_params.c: the documented parameters, one key at a time --------------------- */
#define ANNOTEST_XGB_KEYS 16
/* Name of parameter key (0 .. ANNOTEST_XGB_KEYS-1) and its value in params, as XGBoost reads it. */
const char *annotest_xgb_param_name(long long key);
char *annotest_xgb_param_text(int key, const annotest_xgb_params_t *params);
/* Labels valid for the objective (doc/parameter.rst, "Learning Task Parameters"), from u in [0, 1]. */
float annotest_xgb_label(const char *objective, long long num_class, float u);
/* 1 for multi:softmax and multi:softprob, which need num_class. */
int annotest_xgb_is_multiclass(const char *objective);
/* max_depth 0 (no limit) is documented for every tree method but exact. */
int annotest_xgb_depth_allowed(const annotest_xgb_params_t *params);
/* The same for a booster's parameters after XGBoosterSetParam(name, value) (max_depth 0 on an
 * exact booster, or tree_method exact with max_depth 0); 1 for a handle of no known booster. */
int annotest_xgb_setting_allowed(BoosterHandle handle, const char *name, const char *value);
/* Whether annotest_xgb_attributed_booster(nattr) set key ("attr<k>" for k < nattr). */
int annotest_xgb_attr_exists(const char *key, long long nattr);
/* Applies every parameter of params to a booster (XGBoosterSetParam); 0 or -1. */
int annotest_xgb_apply_params(BoosterHandle b, const annotest_xgb_params_t *params);

/* ---- xgboost_objects.c: generators' bookkeeping ----------------------------------------- */
/* What the harness knows of a booster it made: its training matrix, its parameters, its shape. */
typedef struct {
  BoosterHandle booster;
  DMatrixHandle train;
  annotest_xgb_params_t params;
  long long nrow, ncol, rounds;
  float *u; /* the training matrix's labels as generated (in [0, 1]), before the objective's mapping */
} annotest_xgb_booster_info;
const annotest_xgb_booster_info *annotest_xgb_info(BoosterHandle b);
/* The matrix a generated booster was trained on (NULL when the harness did not make it). */
DMatrixHandle annotest_xgb_training_matrix(BoosterHandle b);
/* Relabels a generated booster's training matrix for params' objective (annotest_xgb_label of
 * its generated labels); 0 or -1. */
int annotest_xgb_relabel(const annotest_xgb_booster_info *info, const annotest_xgb_params_t *params);
/* A generator whose XGBoost call failed on its valid input: "<generator>: <call>: <error>",
 * or NULL; the harness reports it after the input (then clears it). */
const char *annotest_xgb_generator_failure(const char **generator);
void annotest_xgb_generator_failure_clear(void);
/* Lowest admitted element of XGDMatrixSetFloatInfo's field (weights are not negative). */
double annotest_xgb_info_min(const char *field);
/* Known finding iteration-begin-refused: a configuration of annotest_xgb_predict_config asking
 * for contributions, interactions or leaves (types 2 to 6) from an iteration after 0. */
int annotest_xgb_explanation_from_later_iteration(const char *config);
/* Known finding dmlc-stof-tiny-parameter: a real training parameter of the booster in
 * (0, 1e-37), whose text dmlc::stof reads inexactly (FLT_MIN becomes a subnormal). */
int annotest_xgb_booster_has_tiny_parameter(BoosterHandle b);
/* The same finding through a saved model: booster b's objective parameters (saved as text in
 * the model) include one in (0, 1e-37); the second form for a saved model. */
int annotest_xgb_objective_has_tiny_parameter(BoosterHandle b);
int annotest_xgb_saved_has_tiny_parameter(const void *text);
/* Known finding deprecated-poisson-step-lost: booster b saved in format (2: the deprecated
 * binary format) as count:poisson with a max_delta_step other than the default 0.7; the
 * second form for a saved model (a path or buffer a generator made). */
int annotest_xgb_poisson_step_lost(BoosterHandle b, int format);
int annotest_xgb_saved_poisson_step_lost(const void *text);
/* The format (0 JSON, 1 UBJSON, 2 deprecated binary) a buffer configuration names. */
int annotest_xgb_config_format(const char *config);
/* Says whether a non-zero return on an annotated-valid input is XGBoost's or the annotation's;
 * names XGBGetLastError's message. */
const char *annotest_xgb_blame(long long status);

/* ---- xgboost_oracles.c: DMatrix and model I/O ------------------------------------------- */
void annotest_check_dmatrix_from_mat(at_ctx *ctx, int ret, const float *data, bst_ulong nrow, bst_ulong ncol,
                                     float missing, DMatrixHandle *out, const float *data0, bst_ulong nrow0,
                                     bst_ulong ncol0, float missing0, DMatrixHandle *out0);
void annotest_check_dmatrix_from_csr(at_ctx *ctx, int ret, const size_t *indptr, const unsigned *indices,
                                     const float *data, size_t nindptr, size_t nelem, size_t num_col,
                                     DMatrixHandle *out, const size_t *indptr0, const unsigned *indices0,
                                     const float *data0, size_t nindptr0, size_t nelem0, size_t num_col0,
                                     DMatrixHandle *out0);
void annotest_check_dmatrix_from_csc(at_ctx *ctx, int ret, const size_t *col_ptr, const unsigned *indices,
                                     const float *data, size_t nindptr, size_t nelem, size_t num_row,
                                     DMatrixHandle *out, const size_t *col_ptr0, const unsigned *indices0,
                                     const float *data0, size_t nindptr0, size_t nelem0, size_t num_row0,
                                     DMatrixHandle *out0);
void annotest_check_dmatrix_from_file(at_ctx *ctx, int ret, const char *fname, int silent, DMatrixHandle *out,
                                      const char *fname0, int silent0, DMatrixHandle *out0);
void annotest_check_set_float_info(at_ctx *ctx, int ret, DMatrixHandle handle, const char *field, const float *array,
                                   bst_ulong len, DMatrixHandle handle0, const char *field0, const float *array0,
                                   bst_ulong len0);
void annotest_check_slice_dmatrix(at_ctx *ctx, int ret, DMatrixHandle handle, const int *idxset, bst_ulong len,
                                  DMatrixHandle *out, DMatrixHandle handle0, const int *idxset0, bst_ulong len0,
                                  DMatrixHandle *out0);
void annotest_check_booster_create(at_ctx *ctx, int ret, const DMatrixHandle *dmats, bst_ulong len, BoosterHandle *out,
                                   const DMatrixHandle *dmats0, bst_ulong len0, BoosterHandle *out0);
void annotest_check_set_param(at_ctx *ctx, int ret, BoosterHandle handle, const char *name, const char *value,
                              BoosterHandle handle0, const char *name0, const char *value0);
void annotest_check_update_one_iter(at_ctx *ctx, int ret, BoosterHandle handle, int iter, DMatrixHandle dtrain,
                                    BoosterHandle handle0, int iter0, DMatrixHandle dtrain0);
void annotest_check_save_model(at_ctx *ctx, int ret, BoosterHandle handle, const char *fname, BoosterHandle handle0,
                               const char *fname0);
/* The XGBoost 1.7.4 JSON loader bugs a mutant reaches (known findings, known_findings.tsv),
 * judged from the field the mutant changed: a child, parent or split feature index (any
 * change: the loader takes them unchecked, predictions then read outside the node array or the
 * feature vector); another per-node array made
 * one element shorter or longer, or num_nodes or num_deleted changed (lengths unchecked against
 * num_nodes); the trees, their ids, tree_info, num_trees or num_parallel_tree (counts and ids
 * unchecked against each other); a size (num_feature, num_target, num_class,
 * size_leaf_vector) of 2^20 or more (allocated unchecked); a split_type changed (a categorical
 * split without categories), a learner num_feature of 0, or a base_score outside (0, 1) under a
 * logistic loss: the model loads, but XGBoost refuses to save it. 0 for no mutant. */
int annotest_xgb_mutant_breaks_tree_indices(const char *fname);
int annotest_xgb_mutant_breaks_node_arrays(const char *fname);
int annotest_xgb_mutant_breaks_tree_count(const char *fname);
int annotest_xgb_mutant_allocates_count(const char *fname);
int annotest_xgb_mutant_unsaveable(const char *fname);
/* Known finding json-base-score-unparsed: the mutant's base_score is not a finite float (1e+308
 * reads as infinity, which XGBoost saves as "Infinity" and reads back as the default 0.5). */
int annotest_xgb_mutant_nonfinite_base_score(const char *fname);
/* A mutant's change as a report names it ("" for a file saved unchanged). */
const char *annotest_xgb_change(const char *fname);
void annotest_check_load_model(at_ctx *ctx, int ret, BoosterHandle handle, const char *fname, BoosterHandle handle0,
                               const char *fname0);
void annotest_check_save_to_buffer(at_ctx *ctx, int ret, BoosterHandle handle, const char *config, bst_ulong *out_len,
                                   const char **out_dptr, BoosterHandle handle0, const char *config0,
                                   bst_ulong *out_len0, const char **out_dptr0);
void annotest_check_load_from_buffer(at_ctx *ctx, int ret, BoosterHandle handle, const void *buf, bst_ulong len,
                                     BoosterHandle handle0, const void *buf0, bst_ulong len0);
void annotest_check_booster_slice(at_ctx *ctx, int ret, BoosterHandle handle, int begin_layer, int end_layer, int step,
                                  BoosterHandle *out, BoosterHandle handle0, int begin_layer0, int end_layer0,
                                  int step0, BoosterHandle *out0);
void annotest_check_set_attr(at_ctx *ctx, int ret, BoosterHandle handle, const char *key, const char *value,
                             BoosterHandle handle0, const char *key0, const char *value0);

/* ---- xgboost_predict_oracles.c: predictions --------------------------------------------- */
void annotest_check_predict(at_ctx *ctx, int ret, BoosterHandle handle, DMatrixHandle dmat, int option_mask,
                            unsigned ntree_limit, int training, bst_ulong *out_len, const float **out_result,
                            BoosterHandle handle0, DMatrixHandle dmat0, int option_mask0, unsigned ntree_limit0,
                            int training0, bst_ulong *out_len0, const float **out_result0);
void annotest_check_predict_from_dmatrix(at_ctx *ctx, int ret, BoosterHandle handle, DMatrixHandle dmat,
                                         const char *config, const bst_ulong **out_shape, bst_ulong *out_dim,
                                         const float **out_result, BoosterHandle handle0, DMatrixHandle dmat0,
                                         const char *config0, const bst_ulong **out_shape0, bst_ulong *out_dim0,
                                         const float **out_result0);
/* Used by the model oracles: 1 when b and c predict bit for bit the same margins on m. */
int annotest_xgb_same_predictions(at_ctx *ctx, BoosterHandle b, BoosterHandle c, DMatrixHandle m, const char *what);
#endif
