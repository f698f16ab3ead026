/* aN annotations of FANN 2.2.0 (Debian fann 2.2.0+ds-8; the target links the float build of the
 * room harnesses/libraries/fann/, Debian's source with ASan, UBSan and coverage; grammar:
 * ../ANNOTATIONS.md). Each annotated declaration is a copy of the one libfann-dev's headers
 * (fann.h, fann_train.h, fann_cascade.h) install, without the FANN_EXTERNAL and FANN_API
 * markers (empty on Linux, fann.h). The room renames the float build's symbols (float_fann_run:
 * harnesses/libraries/fann/recipe.sh), so this header includes fann_flavour.h with FANN_FLAVOUR
 * float, which maps every plain name to the renamed one by a macro: the declaration check then
 * compiles each copy below against floatfann.h's declaration of the same (renamed) symbol, so a
 * copy that differs from the installed header still fails with the function's name, and the
 * glue's calls reach the float build. FANN's documentation is the comments in those headers
 * ("header: fann_train.h, fann_scale_train_data" etc.), cited at each function. FANN 2.2.0
 * declares neither fann_create_train_array nor fann_create_train_pointer_array (they appear in
 * FANN 2.3), so they are not annotated. Buffers of fann_type are annotated as float (floatfann.h:
 * "typedef float fann_type;"), and the candidate activation functions as int (the enum's size),
 * the element types the glue test's checker judges. The generators (objs) and the oracles
 * (@check) are the harness's: fann_objects.c, fann_oracles.c (training data),
 * fann_scaling_oracles.c and fann_train_oracles.c. */
#ifndef ANNOTEST_ANNOTATIONS_FANN_H
#define ANNOTEST_ANNOTATIONS_FANN_H
#ifndef FANN_FLAVOUR
#define FANN_FLAVOUR float
#endif
#include "libraries/fann/fann_flavour.h"
/* fann_flavour.h maps each name by an object-like macro, which would also rename the generated
 * glue's message fields named after the functions (m->fann_save_train): for the annotated
 * functions the mapping is made function-like, so it applies to calls and declarations only. */
