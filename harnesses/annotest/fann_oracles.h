/* The FANN target's generators, helpers and oracles (annotations/fann.h): declarations. A
 * @check gets the context, the result, the arguments after the call and the same arguments
 * built afresh (as they were before the call). Included after fann_flavour.h, so every FANN name
 * here is the float build's. */
#ifndef ANNOTEST_FANN_ORACLES_H
#define ANNOTEST_FANN_ORACLES_H
#include <math.h>
#include "annotest_model_files.h"
#include "annotest_runtime.h"

/* fann_save_train (fann_train_data.c, fann_save_train_internal_fd) computes
 * (int)floor(x + 0.5) * 1000000 and (int)floor(x * 1000000.0 + 0.5) for every value x: both stay
 * inside int only while |x| * 1e6 + 0.5 < 2^31, i.e. |x| < 2147.4836475. */
#define ANNOTEST_FANN_SAVE_INT_LIMIT 2147.4836

/* fann_objects.c: the generators and their helpers. */
void annotest_fann_net_free(struct fann *ann);
void annotest_fann_data_free(struct fann_train_data *data);
/* 1 when none of functions[0 .. count) is FANN_GAUSSIAN_STEPWISE ("NOT implemented yet",
 * fann_data.h). */
int annotest_fann_implemented(const enum fann_activationfunc_enum *functions, unsigned int count);
/* The largest magnitude of the data's inputs and outputs. */
double annotest_fann_max_abs(const struct fann_train_data *data);
/* 1 when fann_save_train would print some value of data (of magnitude below
 * ANNOTEST_FANN_SAVE_INT_LIMIT) as an integer other than its nearest: its test (int)floor(x +
 * 0.5) * 1000000 == (int)floor(x * 1000000.0 + 0.5) holds and it prints (int)x, which truncates
 * (known finding save-train-truncates). */
int annotest_fann_save_truncates(const struct fann_train_data *data);
/* 1 when fann_set_*scaling_params would store a standard deviation of 0 for some input
 * (which 1), output (which 2) or either (which 3) column of data (computed as
 * fann_train_data.c's SCALE_SET_PARAM does, in float): a constant column, or one whose squared
 * deviations underflow (known finding scale-constant-column). */
int annotest_fann_constant_column(const struct fann_train_data *data, int which);
/* 1 when fann_scale_data's factor (new_max - new_min) / (old_max - old_min), in float, is not
 * finite for the inputs (which 1), the outputs (which 2) or either (which 3) of data: all
 * values equal (old span 0) or an old span so small that the quotient overflows; the library
 * then computes 0 * inf = NaN (known finding scale-constant-data). */
int annotest_fann_scale_overflows(const struct fann_train_data *data, int which, float new_min, float new_max);
/* Says whose bug a documented error on an annotated-valid input probably is. */
const char *annotest_fann_blame(long long status);

/* fann_oracles.c (training data) */
void annotest_check_fann_read_train_from_file(at_ctx *ctx, struct fann_train_data *ret, const char *filename,
                                              const char *filename0);
void annotest_check_fann_create_train(at_ctx *ctx, struct fann_train_data *ret, unsigned int num_data,
                                      unsigned int num_input, unsigned int num_output, unsigned int num_data0,
                                      unsigned int num_input0, unsigned int num_output0);
void annotest_check_fann_duplicate_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data,
                                              struct fann_train_data *data0);
void annotest_check_fann_merge_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data1,
                                          struct fann_train_data *data2, struct fann_train_data *data10,
                                          struct fann_train_data *data20);
void annotest_check_fann_subset_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data,
                                           unsigned int pos, unsigned int length, struct fann_train_data *data0,
                                           unsigned int pos0, unsigned int length0);
void annotest_check_fann_shuffle_train_data(at_ctx *ctx, struct fann_train_data *data, struct fann_train_data *data0);
void annotest_check_fann_length_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                           struct fann_train_data *data0);
void annotest_check_fann_num_input_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                              struct fann_train_data *data0);
void annotest_check_fann_num_output_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                               struct fann_train_data *data0);
void annotest_check_fann_save_train(at_ctx *ctx, int ret, struct fann_train_data *data, const char *filename,
                                    struct fann_train_data *data0, const char *filename0);
void annotest_check_fann_save_train_to_fixed(at_ctx *ctx, int ret, struct fann_train_data *data, const char *filename,
                                             unsigned int decimal_point, struct fann_train_data *data0,
                                             const char *filename0, unsigned int decimal_point0);
void annotest_check_fann_scale_input_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                                fann_type new_max, struct fann_train_data *data0, fann_type new_min0,
                                                fann_type new_max0);
void annotest_check_fann_scale_output_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                                 fann_type new_max, struct fann_train_data *data0,
                                                 fann_type new_min0, fann_type new_max0);
