/* The FANN_NETWORK template's blocks on a network (fann_template_run.h): the creators, the
 * copy and fann_destroy, the setters each checked against its getter (the snapshot table's
 * parameters, the activation functions and steepnesses, the cascade settings), the weights,
 * the scaling parameters, training, running and the getters. */
#include "fann_template_run.h"
#include <stdio.h>
#include <stdlib.h>
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_fann_spec.h"

/* Layer sizes from a create block's arguments: input, num_layers - 2 hidden, output. */
static unsigned layer_sizes(const Mlf__Moco__Block *k, const moco_results *r, unsigned *sizes) {
  unsigned n = (unsigned)arg_int(k, 0, r);
  sizes[0] = (unsigned)arg_int(k, 1, r);
  for (unsigned i = 1; i + 1 < n; i++) sizes[i] = (unsigned)arg_int(k, 2, r);
  sizes[n - 1] = (unsigned)arg_int(k, 3, r);
  return n;
}

/* The neuron counts of each layer (without bias neurons). */
static unsigned layers_of(struct fann *ann, unsigned *sizes) {
  unsigned n = fann_get_num_layers(ann);
  if (n > 16) return 0;
  fann_get_layer_array(ann, sizes);
  return n;
}

/* After an activation setter: every neuron of the layers it set reports the function or
 * steepness set (fann_get_activation_function / _steepness). */
static void check_activation(struct fann *ann, int api, const Mlf__Moco__Block *k, const moco_results *r,
                             fann_outcome *o) {
  unsigned sizes[16], n = layers_of(ann, sizes);
  int function = api <= MOCO_FANN_ACT_LAYER;
  unsigned first = 1, last = n - 1; /* the layers it set: [first, last) */
  if (api == MOCO_FANN_ACT_HIDDEN || api == MOCO_FANN_STEEP_HIDDEN) last = n - 1;
  else if (api == MOCO_FANN_ACT_OUTPUT || api == MOCO_FANN_STEEP_OUTPUT) first = n - 1, last = n;
  else first = (unsigned)arg_int(k, 2, r), last = first + 1;
  double expected = function ? arg_int(k, 1, r) : (fann_type)moco_arg_number(k, 1, r);
  for (unsigned l = first; l < last && l < n; l++)
    for (unsigned i = 0; i < sizes[l]; i++) {
      char what[48];
      snprintf(what, sizeof what, "layer %u neuron %u", l, i);
      double got = function ? (double)fann_get_activation_function(ann, (int)l, (int)i)
                            : (double)fann_get_activation_steepness(ann, (int)l, (int)i);
      fann_check_add(o, k->api, "getter-mismatch", what, expected, got);
    }
}

/* Calls a scalar setter of the snapshot table with value v. */
static void set_param(struct fann *ann, int api, double v) {
  switch (api) {
    case MOCO_FANN_ALGORITHM: fann_set_training_algorithm(ann, (enum fann_train_enum)v); break;
    case MOCO_FANN_LEARNING_RATE: fann_set_learning_rate(ann, (float)v); break;
    case MOCO_FANN_MOMENTUM: fann_set_learning_momentum(ann, (float)v); break;
    case MOCO_FANN_ERROR_FUNCTION: fann_set_train_error_function(ann, (enum fann_errorfunc_enum)v); break;
    case MOCO_FANN_STOP_FUNCTION: fann_set_train_stop_function(ann, (enum fann_stopfunc_enum)v); break;
    case MOCO_FANN_BIT_FAIL_LIMIT: fann_set_bit_fail_limit(ann, (fann_type)v); break;
    case MOCO_FANN_QUICKPROP_DECAY: fann_set_quickprop_decay(ann, (float)v); break;
    case MOCO_FANN_QUICKPROP_MU: fann_set_quickprop_mu(ann, (float)v); break;
    case MOCO_FANN_RPROP_INCREASE: fann_set_rprop_increase_factor(ann, (float)v); break;
    case MOCO_FANN_RPROP_DECREASE: fann_set_rprop_decrease_factor(ann, (float)v); break;
    case MOCO_FANN_RPROP_DELTA_MIN: fann_set_rprop_delta_min(ann, (float)v); break;
    case MOCO_FANN_RPROP_DELTA_MAX: fann_set_rprop_delta_max(ann, (float)v); break;
    case MOCO_FANN_RPROP_DELTA_ZERO: fann_set_rprop_delta_zero(ann, (float)v); break;
    case MOCO_FANN_SARPROP_DECAY_SHIFT: fann_set_sarprop_weight_decay_shift(ann, (float)v); break;
    case MOCO_FANN_SARPROP_THRESHOLD_FACTOR: fann_set_sarprop_step_error_threshold_factor(ann, (float)v); break;
    case MOCO_FANN_SARPROP_ERROR_SHIFT: fann_set_sarprop_step_error_shift(ann, (float)v); break;
    case MOCO_FANN_SARPROP_TEMPERATURE: fann_set_sarprop_temperature(ann, (float)v); break;
    case MOCO_FANN_CASCADE_OUTPUT_CHANGE: fann_set_cascade_output_change_fraction(ann, (float)v); break;
    case MOCO_FANN_CASCADE_CANDIDATE_LIMIT: fann_set_cascade_candidate_limit(ann, (fann_type)v); break;
    case MOCO_FANN_CASCADE_MAX_OUT: fann_set_cascade_max_out_epochs(ann, (unsigned)v); break;
    case MOCO_FANN_CASCADE_MAX_CAND: fann_set_cascade_max_cand_epochs(ann, (unsigned)v); break;
    default: abort(); /* fann_param_of_api names only these */
  }
}