#undef fann_read_train_from_file
#define fann_read_train_from_file(...) FANN_FLAVOURED(fann_read_train_from_file)(__VA_ARGS__)
#undef fann_create_train
#define fann_create_train(...) FANN_FLAVOURED(fann_create_train)(__VA_ARGS__)
#undef fann_duplicate_train_data
#define fann_duplicate_train_data(...) FANN_FLAVOURED(fann_duplicate_train_data)(__VA_ARGS__)
#undef fann_merge_train_data
#define fann_merge_train_data(...) FANN_FLAVOURED(fann_merge_train_data)(__VA_ARGS__)
#undef fann_subset_train_data
#define fann_subset_train_data(...) FANN_FLAVOURED(fann_subset_train_data)(__VA_ARGS__)
#undef fann_shuffle_train_data
#define fann_shuffle_train_data(...) FANN_FLAVOURED(fann_shuffle_train_data)(__VA_ARGS__)
#undef fann_length_train_data
#define fann_length_train_data(...) FANN_FLAVOURED(fann_length_train_data)(__VA_ARGS__)
#undef fann_num_input_train_data
#define fann_num_input_train_data(...) FANN_FLAVOURED(fann_num_input_train_data)(__VA_ARGS__)
#undef fann_num_output_train_data
#define fann_num_output_train_data(...) FANN_FLAVOURED(fann_num_output_train_data)(__VA_ARGS__)
#undef fann_save_train
#define fann_save_train(...) FANN_FLAVOURED(fann_save_train)(__VA_ARGS__)
#undef fann_save_train_to_fixed
#define fann_save_train_to_fixed(...) FANN_FLAVOURED(fann_save_train_to_fixed)(__VA_ARGS__)
#undef fann_scale_input_train_data
#define fann_scale_input_train_data(...) FANN_FLAVOURED(fann_scale_input_train_data)(__VA_ARGS__)
#undef fann_scale_output_train_data
#define fann_scale_output_train_data(...) FANN_FLAVOURED(fann_scale_output_train_data)(__VA_ARGS__)
#undef fann_scale_train_data
#define fann_scale_train_data(...) FANN_FLAVOURED(fann_scale_train_data)(__VA_ARGS__)
#undef fann_set_input_scaling_params
#define fann_set_input_scaling_params(...) FANN_FLAVOURED(fann_set_input_scaling_params)(__VA_ARGS__)
#undef fann_set_output_scaling_params
#define fann_set_output_scaling_params(...) FANN_FLAVOURED(fann_set_output_scaling_params)(__VA_ARGS__)
#undef fann_set_scaling_params
#define fann_set_scaling_params(...) FANN_FLAVOURED(fann_set_scaling_params)(__VA_ARGS__)
#undef fann_clear_scaling_params
#define fann_clear_scaling_params(...) FANN_FLAVOURED(fann_clear_scaling_params)(__VA_ARGS__)
#undef fann_scale_input
#define fann_scale_input(...) FANN_FLAVOURED(fann_scale_input)(__VA_ARGS__)
#undef fann_scale_output
#define fann_scale_output(...) FANN_FLAVOURED(fann_scale_output)(__VA_ARGS__)
#undef fann_descale_input
#define fann_descale_input(...) FANN_FLAVOURED(fann_descale_input)(__VA_ARGS__)
#undef fann_descale_output
#define fann_descale_output(...) FANN_FLAVOURED(fann_descale_output)(__VA_ARGS__)
#undef fann_scale_train
#define fann_scale_train(...) FANN_FLAVOURED(fann_scale_train)(__VA_ARGS__)
#undef fann_descale_train
#define fann_descale_train(...) FANN_FLAVOURED(fann_descale_train)(__VA_ARGS__)
#undef fann_train_on_data
#define fann_train_on_data(...) FANN_FLAVOURED(fann_train_on_data)(__VA_ARGS__)
#undef fann_train_epoch
#define fann_train_epoch(...) FANN_FLAVOURED(fann_train_epoch)(__VA_ARGS__)
#undef fann_test_data
#define fann_test_data(...) FANN_FLAVOURED(fann_test_data)(__VA_ARGS__)
#undef fann_cascadetrain_on_data
#define fann_cascadetrain_on_data(...) FANN_FLAVOURED(fann_cascadetrain_on_data)(__VA_ARGS__)
#undef fann_set_cascade_activation_functions
#define fann_set_cascade_activation_functions(...) FANN_FLAVOURED(fann_set_cascade_activation_functions)(__VA_ARGS__)
#undef fann_set_cascade_activation_steepnesses
#define fann_set_cascade_activation_steepnesses(...) FANN_FLAVOURED(fann_set_cascade_activation_steepnesses)(__VA_ARGS__)
#undef fann_set_cascade_num_candidate_groups
#define fann_set_cascade_num_candidate_groups(...) FANN_FLAVOURED(fann_set_cascade_num_candidate_groups)(__VA_ARGS__)
#undef fann_set_cascade_candidate_limit
#define fann_set_cascade_candidate_limit(...) FANN_FLAVOURED(fann_set_cascade_candidate_limit)(__VA_ARGS__)
#undef fann_set_cascade_max_out_epochs
#define fann_set_cascade_max_out_epochs(...) FANN_FLAVOURED(fann_set_cascade_max_out_epochs)(__VA_ARGS__)
#undef fann_set_cascade_max_cand_epochs
#define fann_set_cascade_max_cand_epochs(...) FANN_FLAVOURED(fann_set_cascade_max_cand_epochs)(__VA_ARGS__)
#include <float.h>
#include <math.h>
#include "fann_oracles.h"

/* ==== generators (harness code: networks, training data and files valid by construction) ==== */

