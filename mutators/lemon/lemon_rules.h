/* LEMON's twelve model mutation rules (Wang et al., FSE 2020, section 3.1) on Model messages.
 * Intact-layer rules: LR removes a layer whose input and output shapes are equal; LS switches
 * two layers with the same input and the same output shape; LC inserts a copy of such a
 * layer (same weights) after it; LA inserts a new layer whose output shape equals its input
 * shape; MLA inserts a bundle of layers whose first input shape equals the last output shape;
 * AFRm removes a layer's activation; AFRp replaces it. Inner-layer rules (GF, WS, NAI, NEB,
 * NS) append an InnerMutation on a layer with weights, replayed on the generated weights when
 * the model is lowered. Every rule keeps the model valid by itself (lemon_infer accepts the
 * result, so lemon_repair leaves it unchanged) and never gives a SQRT or LOG activation an
 * input that may be negative where it had none. Higher-order mutation is a rule applied to a
 * mutant. */
#ifndef LEMON_RULES_H
#define LEMON_RULES_H
#include "lemon_shapes.h"
#include "mlf_rng.h"

typedef enum {
  LEMON_RULE_LR, LEMON_RULE_LS, LEMON_RULE_LC, LEMON_RULE_LA, LEMON_RULE_MLA,
  LEMON_RULE_AFRM, LEMON_RULE_AFRP,
  LEMON_RULE_GF, LEMON_RULE_WS, LEMON_RULE_NAI, LEMON_RULE_NEB, LEMON_RULE_NS,
  LEMON_RULE_COUNT
} lemon_rule;

/* The lineage keeps the names of the last LEMON_LINEAGE_MAX rules. */
#define LEMON_LINEAGE_MAX 16

const char *lemon_rule_name(lemon_rule r);  /* "LR", "LS", ..., as the paper */
/* The rule whose name is name; LEMON_RULE_COUNT when none is. */
lemon_rule lemon_rule_from_name(const char *name);

/* 1 when the rule can be applied to m (m valid and the rule's precondition met). */
int lemon_rule_applicable(const lemon_model_msg *m, lemon_rule r);
/* Bit r set when rule r is applicable. */
unsigned lemon_rules_applicable_mask(const lemon_model_msg *m);
/* Applies the rule at a random place: 1 applied (its name appended to m->lineage), 0 when
 * its precondition is unmet (m unchanged). */
int lemon_apply_rule(lemon_model_msg *m, lemon_rule r, mlf_rng *rng);
/* Higher-order mutation: n times a random applicable rule; returns how many applied. */
size_t lemon_mutate_chain(lemon_model_msg *m, size_t n, mlf_rng *rng);
/* False-alarm mode (MLF_NO_SPECIALS=1): SQRT and LOG activations whose input may be
 * negative become LINEAR, so no NaN comes from outside an activation's domain. */
void lemon_fix_domains(lemon_model_msg *m);
#endif
