/* LEMON's inner-layer mutation rules (GF, WS, NAI, NEB, NS) replayed on a lowered layer's
 * parameters. A neuron is an output channel or unit: its incoming weights and its bias
 * entries (RNNs: its rows in every gate; normalisations: its scale and shift). A feature is
 * an input channel: NEB zeroes the weights by which the layer reads it. Each rule acts on
 * 30% of the neurons (features for NEB), at least one, chosen with the mutation's seed. */
#ifndef LEMON_INNER_H
#define LEMON_INNER_H
#include "lemon_graph.h"

#define LEMON_INNER_SHARE 0.3

/* Applies one inner mutation to layer l (rounding the results to float). A layer without
 * weights, or NS on a layer with one neuron, is left unchanged. */
void lemon_inner_apply(lemon_layer *l, Mlf__Lemon__InnerMutation__Rule rule, uint64_t seed);

/* Neurons of the layer (0 when it has no weights). */
uint32_t lemon_inner_neurons(const lemon_layer *l);
#endif
