/* moco_fann_fixed's checks on FANN's fixed-point build (fann_fixed.h). */
#define FANN_FLAVOUR fixed
#include "libraries/fann/fann_flavour.h"
#include "fann_fixed.h"
#include "fann_fixed_overflow.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include "mlf_report.h"
#include "mlf_rng.h"

#define FIXED_RUNS 4
#define FIXED_OUTPUTS 8

typedef struct {
  unsigned decimal_point;
  fann_type outputs[FIXED_RUNS][FIXED_OUTPUTS];
} fixed_outputs;

/* Known finding (harnesses/moco/known_findings.tsv): the fixed build's fann_run computes in int
 * without regard to overflow, and fann_save_to_fixed's decimal point (fann_io.c:143-149) only
 * bounds the sum of a neuron's absolute weights: a small steepness scales the stepwise sigmoid's
 * breakpoints up by 1 / steepness (fann.c:684-704), a linear activation passes unbounded sums
 * on, and fann_linear_func or fann_mult then leave int's range (UBSan: signed integer
 * overflow). 1 when one of ann's runs on inputs would (fann_fixed_overflow.c, a reference in
 * 64-bit integers), recorded; ann is then not run unless MLF_REPORT_KNOWN=1. */
static int run_overflows(struct fann *ann, fann_type inputs[FIXED_RUNS][FIXED_OUTPUTS], fann_outcome *o) {
  const char *where = NULL;
  for (int r = 0; r < FIXED_RUNS && !where; r++) fann_fixed_run_overflows(ann, inputs[r], &where);
  fann_check_add(o, "fann_run", "signed-overflow", where ? where : "no int overflow", 0, where != NULL);
  return where && !mlf_report_known();
}

/* ann's decimal point and outputs on FIXED_RUNS inputs from seed, in [-1, 1] times the
 * multiplier (fann_run warns of overflow outside that range); 0 when ann is not run because
 * it would overflow. */
static int run_fixed(struct fann *ann, uint64_t seed, fixed_outputs *out, fann_outcome *o) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x66697864u);
  unsigned multiplier = fann_get_multiplier(ann), n_in = fann_get_num_input(ann), n_out = fann_get_num_output(ann);
  fann_type inputs[FIXED_RUNS][FIXED_OUTPUTS] = {{0}};
  for (int r = 0; r < FIXED_RUNS; r++)
    for (unsigned i = 0; i < n_in && i < FIXED_OUTPUTS; i++)
      inputs[r][i] = (fann_type)((2 * mlf_rng_unit(&rng) - 1) * multiplier);
  if (run_overflows(ann, inputs, o)) return 0;
  out->decimal_point = fann_get_decimal_point(ann);
  for (int r = 0; r < FIXED_RUNS; r++) {
    fann_type *got = fann_run(ann, inputs[r]);
    for (unsigned j = 0; j < FIXED_OUTPUTS; j++) out->outputs[r][j] = j < n_out ? got[j] : 0;
  }
  return 1;
}

static void compare_outputs(const fixed_outputs *a, const fixed_outputs *b, const char *call, const char *kind,
                            fann_outcome *o) {
  fann_check_add(o, call, kind, "decimal_point", a->decimal_point, b->decimal_point);
  for (int r = 0; r < FIXED_RUNS; r++)
    for (int j = 0; j < FIXED_OUTPUTS; j++) {
      char what[48];
      snprintf(what, sizeof what, "output[%d][%d]", r, j);
      fann_check_add(o, call, kind, what, a->outputs[r][j], b->outputs[r][j]);
    }
}

/* The fixed network ann against the float network's shape and decimal point. */
static void check_shape(struct fann *ann, int decimal_point, const fann_fixed_shape *shape, fann_outcome *o) {
  const char *call = "fann_save_to_fixed", *kind = "fixed-mismatch";
  unsigned point = decimal_point < 0 ? 0 : (unsigned)decimal_point;
  fann_check_add(o, call, kind, "decimal_point", point, fann_get_decimal_point(ann));
  fann_check_add(o, call, kind, "multiplier", point < 31 ? 1u << point : 0, fann_get_multiplier(ann));
  fann_check_add(o, call, kind, "num_input", shape->num_input, fann_get_num_input(ann));
  fann_check_add(o, call, kind, "num_output", shape->num_output, fann_get_num_output(ann));
  fann_check_add(o, call, kind, "num_layers", shape->num_layers, fann_get_num_layers(ann));
  fann_check_add(o, call, kind, "total_neurons", shape->total_neurons, fann_get_total_neurons(ann));
  fann_check_add(o, call, kind, "total_connections", shape->total_connections, fann_get_total_connections(ann));
}

