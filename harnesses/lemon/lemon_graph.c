/* Lowering of a LEMON model message into numbers (lemon_graph.h): shapes from shape
 * inference, parameters from one generator stream per layer, inner mutations replayed in
 * order, inputs from their own stream. Every number is a float, so all backends and the
 * double reference start from identical values. */
#include "lemon_graph.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_inner.h"
#include "mlf_rng.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

static uint32_t last_dim(const lemon_shape *s) { return s->dim[s->rank - 1]; }

/* Parameter and bias counts of a layer (lemon_graph.h layouts). */
static void param_counts(const lemon_layer *l, size_t *n_weights, size_t *n_bias) {
  size_t C = last_dim(l->in[0]), kk = (size_t)l->kernel * l->kernel, U = l->units;
  size_t G = l->kind == K(LSTM) ? 4 : l->kind == K(GRU) ? 3 : 1;
  *n_weights = *n_bias = 0;
  switch (l->kind) {
    case K(DENSE): *n_weights = U * C, *n_bias = U; break;
    case K(CONV2D): case K(DECONV2D): *n_weights = U * kk * C, *n_bias = U; break;
    case K(DEPTHWISE_CONV2D): *n_weights = C * kk, *n_bias = C; break;
    case K(BATCH_NORM): *n_weights = 4 * C; break;
    case K(LAYER_NORM): *n_weights = 2 * C; break;
    case K(LSTM): case K(GRU): case K(SIMPLE_RNN): *n_weights = G * U * (C + U), *n_bias = G * U; break;
    default: break;
  }
}

/* Fan-in and fan-out of a layer's weights, for the Glorot-uniform limit. */
static void fans(const lemon_layer *l, double *in, double *out) {
  double C = last_dim(l->in[0]), kk = (double)l->kernel * l->kernel;
  switch (l->kind) {
    case K(CONV2D): case K(DECONV2D): *in = kk * C, *out = kk * l->units; break;
    case K(DEPTHWISE_CONV2D): *in = kk, *out = kk; break;
    default: *in = C, *out = l->units; break;
  }
}

static float uniform(mlf_rng *rng, double lo, double hi) {
  return (float)(lo + (hi - lo) * mlf_rng_unit(rng));
}

/* One stream per layer: a layer keeps its numbers when other layers come and go. */
static void seed_stream(mlf_rng *rng, uint64_t seed, uint64_t stream) {
  uint64_t x = seed ^ 0x6c656d6f6eULL;
  mlf_rng_seed(rng, mlf_splitmix64(&x) ^ (stream * 0x9e3779b97f4a7c15ULL));
}

static void fill_params(lemon_layer *l, uint64_t weight_seed, uint32_t stream) {
  mlf_rng rng;
  seed_stream(&rng, weight_seed, stream);
  size_t C = last_dim(l->in[0]);
  if (l->kind == K(BATCH_NORM) || l->kind == K(LAYER_NORM)) {
    size_t blocks = l->n_weights / C;
    for (size_t b = 0; b < blocks; b++)
      for (size_t c = 0; c < C; c++) {
        /* BATCH_NORM: mean, variance, scale, shift; LAYER_NORM: scale, shift. */
        int role = (int)(b + 4 - blocks);
        double lo = role == 1 || role == 2 ? 0.5 : -0.5, hi = role == 1 || role == 2 ? 1.5 : 0.5;
        l->weights[b * C + c] = uniform(&rng, lo, hi);
      }
    return;
  }
  double fi, fo;
  fans(l, &fi, &fo);
  double limit = sqrt(6.0 / (fi + fo));
  for (size_t i = 0; i < l->n_weights; i++) l->weights[i] = uniform(&rng, -limit, limit);
  for (size_t i = 0; i < l->n_bias; i++) l->bias[i] = uniform(&rng, -0.1, 0.1);
}

static int lower_layer(const lemon_model_msg *m, lemon_graph *g, uint32_t i) {
  const lemon_layer_msg *msg = m->layers[i];
  lemon_layer *l = &g->layers[i];
  l->kind = msg->kind;
  l->act = msg->activation;
  l->act_alpha = msg->act_alpha, l->act_beta = msg->act_beta;
  l->alpha = msg->alpha, l->beta = msg->beta;
  l->units = msg->units, l->kernel = msg->kernel;
  l->return_sequences = msg->return_sequences;
  l->geo = g->geo[i];
  for (uint32_t k = 0; k < l->geo.n_inputs; k++)
    l->in[k] = lemon_ref_shape(&g->input, g->geo, l->geo.inputs[k]);
  param_counts(l, &l->n_weights, &l->n_bias);
  if (l->n_weights) {
    l->weights = malloc(l->n_weights * sizeof *l->weights);
    l->bias = l->n_bias ? malloc(l->n_bias * sizeof *l->bias) : NULL;
    if (!l->weights || (l->n_bias && !l->bias)) return -1;
    fill_params(l, m->weight_seed, msg->has_weight_stream ? msg->weight_stream : i);
  }
  return 0;
}

static int lower_inputs(const lemon_model_msg *m, lemon_graph *g) {
  size_t n = g->batch * lemon_shape_elements(&g->input);
  g->input_data = malloc(n * sizeof *g->input_data);
  if (!g->input_data) return -1;
  if (m->n_input_values) {
    memcpy(g->input_data, m->input_values, n * sizeof *g->input_data);
    return 0;
  }
  mlf_rng rng;
  seed_stream(&rng, m->input_seed, UINT32_MAX);
  for (size_t i = 0; i < n; i++) g->input_data[i] = uniform(&rng, -1, 1);
  return 0;
}

int lemon_graph_build(const lemon_model_msg *m, lemon_graph *g, char *why, size_t why_len) {
  memset(g, 0, sizeof *g);
  g->geo = calloc(m->n_layers ? m->n_layers : 1, sizeof *g->geo);
  if (!g->geo) goto no_memory;
  if (lemon_infer(m, &g->input, g->geo, why, why_len)) {
    free(g->geo);
    g->geo = NULL;
    return -1;
  }
  g->batch = m->num_inputs;
  g->n_layers = m->n_layers;
  g->layers = calloc(m->n_layers ? m->n_layers : 1, sizeof *g->layers);
  if (!g->layers) goto no_memory;
  for (uint32_t i = 0; i < m->n_layers; i++)
    if (lower_layer(m, g, i)) goto no_memory;
  for (size_t j = 0; j < m->n_inner_mutations; j++) {
    const Mlf__Lemon__InnerMutation *im = m->inner_mutations[j];
    lemon_inner_apply(&g->layers[im->layer], im->rule, im->seed);
  }
  if (lower_inputs(m, g)) goto no_memory;
  return 0;
no_memory:
  lemon_graph_free(g);
  if (why && why_len) snprintf(why, why_len, "out of memory lowering the model");
  return -1;
}

void lemon_graph_free(lemon_graph *g) {
  for (size_t i = 0; g->layers && i < g->n_layers; i++) {
    free(g->layers[i].weights);
    free(g->layers[i].bias);
  }
  free(g->layers);
  free(g->geo);
  free(g->input_data);
  memset(g, 0, sizeof *g);
}

size_t lemon_graph_layer_elements(const lemon_graph *g, size_t i) {
  return i == g->n_layers ? lemon_shape_elements(&g->input) : lemon_shape_elements(&g->layers[i].geo.out);
}
