/* FANN 2.2 (float build) as MoCo blocks (moco_spec.h): networks ("fann" handles) created,
 * set up, trained, run, copied, saved and loaded; training data ("fann_train_data" handles)
 * created from data_seed, shuffled, scaled, cut, merged, saved and read. Ranges and defaults
 * from fann.h, fann_train.h, fann_cascade.h, fann_data.h and fann_io.h (libfann-dev
 * 2.2.0+ds-8). FANN's setters store any value without a check: their ranges here are the
 * documented meaningful ones (an enum's members, a factor's side of 1) and otherwise bound the
 * work (at most 8 neurons a layer, 5 layers, 64 rows, 50 epochs); none of them is refused. FANN
 * documents an error (fann_errno) only for a layer index outside the network
 * (FANN_E_INDEX_OUT_OF_BOUND, fann_get_layer in fann_train.c) and a subset outside its data
 * (FANN_E_TRAIN_DATA_SUBSET, fann_subset_train_data): those boundaries are the refused ones.
 * Between blocks (legalize): data used with a network has its input and output counts
 * (FANN_E_INPUT_NO_MATCH / FANN_E_OUTPUT_NO_MATCH otherwise), merged data agree, cascade
 * training gets a shortcut network trained by RPROP, QUICKPROP or SARPROP (fann_cascade.h;
 * FANN_E_CANT_USE_TRAIN_ALG otherwise), scaling comes after the scaling parameters
 * (FANN_E_SCALE_NOT_PRESENT otherwise). */
#include "moco_fann_spec.h"
#include <math.h>
#include <string.h>

#define I MOCO_I
#define R MOCO_R
#define H MOCO_H
#define NET H("ann", "fann")
#define DATA H("data", "fann_train_data")
/* Layer sizes: num_layers (fann.h: at least input and output), the input, every hidden and the
 * output layer's neuron count. */
#define SIZES I("num_layers", 2, 5, 3), I("num_input", 1, 8, 2), I("num_hidden", 1, 8, 3), I("num_output", 1, 8, 1)
/* enum fann_activationfunc_enum: FANN_LINEAR (0) .. FANN_COS (17); legal() keeps the trainable ones. */
#define FUNCTION I("activation_function", 0, 17, 5)
#define STEEPNESS R("steepness", 0.0, 1.0, 0.5, 0.01)  /* default 0.5 (fann_train.h) */
#define LAYER I("layer", 1, 4, 1)                         /* 1 .. num_layers - 1 (fann_get_layer) */
#define SETTER(name, group, param) {name, group, 2, {NET, param}, 0, NULL, 0}
#define ON_NET(name, group) {name, group, 1, {NET}, 0, NULL, 0}
#define ON_NET_DATA(name, group) {name, group, 2, {NET, DATA}, 0, NULL, 0}