// A small network (header fann.h, fann_create_standard_array / fann_create_shortcut_array: "the
// number of neurons in each of the layers, starting with the input layer and ending with the
// output layer"): num_input inputs, hidden_layers layers of hidden neurons, num_output outputs,
// fully connected, or shortcut connected when shortcut is 1. Its hidden and output activation
// functions are any of fann_data.h's list but FANN_THRESHOLD and FANN_THRESHOLD_SYMMETRIC ("Can
// NOT be used during training") and FANN_GAUSSIAN_STEPWISE ("NOT implemented yet"), its training algorithm any of fann_train_enum. Its weights are
// drawn by fann_create_* from rand(), which the generator seeds with seed first (the room
// defines FANN_NO_SEED, so FANN does not reseed: library.mk), so the same call builds the same
// network.
//@ generator(free = annotest_fann_net_free)
//@ arg(shortcut): bools()
//@ arg(num_input): ints(min=1, max=6)
//@ arg(hidden_layers): ints(min=0, max=2)
//@ arg(hidden): ints(min=1, max=6)
//@ arg(num_output): ints(min=1, max=4)
//@ arg(hidden_function): froms([FANN_LINEAR, FANN_SIGMOID, FANN_SIGMOID_STEPWISE, FANN_SIGMOID_SYMMETRIC,
//@   FANN_SIGMOID_SYMMETRIC_STEPWISE, FANN_GAUSSIAN, FANN_GAUSSIAN_SYMMETRIC, FANN_ELLIOT, FANN_ELLIOT_SYMMETRIC,
//@   FANN_LINEAR_PIECE, FANN_LINEAR_PIECE_SYMMETRIC, FANN_SIN_SYMMETRIC, FANN_COS_SYMMETRIC, FANN_SIN, FANN_COS])
//@ arg(output_function): froms([FANN_LINEAR, FANN_SIGMOID, FANN_SIGMOID_STEPWISE, FANN_SIGMOID_SYMMETRIC,
//@   FANN_SIGMOID_SYMMETRIC_STEPWISE, FANN_GAUSSIAN, FANN_GAUSSIAN_SYMMETRIC, FANN_ELLIOT, FANN_ELLIOT_SYMMETRIC,
//@   FANN_LINEAR_PIECE, FANN_LINEAR_PIECE_SYMMETRIC, FANN_SIN_SYMMETRIC, FANN_COS_SYMMETRIC, FANN_SIN, FANN_COS])
//@ arg(algorithm): froms([FANN_TRAIN_INCREMENTAL, FANN_TRAIN_BATCH, FANN_TRAIN_RPROP, FANN_TRAIN_QUICKPROP,
//@   FANN_TRAIN_SARPROP])
//@ arg(seed): ints(min=0, max=2147483647)
struct fann *annotest_fann_net(int shortcut, int num_input, int hidden_layers, int hidden, int num_output,
                               int hidden_function, int output_function, int algorithm, int seed);

// Training data of num_data patterns, num_input inputs and num_output outputs each (header
// fann_train.h, fann_read_train_from_file's format), made by fann_create_train and filled row by
// row. Inputs in [-10^magnitude, 10^magnitude], magnitude 0 .. 4 (a fifth of the data sets reach
// the values fann_save_train overflows on, known finding save-train-int-overflow; an integer,
// as annotest-gen puts a froms variable's index, not its value, into a term), desired outputs in [-1, 1] (the span of the symmetric activation
// functions, fann_data.h); the headers bound neither. At least one pattern: a training set
// without patterns is not what the training functions are for (fann_create_train, annotated
// below, is given 0 too).
//@ generator(free = annotest_fann_data_free)
//@ arg(num_data): ints(min=1, max=24)
//@ arg(num_input): ints(min=1, max=6)
//@ arg(num_output): ints(min=1, max=4)
//@ arg(magnitude): ints(min=0, max=4)
//@ arg(inputs): arrays(dtype=float, shape=[num_data * num_input], elements=floats(min=-pow(10, magnitude), max=pow(10, magnitude)))
//@ arg(outputs): arrays(dtype=float, shape=[num_data * num_output], elements=floats(min=-1, max=1))
struct fann_train_data *annotest_fann_data(int num_data, int num_input, int num_output, int magnitude,
                                           const fann_type *inputs, const fann_type *outputs);

// A copy (fann_copy) of a network of ni inputs and no outputs with scaling parameters computed by
// fann_set_scaling_params from training data of the same shape (header fann_train.h: "desired
// lower bound ... desired upper bound": new_*_min < new_*_max, both in [-1e3, 1e3]). The bounds
// are float parameters: the upper one starts at the float after the lower one (nextafterf), as a
// double just above it would round to the same float (72-99% of the scaling calls were refused
// by the @require below, which now only guards, before that); the same in the functions below.
//@ generator(free = annotest_fann_net_free)
//@ arg(ni): ints(min=1, max=6)
//@ arg(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(in_min): floats(min=-1000, max=999)
//@ arg(in_max): floats(min=nextafterf(in_min, 1000), max=1000)
//@ arg(out_min): floats(min=-1000, max=999)
//@ arg(out_max): floats(min=nextafterf(out_min, 1000), max=1000)
// FANN 2.2.0 divides by a column's standard deviation, 0 when the column is constant (known
// finding scale-constant-column): when data have such a column, the generator computes the
// parameters from data and one more pattern, the first plus 1 in every column (half of the
// glue test's random scaled networks were skipped when it skipped such data).
//@ require((float)in_min < (float)in_max && (float)out_min < (float)out_max)
struct fann *annotest_fann_scaled_net(int ni, int no, const struct fann *ann, const struct fann_train_data *data,
                                      float in_min, float in_max, float out_min, float out_max);

