/* A reference of the forward pass of FANN 2.2.0's fixed-point build (fann_run in fann.c:536-760
 * of 2.2.0+ds-8 with FIXEDFANN, fann_activation.h's fann_stepwise and fann_linear_func), written
 * here in 64-bit integers: ground truth for whether one run of the library would overflow int,
 * not a target. It follows fann_run's order of operations (the unrolled connection loop adds the
 * first n mod 4 products one at a time, then groups of four summed before they are added), since
 * each intermediate is an int in the library. */
#define FANN_FLAVOUR fixed
#include "libraries/fann/fann_flavour.h"
#include "fann_fixed_overflow.h"
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  const char *where; /* the first operation out of range, NULL while none */
} overflow_watch;

/* v, noted when outside int's range. */
static int64_t in_int(overflow_watch *w, int64_t v, const char *what) {
  if (!w->where && (v < INT_MIN || v > INT_MAX)) w->where = what;
  return v;
}

/* fann_mult (fann_internal.h: (x * y) >> decimal_point). */
static int64_t mult(overflow_watch *w, int64_t x, int64_t y, unsigned decimal_point) {
  return in_int(w, x * y, "fann_mult (weight or steepness times value)") >> decimal_point;
}

/* fann_linear_func (fann_activation.h: (r2 - r1) * (sum - v1) / (v2 - v1) + r1). */
static int64_t linear(overflow_watch *w, int64_t v1, int64_t r1, int64_t v2, int64_t r2, int64_t sum) {
  int64_t dsum = in_int(w, sum - v1, "fann_linear_func (sum - v1)");
  int64_t span = in_int(w, v2 - v1, "fann_linear_func (v2 - v1)");
  int64_t num = in_int(w, (r2 - r1) * dsum, "fann_linear_func ((r2 - r1) * (sum - v1))");
  if (span == 0) return r1; /* fann_run would trap: the steepness known finding covers it */
  return in_int(w, num / span + r1, "fann_linear_func (+ r1)");
}

/* fann_stepwise over the six breakpoints v and results r, with the bounds lo and hi. */
static int64_t stepwise(overflow_watch *w, const int64_t *v, const int64_t *r, int64_t lo, int64_t hi, int64_t sum) {
  if (sum >= v[5]) return hi;
  if (sum < v[0]) return lo;
  int k = 0;
  while (k < 4 && sum >= v[k + 1]) k++;
  return linear(w, v[k], r[k], v[k + 1], r[k + 1], sum);
}

/* The value fann_run gives a neuron of activation function f from its weighted sum. */
static int64_t activate(overflow_watch *w, const struct fann *ann, unsigned f, int64_t steepness, int64_t sum) {
  int64_t m = ann->multiplier, v[6], r[6];
  int symmetric = f == FANN_SIGMOID_SYMMETRIC || f == FANN_SIGMOID_SYMMETRIC_STEPWISE;
  switch (f) {
  case FANN_SIGMOID: case FANN_SIGMOID_STEPWISE: case FANN_SIGMOID_SYMMETRIC: case FANN_SIGMOID_SYMMETRIC_STEPWISE:
    if (steepness == 0) return 0; /* a trap, not an overflow: the steepness known finding */
    for (int k = 0; k < 6; k++) {
      v[k] = (symmetric ? ann->sigmoid_symmetric_values : ann->sigmoid_values)[k] / steepness;
      r[k] = (symmetric ? ann->sigmoid_symmetric_results : ann->sigmoid_results)[k];
    }
    return stepwise(w, v, r, symmetric ? -m : 0, m, sum);
  case FANN_THRESHOLD: return sum < 0 ? 0 : m;
  case FANN_THRESHOLD_SYMMETRIC: return sum < 0 ? -m : m;
  case FANN_LINEAR: return sum;
  case FANN_LINEAR_PIECE: return sum < 0 ? 0 : sum > m ? m : sum;
  case FANN_LINEAR_PIECE_SYMMETRIC: return sum < -m ? -m : sum > m ? m : sum;
  default: return 0; /* fann_run refuses it (FANN_E_CANT_USE_ACTIVATION) and never sets the value */
  }
}

/* The weighted sum of neuron n of layer l, in fann_run's order and from the sources fann_run
 * takes: a fully connected layer reads the previous layer's neurons (all neurons from the first
 * in a shortcut network) in order, a sparse one follows ann->connections. */
static int64_t weighted_sum(overflow_watch *w, const struct fann *ann, const struct fann_layer *l,
                            const struct fann_neuron *n, const int64_t *values) {
  const struct fann_neuron *first = ann->first_layer->first_neuron;
  const struct fann_neuron *from = ann->network_type == FANN_NETTYPE_SHORTCUT ? first : (l - 1)->first_neuron;
  unsigned count = n->last_con - n->first_con, dp = ann->decimal_point;
  const fann_type *weights = ann->weights + n->first_con;
  int64_t source[count];
  for (unsigned i = 0; i < count; i++)
    source[i] = values[ann->connection_rate >= 1 ? (from - first) + i : ann->connections[n->first_con + i] - first];
  int64_t sum = 0;
  unsigned i = count & 3;
  for (unsigned k = i; k-- > 0;) sum = in_int(w, sum + mult(w, weights[k], source[k], dp), "neuron sum");
  for (; i != count; i += 4) {
    int64_t group = 0;
    for (unsigned k = 0; k < 4; k++) group = in_int(w, group + mult(w, weights[i + k], source[i + k], dp), "neuron sum");
    sum = in_int(w, sum + group, "neuron sum");
  }
  return sum;
}

int fann_fixed_run_overflows(struct fann *ann, const fann_type *input, const char **where) {
  overflow_watch w = {NULL};
  const struct fann_neuron *first = ann->first_layer->first_neuron;
  int64_t *values = calloc(ann->total_neurons, sizeof *values);
  if (!values) abort();
  for (unsigned i = 0; i < ann->num_input; i++) values[i] = input[i];
  values[ann->first_layer->last_neuron - 1 - first] = ann->multiplier;
  for (struct fann_layer *l = ann->first_layer + 1; l < ann->last_layer; l++)
    for (struct fann_neuron *n = l->first_neuron; n < l->last_neuron; n++) {
      int64_t *value = &values[n - first];
      if (n->first_con == n->last_con) { *value = ann->multiplier; continue; }
      int64_t sum = weighted_sum(&w, ann, l, n, values);
      mult(&w, n->activation_steepness, sum, ann->decimal_point); /* neuron->sum */
      *value = activate(&w, ann, n->activation_function, n->activation_steepness, sum);
    }
  free(values);
  *where = w.where;
  return w.where != NULL;
}