static const moco_api fann_apis[] = {
    {"fann_create_standard_array", "create", 4, {SIZES}, 0, "fann", 0},
    /* fann.h: a connection rate of 1 is fully connected; FANN clamps larger ones to 1. */
    {"fann_create_sparse_array", "create", 5, {SIZES, R("connection_rate", 0.0, 1.0, 0.5, 0.01)}, 0, "fann", 0},
    {"fann_create_shortcut_array", "create", 4, {SIZES}, 0, "fann", 0},
    {"fann_copy", "create", 1, {NET}, 0, "fann", 0},
    {"fann_destroy", "destroy", 1, {NET}, 0, NULL, 1},
    SETTER("fann_set_activation_function_hidden", "activation", FUNCTION),
    SETTER("fann_set_activation_function_output", "activation", FUNCTION),
    {"fann_set_activation_function_layer", "activation", 3, {NET, FUNCTION, LAYER}, 0, NULL, 0},
    SETTER("fann_set_activation_steepness_hidden", "activation", STEEPNESS),
    SETTER("fann_set_activation_steepness_output", "activation", STEEPNESS),
    {"fann_set_activation_steepness_layer", "activation", 3, {NET, STEEPNESS, LAYER}, 0, NULL, 0},
    /* enum fann_train_enum: INCREMENTAL .. SARPROP; default RPROP. */
    SETTER("fann_set_training_algorithm", "train-param", I("training_algorithm", 0, 4, 2)),
    SETTER("fann_set_learning_rate", "train-param", R("learning_rate", 0.0, 1.0, 0.7, 0.01)),
    SETTER("fann_set_learning_momentum", "train-param", R("learning_momentum", 0.0, 1.0, 0.0, 0.01)),
    /* enum fann_errorfunc_enum: LINEAR, TANH (default). */
    SETTER("fann_set_train_error_function", "train-param", I("train_error_function", 0, 1, 1)),
    /* enum fann_stopfunc_enum: MSE (default), BIT. */
    SETTER("fann_set_train_stop_function", "train-param", I("train_stop_function", 0, 1, 0)),
    SETTER("fann_set_bit_fail_limit", "train-param", R("bit_fail_limit", 0.0, 1.0, 0.35, 0.01)),
    /* "The decay is a small negative valued number" (fann_train.h), default -0.0001. */
    SETTER("fann_set_quickprop_decay", "train-param", R("quickprop_decay", -0.01, 0.0, -0.0001, 0.0001)),
    SETTER("fann_set_quickprop_mu", "train-param", R("quickprop_mu", 1.0, 2.0, 1.75, 0.01)),
    /* "a value larger than 1", default 1.2; "a value smaller than 1", default 0.5. */
    SETTER("fann_set_rprop_increase_factor", "train-param", R("rprop_increase_factor", 1.0, 2.0, 1.2, 0.01)),
    SETTER("fann_set_rprop_decrease_factor", "train-param", R("rprop_decrease_factor", 0.0, 1.0, 0.5, 0.01)),
    SETTER("fann_set_rprop_delta_min", "train-param", R("rprop_delta_min", 0.0, 0.1, 0.0, 0.001)),
    SETTER("fann_set_rprop_delta_max", "train-param", R("rprop_delta_max", 1.0, 100.0, 50.0, 0.1)),
    SETTER("fann_set_rprop_delta_zero", "train-param", R("rprop_delta_zero", 0.01, 1.0, 0.1, 0.01)),
    SETTER("fann_set_sarprop_weight_decay_shift", "train-param", R("weight_decay_shift", -20.0, 0.0, -6.644, 0.01)),
    SETTER("fann_set_sarprop_step_error_threshold_factor", "train-param", R("threshold_factor", 0.0, 1.0, 0.1, 0.01)),
    SETTER("fann_set_sarprop_step_error_shift", "train-param", R("step_error_shift", 0.0, 5.0, 1.385, 0.01)),
    SETTER("fann_set_sarprop_temperature", "train-param", R("temperature", 0.0, 0.1, 0.015, 0.001)),
    /* fann_cascade.h: fractions default 0.01, limit 1000, epochs 150 (bounded to 20 here). */
    SETTER("fann_set_cascade_output_change_fraction", "cascade", R("fraction", 0.0, 1.0, 0.01, 0.01)),
    SETTER("fann_set_cascade_candidate_limit", "cascade", R("candidate_limit", 1.0, 1000.0, 1000.0, 1.0)),
    SETTER("fann_set_cascade_max_out_epochs", "cascade", I("max_out_epochs", 1, 20, 20)),
    SETTER("fann_set_cascade_max_cand_epochs", "cascade", I("max_cand_epochs", 1, 20, 20)),
    SETTER("fann_set_cascade_num_candidate_groups", "cascade", I("groups", 1, 2, 2)),
    /* The first count of the trainable functions (default 6 functions). */
    SETTER("fann_set_cascade_activation_functions", "cascade", I("count", 1, 14, 6)),
    SETTER("fann_set_cascade_output_stagnation_epochs", "cascade", I("stagnation_epochs", 1, 20, 12)),
    {"fann_randomize_weights", "weights", 3, {NET, R("min_weight", -1.0, 0.0, -0.1, 0.01), R("max_weight", 0.0, 1.0, 0.1, 0.01)}, 0, NULL, 0},
    ON_NET_DATA("fann_init_weights", "weights"),
    /* Rows and columns from the block, values from data_seed; the counts may be a network's. */
    {"fann_create_train", "data", 3,
     {I("num_data", 1, 64, 4), MOCO_I_OR_REF("num_input", 1, 8, 2, "fann_num_input"),
      MOCO_I_OR_REF("num_output", 1, 8, 1, "fann_num_output")}, 0, "fann_train_data", 0},
    {"fann_create_train_from_callback", "data", 3,
     {I("num_data", 1, 64, 4), MOCO_I_OR_REF("num_input", 1, 8, 2, "fann_num_input"),
      MOCO_I_OR_REF("num_output", 1, 8, 1, "fann_num_output")}, 0, "fann_train_data", 0},
    {"fann_shuffle_train_data", "data-op", 1, {DATA}, 0, NULL, 0},
    {"fann_scale_train_data", "data-op", 3, {DATA, R("new_min", -1.0, 0.0, -1.0, 0.01), R("new_max", 0.5, 1.0, 1.0, 0.01)}, 0, NULL, 0},
    /* pos + length <= the data's rows, else FANN_E_TRAIN_DATA_SUBSET (pos is unsigned: -1 too). */
    {"fann_subset_train_data", "data", 3, {DATA, I("pos", 0, 63, 0), I("length", 1, 64, 1)}, 0, "fann_train_data", 0},
    {"fann_merge_train_data", "data", 2, {DATA, DATA}, 0, "fann_train_data", 0},
    {"fann_duplicate_train_data", "data", 1, {DATA}, 0, "fann_train_data", 0},
    {"fann_destroy_train", "destroy", 1, {DATA}, 0, NULL, 1},
    {"fann_set_scaling_params", "scaling", 6,
     {NET, DATA, R("new_input_min", -1.0, 0.0, -1.0, 0.01), R("new_input_max", 0.5, 1.0, 1.0, 0.01),
      R("new_output_min", -1.0, 0.0, -1.0, 0.01), R("new_output_max", 0.5, 1.0, 1.0, 0.01)}, 0, NULL, 0},
    ON_NET_DATA("fann_scale_train", "scaling"),
    ON_NET("fann_clear_scaling_params", "scaling"),
    {"fann_train_on_data", "train", 4, {NET, DATA, I("max_epochs", 1, 50, 10), R("desired_error", 0.0, 0.1, 0.001, 0.001)}, 0, NULL, 0},
    ON_NET_DATA("fann_train_epoch", "train"),
    ON_NET_DATA("fann_test_data", "train"),
    {"fann_cascadetrain_on_data", "train", 4, {NET, DATA, I("max_neurons", 1, 3, 2), R("desired_error", 0.0, 0.1, 0.001, 0.001)}, 0, NULL, 0},
    ON_NET("fann_run", "train"),
    ON_NET("fann_reset_MSE", "train"),
    {"fann_save", "io", 1, {NET}, 0, "fann_file", 0},
    {"fann_create_from_file", "io", 1, {H("file", "fann_file")}, 0, "fann", 0},
    {"fann_save_train", "io", 1, {DATA}, 0, "fann_train_file", 0},
    {"fann_read_train_from_file", "io", 1, {H("file", "fann_train_file")}, 0, "fann_train_data", 0},
    {"fann_get_MSE", "getter", 1, {NET}, 0, "fann_mse", 0},
    {"fann_get_num_input", "getter", 1, {NET}, 0, "fann_num_input", 0},
    {"fann_get_num_output", "getter", 1, {NET}, 0, "fann_num_output", 0},
    {"fann_get_total_neurons", "getter", 1, {NET}, 0, "fann_count", 0},
    {"fann_get_total_connections", "getter", 1, {NET}, 0, "fann_count", 0},
    {"fann_get_num_layers", "getter", 1, {NET}, 0, "fann_count", 0},
};
_Static_assert(sizeof fann_apis / sizeof *fann_apis == MOCO_FANN_APIS, "one row per API of moco_fann_spec.h");