/* The trainable activation functions in enum order (moco_fann_trainable_activation). */
static unsigned trainable_functions(enum fann_activationfunc_enum *f) {
  unsigned n = 0;
  for (int i = 0; i <= 17; i++)
    if (moco_fann_trainable_activation(i)) f[n++] = (enum fann_activationfunc_enum)i;
  return n;
}

/* The cascade setters outside the snapshot table, each checked against its getter. */
static void set_cascade(struct fann *ann, int api, const Mlf__Moco__Block *k, const moco_results *r,
                        fann_outcome *o) {
  unsigned v = (unsigned)arg_int(k, 1, r);
  if (api == MOCO_FANN_CASCADE_GROUPS) {
    fann_set_cascade_num_candidate_groups(ann, v);
    fann_check_add(o, k->api, "getter-mismatch", "num_candidate_groups", v, fann_get_cascade_num_candidate_groups(ann));
  } else if (api == MOCO_FANN_CASCADE_OUTPUT_STAGNATION) {
    fann_set_cascade_output_stagnation_epochs(ann, v);
    fann_check_add(o, k->api, "getter-mismatch", "output_stagnation_epochs", v,
                   fann_get_cascade_output_stagnation_epochs(ann));
  } else {
    enum fann_activationfunc_enum f[18];
    unsigned n = trainable_functions(f);
    fann_set_cascade_activation_functions(ann, f, v < n ? v : n);
    fann_check_add(o, k->api, "getter-mismatch", "activation_functions_count", v < n ? v : n,
                   fann_get_cascade_activation_functions_count(ann));
    enum fann_activationfunc_enum *got = fann_get_cascade_activation_functions(ann);
    for (unsigned i = 0; i < v && i < n && i < fann_get_cascade_activation_functions_count(ann); i++)
      fann_check_add(o, k->api, "getter-mismatch", "activation_functions[i]", f[i], got[i]);
  }
}

/* Runs ann on inputs from seed; the first output. */
static double run_once(struct fann *ann, uint64_t seed) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x72756e31u);
  fann_type input[8];
  for (unsigned i = 0; i < fann_get_num_input(ann) && i < 8; i++) input[i] = (fann_type)(2 * mlf_rng_unit(&rng) - 1);
  return fann_run(ann, input)[0];
}

static void set_number(moco_result *r, double v) { r->has_number = 1, r->number = v; }

/* Known finding (harnesses/moco/known_findings.tsv): fann_cascadetrain_on_data allocates
 * ann->cascade_candidate_scores (fann_train_candidates, fann_cascade.c:502-505) and
 * fann_destroy never frees it (fann.c, fann_destroy). Destroys ann, counting the leak and,
 * unless MLF_REPORT_KNOWN=1, freeing the scores first so that the campaign goes on. */
void fann_net_destroy(struct fann *ann, fann_outcome *o) {
  if (ann->cascade_candidate_scores) {
    o->cascade_scores_leaked++;
    if (!mlf_report_known()) free(ann->cascade_candidate_scores), ann->cascade_candidate_scores = NULL;
  }
  fann_destroy(ann);
}

/* The record of a copy or a loaded network: its original's, through the file when it was
 * saved, for the parameters it got right (the comparison has reported those it did not). */
void fann_net_inherit_expected(fann_expected *to, const fann_expected *from, const fann_net_snapshot *original,
                               const fann_net_snapshot *made, int through_file) {
  for (int i = 0; i < FANN_SNAPSHOT_PARAMS; i++) {
    double original_value = through_file ? fann_param_through_file(i, original->params[i]) : original->params[i];
    to->set[i] = from->set[i] && original_value == made->params[i];
    to->value[i] = through_file ? fann_param_through_file(i, from->value[i]) : from->value[i];
  }
}

