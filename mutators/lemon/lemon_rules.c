/* The driver of the LEMON rules (lemon_rules.h): a rule lists its candidates in the model and
 * edits a clone at one of them; the first clone that lemon_infer accepts (with no new SQRT or
 * LOG domain violation) replaces the model. Candidates are tried in random order, each with
 * random free parameters and then with the smallest ones, which is what the applicability
 * probe tries: a rule found applicable always applies. */
#include <stdlib.h>
#include <string.h>
#include "lemon_rules_internal.h"

static const struct {
  const char *name;
  const lemon_rule_impl *impl;
} rules[LEMON_RULE_COUNT] = {
    [LEMON_RULE_LR] = {"LR", &lemon_rule_impl_lr},
    [LEMON_RULE_LS] = {"LS", &lemon_rule_impl_ls},
    [LEMON_RULE_LC] = {"LC", &lemon_rule_impl_lc},
    [LEMON_RULE_LA] = {"LA", &lemon_rule_impl_la},
    [LEMON_RULE_MLA] = {"MLA", &lemon_rule_impl_mla},
    [LEMON_RULE_AFRM] = {"AFRm", &lemon_rule_impl_afrm},
    [LEMON_RULE_AFRP] = {"AFRp", &lemon_rule_impl_afrp},
    [LEMON_RULE_GF] = {"GF", &lemon_rule_impl_gf},
    [LEMON_RULE_WS] = {"WS", &lemon_rule_impl_ws},
    [LEMON_RULE_NAI] = {"NAI", &lemon_rule_impl_nai},
    [LEMON_RULE_NEB] = {"NEB", &lemon_rule_impl_neb},
    [LEMON_RULE_NS] = {"NS", &lemon_rule_impl_ns},
};

/* Random parameter draws per candidate before the smallest parameters. */
#define RANDOM_ATTEMPTS 2
/* The applicability probe's fixed generator seed (the smallest parameters need none). */
#define PROBE_SEED 0x1e3011

const char *lemon_rule_name(lemon_rule r) { return r < LEMON_RULE_COUNT ? rules[r].name : "?"; }

lemon_rule lemon_rule_from_name(const char *name) {
  for (int r = 0; r < LEMON_RULE_COUNT; r++)
    if (name && !strcmp(name, rules[r].name)) return (lemon_rule)r;
  return LEMON_RULE_COUNT;
}

int lemon_analyze(const lemon_model_msg *m, lemon_analysis *a) {
  if (lemon_infer(m, &a->input, a->geo, NULL, 0)) return -1;
  a->n_layers = m->n_layers;
  return 0;
}

const lemon_shape *lemon_analysis_ref(const lemon_analysis *a, uint32_t ref) {
  return lemon_ref_shape(&a->input, a->geo, ref);
}

const lemon_shape *lemon_analysis_in(const lemon_analysis *a, size_t i) {
  return lemon_analysis_ref(a, a->geo[i].inputs[0]);
}

const lemon_shape *lemon_analysis_out(const lemon_analysis *a, size_t i) { return &a->geo[i].out; }

int lemon_analysis_keeps_shape(const lemon_analysis *a, size_t i) {
  return lemon_shape_equal(lemon_analysis_in(a, i), lemon_analysis_out(a, i));
}

/* The clone of m edited at candidate c when the result is valid and adds no domain
 * violation; otherwise NULL. */
static lemon_model_msg *try_candidate(const lemon_model_msg *m, const lemon_analysis *a,
                                      const lemon_rule_impl *impl, lemon_candidate c,
                                      size_t violations, int minimal, mlf_rng *rng) {
  lemon_model_msg *work = lemon_model_clone(m);
  if (!work) return NULL;
  lemon_shape input;
  lemon_geometry geo[LEMON_MAX_LAYERS];
  if (impl->edit(work, a, c, minimal, rng) && !lemon_infer(work, &input, geo, NULL, 0) &&
      lemon_domain_violations(work) <= violations)
    return work;
  protobuf_c_message_free_unpacked(&work->base, NULL);
  return NULL;
}