void annotest_check_fann_scale_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                          fann_type new_max, struct fann_train_data *data0, fann_type new_min0,
                                          fann_type new_max0);

/* fann_scaling_oracles.c (scaling parameters) */
void annotest_check_fann_set_input_scaling_params(at_ctx *ctx, int ret, struct fann *ann,
                                                  const struct fann_train_data *data, float new_input_min,
                                                  float new_input_max, struct fann *ann0,
                                                  const struct fann_train_data *data0, float new_input_min0,
                                                  float new_input_max0);
void annotest_check_fann_set_output_scaling_params(at_ctx *ctx, int ret, struct fann *ann,
                                                   const struct fann_train_data *data, float new_output_min,
                                                   float new_output_max, struct fann *ann0,
                                                   const struct fann_train_data *data0, float new_output_min0,
                                                   float new_output_max0);
void annotest_check_fann_set_scaling_params(at_ctx *ctx, int ret, struct fann *ann, const struct fann_train_data *data,
                                            float new_input_min, float new_input_max, float new_output_min,
                                            float new_output_max, struct fann *ann0,
                                            const struct fann_train_data *data0, float new_input_min0,
                                            float new_input_max0, float new_output_min0, float new_output_max0);
void annotest_check_fann_clear_scaling_params(at_ctx *ctx, int ret, struct fann *ann, struct fann *ann0);
void annotest_check_fann_scale_input(at_ctx *ctx, struct fann *ann, fann_type *input_vector, struct fann *ann0,
                                     fann_type *input_vector0);
void annotest_check_fann_scale_output(at_ctx *ctx, struct fann *ann, fann_type *output_vector, struct fann *ann0,
                                      fann_type *output_vector0);
void annotest_check_fann_descale_input(at_ctx *ctx, struct fann *ann, fann_type *input_vector, struct fann *ann0,
                                       fann_type *input_vector0);
void annotest_check_fann_descale_output(at_ctx *ctx, struct fann *ann, fann_type *output_vector, struct fann *ann0,
                                        fann_type *output_vector0);
void annotest_check_fann_scale_train(at_ctx *ctx, struct fann *ann, struct fann_train_data *data, struct fann *ann0,
                                     struct fann_train_data *data0);
void annotest_check_fann_descale_train(at_ctx *ctx, struct fann *ann, struct fann_train_data *data, struct fann *ann0,
                                       struct fann_train_data *data0);

/* fann_train_oracles.c (training, cascade and its parameters) */
void annotest_check_fann_train_on_data(at_ctx *ctx, struct fann *ann, struct fann_train_data *data,
                                       unsigned int max_epochs, unsigned int epochs_between_reports,
                                       float desired_error, struct fann *ann0, struct fann_train_data *data0,
                                       unsigned int max_epochs0, unsigned int epochs_between_reports0,
                                       float desired_error0);
void annotest_check_fann_train_epoch(at_ctx *ctx, float ret, struct fann *ann, struct fann_train_data *data,
                                     struct fann *ann0, struct fann_train_data *data0);
void annotest_check_fann_test_data(at_ctx *ctx, float ret, struct fann *ann, struct fann_train_data *data,
                                   struct fann *ann0, struct fann_train_data *data0);
void annotest_check_fann_cascadetrain_on_data(at_ctx *ctx, struct fann *ann, struct fann_train_data *data,
                                              unsigned int max_neurons, unsigned int neurons_between_reports,
                                              float desired_error, struct fann *ann0, struct fann_train_data *data0,
                                              unsigned int max_neurons0, unsigned int neurons_between_reports0,
                                              float desired_error0);
void annotest_check_fann_set_cascade_activation_functions(at_ctx *ctx, struct fann *ann,
                                                          enum fann_activationfunc_enum *functions, unsigned int count,
                                                          struct fann *ann0, enum fann_activationfunc_enum *functions0,
                                                          unsigned int count0);
void annotest_check_fann_set_cascade_activation_steepnesses(at_ctx *ctx, struct fann *ann, fann_type *steepnesses,
                                                            unsigned int count, struct fann *ann0,
                                                            fann_type *steepnesses0, unsigned int count0);
void annotest_check_fann_set_cascade_num_candidate_groups(at_ctx *ctx, struct fann *ann, unsigned int groups,
                                                          struct fann *ann0, unsigned int groups0);
void annotest_check_fann_set_cascade_candidate_limit(at_ctx *ctx, struct fann *ann, fann_type limit,
                                                     struct fann *ann0, fann_type limit0);
void annotest_check_fann_set_cascade_max_out_epochs(at_ctx *ctx, struct fann *ann, unsigned int epochs,
                                                    struct fann *ann0, unsigned int epochs0);
void annotest_check_fann_set_cascade_max_cand_epochs(at_ctx *ctx, struct fann *ann, unsigned int epochs,
                                                     struct fann *ann0, unsigned int epochs0);
#endif