int moco_fann_trainable_activation(int f) { return f >= 0 && f <= 17 && f != 1 && f != 2 && f != 8; }

static int api_of(const Mlf__Moco__Program *p, size_t b) { return moco_api_index(&moco_fann_spec, p->blocks[b]->api); }

static int is_ref(const Mlf__Moco__Value *v) { return v && v->kind_case == MLF__MOCO__VALUE__KIND_REF; }

/* The block a reference argument names, or SIZE_MAX. */
static size_t ref_of(const Mlf__Moco__Program *p, size_t b, unsigned i) {
  const Mlf__Moco__Block *k = p->blocks[b];
  return i < k->n_args && is_ref(k->args[i]) && k->args[i]->ref < b ? k->args[i]->ref : SIZE_MAX;
}

static int int_arg(const Mlf__Moco__Program *p, size_t b, unsigned i) {
  return i < p->blocks[b]->n_args ? (int)moco_value_number(p->blocks[b]->args[i]) : 0;
}

/* The block that created the network block b returns (following copies and saved files). */
static size_t net_origin(const Mlf__Moco__Program *p, size_t b) {
  for (int hops = 0; b != SIZE_MAX && hops < MOCO_MAX_BLOCKS; hops++) {
    int api = api_of(p, b);
    if (api == MOCO_FANN_COPY || api == MOCO_FANN_SAVE) b = ref_of(p, b, 0);
    else if (api == MOCO_FANN_CREATE_FROM_FILE) b = ref_of(p, b, 0);
    else return b;
  }
  return SIZE_MAX;
}

