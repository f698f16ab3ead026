/* The FANN_NETWORK template (fann_template.h). Handles live in the per-block results: a block
 * that creates a network or training data keeps it there, fann_save and fann_save_train keep
 * a record of the file and of what was saved; destroying blocks clear their creator's slot, and
 * the tear-down destroys every slot still set. Arguments come normalized by the post-processor
 * (valid references, values in range); a negative argument is passed to FANN as it is. */
#include "fann_template.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fann_fixed.h"
#include "fann_snapshot.h"
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_fann_spec.h"

/* What the setters of a program set on one network (a copy or a loaded network starts from
 * its original's record). */
typedef struct {
  int set[FANN_SNAPSHOT_PARAMS];
  double value[FANN_SNAPSHOT_PARAMS];
} fann_expected;

typedef struct {
  char path[PATH_MAX];
  fann_net_snapshot net;
  fann_expected expected;
} saved_net;

typedef struct {
  char path[PATH_MAX];
  fann_data_snapshot data;
} saved_data;

/* One run: the program, its outcome, the expected state per network-creating block. */
typedef struct {
  const Mlf__Moco__Program *p;
  fann_outcome *o;
  fann_expected expected[MOCO_MAX_BLOCKS];
  /* Per network-creating block: the candidate count its cascade candidate scores were
   * allocated for (0: none allocated). */
  unsigned scores_capacity[MOCO_MAX_BLOCKS];
} run_state;

/* The per-process directory of the files programs save (removed at exit). */
static char temp_dir[PATH_MAX];

static void remove_temp_dir(void) { rmdir(temp_dir); }

