/* What the LEMON rule files share: the shapes of a valid model, the description of one rule
 * as candidates plus an edit, and the activation helpers. The driver (lemon_rules.c) edits a
 * clone for one candidate at a time and keeps the first clone that stays valid. */
#ifndef LEMON_RULES_INTERNAL_H
#define LEMON_RULES_INTERNAL_H
#include "lemon_layer_edit.h"
#include "lemon_rules.h"

typedef struct {
  lemon_shape input;
  lemon_geometry geo[LEMON_MAX_LAYERS];
  size_t n_layers;
} lemon_analysis;

/* 0 when m is valid (and a filled in). */
int lemon_analyze(const lemon_model_msg *m, lemon_analysis *a);
/* The shape a reference names; layer i's first input's shape; layer i's output shape. */
const lemon_shape *lemon_analysis_ref(const lemon_analysis *a, uint32_t ref);
const lemon_shape *lemon_analysis_in(const lemon_analysis *a, size_t i);
const lemon_shape *lemon_analysis_out(const lemon_analysis *a, size_t i);
/* Layer i's input and output shapes are equal. */
int lemon_analysis_keeps_shape(const lemon_analysis *a, size_t i);

/* A place a rule may act on; what a and b mean is the rule's (layers, position and kind...). */
typedef struct {
  uint32_t a, b;
} lemon_candidate;

#define LEMON_MAX_CANDIDATES 1024

typedef struct {
  /* Lists the candidates of the valid model m (at most LEMON_MAX_CANDIDATES). */
  size_t (*candidates)(const lemon_model_msg *m, const lemon_analysis *a, lemon_candidate *out);
  /* Edits work, a copy of m, at candidate c: with random free parameters, or the smallest
   * ones when minimal (the applicability probe). 0 when the candidate cannot take the edit. */
  int (*edit)(lemon_model_msg *work, const lemon_analysis *a, lemon_candidate c, int minimal,
              mlf_rng *rng);
} lemon_rule_impl;

extern const lemon_rule_impl lemon_rule_impl_lr, lemon_rule_impl_ls, lemon_rule_impl_lc,
    lemon_rule_impl_la, lemon_rule_impl_mla, lemon_rule_impl_afrm, lemon_rule_impl_afrp,
    lemon_rule_impl_gf, lemon_rule_impl_ws, lemon_rule_impl_nai, lemon_rule_impl_neb,
    lemon_rule_impl_ns;

/* Activations (lemon_activations.c). */
#define LEMON_ACTIVATION_COUNT 22
void lemon_set_activation(lemon_layer_msg *l, Mlf__Lemon__Activation act, double alpha,
                          double beta);
/* Sets act with parameters in its sensible range (random, or the first of the range when
 * minimal). */
void lemon_set_activation_random_params(lemon_layer_msg *l, Mlf__Lemon__Activation act,
                                        int minimal, mlf_rng *rng);
/* A random activation for a new layer: none (LINEAR) in 70% of the cases. */
void lemon_set_new_layer_activation(lemon_layer_msg *l, int minimal, mlf_rng *rng);
/* SQRT and LOG activations whose input may be negative (the generator keeps them after
 * layers whose output cannot be negative; a rule never adds such a violation). */
size_t lemon_domain_violations(const lemon_model_msg *m);
#endif