/* The input and output counts and the layer count of the network block b returns. */
static void net_dims(const Mlf__Moco__Program *p, size_t b, int *in, int *out, int *layers) {
  size_t o = net_origin(p, b);
  *in = o == SIZE_MAX ? 0 : int_arg(p, o, 1);
  *out = o == SIZE_MAX ? 0 : int_arg(p, o, 3);
  *layers = o == SIZE_MAX ? 0 : int_arg(p, o, 0);
}

/* A count argument of a create_train block: the literal, or the count of the network whose
 * getter it references. */
static int count_arg(const Mlf__Moco__Program *p, size_t b, unsigned i) {
  size_t r = ref_of(p, b, i);
  if (r == SIZE_MAX) return int_arg(p, b, i);
  int in, out, layers;
  net_dims(p, ref_of(p, r, 0), &in, &out, &layers);
  return api_of(p, r) == MOCO_FANN_GET_NUM_INPUT ? in : out;
}

/* Rows, inputs and outputs of the training data block b returns (0s when unknown). */
static void data_dims(const Mlf__Moco__Program *p, size_t b, int *rows, int *in, int *out) {
  *rows = *in = *out = 0;
  for (int hops = 0; b != SIZE_MAX && hops < MOCO_MAX_BLOCKS; hops++) {
    int api = api_of(p, b);
    if (api == MOCO_FANN_CREATE_TRAIN || api == MOCO_FANN_CREATE_TRAIN_CALLBACK) {
      if (!*rows) *rows = int_arg(p, b, 0);
      *in = count_arg(p, b, 1), *out = count_arg(p, b, 2);
      return;
    }
    if (api == MOCO_FANN_SUBSET && !*rows) *rows = int_arg(p, b, 2);
    if (api == MOCO_FANN_MERGE && !*rows) {
      int r1, r2, i2, o2;
      data_dims(p, ref_of(p, b, 0), &r1, &i2, &o2);
      data_dims(p, ref_of(p, b, 1), &r2, &i2, &o2);
      *rows = r1 + r2;
    }
    b = ref_of(p, b, 0); /* subset, merge (its first), duplicate, read (its save), save */
  }
}

static int data_fits(const Mlf__Moco__Program *p, size_t data, int in, int out) {
  int rows, din, dout;
  data_dims(p, data, &rows, &din, &dout);
  return din == in && dout == out;
}

static int legal_value(const moco_param *q, double v) {
  return v >= q->lo && v <= q->hi && (q->kind != MOCO_INT || v == floor(v));
}

static int fann_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  int api = api_of(p, b);
  if (api < 0 || param >= fann_apis[api].n_params) return 0;
  const moco_param *q = &fann_apis[api].params[param];
  if (q->kind == MOCO_HANDLE) return 1; /* the post-processor keeps references serving */
  if (isnan(v)) return q->type != NULL; /* a reference to a number */
  if (!legal_value(q, v)) return 0;
  if (strcmp(q->name, "activation_function") == 0) return moco_fann_trainable_activation((int)v);
  if (strcmp(q->name, "layer") == 0) {
    int in, out, layers;
    net_dims(p, ref_of(p, b, 0), &in, &out, &layers);
    return v < layers;
  }
  if (api == MOCO_FANN_SUBSET) {
    int rows, din, dout;
    data_dims(p, ref_of(p, b, 0), &rows, &din, &dout);
    return param == 1 ? v + int_arg(p, b, 2) <= rows : v <= rows && int_arg(p, b, 1) + v <= rows;
  }
  return 1;
}

static void set_integer(Mlf__Moco__Value *v, int64_t x) {
  v->kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
  v->integer = x;
}

/* The latest data block before b (live, of the counts in/out) or SIZE_MAX. */
static size_t fitting_data(const Mlf__Moco__Program *p, size_t b, int in, int out) {
  for (size_t r = b; r-- > 0;) {
    const moco_api *a = &fann_apis[api_of(p, r)];
    if (!a->returns || strcmp(a->returns, "fann_train_data") != 0 || !data_fits(p, r, in, out)) continue;
    int freed = 0;
    for (size_t m = r + 1; m < b && !freed; m++)
      freed = api_of(p, m) == MOCO_FANN_DESTROY_TRAIN && ref_of(p, m, 0) == r;
    if (!freed) return r;
  }
  return SIZE_MAX;
}

