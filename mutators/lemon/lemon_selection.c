/* LEMON's rule and seed selection and the in-process guidance state (lemon_selection.h). */
#include "lemon_selection.h"
#include <math.h>
#include "lemon_acc_cache.h"
#include "lemon_guidance.h"

lemon_rule_stats *lemon_global_rule_stats(void) { return &lemon_guidance()->stats; }

void lemon_rule_stats_record(lemon_rule_stats *s, lemon_rule r, int amplified) {
  if (r >= LEMON_RULE_COUNT) return;
  s->selected[r]++;
  s->amplified[r] += amplified != 0;
}

double lemon_rule_ratio(const lemon_rule_stats *s, lemon_rule r) {
  return s->selected[r] ? (double)s->amplified[r] / (double)s->selected[r] : 0;
}

unsigned lemon_rule_rank(const lemon_rule_stats *s, lemon_rule r) {
  unsigned rank = 1;
  double mine = lemon_rule_ratio(s, r);
  for (int o = 0; o < LEMON_RULE_COUNT; o++) rank += lemon_rule_ratio(s, (lemon_rule)o) > mine;
  return rank;
}

/* Which rules apply, learnt lazily: probing a rule on a model costs a trial edit, so only
 * the rules proposed are probed. */
typedef struct {
  const lemon_model_msg *m; /* NULL: the mask says */
  unsigned mask;
  signed char known[LEMON_RULE_COUNT]; /* -1 not probed yet, 0 no, 1 yes */
  int left;                            /* rules not known to be inapplicable */
} applicability;

static void applicability_init(applicability *a, const lemon_model_msg *m, unsigned mask) {
  a->m = m;
  a->mask = mask;
  a->left = LEMON_RULE_COUNT;
  for (int r = 0; r < LEMON_RULE_COUNT; r++) a->known[r] = -1;
}

/* A uniform pick among the applicable rules (LEMON_RULE_COUNT when none): uniform proposals
 * among the rules not known to be inapplicable until one is applicable. */
static lemon_rule pick_applicable(applicability *a, mlf_rng *rng) {
  while (a->left > 0) {
    int k = (int)mlf_rng_below(rng, (uint64_t)a->left), r = 0;
    for (;; r++)
      if (a->known[r] != 0 && !k--) break;
    if (a->known[r] < 0)
      a->known[r] = (signed char)(a->m ? lemon_rule_applicable(a->m, (lemon_rule)r)
                                       : (int)(a->mask >> r & 1));
    if (a->known[r]) return (lemon_rule)r;
    a->left--;
  }
  return LEMON_RULE_COUNT;
}

/* Metropolis-Hastings from last (the paper's Algorithm 1, lines 15-20); each proposal is
 * accepted with probability at least (1 - p)^11. */
static lemon_rule select_mh(const lemon_rule_stats *s, applicability *a, lemon_rule last,
                            mlf_rng *rng) {
  if (last >= LEMON_RULE_COUNT) return pick_applicable(a, rng);
  unsigned ka = lemon_rule_rank(s, last);
  for (;;) {
    lemon_rule b = pick_applicable(a, rng);
    if (b == LEMON_RULE_COUNT) return b;
    unsigned kb = lemon_rule_rank(s, b);
    if (kb <= ka || mlf_rng_unit(rng) < pow(1 - LEMON_MH_P, (double)(kb - ka))) return b;
  }
}

lemon_rule lemon_select_rule_uniform_among(unsigned applicable, mlf_rng *rng) {
  applicability a;
  applicability_init(&a, NULL, applicable);
  return pick_applicable(&a, rng);
}

lemon_rule lemon_select_rule_uniform(const lemon_model_msg *m, mlf_rng *rng) {
  applicability a;
  applicability_init(&a, m, 0);
  return pick_applicable(&a, rng);
}

lemon_rule lemon_select_rule_among(const lemon_rule_stats *s, unsigned applicable,
                                   lemon_rule last, mlf_rng *rng) {
  applicability a;
  applicability_init(&a, NULL, applicable);
  return select_mh(s, &a, last, rng);
}

lemon_rule lemon_select_rule(const lemon_rule_stats *s, const lemon_model_msg *m,
                             lemon_rule last, mlf_rng *rng) {
  applicability a;
  applicability_init(&a, m, 0);
  return select_mh(s, &a, last, rng);
}

size_t lemon_select_seed(const uint32_t *picked, size_t n, mlf_rng *rng) {
  double total = 0;
  for (size_t i = 0; i < n; i++) total += 1.0 / ((double)picked[i] + 1);
  double r = mlf_rng_unit(rng) * total;
  for (size_t i = 0; i < n; i++) {
    r -= 1.0 / ((double)picked[i] + 1);
    if (r < 0) return i;
  }
  return n ? n - 1 : 0; /* r within rounding of total */
}

void lemon_guidance_note_mutant(const lemon_model_msg *mutant, lemon_rule r) {
  lemon_guidance_state *g = lemon_guidance();
  g->pending.active = mutant->has_parent_acc && r < LEMON_RULE_COUNT;
  g->pending.key = lemon_model_key(mutant);
  g->pending.rule = r;
  g->pending.parent_acc = mutant->parent_acc;
}

int lemon_guidance_observe(const lemon_model_msg *m, double acc) {
  lemon_guidance_state *g = lemon_guidance();
  lemon_acc_cache_put(m, acc);
  if (!g->pending.active || lemon_model_key(m) != g->pending.key) return 0;
  g->pending.active = 0;
  lemon_rule_stats_record(&g->stats, g->pending.rule, acc > g->pending.parent_acc);
  return 1;
}