// A cascade-ready network (header fann_cascade.h, fann_cascadetrain_on_data: "it needs to start
// with an ANN without any hidden layers. The neural network should also use shortcut
// connections ... fann_create_shortcut(2, ...)"), seeded like annotest_fann_net, with its
// cascade parameters set (fann_cascade.h): nf candidate activation functions (trainable ones,
// as above: the array holds positions in that list, 0 .. 14, which the generator maps), ns
// candidate steepnesses in (0, 1] (the defaults are 0.25 .. 1.00; from FLT_MIN, as a double
// just above 0 becomes the float 0, which the glue test caught), groups candidate
// groups, at most 20 output and candidate epochs (small, so a call is quick), the internal
// algorithm "either FANN_TRAIN_RPROP or FANN_TRAIN_QUICKPROP".
//@ generator(free = annotest_fann_net_free)
//@ arg(num_input): ints(min=1, max=6)
//@ arg(num_output): ints(min=1, max=4)
//@ arg(nf): ints(min=1, max=4)
//@ arg(functions): arrays(dtype=int, shape=[nf], elements=ints(min=0, max=14))
//@ arg(ns): ints(min=1, max=4)
//@ arg(steepnesses): arrays(dtype=float, shape=[ns], elements=floats(min=FLT_MIN, max=1))
//@ arg(groups): ints(min=1, max=2)
//@ arg(max_out_epochs): ints(min=1, max=20)
//@ arg(max_cand_epochs): ints(min=1, max=20)
//@ arg(algorithm): froms([FANN_TRAIN_RPROP, FANN_TRAIN_QUICKPROP])
//@ arg(seed): ints(min=0, max=2147483647)
struct fann *annotest_fann_cascade_net(int num_input, int num_output, int nf, const int *functions, int ns,
                                       const float *steepnesses, int groups, int max_out_epochs,
                                       int max_cand_epochs, int algorithm, int seed);

// A training-data file written by fann_save_train (header fann_train.h: "with the format as
// specified in fann_read_train_from_file"); the object remembers the data it was saved from.
// FANN 2.2.0's saver overflows an int on values of magnitude 2148 or more (known finding
// save-train-int-overflow): such data are skipped.
//@ generator(free = annotest_model_file_free)
//@ arg(data): objs(annotest_fann_data)
//@ known(save-train-int-overflow, annotest_fann_max_abs(data) >= ANNOTEST_FANN_SAVE_INT_LIMIT)
// It also prints a value within 5e-7 below an integer (above, for negatives) as the integer
// toward zero, 0.99999976 as 0 (known finding save-train-truncates): such data are skipped.
//@ known(save-train-truncates, annotest_fann_save_truncates(data))
annotest_model_file *annotest_fann_train_file(const struct fann_train_data *data);

// A fresh file name for the savers (removed afterwards).
//@ generator(free = annotest_model_file_free)
annotest_model_file *annotest_fann_save_path(void);

/* ==== training data (header fann_train.h, "Group: Training Data Manipulation") ============== */

// "Reads a file that stores training data" in the documented format: a file fann_save_train
// wrote must load, and hold the data saved within the precision the saver prints (the oracle).
//@ arg(filename): objs(annotest_fann_train_file)
//@ ensure(ret != NULL)
//@ check(annotest_check_fann_read_train_from_file)
//@ cc_example(filename=annotest_fann_train_file(data=annotest_fann_data(num_data=2, num_input=2, num_output=1,
//@   inputs=[0, 1, 1, 0], outputs=[1, -1])))
struct fann_train_data *fann_read_train_from_file(const char *filename);

// "Creates an empty training data struct" of num_data patterns; no lower bound is documented.
//@ arg(num_data): ints(min=0, max=64)
//@ arg(num_input): ints(min=1, max=16)
//@ arg(num_output): ints(min=1, max=16)
// FANN 2.2.0's fann_destroy_train reads input[0] of a struct of no patterns, past its
// zero-length row arrays (known finding empty-train-data): such calls are skipped.
//@ known(empty-train-data, num_data == 0)
//@ ensure(ret != NULL)
//@ check(annotest_check_fann_create_train)
struct fann_train_data *fann_create_train(unsigned int num_data, unsigned int num_input, unsigned int num_output);

// "Returns an exact copy of a struct fann_train_data."
//@ arg(data): objs(annotest_fann_data)
//@ ensure(ret != NULL)
//@ check(annotest_check_fann_duplicate_train_data)
struct fann_train_data *fann_duplicate_train_data(struct fann_train_data *data);

