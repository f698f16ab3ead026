/* The generated FANN glue against its annotations (glue_suite.c): for every annotated FANN
 * function, random call messages built by the glue (annotest_fann_build; the generators make
 * networks and training data with the room's FANN float build, the function under test is not
 * called), each judged by annotation_checker.c from the parsed annotations/fann.h, objects
 * checked against this file's model of the generators: a network has the layers, connection
 * type, activation functions and training algorithm asked; training data hold the values given;
 * a scaled network is a copy with the scaling parameters FANN computes from the bounds; a cascade
 * network has its cascade parameters; a training file reads back to its data's shape. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "annotations/fann.h"
#include "annotest_fann_glue.h"
#include "glue_suite.h"

/* The C names the annotations' terms use: FANN's enumerators, FLT_MIN, pow and nextafterf. */
static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  static const struct {
    const char *name;
    int value;
  } constants[] = {
      {"FANN_LINEAR", FANN_LINEAR}, {"FANN_SIGMOID", FANN_SIGMOID}, {"FANN_SIGMOID_STEPWISE", FANN_SIGMOID_STEPWISE},
      {"FANN_SIGMOID_SYMMETRIC", FANN_SIGMOID_SYMMETRIC},
      {"FANN_SIGMOID_SYMMETRIC_STEPWISE", FANN_SIGMOID_SYMMETRIC_STEPWISE}, {"FANN_GAUSSIAN", FANN_GAUSSIAN},
      {"FANN_GAUSSIAN_SYMMETRIC", FANN_GAUSSIAN_SYMMETRIC}, {"FANN_ELLIOT", FANN_ELLIOT},
      {"FANN_ELLIOT_SYMMETRIC", FANN_ELLIOT_SYMMETRIC}, {"FANN_LINEAR_PIECE", FANN_LINEAR_PIECE},
      {"FANN_LINEAR_PIECE_SYMMETRIC", FANN_LINEAR_PIECE_SYMMETRIC}, {"FANN_SIN_SYMMETRIC", FANN_SIN_SYMMETRIC},
      {"FANN_COS_SYMMETRIC", FANN_COS_SYMMETRIC}, {"FANN_SIN", FANN_SIN}, {"FANN_COS", FANN_COS},
      {"FANN_TRAIN_INCREMENTAL", FANN_TRAIN_INCREMENTAL}, {"FANN_TRAIN_BATCH", FANN_TRAIN_BATCH},
      {"FANN_TRAIN_RPROP", FANN_TRAIN_RPROP}, {"FANN_TRAIN_QUICKPROP", FANN_TRAIN_QUICKPROP},
      {"FANN_TRAIN_SARPROP", FANN_TRAIN_SARPROP},
  };
  if (!strcmp(name, "nextafterf") && nargs == 2) return nextafterf((float)args[0], (float)args[1]);
  if (!strcmp(name, "FLT_MIN") && nargs == 0) return FLT_MIN;
  if (!strcmp(name, "pow") && nargs == 2) return pow(args[0], args[1]);
  for (size_t i = 0; nargs == 0 && i < sizeof constants / sizeof *constants; i++)
    if (!strcmp(name, constants[i].name)) return constants[i].value;
  *known = 0;
  return 0;
}

/* The first `count` neurons (not the bias neuron) of every layer in [first, last) use f. */
static int layers_use(const struct fann_layer *first, const struct fann_layer *last, long long count, int f) {
  for (const struct fann_layer *l = first; l < last; l++)
    for (long long k = 0; k < count; k++)
      if ((int)l->first_neuron[k].activation_function != f) return 0;
  return 1;
}

/* The activation function a froms slot picked, from the list as annotations/fann.h writes it:
 * FANN_LINEAR, then FANN_SIGMOID .. FANN_COS without FANN_GAUSSIAN_STEPWISE. */
static int trainable_function(long long pick) {
  return pick == 0 ? FANN_LINEAR : FANN_SIGMOID + (int)pick - 1 + (FANN_SIGMOID + pick - 1 >= FANN_GAUSSIAN_STEPWISE);
}

