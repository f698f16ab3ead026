/* The FANN target's generators (the @generator functions of annotations/fann.h): networks,
 * training data, scaled and cascade-ready networks and training-data files valid by
 * construction, and the helpers the annotations call. */
#include <stdlib.h>
#include "annotations/fann.h"

/* The trainable activation functions in the order of the annotations' lists (fann_data.h): all
 * but FANN_THRESHOLD, FANN_THRESHOLD_SYMMETRIC and FANN_GAUSSIAN_STEPWISE. */
static const enum fann_activationfunc_enum trainable[] = {
    FANN_LINEAR, FANN_SIGMOID, FANN_SIGMOID_STEPWISE, FANN_SIGMOID_SYMMETRIC, FANN_SIGMOID_SYMMETRIC_STEPWISE,
    FANN_GAUSSIAN, FANN_GAUSSIAN_SYMMETRIC, FANN_ELLIOT, FANN_ELLIOT_SYMMETRIC, FANN_LINEAR_PIECE,
    FANN_LINEAR_PIECE_SYMMETRIC, FANN_SIN_SYMMETRIC, FANN_COS_SYMMETRIC, FANN_SIN, FANN_COS};

int annotest_fann_implemented(const enum fann_activationfunc_enum *functions, unsigned int count) {
  for (unsigned int i = 0; i < count; i++)
    if (functions[i] == FANN_GAUSSIAN_STEPWISE) return 0;
  return 1;
}

struct fann *annotest_fann_net(int shortcut, int num_input, int hidden_layers, int hidden, int num_output,
                               int hidden_function, int output_function, int algorithm, int seed) {
  unsigned int layers[4], n = 0;
  layers[n++] = (unsigned int)num_input;
  for (int i = 0; i < hidden_layers; i++) layers[n++] = (unsigned int)hidden;
  layers[n++] = (unsigned int)num_output;
  srand((unsigned int)seed); /* the weights fann_create_* draws from rand() */
  struct fann *ann = shortcut ? fann_create_shortcut_array(n, layers) : fann_create_standard_array(n, layers);
  if (!ann) return NULL;
  fann_set_activation_function_hidden(ann, (enum fann_activationfunc_enum)hidden_function);
  fann_set_activation_function_output(ann, (enum fann_activationfunc_enum)output_function);
  fann_set_training_algorithm(ann, (enum fann_train_enum)algorithm);
  return ann;
}

void annotest_fann_net_free(struct fann *ann) { fann_destroy(ann); }

struct fann_train_data *annotest_fann_data(int num_data, int num_input, int num_output, int magnitude,
                                           const fann_type *inputs, const fann_type *outputs) {
  (void)magnitude; /* the inputs' bound, 10^magnitude, applied by the glue */
  struct fann_train_data *data =
      fann_create_train((unsigned int)num_data, (unsigned int)num_input, (unsigned int)num_output);
  for (int i = 0; data && i < num_data; i++) {
    for (int j = 0; j < num_input; j++) data->input[i][j] = inputs[i * num_input + j];
    for (int j = 0; j < num_output; j++) data->output[i][j] = outputs[i * num_output + j];
  }
  return data;
}

void annotest_fann_data_free(struct fann_train_data *data) { fann_destroy_train(data); }

/* data with one more pattern holding every value of the first pattern plus 1, so that no
 * column is constant (NULL when out of memory). */
static struct fann_train_data *with_varied_pattern(const struct fann_train_data *data) {
  struct fann_train_data *extra = fann_create_train(1, data->num_input, data->num_output), *merged = NULL;
  if (!extra) return NULL;
  for (unsigned int j = 0; j < data->num_input; j++) extra->input[0][j] = data->input[0][j] + 1;
  for (unsigned int j = 0; j < data->num_output; j++) extra->output[0][j] = data->output[0][j] + 1;
  merged = fann_merge_train_data((struct fann_train_data *)data, extra);
  fann_destroy_train(extra);
  return merged;
}

struct fann *annotest_fann_scaled_net(int ni, int no, const struct fann *ann, const struct fann_train_data *data,
                                      float in_min, float in_max, float out_min, float out_max) {
  (void)ni, (void)no;
  struct fann_train_data *varied = annotest_fann_constant_column(data, 3) ? with_varied_pattern(data) : NULL;
  struct fann *copy = fann_copy((struct fann *)ann);
  if (copy && fann_set_scaling_params(copy, varied ? varied : data, in_min, in_max, out_min, out_max) != 0) {
    fann_destroy(copy);
    copy = NULL;
  }
  fann_destroy_train(varied);
  return copy;
}