/* 1 when an earlier block sets a training algorithm cascade training refuses (incremental,
 * batch) on a network of the same origin as net. */
static int cascade_algorithm_refused(const Mlf__Moco__Program *p, size_t b, size_t net) {
  for (size_t m = 0; m < b; m++)
    if (api_of(p, m) == MOCO_FANN_ALGORITHM && net_origin(p, ref_of(p, m, 0)) == net_origin(p, net) &&
        int_arg(p, m, 1) < 2)
      return 1;
  return 0;
}

/* 1 when an earlier block sets the scaling parameters of exactly this network. */
static int scaling_set(const Mlf__Moco__Program *p, size_t b, size_t net) {
  for (size_t m = 0; m < b; m++)
    if (api_of(p, m) == MOCO_FANN_SET_SCALING && ref_of(p, m, 0) == net) return 1;
  return 0;
}

/* Per block, the constraint it breaks repaired, or the block dropped when no repair exists. */
static int legalize_block(Mlf__Moco__Program *p, size_t b) {
  int api = api_of(p, b);
  const moco_api *a = &fann_apis[api];
  Mlf__Moco__Value **args = p->blocks[b]->args;
  for (unsigned i = 0; i < a->n_params; i++)
    if (strcmp(a->params[i].name, "activation_function") == 0 && !moco_fann_trainable_activation((int)args[i]->integer))
      set_integer(args[i], 5); /* FANN_SIGMOID_SYMMETRIC */
  int in = 0, out = 0, layers = 0;
  if (a->n_params && a->params[0].kind == MOCO_HANDLE && strcmp(a->params[0].type, "fann") == 0)
    net_dims(p, ref_of(p, b, 0), &in, &out, &layers);
  if (api == MOCO_FANN_ACT_LAYER || api == MOCO_FANN_STEEP_LAYER) {
    if (args[2]->integer >= layers) set_integer(args[2], layers - 1);
  }
  if (a->n_params >= 2 && a->params[1].kind == MOCO_HANDLE && a->params[0].kind == MOCO_HANDLE) {
    int merge = api == MOCO_FANN_MERGE;
    if (merge) { int rows; data_dims(p, ref_of(p, b, 0), &rows, &in, &out); }
    if (!data_fits(p, ref_of(p, b, 1), in, out)) {
      size_t r = fitting_data(p, b, in, out);
      if (r == SIZE_MAX) return 0;
      args[1]->ref = (uint32_t)r;
    }
  }
  if (api == MOCO_FANN_CASCADETRAIN &&
      (api_of(p, net_origin(p, ref_of(p, b, 0))) != MOCO_FANN_CREATE_SHORTCUT ||
       cascade_algorithm_refused(p, b, ref_of(p, b, 0))))
    return 0;
  if (api == MOCO_FANN_SCALE_TRAIN && !scaling_set(p, b, ref_of(p, b, 0))) return 0;
  if (api == MOCO_FANN_SUBSET) {
    int rows, din, dout;
    data_dims(p, ref_of(p, b, 0), &rows, &din, &dout);
    if (args[2]->integer > rows) set_integer(args[2], rows);
    if (args[1]->integer + args[2]->integer > rows) set_integer(args[1], rows - args[2]->integer);
  }
  return 1;
}

static void fann_legalize(Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks;)
    if (legalize_block(p, b)) b++;
    else moco_drop_block(p, b);
}

/* Which side's just-past value FANN refuses, per API and parameter: bit 0 the lower side, bit
 * 1 the upper side. */
static const unsigned char refused[MOCO_FANN_APIS][MOCO_MAX_PARAMS] = {
    [MOCO_FANN_ACT_LAYER] = {0, 0, 3},   /* fann_get_layer: layer <= 0 or >= num_layers */
    [MOCO_FANN_STEEP_LAYER] = {0, 0, 3},
    [MOCO_FANN_SUBSET] = {0, 3, 2},      /* pos > num_data (unsigned -1), pos + length > num_data */
};

static int fann_refused(unsigned api, unsigned param, int upper) {
  return api < MOCO_FANN_APIS && param < MOCO_MAX_PARAMS && (refused[api][param] >> (upper ? 1 : 0)) & 1;
}

const moco_spec moco_fann_spec = {"fann", fann_apis, MOCO_FANN_APIS, -1, fann_legalize, fann_legal, fann_refused, 0};