static const char *temp_path(char *out, size_t n, const char *kind, size_t b) {
  if (!temp_dir[0]) {
    snprintf(temp_dir, sizeof temp_dir, "%s/mlf-moco-fann-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(temp_dir)) abort();
    atexit(remove_temp_dir);
  }
  snprintf(out, n, "%s/%s-%zu", temp_dir, kind, b);
  return out;
}

static const char *returns(int api) { return moco_fann_spec.apis[api].returns; }

static int arg_int(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  return (int)moco_arg_number(k, i, r);
}

static unsigned ref_block(const Mlf__Moco__Block *k, unsigned i) { return k->args[i]->ref; }

/* Layer sizes from a create block's arguments: input, num_layers - 2 hidden, output. */
static unsigned layer_sizes(const Mlf__Moco__Block *k, const moco_results *r, unsigned *sizes) {
  unsigned n = (unsigned)arg_int(k, 0, r);
  sizes[0] = (unsigned)arg_int(k, 1, r);
  for (unsigned i = 1; i + 1 < n; i++) sizes[i] = (unsigned)arg_int(k, 2, r);
  sizes[n - 1] = (unsigned)arg_int(k, 3, r);
  return n;
}

/* Training values from a seed: inputs and outputs in [-1, 1]. */
static mlf_rng callback_rng;

static void FANN_API fill_row(unsigned num, unsigned num_input, unsigned num_output, fann_type *input,
                              fann_type *output) {
  (void)num;
  for (unsigned i = 0; i < num_input; i++) input[i] = (fann_type)(2 * mlf_rng_unit(&callback_rng) - 1);
  for (unsigned j = 0; j < num_output; j++) output[j] = (fann_type)(2 * mlf_rng_unit(&callback_rng) - 1);
}

static struct fann_train_data *create_train(int api, unsigned rows, unsigned in, unsigned out, uint64_t seed) {
  mlf_rng_seed(&callback_rng, seed ^ 0x74726169u);
  if (api == MOCO_FANN_CREATE_TRAIN_CALLBACK) return fann_create_train_from_callback(rows, in, out, fill_row);
  struct fann_train_data *d = fann_create_train(rows, in, out);
  for (unsigned r = 0; d && r < rows; r++) fill_row(r, in, out, d->input[r], d->output[r]);
  return d;
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
static void destroy_net(struct fann *ann, fann_outcome *o) {
  if (ann->cascade_candidate_scores) {
    o->cascade_scores_leaked++;
    if (!mlf_report_known()) free(ann->cascade_candidate_scores), ann->cascade_candidate_scores = NULL;
  }
  fann_destroy(ann);
}

/* The record of a copy or a loaded network: its original's, through the file when it was
 * saved, for the parameters it got right (the comparison has reported those it did not). */
static void inherit_expected(fann_expected *to, const fann_expected *from, const fann_net_snapshot *original,
                             const fann_net_snapshot *made, int through_file) {
  for (int i = 0; i < FANN_SNAPSHOT_PARAMS; i++) {
    double original_value = through_file ? fann_param_through_file(i, original->params[i]) : original->params[i];
    to->set[i] = from->set[i] && original_value == made->params[i];
    to->value[i] = through_file ? fann_param_through_file(i, from->value[i]) : from->value[i];
  }
}

/* After scaling: every value of the data is finite (a check expecting no other); stops the
 * program on the known finding (fann_template.h) unless MLF_REPORT_KNOWN=1. */
static void check_finite(run_state *s, const char *call, struct fann_train_data *d) {
  fann_data_snapshot v;
  fann_snapshot_data(d, &v);
  size_t n = (size_t)v.rows * (v.num_input + v.num_output), bad = 0;
  for (size_t i = 0; i < n; i++) bad += !isfinite(v.values[i]);
  fann_data_snapshot_free(&v);
  fann_check_add(s->o, call, "non-finite-values", "values not finite", 0, (double)bad);
  if (bad && !mlf_report_known()) s->o->stopped_on_non_finite = 1;
}

/* Known finding (harnesses/moco/known_findings.tsv): fann_destroy_train frees the data but not
 * the error string fann_error allocated on it (fann_train_data.c, fann_destroy_train). */
static void destroy_data(struct fann_train_data *d, fann_outcome *o) {
  if (d->errstr) {
    o->error_strings_leaked++;
    if (!mlf_report_known()) free(d->errstr), d->errstr = NULL;
  }
  fann_destroy_train(d);
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

/* LeakSanitizer's pause and resume when the build has it (weak: absent without ASan). */
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));
static void lsan_pause(void) { if (__lsan_disable) __lsan_disable(); }
static void lsan_resume(void) { if (__lsan_enable) __lsan_enable(); }

/* Known finding (harnesses/moco/known_findings.tsv): fann_subset_train_data allocates the new
 * struct before its range check and returns NULL without freeing it
 * (fann_train_data.c:586-599). A subset past the data is counted and, unless
 * MLF_REPORT_KNOWN=1, made with LeakSanitizer's counting paused. */
static struct fann_train_data *subset(struct fann_train_data *d, unsigned pos, unsigned length, fann_outcome *o) {
  if (pos <= d->num_data && pos + length <= d->num_data) return fann_subset_train_data(d, pos, length);
  o->subset_refusals_leaked++;
  if (mlf_report_known()) return fann_subset_train_data(d, pos, length);
  lsan_pause();
  struct fann_train_data *made = fann_subset_train_data(d, pos, length);
  lsan_resume();
  return made;
}

/* subset, merge, duplicate: the new data set holds the rows it should (its sources'
 * snapshots taken before the call). */
static void *derive_data(run_state *s, size_t b, int api, struct fann_train_data *d0, struct fann_train_data *d1) {
  const Mlf__Moco__Block *k = s->p->blocks[b];
  const moco_results *r = &s->o->results;
  fann_data_snapshot a, c, got;
  fann_snapshot_data(d0, &a);
  if (api == MOCO_FANN_MERGE) fann_snapshot_data(d1, &c);
  struct fann_train_data *d = api == MOCO_FANN_SUBSET ? subset(d0, (unsigned)arg_int(k, 1, r), (unsigned)arg_int(k, 2, r), s->o)
                              : api == MOCO_FANN_MERGE ? fann_merge_train_data(d0, d1)
                                                       : fann_duplicate_train_data(d0);
  if (d) {
    fann_snapshot_data(d, &got);
    const char *kind = api == MOCO_FANN_DUPLICATE ? "copy-mismatch" : "state-mismatch";
    unsigned first = api == MOCO_FANN_SUBSET ? (unsigned)arg_int(k, 1, r) : 0;
    unsigned rows = api == MOCO_FANN_SUBSET ? (unsigned)arg_int(k, 2, r) : a.rows;
    fann_check_add(s->o, k->api, kind, "rows", rows + (api == MOCO_FANN_MERGE ? c.rows : 0), got.rows);
    fann_compare_data(&a, first, &got, 0, rows, 0, k->api, kind, s->o);
    if (api == MOCO_FANN_MERGE) fann_compare_data(&c, 0, &got, a.rows, c.rows, 0, k->api, kind, s->o);
    fann_data_snapshot_free(&got);
  }
  fann_data_snapshot_free(&a);
  if (api == MOCO_FANN_MERGE) fann_data_snapshot_free(&c);
  return d;
}

/* moco_fann_fixed: ann saved once more with fann_save_to_fixed and checked on the fixed build
 * (fann_fixed.h) against the shape of its snapshot net. */
static void check_fixed(run_state *s, size_t b, struct fann *ann, const fann_net_snapshot *net) {
  char path[PATH_MAX];
  int decimal_point = fann_save_to_fixed(ann, temp_path(path, sizeof path, "fixed", b));
  fann_fixed_shape shape = {net->num_input, net->num_output, net->num_layers, net->total_neurons,
                            net->total_connections};
  fann_fixed_check(path, decimal_point, &shape, s->p->data_seed + b, s->o);
  unlink(path);
}

/* fann_save, fann_save_train: the file and a record of what was saved (NULL when saving
 * failed: FANN returned -1). */
static void *save(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d) {
  if (api == MOCO_FANN_SAVE) {
    saved_net *f = calloc(1, sizeof *f);
    if (!f) abort();
    if (fann_save(ann, temp_path(f->path, sizeof f->path, "net", b)) != 0) { free(f); return NULL; }
    fann_snapshot_net(ann, s->p->data_seed + b, &f->net);
    f->expected = s->expected[ref_block(s->p->blocks[b], 0)];
    if (s->o->with_fixed) check_fixed(s, b, ann, &f->net);
    return f;
  }
  saved_data *f = calloc(1, sizeof *f);
  if (!f) abort();
  if (fann_save_train(d, temp_path(f->path, sizeof f->path, "data", b)) != 0) { free(f); return NULL; }
  fann_snapshot_data(d, &f->data);
  return f;
}

/* fann_create_from_file, fann_read_train_from_file: what was saved, read back; the loaded
 * network against its original (fann_io.h: "an exact copy of the neural network and all of
 * the parameters", within the precision fann_save writes each parameter with). */
static void *load(run_state *s, size_t b, int api, void *record) {
  const char *call = s->p->blocks[b]->api;
  if (api == MOCO_FANN_CREATE_FROM_FILE) {
    saved_net *f = record;
    struct fann *ann = fann_create_from_file(f->path);
    if (!ann) return NULL;
    fann_net_snapshot got;
    fann_snapshot_net(ann, s->p->data_seed + (size_t)(s->p->blocks[b]->args[0]->ref), &got);
    fann_compare_nets(&f->net, &got, 1, call, "round-trip-mismatch", s->o);
    inherit_expected(&s->expected[b], &f->expected, &f->net, &got, 1);
    return ann;
  }
  saved_data *f = record;
  struct fann_train_data *d = fann_read_train_from_file(f->path);
  if (!d) return NULL;
  fann_data_snapshot got;
  fann_snapshot_data(d, &got);
  fann_check_add(s->o, call, "round-trip-mismatch", "rows", f->data.rows, got.rows);
  fann_compare_data(&f->data, 0, &got, 0, f->data.rows < got.rows ? f->data.rows : got.rows, 1, call,
                    "round-trip-mismatch", s->o);
  fann_data_snapshot_free(&got);
  return d;
}

/* Block b (API api) on the handles it references: the network ann, the data sets d0 and d1,
 * the saved records. Returns the handle it creates, or NULL. */
static void *call_block(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d0,
                        struct fann_train_data *d1, void *saved) {
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
      inherit_expected(&s->expected[b], &s->expected[ref_block(k, 0)], &a, &c, 0);
      return copy;
    }
    case MOCO_FANN_DESTROY:
      destroy_net(ann, o);
      r->block[ref_block(k, 0)].handle = NULL;
      return NULL;
    case MOCO_FANN_ACT_HIDDEN: fann_set_activation_function_hidden(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r)); break;
    case MOCO_FANN_ACT_OUTPUT: fann_set_activation_function_output(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r)); break;
    case MOCO_FANN_ACT_LAYER:
      fann_set_activation_function_layer(ann, (enum fann_activationfunc_enum)arg_int(k, 1, r), arg_int(k, 2, r));
      break;
    case MOCO_FANN_STEEP_HIDDEN: fann_set_activation_steepness_hidden(ann, (fann_type)moco_arg_number(k, 1, r)); break;
    case MOCO_FANN_STEEP_OUTPUT: fann_set_activation_steepness_output(ann, (fann_type)moco_arg_number(k, 1, r)); break;
    case MOCO_FANN_STEEP_LAYER:
      fann_set_activation_steepness_layer(ann, (fann_type)moco_arg_number(k, 1, r), arg_int(k, 2, r));
      break;
    case MOCO_FANN_CASCADE_GROUPS: case MOCO_FANN_CASCADE_FUNCTIONS: case MOCO_FANN_CASCADE_OUTPUT_STAGNATION:
      set_cascade(ann, api, k, r, o);
      return NULL;
    case MOCO_FANN_RANDOMIZE_WEIGHTS:
      fann_randomize_weights(ann, (fann_type)moco_arg_number(k, 1, r), (fann_type)moco_arg_number(k, 2, r));
      return NULL;
    case MOCO_FANN_INIT_WEIGHTS: fann_init_weights(ann, d0); return NULL;
    case MOCO_FANN_CREATE_TRAIN: case MOCO_FANN_CREATE_TRAIN_CALLBACK:
      return create_train(api, (unsigned)arg_int(k, 0, r), (unsigned)arg_int(k, 1, r), (unsigned)arg_int(k, 2, r), seed);
    case MOCO_FANN_SHUFFLE: fann_shuffle_train_data(d0); return NULL;
    case MOCO_FANN_SCALE_DATA:
      fann_scale_train_data(d0, (fann_type)moco_arg_number(k, 1, r), (fann_type)moco_arg_number(k, 2, r));
      check_finite(s, k->api, d0);
      return NULL;
    case MOCO_FANN_SUBSET: case MOCO_FANN_MERGE: case MOCO_FANN_DUPLICATE:
      return derive_data(s, b, api, d0, d1);
    case MOCO_FANN_DESTROY_TRAIN:
      destroy_data(d0, o);
      r->block[ref_block(k, 0)].handle = NULL;
      return NULL;
    case MOCO_FANN_SET_SCALING:
      set_number(me, fann_set_scaling_params(ann, d0, (float)moco_arg_number(k, 2, r), (float)moco_arg_number(k, 3, r),
                                             (float)moco_arg_number(k, 4, r), (float)moco_arg_number(k, 5, r)));
      return NULL;
    case MOCO_FANN_SCALE_TRAIN:
      fann_scale_train(ann, d0);
      check_finite(s, k->api, d0);
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
    case MOCO_FANN_SAVE: case MOCO_FANN_SAVE_TRAIN: return save(s, b, api, ann, d0);
    case MOCO_FANN_CREATE_FROM_FILE: case MOCO_FANN_READ_TRAIN: return load(s, b, api, saved);
    case MOCO_FANN_GET_MSE: set_number(me, fann_get_MSE(ann)); return NULL;
    case MOCO_FANN_GET_NUM_INPUT: set_number(me, fann_get_num_input(ann)); return NULL;
    case MOCO_FANN_GET_NUM_OUTPUT: set_number(me, fann_get_num_output(ann)); return NULL;
    case MOCO_FANN_GET_TOTAL_NEURONS: set_number(me, fann_get_total_neurons(ann)); return NULL;
    case MOCO_FANN_GET_TOTAL_CONNECTIONS: set_number(me, fann_get_total_connections(ann)); return NULL;
    case MOCO_FANN_GET_NUM_LAYERS: set_number(me, fann_get_num_layers(ann)); return NULL;
    default: abort(); /* every API of the table has a case */
  }
  if (fann_get_errno((struct fann_error *)ann) == FANN_E_NO_ERROR) check_activation(ann, api, k, r, o);
  return NULL;
}