// "Merges the data from data1 and data2 into a new struct fann_train_data": the two have the
// same numbers of inputs and outputs (fann_train_data.c refuses others, FANN_E_TRAIN_DATA_MISMATCH).
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(data1): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(data2): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ ensure(ret != NULL)
//@ check(annotest_check_fann_merge_train_data)
struct fann_train_data *fann_merge_train_data(struct fann_train_data *data1, struct fann_train_data *data2);

// "Returns an copy of a subset of the struct fann_train_data, starting at position pos and
// length elements forward": pos + length <= fann_length_train_data(data); length 0 is not
// excluded by the header.
//@ dim(n): ints(min=1, max=24)
//@ arg(data): objs(annotest_fann_data, num_data=n)
//@ arg(pos): ints(min=0, max=n)
//@ arg(length): ints(min=0, max=n - pos)
// FANN 2.2.0 makes an empty subset that fann_destroy_train overflows on, and reads
// data->input[pos] past the row array when pos = n (known finding empty-train-data): such calls
// are skipped.
//@ known(empty-train-data, length == 0)
//@ ensure(ret != NULL)
//@ check(annotest_check_fann_subset_train_data)
struct fann_train_data *fann_subset_train_data(struct fann_train_data *data, unsigned int pos, unsigned int length);

// "Shuffles training data, randomizing the order": the patterns after are a permutation of those
// before, each input row still with its output row.
//@ arg(train_data): objs(annotest_fann_data)
//@ check(annotest_check_fann_shuffle_train_data)
void fann_shuffle_train_data(struct fann_train_data *train_data);

// "Returns the number of training patterns in the struct fann_train_data."
//@ arg(data): objs(annotest_fann_data)
//@ check(annotest_check_fann_length_train_data)
unsigned int fann_length_train_data(struct fann_train_data *data);

// "Returns the number of inputs in each of the training patterns."
//@ arg(data): objs(annotest_fann_data)
//@ check(annotest_check_fann_num_input_train_data)
unsigned int fann_num_input_train_data(struct fann_train_data *data);

// "Returns the number of outputs in each of the training patterns."
//@ arg(data): objs(annotest_fann_data)
//@ check(annotest_check_fann_num_output_train_data)
unsigned int fann_num_output_train_data(struct fann_train_data *data);

// "Save the training structure to a file, with the format as specified in
// fann_read_train_from_file ... returns 0 on success and -1 on failure": the oracle reads the
// file back (fann_read_train_from_file) and compares within the saver's printed precision.
//@ arg(data): objs(annotest_fann_data)
//@ arg(filename): objs(annotest_fann_save_path)
// FANN 2.2.0's saver overflows an int on values of magnitude 2148 or more (known finding
// save-train-int-overflow): such data are skipped.
//@ known(save-train-int-overflow, annotest_fann_max_abs(data) >= ANNOTEST_FANN_SAVE_INT_LIMIT)
// It also prints a value within 5e-7 below an integer (above, for negatives) as the integer
// toward zero, 0.99999976 as 0 (known finding save-train-truncates): such data are skipped.
//@ known(save-train-truncates, annotest_fann_save_truncates(data))
//@ ensure(ret == 0)
//@ check(annotest_check_fann_save_train)
int fann_save_train(struct fann_train_data *data, const char *filename);

// "Saves the training structure to a fixed point data file ... returns 0 on success": each
// value as an integer, value * 2^decimal_point; the integers are C ints (fixedfann.h: fann_type
// is int), so every scaled value fits one (@require).
//@ arg(data): objs(annotest_fann_data)
//@ arg(filename): objs(annotest_fann_save_path)
//@ arg(decimal_point): ints(min=0, max=30)
//@ require(ldexp(annotest_fann_max_abs(data), decimal_point) < 2147483648.0)
//@ ensure(ret == 0)
//@ check(annotest_check_fann_save_train_to_fixed)
int fann_save_train_to_fixed(struct fann_train_data *data, const char *filename, unsigned int decimal_point);

// "Scales the inputs in the training data to the specified range": every input ends in
// [new_min, new_max], new_min < new_max, both in [-1e3, 1e3].
//@ arg(train_data): objs(annotest_fann_data)
//@ arg(new_min): floats(min=-1000, max=1000)
//@ arg(new_max): floats(min=new_min, max=1000, exclude_min=true)
// FANN 2.2.0 computes 0 * inf when the values to scale are all equal or their span is so small
// that new span / old span overflows (known finding scale-constant-data): such data are skipped.
//@ known(scale-constant-data, annotest_fann_scale_overflows(train_data, 1, new_min, new_max))
//@ check(annotest_check_fann_scale_input_train_data)
void fann_scale_input_train_data(struct fann_train_data *train_data, fann_type new_min, fann_type new_max);