/* Known finding (harnesses/moco/known_findings.tsv): fann_train_candidates allocates the
 * cascade candidate scores once, for the candidate count of the time (fann_cascade.c:502-505),
 * and neither fann_set_cascade_activation_functions nor fann_set_cascade_num_candidate_groups
 * resizes them: after the count grew, cascade training writes and fann_copy reads past the
 * array (fann.c:917-925). 1 when call (on the network block net created) would, recorded, and
 * the program is to stop before it unless MLF_REPORT_KNOWN=1. */
static int scores_would_overflow(run_state *s, unsigned net, struct fann *ann, const char *call) {
  if (!ann->cascade_candidate_scores || fann_get_cascade_num_candidates(ann) <= s->scores_capacity[net]) return 0;
  s->o->scores_overflow_in = call;
  return !mlf_report_known();
}

/* Known finding (harnesses/moco/known_findings.tsv): fann_init_weights divides by the spread
 * of the training inputs (largest - smallest, fann.c:1144-1162 of 2.2.0+ds-8), reading
 * input[0][0] first whatever the size: when every input is the same value the scale factor is
 * infinite and the weights it draws are infinite or NaN (fann_save_to_fixed then converts NaN
 * to int). 1 when d would do that, recorded; the call is then skipped unless MLF_REPORT_KNOWN=1. */
static int init_weights_divides_by_zero(const struct fann_train_data *d, fann_outcome *o) {
  int zero = d->num_data == 0 || d->num_input == 0;
  if (!zero) {
    fann_type lo = d->input[0][0], hi = lo;
    for (unsigned i = 0; i < d->num_data; i++)
      for (unsigned j = 0; j < d->num_input; j++) {
        if (d->input[i][j] < lo) lo = d->input[i][j];
        if (d->input[i][j] > hi) hi = d->input[i][j];
      }
    zero = lo == hi;
  }
  fann_check_add(o, "fann_init_weights", "zero-input-range", "training inputs of zero range", 0, zero);
  return zero && !mlf_report_known();
}

