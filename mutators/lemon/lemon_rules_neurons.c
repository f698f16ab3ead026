/* The LEMON rules inside layers: AFRm and AFRp change a layer's activation; GF, WS, NAI, NEB
 * and NS append an InnerMutation (rule, layer, seed) that the lowering replays on the
 * layer's generated weights (harnesses/lemon/lemon_graph.c), on 30% of its neurons. */
#include "lemon_rules_internal.h"

#define A(name) MLF__LEMON__ACTIVATION__##name
#define R(name) MLF__LEMON__INNER_MUTATION__RULE__##name

/* AFRm: a layer with an activation (an ACTIVATION layer becomes the identity). */
static size_t afrm_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                              lemon_candidate *out) {
  (void)a;
  size_t n = 0;
  for (size_t i = 0; i < m->n_layers; i++)
    if (m->layers[i]->activation != A(LINEAR)) out[n++] = (lemon_candidate){(uint32_t)i, 0};
  return n;
}

static int afrm_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c,
                     int minimal, mlf_rng *rng) {
  (void)a, (void)minimal, (void)rng;
  lemon_set_activation(w->layers[c.a], A(LINEAR), 0, 0);
  return 1;
}

/* AFRp: a layer and another activation from the universal set, but LOG: its singularity at
 * 0 turns the underflow of a float backend (where double stays positive) into -inf, a
 * precision artefact rather than a library bug. SQRT only where its input cannot be
 * negative (the driver's domain check). */
static size_t afrp_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                              lemon_candidate *out) {
  (void)a;
  size_t n = 0;
  for (size_t i = 0; i < m->n_layers; i++)
    for (uint32_t act = 1; act < LEMON_ACTIVATION_COUNT; act++)
      if (act != (uint32_t)m->layers[i]->activation && act != (uint32_t)A(LOG))
        out[n++] = (lemon_candidate){(uint32_t)i, act};
  return n;
}

static int afrp_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c,
                     int minimal, mlf_rng *rng) {
  (void)a;
  lemon_set_activation_random_params(w->layers[c.a], (Mlf__Lemon__Activation)c.b, minimal, rng);
  return 1;
}

/* Layers with weights and at least min_neurons neurons (output channels or units: the last
 * axis of the output), while the model has room for another inner mutation. */
static size_t weighted_layers(const lemon_model_msg *m, const lemon_analysis *a,
                              lemon_candidate *out, uint32_t min_neurons) {
  size_t n = 0;
  for (size_t i = 0; m->n_inner_mutations < LEMON_MAX_INNER_MUTATIONS && i < m->n_layers; i++) {
    const lemon_shape *o = lemon_analysis_out(a, i);
    if (lemon_kind_has_weights(m->layers[i]->kind) && o->dim[o->rank - 1] >= min_neurons)
      out[n++] = (lemon_candidate){(uint32_t)i, 0};
  }
  return n;
}

/* One inner rule: its candidates need min_neurons neurons. */
#define INNER_RULE(name, rule, min_neurons)                                                  \
  static size_t name##_candidates(const lemon_model_msg *m, const lemon_analysis *a,         \
                                  lemon_candidate *out) {                                    \
    return weighted_layers(m, a, out, min_neurons);                                          \
  }                                                                                          \
  static int name##_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c,     \
                         int minimal, mlf_rng *rng) {                                        \
    (void)a, (void)minimal;                                                                  \
    lemon_append_inner_mutation(w, rule, c.a, mlf_rng_next(rng));                            \
    return 1;                                                                                \
  }                                                                                          \
  const lemon_rule_impl lemon_rule_impl_##name = {name##_candidates, name##_edit};

INNER_RULE(gf, R(GAUSSIAN_FUZZING), 1)
INNER_RULE(ws, R(WEIGHTS_SHUFFLING), 1)
INNER_RULE(nai, R(ACTIVATION_INVERSE), 1)
INNER_RULE(neb, R(EFFECT_BLOCK), 1)
INNER_RULE(ns, R(NEURON_SWITCH), 2)

const lemon_rule_impl lemon_rule_impl_afrm = {afrm_candidates, afrm_edit};
const lemon_rule_impl lemon_rule_impl_afrp = {afrp_candidates, afrp_edit};