// "Scales the outputs in the training data to the specified range."
//@ arg(train_data): objs(annotest_fann_data)
//@ arg(new_min): floats(min=-1000, max=1000)
//@ arg(new_max): floats(min=new_min, max=1000, exclude_min=true)
// FANN 2.2.0 computes 0 * inf when the values to scale are all equal or their span is so small
// that new span / old span overflows (known finding scale-constant-data): such data are skipped.
//@ known(scale-constant-data, annotest_fann_scale_overflows(train_data, 2, new_min, new_max))
//@ check(annotest_check_fann_scale_output_train_data)
void fann_scale_output_train_data(struct fann_train_data *train_data, fann_type new_min, fann_type new_max);

// "Scales the inputs and outputs in the training data to the specified range."
//@ arg(train_data): objs(annotest_fann_data)
//@ arg(new_min): floats(min=-1000, max=1000)
//@ arg(new_max): floats(min=new_min, max=1000, exclude_min=true)
// FANN 2.2.0 computes 0 * inf when the values to scale are all equal or their span is so small
// that new span / old span overflows (known finding scale-constant-data): such data are skipped.
//@ known(scale-constant-data, annotest_fann_scale_overflows(train_data, 3, new_min, new_max))
//@ check(annotest_check_fann_scale_train_data)
void fann_scale_train_data(struct fann_train_data *train_data, fann_type new_min, fann_type new_max);

/* ==== scaling parameters (header fann_train.h, fann_set_*scaling_params, fann_*scale_*) ====== */

// "Calculate input scaling parameters for future use based on training data"; 0 on success
// (fann_train_data.c returns -1 on a shape mismatch or a failed allocation only). The oracle:
// fann_scale_input then fann_descale_input gives back each input row within a float bound.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(new_input_min): floats(min=-1000, max=999)
//@ arg(new_input_max): floats(min=nextafterf(new_input_min, 1000), max=1000)
//@ known(scale-constant-column, annotest_fann_constant_column(data, 1))
//@ ensure(ret == 0)
//@ require((float)new_input_min < (float)new_input_max)
//@ check(annotest_check_fann_set_input_scaling_params)
int fann_set_input_scaling_params(struct fann *ann, const struct fann_train_data *data, float new_input_min,
                                  float new_input_max);

// "Calculate output scaling parameters for future use based on training data."
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(new_output_min): floats(min=-1000, max=999)
//@ arg(new_output_max): floats(min=nextafterf(new_output_min, 1000), max=1000)
//@ known(scale-constant-column, annotest_fann_constant_column(data, 2))
//@ ensure(ret == 0)
//@ require((float)new_output_min < (float)new_output_max)
//@ check(annotest_check_fann_set_output_scaling_params)
int fann_set_output_scaling_params(struct fann *ann, const struct fann_train_data *data, float new_output_min,
                                   float new_output_max);

// "Calculate input and output scaling parameters for future use based on training data."
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(new_input_min): floats(min=-1000, max=999)
//@ arg(new_input_max): floats(min=nextafterf(new_input_min, 1000), max=1000)
//@ arg(new_output_min): floats(min=-1000, max=999)
//@ arg(new_output_max): floats(min=nextafterf(new_output_min, 1000), max=1000)
//@ known(scale-constant-column, annotest_fann_constant_column(data, 3))
//@ ensure(ret == 0)
//@ require((float)new_input_min < (float)new_input_max)
//@ require((float)new_output_min < (float)new_output_max)
//@ check(annotest_check_fann_set_scaling_params)
//@ cc_example(ni=2, no=1, ann=annotest_fann_net(shortcut=0, num_input=2, hidden_layers=1, hidden=3, num_output=1,
//@   hidden_function=FANN_SIGMOID_SYMMETRIC, output_function=FANN_SIGMOID_SYMMETRIC, algorithm=FANN_TRAIN_RPROP, seed=1),
//@   data=annotest_fann_data(num_data=4, num_input=2, num_output=1, inputs=[-1, -1, -1, 1, 1, -1, 1, 1],
//@   outputs=[-1, 1, 1, -1]), new_input_min=-1, new_input_max=1, new_output_min=-1, new_output_max=1)
int fann_set_scaling_params(struct fann *ann, const struct fann_train_data *data, float new_input_min,
                            float new_input_max, float new_output_min, float new_output_max);