static int net_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct fann *ann = slot->p;
  unsigned int layers = (unsigned int)annotation_var(g, slot, "hidden_layers")->i + 2;
  if (ann->num_input != (unsigned int)annotation_var(g, slot, "num_input")->i ||
      ann->num_output != (unsigned int)annotation_var(g, slot, "num_output")->i ||
      (unsigned int)(ann->last_layer - ann->first_layer) != layers)
    return annotation_why(out, n, "%u-%u network of %u layers", ann->num_input, ann->num_output,
                (unsigned int)(ann->last_layer - ann->first_layer));
  if ((ann->network_type == FANN_NETTYPE_SHORTCUT) != (annotation_var(g, slot, "shortcut")->i != 0))
    return annotation_why(out, n, "network type %d", ann->network_type);
  if (!layers_use(ann->first_layer + 1, ann->last_layer - 1, annotation_var(g, slot, "hidden")->i,
                  trainable_function(annotation_var(g, slot, "hidden_function")->pick)) ||
      !layers_use(ann->last_layer - 1, ann->last_layer, ann->num_output, trainable_function(annotation_var(g, slot, "output_function")->pick)))
    return annotation_why(out, n, "activation functions other than asked");
  if ((int)ann->training_algorithm != FANN_TRAIN_INCREMENTAL + annotation_var(g, slot, "algorithm")->pick)
    return annotation_why(out, n, "training algorithm %d", ann->training_algorithm);
  return 0;
}

/* The data hold the values given, each as a float. */
static int data_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct fann_train_data *d = slot->p;
  const fann_type *in = annotation_var(g, slot, "inputs")->p, *outv = annotation_var(g, slot, "outputs")->p;
  if (d->num_data != (unsigned int)annotation_var(g, slot, "num_data")->i || d->num_input != (unsigned int)annotation_var(g, slot, "num_input")->i ||
      d->num_output != (unsigned int)annotation_var(g, slot, "num_output")->i)
    return annotation_why(out, n, "%u x (%u, %u) data", d->num_data, d->num_input, d->num_output);
  for (unsigned int i = 0; i < d->num_data; i++) {
    if (memcmp(d->input[i], in + i * d->num_input, d->num_input * sizeof *in))
      return annotation_why(out, n, "pattern %u's inputs differ", i);
    if (memcmp(d->output[i], outv + i * d->num_output, d->num_output * sizeof *outv))
      return annotation_why(out, n, "pattern %u's outputs differ", i);
  }
  return 0;
}

/* A copy of its network with FANN's factor (new_max - new_min) / 2 and new minimum per column. */
static int scaled_net_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const struct fann *ann = slot->p;
  float in_min = (float)annotation_var(g, slot, "in_min")->d, in_max = (float)annotation_var(g, slot, "in_max")->d;
  float out_min = (float)annotation_var(g, slot, "out_min")->d, out_max = (float)annotation_var(g, slot, "out_max")->d;
  if (ann == annotation_var(g, slot, "ann")->p) return annotation_why(out, n, "not a copy");
  if (ann->num_input != (unsigned int)annotation_var(g, slot, "ni")->i || ann->num_output != (unsigned int)annotation_var(g, slot, "no")->i)
    return annotation_why(out, n, "%u-%u network", ann->num_input, ann->num_output);
  if (!ann->scale_mean_in || !ann->scale_mean_out) return annotation_why(out, n, "no scaling parameters");
  for (unsigned int i = 0; i < ann->num_input; i++)
    if (ann->scale_new_min_in[i] != in_min || ann->scale_factor_in[i] != (in_max - in_min) / 2.0f)
      return annotation_why(out, n, "input %u scaled to %g + %g, not by [%g, %g]", i, ann->scale_new_min_in[i],
                 ann->scale_factor_in[i], in_min, in_max);
  for (unsigned int i = 0; i < ann->num_output; i++)
    if (ann->scale_new_min_out[i] != out_min || ann->scale_factor_out[i] != (out_max - out_min) / 2.0f)
      return annotation_why(out, n, "output %u scaled to %g + %g, not by [%g, %g]", i, ann->scale_new_min_out[i],
                 ann->scale_factor_out[i], out_min, out_max);
  return 0;
}

