/* Inner-layer mutation replay (lemon_inner.h): where a neuron's weights and biases lie in
 * each kind's parameter layout (lemon_graph.h), and the five rules on top of that. */
#include "lemon_inner.h"
#include <math.h>
#include <stdlib.h>
#include "mlf_rng.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

static uint32_t gates(const lemon_layer *l) {
  return l->kind == K(LSTM) ? 4 : l->kind == K(GRU) ? 3 : 1;
}

static int is_rnn(const lemon_layer *l) {
  return l->kind == K(LSTM) || l->kind == K(GRU) || l->kind == K(SIMPLE_RNN);
}

static uint32_t in_last(const lemon_layer *l) { return l->in[0]->dim[l->in[0]->rank - 1]; }

uint32_t lemon_inner_neurons(const lemon_layer *l) {
  if (!l->weights) return 0;
  if (l->kind == K(DENSE) || l->kind == K(CONV2D) || l->kind == K(DECONV2D) || is_rnn(l))
    return l->units;
  return in_last(l); /* depthwise, batch and layer normalisation: one per channel */
}

/* Input features: the layer's input channels (RNNs: the sequence's features). */
static uint32_t features(const lemon_layer *l) { return in_last(l); }

static size_t kk(const lemon_layer *l) { return (size_t)l->kernel * l->kernel; }

/* Incoming weights of a neuron. */
static size_t fan_in(const lemon_layer *l) {
  switch (l->kind) {
    case K(DENSE): return features(l);
    case K(CONV2D): case K(DECONV2D): return kk(l) * features(l);
    case K(DEPTHWISE_CONV2D): return kk(l);
    case K(BATCH_NORM): case K(LAYER_NORM): return 1;
    default: return (size_t)gates(l) * (features(l) + l->units);
  }
}

/* Index in weights of neuron n's k-th incoming weight (k < fan_in). */
static size_t neuron_weight(const lemon_layer *l, uint32_t n, size_t k) {
  size_t C = in_last(l), F = features(l), U = l->units;
  switch (l->kind) {
    case K(BATCH_NORM): return 2 * C + n;  /* the scale */
    case K(LAYER_NORM): return n;
    case K(DENSE): case K(CONV2D): case K(DECONV2D): case K(DEPTHWISE_CONV2D):
      return n * fan_in(l) + k;
    default: {
      size_t g = k / (F + U), j = k % (F + U), row = g * U + n;
      return j < F ? row * F + j : gates(l) * U * F + row * U + (j - F);
    }
  }
}

/* Bias entries of a neuron (RNNs: one per gate) and the i-th of them. */
static size_t bias_count(const lemon_layer *l) { return is_rnn(l) ? gates(l) : 1; }

static float *neuron_bias(lemon_layer *l, uint32_t n, size_t i) {
  size_t C = in_last(l);
  if (l->kind == K(BATCH_NORM)) return &l->weights[3 * C + n];  /* the shift */
  if (l->kind == K(LAYER_NORM)) return &l->weights[C + n];
  return &l->bias[i * l->units + n];
}

/* Weights that read input feature f: how many, and the k-th one's index. */
static size_t feature_fan_out(const lemon_layer *l) {
  switch (l->kind) {
    case K(DENSE): return l->units;
    case K(CONV2D): case K(DECONV2D): return (size_t)l->units * kk(l);
    case K(DEPTHWISE_CONV2D): return kk(l);
    case K(BATCH_NORM): case K(LAYER_NORM): return 1;
    default: return (size_t)gates(l) * l->units;
  }
}

static size_t feature_weight(const lemon_layer *l, uint32_t f, size_t k) {
  switch (l->kind) {
    case K(DEPTHWISE_CONV2D): return f * kk(l) + k;
    case K(BATCH_NORM): case K(LAYER_NORM): return neuron_weight(l, f, 0);
    default: return k * features(l) + f;  /* rows of F (dense, RNN W) or of IC (convs) */
  }
}

/* The first `count` entries of a random permutation of 0..n-1 in order[]. */
static uint32_t *choose(uint32_t n, uint32_t *count, mlf_rng *rng) {
  uint32_t *order = malloc((n ? n : 1) * sizeof *order);
  if (!order) abort();
  for (uint32_t i = 0; i < n; i++) order[i] = i;
  for (uint32_t i = n; i > 1; i--) {
    uint32_t j = (uint32_t)mlf_rng_below(rng, i), t = order[i - 1];
    order[i - 1] = order[j], order[j] = t;
  }
  uint32_t c = (uint32_t)lround(LEMON_INNER_SHARE * n);
  *count = c < 1 ? 1 : c;
  return order;
}