// "Clears scaling parameters"; returns 0 (fann_train_data.c: -1 only when the allocation of the
// parameters fails). The oracle: scaling is then the identity up to one rounding.
//@ arg(ann): objs(annotest_fann_net)
//@ ensure(ret == 0)
//@ check(annotest_check_fann_clear_scaling_params)
int fann_clear_scaling_params(struct fann *ann);

// "Scale data in input vector before feed it to ann based on previously calculated parameters":
// a network with scaling parameters and a vector of its fann_get_num_input inputs. The oracle:
// fann_descale_input gives the vector back within the float bound.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(input_vector): arrays(dtype=float, shape=[ni], elements=floats(min=-10000, max=10000))
//@ check(annotest_check_fann_scale_input)
void fann_scale_input(struct fann *ann, fann_type *input_vector);

// "Scale data in output vector before feed it to ann based on previously calculated parameters."
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(output_vector): arrays(dtype=float, shape=[no], elements=floats(min=-10000, max=10000))
//@ check(annotest_check_fann_scale_output)
void fann_scale_output(struct fann *ann, fann_type *output_vector);

// "Scale data in input vector after get it from ann based on previously calculated parameters."
// The oracle: fann_scale_input gives the vector back within the float bound.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(input_vector): arrays(dtype=float, shape=[ni], elements=floats(min=-1000, max=1000))
//@ check(annotest_check_fann_descale_input)
void fann_descale_input(struct fann *ann, fann_type *input_vector);

// "Scale data in output vector after get it from ann based on previously calculated parameters."
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(output_vector): arrays(dtype=float, shape=[no], elements=floats(min=-1000, max=1000))
//@ check(annotest_check_fann_descale_output)
void fann_descale_output(struct fann *ann, fann_type *output_vector);

// "Scale input and output data based on previously calculated parameters": data of the
// network's shape. The oracle: each pattern as fann_scale_input and fann_scale_output scale it.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ check(annotest_check_fann_scale_train)
void fann_scale_train(struct fann *ann, struct fann_train_data *data);

// "Descale input and output data based on previously calculated parameters."
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_scaled_net, ni=ni, no=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ check(annotest_check_fann_descale_train)
void fann_descale_train(struct fann *ann, struct fann_train_data *data);

/* ==== training (header fann_train.h, "Group: Training") ===================================== */

// "Trains on an entire dataset, for a period of time": at most 50 epochs here; "A value of zero
// means no reports should be printed"; desired_error an MSE in [0, 1]. The oracle: the network
// still runs to finite outputs on every pattern.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(max_epochs): ints(min=1, max=50)
//@ arg(epochs_between_reports): 0
//@ arg(desired_error): floats(min=0, max=1)
//@ timeout(10)
//@ check(annotest_check_fann_train_on_data)
void fann_train_on_data(struct fann *ann, struct fann_train_data *data, unsigned int max_epochs,
                        unsigned int epochs_between_reports, float desired_error);

// "Train one epoch with the training data stored in data ... returns the MSE error as it is
// calculated either before or during the actual training": a finite value >= 0.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ timeout(5)
//@ check(annotest_check_fann_train_epoch)
float fann_train_epoch(struct fann *ann, struct fann_train_data *data);

// "Test a set of training data and calculates the MSE for the training data": the oracle
// recomputes the MSE from fann_run's outputs within a float summation bound.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ check(annotest_check_fann_test_data)
//@ cc_example(ni=2, no=1, ann=annotest_fann_net(shortcut=0, num_input=2, hidden_layers=1, hidden=3, num_output=1,
//@   hidden_function=FANN_SIGMOID, output_function=FANN_SIGMOID, algorithm=FANN_TRAIN_RPROP, seed=1),
//@   data=annotest_fann_data(num_data=4, num_input=2, num_output=1, inputs=[0, 0, 0, 1, 1, 0, 1, 1], outputs=[0, 1, 1, 0]))
float fann_test_data(struct fann *ann, struct fann_train_data *data);

/* ==== cascade training (header fann_cascade.h) =============================================== */