static int cascade_net_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  struct fann *ann = slot->p;
  unsigned int nf = (unsigned int)annotation_var(g, slot, "nf")->i, ns = (unsigned int)annotation_var(g, slot, "ns")->i;
  const int *function_picks = annotation_var(g, slot, "functions")->p;
  const float *steepnesses = annotation_var(g, slot, "steepnesses")->p;
  if (ann->network_type != FANN_NETTYPE_SHORTCUT || ann->last_layer - ann->first_layer != 2 ||
      ann->num_input != (unsigned int)annotation_var(g, slot, "num_input")->i ||
      ann->num_output != (unsigned int)annotation_var(g, slot, "num_output")->i)
    return annotation_why(out, n, "not a %lld-%lld shortcut network without hidden layers", (long long)annotation_var(g, slot, "num_input")->i,
               (long long)annotation_var(g, slot, "num_output")->i);
  if (fann_get_cascade_activation_functions_count(ann) != nf || fann_get_cascade_activation_steepnesses_count(ann) != ns)
    return annotation_why(out, n, "%u functions and %u steepnesses", fann_get_cascade_activation_functions_count(ann),
               fann_get_cascade_activation_steepnesses_count(ann));
  for (unsigned int i = 0; i < nf; i++)
    if ((int)fann_get_cascade_activation_functions(ann)[i] != trainable_function(function_picks[i]))
      return annotation_why(out, n, "function %u differs", i);
  if (memcmp(fann_get_cascade_activation_steepnesses(ann), steepnesses, ns * sizeof *steepnesses))
    return annotation_why(out, n, "steepnesses differ");
  if (fann_get_cascade_num_candidate_groups(ann) != (unsigned int)annotation_var(g, slot, "groups")->i ||
      fann_get_cascade_max_out_epochs(ann) != (unsigned int)annotation_var(g, slot, "max_out_epochs")->i ||
      fann_get_cascade_max_cand_epochs(ann) != (unsigned int)annotation_var(g, slot, "max_cand_epochs")->i ||
      (int)fann_get_training_algorithm(ann) != FANN_TRAIN_RPROP + annotation_var(g, slot, "algorithm")->pick)
    return annotation_why(out, n, "cascade parameters other than asked");
  return 0;
}

/* A file fann_read_train_from_file reads back to its data's shape, remembering its data. */
static int train_file_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const annotest_model_file *file = slot->p;
  const struct fann_train_data *data = annotation_var(g, slot, "data")->p;
  if (file->source != data) return annotation_why(out, n, "not saved from its data");
  struct fann_train_data *read = fann_read_train_from_file(file->path);
  int rc = !read ? annotation_why(out, n, "%s does not read", file->path)
           : read->num_data != data->num_data || read->num_input != data->num_input || read->num_output != data->num_output
               ? annotation_why(out, n, "%s reads as %u x (%u, %u)", file->path, read->num_data, read->num_input, read->num_output)
               : 0;
  fann_destroy_train(read);
  return rc;
}

static int object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_fann_net")) return net_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_fann_data")) return data_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_fann_scaled_net")) return scaled_net_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_fann_cascade_net")) return cascade_net_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_fann_train_file")) return train_file_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_fann_save_path"))
    return access(((const annotest_model_file *)slot->p)->path, F_OK) ? 0 : annotation_why(out, n, "the file exists already");
  return annotation_why(out, n, "no model of generator %s", g->name);
}

static const annotation_model fann_model = {model_call, object, NULL};

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_fann_build((const Mlf__Annotest__FannAnnotatedCall *)m, ctx, function, slots);
}

static void quiet(void) { fann_set_error_log(NULL, NULL); }

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/fann.h", "annotest_fann", "fann",
                            &mlf__annotest__fann_annotated_call__descriptor, build, annotest_fann_stats,
                            &fann_model, 300, 30, 20, quiet, NULL};
  return glue_suite_run(&suite);
}