int lemon_rule_applicable(const lemon_model_msg *m, lemon_rule r) {
  lemon_analysis a;
  if (r >= LEMON_RULE_COUNT || lemon_analyze(m, &a)) return 0;
  lemon_candidate *c = malloc(LEMON_MAX_CANDIDATES * sizeof *c);
  if (!c) abort();
  size_t n = rules[r].impl->candidates(m, &a, c), violations = lemon_domain_violations(m);
  mlf_rng rng;
  mlf_rng_seed(&rng, PROBE_SEED);
  lemon_model_msg *work = NULL;
  for (size_t i = 0; i < n && !work; i++)
    work = try_candidate(m, &a, rules[r].impl, c[i], violations, 1, &rng);
  free(c);
  if (!work) return 0;
  protobuf_c_message_free_unpacked(&work->base, NULL);
  return 1;
}

unsigned lemon_rules_applicable_mask(const lemon_model_msg *m) {
  unsigned mask = 0;
  for (int r = 0; r < LEMON_RULE_COUNT; r++)
    if (lemon_rule_applicable(m, (lemon_rule)r)) mask |= 1u << r;
  return mask;
}

static void append_lineage(lemon_model_msg *m, const char *name) {
  if (m->n_lineage >= LEMON_LINEAGE_MAX) {
    size_t drop = m->n_lineage - LEMON_LINEAGE_MAX + 1;
    for (size_t i = 0; i < drop; i++) free(m->lineage[i]);
    memmove(m->lineage, m->lineage + drop, (m->n_lineage - drop) * sizeof *m->lineage);
    m->n_lineage -= drop;
  }
  char **lineage = realloc(m->lineage, (m->n_lineage + 1) * sizeof *lineage);
  char *copy = strdup(name);
  if (!lineage || !copy) abort();
  m->lineage = lineage;
  m->lineage[m->n_lineage++] = copy;
}

int lemon_apply_rule(lemon_model_msg *m, lemon_rule r, mlf_rng *rng) {
  lemon_analysis a;
  if (r >= LEMON_RULE_COUNT || lemon_analyze(m, &a)) return 0;
  lemon_candidate *c = malloc(LEMON_MAX_CANDIDATES * sizeof *c);
  if (!c) abort();
  size_t n = rules[r].impl->candidates(m, &a, c), violations = lemon_domain_violations(m);
  lemon_model_msg *work = NULL;
  for (size_t i = 0; i < n && !work; i++) {
    size_t k = i + (size_t)mlf_rng_below(rng, n - i); /* a random permutation, step by step */
    lemon_candidate pick = c[k];
    c[k] = c[i];
    c[i] = pick;
    for (int attempt = 0; attempt <= RANDOM_ATTEMPTS && !work; attempt++)
      work = try_candidate(m, &a, rules[r].impl, pick, violations, attempt == RANDOM_ATTEMPTS, rng);
  }
  free(c);
  if (!work) return 0;
  lemon_model_take(m, work);
  append_lineage(m, rules[r].name);
  return 1;
}

/* A rule fails exactly when it is not applicable, so trying the rules in random order until
 * one applies picks uniformly among the applicable ones. */
size_t lemon_mutate_chain(lemon_model_msg *m, size_t n, mlf_rng *rng) {
  size_t applied = 0;
  for (size_t i = 0; i < n; i++) {
    lemon_rule order[LEMON_RULE_COUNT];
    for (int r = 0; r < LEMON_RULE_COUNT; r++) order[r] = (lemon_rule)r;
    int done = 0;
    for (int k = 0; k < LEMON_RULE_COUNT && !done; k++) {
      int j = k + (int)mlf_rng_below(rng, (uint64_t)(LEMON_RULE_COUNT - k));
      lemon_rule pick = order[j];
      order[j] = order[k];
      done = lemon_apply_rule(m, pick, rng);
    }
    if (!done) break;
    applied++;
  }
  return applied;
}