void *fann_net_call(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d0) {
  const Mlf__Moco__Block *k = s->p->blocks[b];
  fann_outcome *o = s->o;
  moco_results *r = &o->results;
  moco_result *me = &r->block[b];
  uint64_t seed = s->p->data_seed + b;
  unsigned sizes[8];
  int param = fann_param_of_api(api);
  if (param >= 0) {
    double v = fann_param_as_stored(param, moco_arg_number(k, 1, r));
    set_param(ann, api, moco_arg_number(k, 1, r));
    double got[FANN_SNAPSHOT_PARAMS];
    fann_read_params(ann, got);
    fann_check_add(o, k->api, "getter-mismatch", fann_param_name(param), v, got[param]);
    fann_expected *e = &s->expected[ref_block(k, 0)];
    e->set[param] = 1, e->value[param] = v;
    return NULL;
  }
  switch (api) {
    case MOCO_FANN_CREATE_STANDARD: return fann_create_standard_array(layer_sizes(k, r, sizes), sizes);
    case MOCO_FANN_CREATE_SPARSE:
      return fann_create_sparse_array((float)moco_arg_number(k, 4, r), layer_sizes(k, r, sizes), sizes);
    case MOCO_FANN_CREATE_SHORTCUT: return fann_create_shortcut_array(layer_sizes(k, r, sizes), sizes);
    case MOCO_FANN_COPY: {
      if (scores_would_overflow(s, ref_block(k, 0), ann, k->api)) return NULL;
      struct fann *copy = fann_copy(ann);
      if (!copy) return NULL;
      if (copy->cascade_candidate_scores) s->scores_capacity[b] = fann_get_cascade_num_candidates(copy);
      fann_net_snapshot a, c;
      fann_snapshot_net(ann, seed, &a);
      fann_snapshot_net(copy, seed, &c);
      fann_compare_nets(&a, &c, 0, k->api, "copy-mismatch", o);
      fann_net_inherit_expected(&s->expected[b], &s->expected[ref_block(k, 0)], &a, &c, 0);
      return copy;
    }
    case MOCO_FANN_DESTROY:
      fann_net_destroy(ann, o);
      r->block[ref_block(k, 0)].handle = NULL;
      return NULL;
    case MOCO_FANN_ACT_HIDDEN: fann_set_activation_function_hidden(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r)); break;
    case MOCO_FANN_ACT_OUTPUT: fann_set_activation_function_output(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r)); break;
    case MOCO_FANN_ACT_LAYER:
      o->layer_exists[b] = arg_int(k, 2, r) >= 1 && (unsigned)arg_int(k, 2, r) < fann_get_num_layers(ann);
      fann_set_activation_function_layer(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r), arg_int(k, 2, r));
      break;
    case MOCO_FANN_STEEP_HIDDEN: fann_set_activation_steepness_hidden(ann, (fann_type)moco_arg_number(k, 1, r)); break;
    case MOCO_FANN_STEEP_OUTPUT: fann_set_activation_steepness_output(ann, (fann_type)moco_arg_number(k, 1, r)); break;
    case MOCO_FANN_STEEP_LAYER:
      o->layer_exists[b] = arg_int(k, 2, r) >= 1 && (unsigned)arg_int(k, 2, r) < fann_get_num_layers(ann);
      fann_set_activation_steepness_layer(ann, (fann_type)moco_arg_number(k, 1, r), arg_int(k, 2, r));
      break;
    case MOCO_FANN_CASCADE_GROUPS: case MOCO_FANN_CASCADE_FUNCTIONS: case MOCO_FANN_CASCADE_OUTPUT_STAGNATION:
      set_cascade(ann, api, k, r, o);
      return NULL;
    case MOCO_FANN_RANDOMIZE_WEIGHTS:
      fann_randomize_weights(ann, (fann_type)moco_arg_number(k, 1, r), (fann_type)moco_arg_number(k, 2, r));
      return NULL;
    case MOCO_FANN_INIT_WEIGHTS:
      if (!init_weights_divides_by_zero(d0, o)) fann_init_weights(ann, d0);
      return NULL;
    case MOCO_FANN_SET_SCALING:
      set_number(me, fann_set_scaling_params(ann, d0, (float)moco_arg_number(k, 2, r), (float)moco_arg_number(k, 3, r),
                                             (float)moco_arg_number(k, 4, r), (float)moco_arg_number(k, 5, r)));
      return NULL;
    case MOCO_FANN_SCALE_TRAIN:
      fann_scale_train(ann, d0);
      fann_data_check_finite(s, k->api, d0);
      return NULL;
    case MOCO_FANN_CLEAR_SCALING: set_number(me, fann_clear_scaling_params(ann)); return NULL;
    case MOCO_FANN_TRAIN_ON_DATA:
      fann_train_on_data(ann, d0, (unsigned)arg_int(k, 2, r), 0, (float)moco_arg_number(k, 3, r));
      set_number(me, fann_get_MSE(ann));
      return NULL;
    case MOCO_FANN_TRAIN_EPOCH: set_number(me, fann_train_epoch(ann, d0)); return NULL;
    case MOCO_FANN_TEST_DATA: set_number(me, fann_test_data(ann, d0)); return NULL;
    case MOCO_FANN_CASCADETRAIN:
      if (scores_would_overflow(s, ref_block(k, 0), ann, k->api)) return NULL;
      if (!ann->cascade_candidate_scores) s->scores_capacity[ref_block(k, 0)] = fann_get_cascade_num_candidates(ann);
      fann_cascadetrain_on_data(ann, d0, (unsigned)arg_int(k, 2, r), 0, (float)moco_arg_number(k, 3, r));
      set_number(me, fann_get_MSE(ann));
      return NULL;
    case MOCO_FANN_RUN: set_number(me, run_once(ann, seed)); return NULL;
    case MOCO_FANN_RESET_MSE: fann_reset_MSE(ann); return NULL;
    case MOCO_FANN_GET_MSE: set_number(me, fann_get_MSE(ann)); return NULL;
    case MOCO_FANN_GET_NUM_INPUT: set_number(me, fann_get_num_input(ann)); return NULL;
    case MOCO_FANN_GET_NUM_OUTPUT: set_number(me, fann_get_num_output(ann)); return NULL;
    case MOCO_FANN_GET_TOTAL_NEURONS: set_number(me, fann_get_total_neurons(ann)); return NULL;
    case MOCO_FANN_GET_TOTAL_CONNECTIONS: set_number(me, fann_get_total_connections(ann)); return NULL;
    case MOCO_FANN_GET_NUM_LAYERS: set_number(me, fann_get_num_layers(ann)); return NULL;
    default: abort(); /* every API call_block (fann_template.c) sends here has a case */
  }
  if (fann_get_errno((struct fann_error *)ann) == FANN_E_NO_ERROR) check_activation(ann, api, k, r, o);
  return NULL;
}