/* Known finding (harnesses/moco/known_findings.tsv): the fixed build's fann_create_from_file
 * fills the stepwise sigmoid table (fann_update_stepwise, fann.c:1495-1505 of 2.2.0+ds-8) with
 * (int)(log(multiplier / result - 1) * multiplier / -2 * multiplier), out of int's range (undefined
 * behaviour, UBSan) from a decimal point of 15 on: log(199) * 2^30 / 2 > INT_MAX. fann_save_to_fixed
 * gives such decimal points to every network whose weights are small. 1 when loading a file
 * of that decimal point would, recorded; the network is then not loaded unless
 * MLF_REPORT_KNOWN=1. */
static int stepwise_table_overflows(int decimal_point, fann_outcome *o) {
  int overflows = decimal_point > 0 && log(199.0) * ldexp(1.0, 2 * decimal_point) / 2 > INT_MAX;
  fann_check_add(o, "fann_create_from_file", "int-overflow-in-stepwise-table", "decimal point of 15 or more", 0,
                 overflows);
  return overflows && !mlf_report_known();
}

/* Known finding (harnesses/moco/known_findings.tsv): the fixed build's fann_run divides the
 * stepwise sigmoid table by a neuron's steepness (fann.c:684-704 of 2.2.0+ds-8, the four
 * sigmoid functions), which fann_save_to_fixed wrote as steepness * multiplier truncated: a
 * float steepness below 1 / multiplier (0 included, which the float build runs with) becomes 0
 * and the division traps (SIGFPE). 1 when running ann would, recorded; ann is then not run
 * unless MLF_REPORT_KNOWN=1. */
static int sigmoid_divides_by_zero(struct fann *ann, fann_outcome *o) {
  int zero = 0;
  for (struct fann_layer *l = ann->first_layer + 1; l < ann->last_layer; l++)
    for (struct fann_neuron *n = l->first_neuron; n < l->last_neuron; n++)
      zero |= n->activation_steepness == 0 && n->activation_function >= FANN_SIGMOID &&
              n->activation_function <= FANN_SIGMOID_SYMMETRIC_STEPWISE && n->first_con != n->last_con;
  fann_check_add(o, "fann_run", "division-by-zero-steepness", "sigmoid neurons of steepness 0", 0, zero);
  return zero && !mlf_report_known();
}

void fann_fixed_check(const char *path, int decimal_point, const fann_fixed_shape *shape, uint64_t seed,
                      fann_outcome *o) {
  fann_set_error_log(NULL, NULL); /* the fixed build's own log, as the template silences the float one */
  if (stepwise_table_overflows(decimal_point, o)) return;
  struct fann *ann = fann_create_from_file(path);
  if (!ann) {
    fann_check_add(o, "fann_create_from_file", "fixed-load-failed", "loaded", 1, 0);
    return;
  }
  check_shape(ann, decimal_point, shape, o);
  if (sigmoid_divides_by_zero(ann, o)) {
    fann_destroy(ann);
    return;
  }
  fixed_outputs original, again;
  if (!run_fixed(ann, seed, &original, o)) {
    fann_destroy(ann);
    return;
  }
  char resaved[PATH_MAX];
  snprintf(resaved, sizeof resaved, "%s-resaved", path);
  struct fann *loaded = fann_save(ann, resaved) == 0 ? fann_create_from_file(resaved) : NULL;
  unlink(resaved);
  fann_check_add(o, "fann_create_from_file", "fixed-round-trip-mismatch", "loaded", 1, loaded != NULL);
  if (loaded) {
    if (run_fixed(loaded, seed, &again, o)) compare_outputs(&original, &again, "fann_create_from_file", "fixed-round-trip-mismatch", o);
    fann_destroy(loaded);
  }
  struct fann *copy = fann_copy(ann);
  fann_check_add(o, "fann_copy", "fixed-copy-mismatch", "copied", 1, copy != NULL);
  if (copy) {
    if (run_fixed(copy, seed, &again, o)) compare_outputs(&original, &again, "fann_copy", "fixed-copy-mismatch", o);
    fann_destroy(copy);
  }
  fann_destroy(ann);
}