struct fann *annotest_fann_cascade_net(int num_input, int num_output, int nf, const int *functions, int ns,
                                       const float *steepnesses, int groups, int max_out_epochs,
                                       int max_cand_epochs, int algorithm, int seed) {
  enum fann_activationfunc_enum function_list[16];
  srand((unsigned int)seed);
  struct fann *ann = fann_create_shortcut(2, (unsigned int)num_input, (unsigned int)num_output);
  if (!ann) return NULL;
  for (int i = 0; i < nf; i++) function_list[i] = trainable[functions[i]];
  fann_set_cascade_activation_functions(ann, function_list, (unsigned int)nf);
  fann_set_cascade_activation_steepnesses(ann, (fann_type *)steepnesses, (unsigned int)ns);
  fann_set_cascade_num_candidate_groups(ann, (unsigned int)groups);
  fann_set_cascade_max_out_epochs(ann, (unsigned int)max_out_epochs);
  fann_set_cascade_max_cand_epochs(ann, (unsigned int)max_cand_epochs);
  fann_set_training_algorithm(ann, (enum fann_train_enum)algorithm);
  return ann;
}

annotest_model_file *annotest_fann_train_file(const struct fann_train_data *data) {
  char path[256];
  if (annotest_temp_path(path, sizeof path) || fann_save_train((struct fann_train_data *)data, path) != 0) return NULL;
  return annotest_model_file_new(path, data);
}

annotest_model_file *annotest_fann_save_path(void) {
  char path[256];
  return annotest_temp_path(path, sizeof path) ? NULL : annotest_model_file_new(path, NULL);
}

double annotest_fann_max_abs(const struct fann_train_data *data) {
  double m = 0;
  for (unsigned int i = 0; i < data->num_data; i++) {
    for (unsigned int j = 0; j < data->num_input; j++) m = fmax(m, fabs(data->input[i][j]));
    for (unsigned int j = 0; j < data->num_output; j++) m = fmax(m, fabs(data->output[i][j]));
  }
  return m;
}

/* fann_save_train_internal_fd's choice for one value (fann_train_data.c:715) and what it prints. */
static int truncated_when_saved(double x) {
  if (fabs(x) >= ANNOTEST_FANN_SAVE_INT_LIMIT) return 0;
  int printed_as_int = (int)floor(x + 0.5) * 1000000 == (int)floor(x * 1000000.0 + 0.5);
  return printed_as_int && (double)(int)x != floor(x + 0.5);
}

int annotest_fann_save_truncates(const struct fann_train_data *data) {
  for (unsigned int i = 0; i < data->num_data; i++) {
    for (unsigned int j = 0; j < data->num_input; j++)
      if (truncated_when_saved(data->input[i][j])) return 1;
    for (unsigned int j = 0; j < data->num_output; j++)
      if (truncated_when_saved(data->output[i][j])) return 1;
  }
  return 0;
}

/* Column `column` of rows[0 .. n) has a standard deviation of 0 as SCALE_SET_PARAM computes it:
 * the mean and the sum of squared deviations summed in float, in row order. */
static int zero_deviation(fann_type *const *rows, unsigned int n, unsigned int column) {
  float mean = 0, sum = 0;
  for (unsigned int i = 0; i < n; i++) mean += (float)rows[i][column];
  mean /= (float)n;
  for (unsigned int i = 0; i < n; i++) {
    float d = (float)rows[i][column] - mean;
    sum += d * d;
  }
  return (float)sqrt(sum / (float)n) == 0;
}

int annotest_fann_constant_column(const struct fann_train_data *data, int which) {
  for (unsigned int j = 0; (which & 1) && j < data->num_input; j++)
    if (zero_deviation(data->input, data->num_data, j)) return 1;
  for (unsigned int j = 0; (which & 2) && j < data->num_output; j++)
    if (zero_deviation(data->output, data->num_data, j)) return 1;
  return 0;
}

/* fann_scale_data's factor new_span / old_span over rows[0 .. n) x [0 .. width), computed as
 * fann_train_data.c does, in float, is finite. */
static int finite_factor(fann_type *const *rows, unsigned int n, unsigned int width, float new_min, float new_max) {
  float lo = rows[0][0], hi = rows[0][0];
  for (unsigned int i = 0; i < n; i++)
    for (unsigned int j = 0; j < width; j++) lo = fminf(lo, rows[i][j]), hi = fmaxf(hi, rows[i][j]);
  float old_span = hi - lo, new_span = new_max - new_min;
  return isfinite(new_span / old_span);
}

int annotest_fann_scale_overflows(const struct fann_train_data *data, int which, float new_min, float new_max) {
  return ((which & 1) && !finite_factor(data->input, data->num_data, data->num_input, new_min, new_max)) ||
         ((which & 2) && !finite_factor(data->output, data->num_data, data->num_output, new_min, new_max));
}

const char *annotest_fann_blame(long long status) {
  (void)status;
  return "FANN failed on networks and data inside its documented ranges (the headers fann.h, fann_train.h, "
         "fann_cascade.h): a FANN bug unless the headers restrict the input further (then an annotation bug)";
}