// "Trains on an entire dataset, for a period of time using the Cascade2 training algorithm ...
// max_neuron - The maximum number of neurons to be added": a cascade-ready network (its
// generator) and data of its shape; no reports. The oracle: at most max_neurons neurons were
// added and the network still runs to finite outputs.
//@ dim(ni): ints(min=1, max=6)
//@ dim(no): ints(min=1, max=4)
//@ arg(ann): objs(annotest_fann_cascade_net, num_input=ni, num_output=no)
//@ arg(data): objs(annotest_fann_data, num_input=ni, num_output=no)
//@ arg(max_neurons): ints(min=1, max=4)
//@ arg(neurons_between_reports): 0
//@ arg(desired_error): floats(min=0, max=1)
//@ timeout(10)
//@ check(annotest_check_fann_cascadetrain_on_data)
// functions 1 and 5 are FANN_SIGMOID and FANN_GAUSSIAN (positions in the list of trainable functions).
//@ cc_example(ni=2, no=1, ann=annotest_fann_cascade_net(num_input=2, num_output=1, nf=2, functions=[1, 5],
//@   ns=2, steepnesses=[0.5, 1], groups=1, max_out_epochs=10, max_cand_epochs=10, algorithm=FANN_TRAIN_RPROP, seed=1),
//@   data=annotest_fann_data(num_data=4, num_input=2, num_output=1, inputs=[0, 0, 0, 1, 1, 0, 1, 1], outputs=[0, 1, 1, 0]),
//@   max_neurons=2, desired_error=0)
void fann_cascadetrain_on_data(struct fann *ann, struct fann_train_data *data, unsigned int max_neurons,
                               unsigned int neurons_between_reports, float desired_error);

// "Sets the array of cascade candidate activation functions. The array must be just as long as
// defined by the count." Trainable candidates FANN_SIGMOID .. FANN_COS (arrays take a range),
// but FANN_GAUSSIAN_STEPWISE, "NOT implemented yet" (fann_data.h): @require, with at most 6
// functions (the default count) so that it refuses few calls. The oracle: the getters give the array and count back, and
// fann_get_cascade_num_candidates is functions x steepnesses x groups.
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_activation_functions_count): ints(min=1, max=6)
//@ arg(cascade_activation_functions): arrays(dtype=int, shape=[cascade_activation_functions_count],
//@   elements=ints(min=FANN_SIGMOID, max=FANN_COS))
//@ require(annotest_fann_implemented(cascade_activation_functions, cascade_activation_functions_count))
//@ check(annotest_check_fann_set_cascade_activation_functions)
void fann_set_cascade_activation_functions(struct fann *ann, enum fann_activationfunc_enum *cascade_activation_functions,
                                           unsigned int cascade_activation_functions_count);

// "Sets the array of cascade candidate activation steepnesses. The array must be just as long
// as defined by the count"; steepnesses in (0, 1] as the defaults.
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_activation_steepnesses_count): ints(min=1, max=8)
//@ arg(cascade_activation_steepnesses): arrays(dtype=float, shape=[cascade_activation_steepnesses_count],
//@   elements=floats(min=FLT_MIN, max=1))
//@ check(annotest_check_fann_set_cascade_activation_steepnesses)
void fann_set_cascade_activation_steepnesses(struct fann *ann, fann_type *cascade_activation_steepnesses,
                                             unsigned int cascade_activation_steepnesses_count);

// "Sets the number of candidate groups" (the default is 2).
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_num_candidate_groups): ints(min=1, max=16)
//@ check(annotest_check_fann_set_cascade_num_candidate_groups)
void fann_set_cascade_num_candidate_groups(struct fann *ann, unsigned int cascade_num_candidate_groups);

// "Sets the candidate limit" ("a limit on the proportion between the MSE and candidate score";
// the default is 1000.0).
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_candidate_limit): floats(min=0, max=100000)
//@ check(annotest_check_fann_set_cascade_candidate_limit)
void fann_set_cascade_candidate_limit(struct fann *ann, fann_type cascade_candidate_limit);

// "Sets the maximum out epochs" (the default is 150).
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_max_out_epochs): ints(min=1, max=1000)
//@ check(annotest_check_fann_set_cascade_max_out_epochs)
void fann_set_cascade_max_out_epochs(struct fann *ann, unsigned int cascade_max_out_epochs);

// "Sets the max candidate epochs" (the default is 150).
//@ arg(ann): objs(annotest_fann_net)
//@ arg(cascade_max_cand_epochs): ints(min=1, max=1000)
//@ check(annotest_check_fann_set_cascade_max_cand_epochs)
void fann_set_cascade_max_cand_epochs(struct fann *ann, unsigned int cascade_max_cand_epochs);
#endif