/* The kind of handle an API returns. */
static int returns_type(int api, const char *type) { return returns(api) && strcmp(returns(api), type) == 0; }

static int returns_handle(int api) {
  return returns_type(api, "fann") || returns_type(api, "fann_train_data") || returns_type(api, "fann_file") ||
         returns_type(api, "fann_train_file");
}

static void destroy_handle(int api, void *h, fann_outcome *o) {
  if (returns_type(api, "fann")) destroy_net(h, o);
  else if (returns_type(api, "fann_train_data")) destroy_data(h, o);
  else if (returns_type(api, "fann_file")) {
    unlink(((saved_net *)h)->path);
    free(h);
  } else if (returns_type(api, "fann_train_file")) {
    saved_data *f = h;
    unlink(f->path);
    fann_data_snapshot_free(&f->data);
    free(f);
  }
}

static struct fann_error *error_struct(int api, unsigned param, void *h) {
  const moco_param *q = &moco_fann_spec.apis[api].params[param];
  return q->kind == MOCO_HANDLE && (strcmp(q->type, "fann") == 0 || strcmp(q->type, "fann_train_data") == 0) ? h : NULL;
}

/* The error a block's call left on the structs it was given or made: its errno and text. */
static void record_error(fann_outcome *o, size_t b, struct fann_error *e) {
  if (!e || o->fann_errno[b] || fann_get_errno(e) == FANN_E_NO_ERROR) return;
  o->fann_errno[b] = (int)fann_get_errno(e);
  snprintf(o->error_text[b], sizeof o->error_text[b], "%s", e->errstr ? e->errstr : "");
  o->error_text[b][strcspn(o->error_text[b], "\n")] = 0; /* FANN ends its messages with one */
}