static double gaussian(mlf_rng *rng) {
  double u = 1.0 - mlf_rng_unit(rng), v = mlf_rng_unit(rng);
  return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

static double weights_sd(const lemon_layer *l) {
  double sum = 0, sq = 0;
  for (size_t i = 0; i < l->n_weights; i++) sum += l->weights[i], sq += (double)l->weights[i] * l->weights[i];
  double mean = sum / (double)l->n_weights, var = sq / (double)l->n_weights - mean * mean;
  return var > 0 ? sqrt(var) : 0;
}

static void swap_floats(float *a, float *b) {
  float t = *a;
  *a = *b, *b = t;
}

static void gaussian_fuzz(lemon_layer *l, const uint32_t *chosen, uint32_t count, mlf_rng *rng) {
  double sigma = 0.1 * weights_sd(l);
  for (uint32_t c = 0; c < count; c++)
    for (size_t k = 0; k < fan_in(l); k++) {
      float *w = &l->weights[neuron_weight(l, chosen[c], k)];
      *w = (float)(*w + sigma * gaussian(rng));
    }
}

static void shuffle_weights(lemon_layer *l, const uint32_t *chosen, uint32_t count, mlf_rng *rng) {
  for (uint32_t c = 0; c < count; c++)
    for (size_t k = fan_in(l); k > 1; k--) {
      size_t j = mlf_rng_below(rng, k);
      swap_floats(&l->weights[neuron_weight(l, chosen[c], k - 1)],
                  &l->weights[neuron_weight(l, chosen[c], j)]);
    }
}

static void invert_activation(lemon_layer *l, const uint32_t *chosen, uint32_t count) {
  for (uint32_t c = 0; c < count; c++) {
    for (size_t k = 0; k < fan_in(l); k++) l->weights[neuron_weight(l, chosen[c], k)] *= -1;
    for (size_t i = 0; i < bias_count(l); i++) *neuron_bias(l, chosen[c], i) *= -1;
  }
}

static void block_effect(lemon_layer *l, const uint32_t *chosen, uint32_t count) {
  for (uint32_t c = 0; c < count; c++)
    for (size_t k = 0; k < feature_fan_out(l); k++) l->weights[feature_weight(l, chosen[c], k)] = 0;
}

/* Swaps the chosen neurons pairwise (the first with the second, ...); an odd one out swaps
 * with the next neuron of the permutation (30% rounded leaves room for it when n >= 2). */
static void switch_neurons(lemon_layer *l, const uint32_t *order, uint32_t count) {
  for (uint32_t s = 0; s < (count + 1) / 2; s++) {
    uint32_t a = order[2 * s], b = order[2 * s + 1];
    for (size_t k = 0; k < fan_in(l); k++)
      swap_floats(&l->weights[neuron_weight(l, a, k)], &l->weights[neuron_weight(l, b, k)]);
    for (size_t i = 0; i < bias_count(l); i++) swap_floats(neuron_bias(l, a, i), neuron_bias(l, b, i));
  }
}

void lemon_inner_apply(lemon_layer *l, Mlf__Lemon__InnerMutation__Rule rule, uint64_t seed) {
  uint32_t n = lemon_inner_neurons(l);
  if (n == 0 || (rule == MLF__LEMON__INNER_MUTATION__RULE__NEURON_SWITCH && n < 2)) return;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  uint32_t count;
  int on_features = rule == MLF__LEMON__INNER_MUTATION__RULE__EFFECT_BLOCK;
  uint32_t *order = choose(on_features ? features(l) : n, &count, &rng);
  switch (rule) {
    case MLF__LEMON__INNER_MUTATION__RULE__GAUSSIAN_FUZZING: gaussian_fuzz(l, order, count, &rng); break;
    case MLF__LEMON__INNER_MUTATION__RULE__WEIGHTS_SHUFFLING: shuffle_weights(l, order, count, &rng); break;
    case MLF__LEMON__INNER_MUTATION__RULE__ACTIVATION_INVERSE: invert_activation(l, order, count); break;
    case MLF__LEMON__INNER_MUTATION__RULE__EFFECT_BLOCK: block_effect(l, order, count); break;
    case MLF__LEMON__INNER_MUTATION__RULE__NEURON_SWITCH:
      switch_neurons(l, order, count);
      break;
    default: break;
  }
  free(order);
}
