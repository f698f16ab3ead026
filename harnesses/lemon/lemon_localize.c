/* Localization of LEMON findings (lemon_localize.h). */
#include "lemon_localize.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_assess.h"
#include "lemon_oracle.h"
#include "mlf_mutator.h"

#define RA_EPSILON 1e-7

static size_t layer_floats(const lemon_graph *g, size_t i) {
  return g->batch * lemon_shape_elements(&g->layers[i].geo.out);
}

/* Delta of every layer of run r, and the layer's R_A. */
static void change_rates(const lemon_execution *x, size_t r, double *delta, double *ra) {
  const lemon_graph *g = &x->g;
  for (size_t i = 0; i < g->n_layers; i++) {
    delta[i] = lemon_delta(x->runs[r].out[i], x->values[i], layer_floats(g, i));
    double pre = 0;
    for (uint32_t k = 0; k < g->layers[i].geo.n_inputs; k++) {
      uint32_t ref = g->layers[i].geo.inputs[k];
      if (ref && delta[ref - 1] > pre) pre = delta[ref - 1];
    }
    ra[i] = (delta[i] - pre) / (pre + RA_EPSILON);
  }
}

static void *copy_message(const ProtobufCMessage *msg) {
  size_t n = protobuf_c_message_get_packed_size(msg);
  uint8_t *buf = malloc(n ? n : 1);
  if (!buf) return NULL;
  protobuf_c_message_pack(msg, buf);
  void *copy = protobuf_c_message_unpack(msg->descriptor, NULL, n, buf);
  free(buf);
  return copy;
}

lemon_model_msg *lemon_one_layer_model(const lemon_model_msg *m, const lemon_execution *x,
                                       size_t i) {
  const lemon_layer *l = &x->g.layers[i];
  uint32_t ref = l->geo.inputs[0];
  const lemon_shape *in = l->in[0];
  size_t n_values = x->g.batch * lemon_shape_elements(in);
  lemon_model_msg one = MLF__LEMON__MODEL__INIT;
  lemon_layer_msg layer = *m->layers[i], *layers[1] = {&layer};
  uint32_t shape[3], inputs[LEMON_MAX_LAYER_INPUTS] = {0};
  float *values = malloc(n_values * sizeof *values);
  Mlf__Lemon__InnerMutation *inner = calloc(m->n_inner_mutations + 1, sizeof *inner);
  Mlf__Lemon__InnerMutation **inner_list = calloc(m->n_inner_mutations + 1, sizeof *inner_list);
  if (!values || !inner || !inner_list) {
    free(values), free(inner), free(inner_list);
    return NULL;
  }
  for (uint32_t d = 0; d < in->rank; d++) shape[d] = in->dim[d];
  one.n_input_shape = in->rank, one.input_shape = shape;
  one.has_num_inputs = 1, one.num_inputs = x->g.batch;
  one.has_weight_seed = 1, one.weight_seed = m->weight_seed;
  for (size_t e = 0; e < n_values; e++)
    values[e] = (float)(ref == 0 ? x->g.input_data[e] : x->values[ref - 1][e]);
  one.n_input_values = n_values, one.input_values = values;
  /* Every operand reads the model input: exact for one-input layers; for ADD, MULTIPLY,
   * MAXIMUM and CONCAT all operands become the first one. */
  layer.n_inputs = lemon_kind_is_multi_input(layer.kind) ? l->geo.n_inputs : 0;
  layer.inputs = inputs;
  layer.has_weight_stream = 1;
  layer.weight_stream = m->layers[i]->has_weight_stream ? m->layers[i]->weight_stream : (uint32_t)i;
  one.n_layers = 1, one.layers = layers;
  for (size_t j = 0; j < m->n_inner_mutations; j++)
    if (m->inner_mutations[j]->layer == i) {
      inner[one.n_inner_mutations] = *m->inner_mutations[j];
      inner[one.n_inner_mutations].layer = 0;
      inner_list[one.n_inner_mutations] = &inner[one.n_inner_mutations];
      one.n_inner_mutations++;
    }
  one.inner_mutations = inner_list;
  lemon_model_msg *copy = copy_message(&one.base);
  free(values), free(inner), free(inner_list);
  return copy;
}

