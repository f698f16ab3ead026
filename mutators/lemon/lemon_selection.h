/* LEMON's heuristic model generation (section 3.2): mutation-rule selection by
 * Metropolis-Hastings over the ranks of the rules' amplification ratios (the share of a
 * rule's mutants whose ACC rose above their parent's), the uniform baseline LEMON_r, and seed
 * selection by roulette wheel over score 1 / (c + 1), c = times the seed was picked.
 * One statistics table (lemon_guidance.h: per process, or shared with AFL++'s mutator through
 * MLF_LEMON_GUIDANCE_FILE) serves fuzzing: the LEMON mutator notes the mutant it made and the
 * harness reports every model's ACC (lemon_guidance_observe). */
#ifndef LEMON_SELECTION_H
#define LEMON_SELECTION_H
#include <stddef.h>
#include <stdint.h>
#include "lemon_rules.h"

/* The geometric proposal's success probability p (DESIGN.md, as LEMON's implementation). */
#define LEMON_MH_P 0.08

typedef struct {
  uint64_t selected[LEMON_RULE_COUNT];   /* mutants the rule made that were scored */
  uint64_t amplified[LEMON_RULE_COUNT];  /* of which the ACC rose above the parent's */
} lemon_rule_stats;

/* The statistics the mutator selects by and the harness scores into. */
lemon_rule_stats *lemon_global_rule_stats(void);

void lemon_rule_stats_record(lemon_rule_stats *s, lemon_rule r, int amplified);
/* amplified / selected (0 for a rule never selected). */
double lemon_rule_ratio(const lemon_rule_stats *s, lemon_rule r);
/* 1 + the number of rules with a strictly higher ratio (equal ratios share a rank). */
unsigned lemon_rule_rank(const lemon_rule_stats *s, lemon_rule r);

/* The next rule after last (LEMON_RULE_COUNT: none yet, a uniform pick) among the rules
 * whose bit is set in applicable: a uniform proposal b accepted with probability
 * min(1, (1 - p)^(rank(b) - rank(last))), proposals repeated until one is accepted (the
 * paper's Algorithm 1, lines 15-20). LEMON_RULE_COUNT when applicable is empty. */
lemon_rule lemon_select_rule_among(const lemon_rule_stats *s, unsigned applicable,
                                   lemon_rule last, mlf_rng *rng);
/* The same among the rules applicable to m (only the rules proposed are probed). */
lemon_rule lemon_select_rule(const lemon_rule_stats *s, const lemon_model_msg *m,
                             lemon_rule last, mlf_rng *rng);
/* LEMON_r: a uniform pick among the rules applicable to m (or set in applicable). */
lemon_rule lemon_select_rule_uniform_among(unsigned applicable, mlf_rng *rng);
lemon_rule lemon_select_rule_uniform(const lemon_model_msg *m, mlf_rng *rng);

/* Roulette wheel over score 1 / (picked[i] + 1); 0 when n is 0. */
size_t lemon_select_seed(const uint32_t *picked, size_t n, mlf_rng *rng);

/* In-process guidance. The mutator notes the mutant it made with rule r (its parent_acc set
 * when the parent's ACC was known); the harness then reports each model it ran with its ACC:
 * the ACC is cached, and when the model is the noted mutant with a known parent ACC, rule r
 * is scored in lemon_global_rule_stats() (amplified when the ACC exceeds the parent's).
 * Mutants of generic field mutations are never noted, so they score no rule. Returns 1 when
 * a rule was scored. */
void lemon_guidance_note_mutant(const lemon_model_msg *mutant, lemon_rule r);
int lemon_guidance_observe(const lemon_model_msg *m, double acc);
#endif