/* At the end: every live network's getters report what its setters set (its record). */
static void check_state(run_state *s) {
  for (size_t b = 0; b < s->p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    int api = moco_api_index(&moco_fann_spec, s->p->blocks[b]->api);
    struct fann *ann = s->o->results.block[b].handle;
    if (!ann || !returns_type(api, "fann")) continue;
    double got[FANN_SNAPSHOT_PARAMS];
    fann_read_params(ann, got);
    for (int i = 0; i < FANN_SNAPSHOT_PARAMS; i++)
      if (s->expected[b].set[i]) {
        char kind[64];
        snprintf(kind, sizeof kind, "state-mismatch-%s", fann_param_name(i));
        fann_check_add(s->o, moco_fann_spec.apis[fann_api_of_param(i)].name, kind, fann_param_name(i),
                       s->expected[b].value[i], got[i]);
      }
  }
}

void fann_template_run(const Mlf__Moco__Program *p, fann_outcome *o) {
  run_state *s = calloc(1, sizeof *s);
  if (!s) abort();
  s->p = p, s->o = o;
  fann_set_error_log(NULL, NULL); /* errors are read from fann_errno, not printed */
  srand((unsigned)p->data_seed);  /* FANN's weights and shuffles come from rand(): replayable */
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    const Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_fann_spec, k->api);
    const moco_api *a = &moco_fann_spec.apis[api];
    void *h[MOCO_MAX_PARAMS] = {NULL};
    int missing = 0;
    for (unsigned i = 0; i < a->n_params; i++)
      if (a->params[i].kind == MOCO_HANDLE && !(h[i] = moco_arg_handle(k, i, &o->results))) missing = 1;
    if (missing) { moco_note(&o->results, b, "skipped: a handle it needs was not created"); continue; }
    for (unsigned i = 0; i < a->n_params; i++)
      if (error_struct(api, i, h[i])) fann_reset_errno(h[i]), fann_reset_errstr(h[i]);
    struct fann *ann = NULL;
    struct fann_train_data *data[2] = {NULL, NULL};
    for (unsigned i = 0, n = 0; i < a->n_params; i++)
      if (a->params[i].kind != MOCO_HANDLE) continue;
      else if (strcmp(a->params[i].type, "fann") == 0) ann = h[i];
      else if (strcmp(a->params[i].type, "fann_train_data") == 0) data[n++] = h[i];
    void *made = call_block(s, b, api, ann, data[0], data[1], h[0]);
    o->results.block[b].handle = made;
    if (!a->frees)
      for (unsigned i = 0; i < a->n_params; i++) record_error(o, b, error_struct(api, i, h[i]));
    if (returns_handle(api) && !made) {
      o->fann_errno[b] = o->fann_errno[b] ? o->fann_errno[b] : -1;
      moco_note(&o->results, b, "returned NULL");
    } else if (o->fann_errno[b]) {
      moco_note(&o->results, b, "error %d: %.80s", o->fann_errno[b], o->error_text[b]);
    } else if (o->results.block[b].has_number) {
      moco_note(&o->results, b, "ok: %g", o->results.block[b].number);
    } else {
      moco_note(&o->results, b, "ok");
    }
    if (made) record_error(o, b, returns_type(api, "fann") || returns_type(api, "fann_train_data") ? made : NULL);
    if (o->stopped_on_non_finite) {
      moco_note(&o->results, b, "stopped: scaling made values NaN (known finding)");
      break;
    }
    if (o->scores_overflow_in && !mlf_report_known()) {
      moco_note(&o->results, b, "not called: it would overflow the cascade candidate scores (known finding)");
      break;
    }
  }
  check_state(s);
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++)
    if (o->results.block[b].handle) destroy_handle(moco_api_index(&moco_fann_spec, p->blocks[b]->api), o->results.block[b].handle, o);
  free(s);
}