/* The suspect layer: the first layer any library run leaves G's bound, else the largest R_A. */
static size_t suspect_layer(const lemon_execution *x, double (*ra)[LEMON_MAX_LAYERS]) {
  long first = -1;
  for (size_t r = 0; r < x->n_runs; r++) {
    long bad = lemon_first_bad_layer(x, r);
    if (bad >= 0 && (first < 0 || bad < first)) first = bad;
  }
  if (first >= 0) return (size_t)first;
  size_t best = 0;
  double best_ra = -INFINITY;
  for (size_t r = 0; r < x->n_runs; r++)
    for (size_t i = 0; x->runs[r].status == LEMON_RAN && i < x->g.n_layers; i++)
      if (ra[r][i] > best_ra) best_ra = ra[r][i], best = i;
  return best;
}

static void print_table(const lemon_execution *x, double (*delta)[LEMON_MAX_LAYERS],
                        double (*ra)[LEMON_MAX_LAYERS], FILE *out) {
  fprintf(out, "localization: Delta = mean |output - G| per layer, R_A = (Delta - Delta_pre) / (Delta_pre + 1e-7)\n");
  fprintf(out, "%-5s %-22s", "layer", "kind");
  for (size_t r = 0; r < x->n_runs; r++)
    if (x->runs[r].status == LEMON_RAN) fprintf(out, " %-24s", x->runs[r].name);
  fprintf(out, "\n");
  for (size_t i = 0; i < x->g.n_layers; i++) {
    fprintf(out, "%-5zu %-22s", i, lemon_kind_name(x->g.layers[i].kind));
    for (size_t r = 0; r < x->n_runs; r++)
      if (x->runs[r].status == LEMON_RAN) fprintf(out, " %10.3g R_A %-9.3g", delta[r][i], ra[r][i]);
    fprintf(out, "\n");
  }
}

void lemon_localize(const lemon_model_msg *m, const lemon_execution *x, FILE *out) {
  if (x->g.n_layers == 0) return;
  static double delta[LEMON_MAX_RUNS][LEMON_MAX_LAYERS], ra[LEMON_MAX_RUNS][LEMON_MAX_LAYERS];
  for (size_t r = 0; r < x->n_runs; r++)
    if (x->runs[r].status == LEMON_RAN) change_rates(x, r, delta[r], ra[r]);
  print_table(x, delta, ra, out);
  size_t s = suspect_layer(x, ra);
  const lemon_layer *l = &x->g.layers[s];
  fprintf(out, "suspect: layer %zu (%s, activation %s, units %u, kernel %u, stride %u, dilation %u)\n",
          s, lemon_kind_name(l->kind), lemon_activation_name(l->act), l->units, l->kernel,
          l->geo.stride, l->geo.dilation);
  lemon_model_msg *one = lemon_one_layer_model(m, x, s);
  if (!one) return;
  lemon_execution y;
  char why[256];
  if (lemon_execute(one, &y, why, sizeof why) == 0) {
    mlf_run run;
    lemon_summary sum;
    mlf_run_reset(&run);
    lemon_assess(one, &y, &run, &sum);
    fprintf(out, "the layer alone on G's input: %s\n", mlf_run_verdict(&run));
    mlf_run_print(out, &run);
    lemon_execution_free(&y);
  } else {
    fprintf(out, "the one-layer model does not run: %s\n", why);
  }
  fprintf(out, "one-layer reproducer (textproto):\n");
  mlf_print_text(out, &one->base);
  protobuf_c_message_free_unpacked(&one->base, NULL);
}
