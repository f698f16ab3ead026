/* The Keeper loop on one subject (keeper_campaign.h). */
#include <string.h>
#include "keeper_campaign.h"
#include "keeper_random.h"
#include "mlf_rng.h"

keeper_options keeper_default_options(void) {
  return (keeper_options){.n = 3, .alpha = 0.75, .seed = 1, .timeout_s = 20};
}

/* A seed per (campaign seed, subject, clause, input); the random inputs use clause -1. */
static uint64_t input_seed(uint64_t seed, const char *subject, int clause, size_t i) {
  uint64_t h = seed * 0x100000001b3ULL;
  for (const char *p = subject; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
  h ^= (uint64_t)(clause + 1) << 32 | i;
  return mlf_splitmix64(&h);
}

static void run_trial(const keeper_subject *s, const keeper_options *o, keeper_campaign *c, keeper_trial *t) {
  keeper_exec_input(s, t->text, t->seed, t->degraded, o->timeout_s, &t->r);
  c->exec_seconds += t->r.seconds;
  c->executions += t->r.status != KEEPER_NOT_GENERATED;
}

/* n inputs per clause of s from seed into t (keeper_exec_input each). */
static size_t generate(const keeper_subject *s, const keeper_options *o, uint64_t seed, keeper_campaign *c,
                       keeper_trial *t) {
  size_t n = o->n > KEEPER_N_MAX ? KEEPER_N_MAX : o->n, count = 0;
  for (size_t k = 0; k < s->n_clauses; k++) {
    const keeper_clause *clause = &s->clauses[k];
    size_t n_texts = 0;
    while (n_texts < KEEPER_MAX_TEXTS && clause->texts[n_texts]) n_texts++;
    for (size_t i = 0; i < n; i++) {
      keeper_trial *trial = &t[count++];
      *trial = (keeper_trial){.clause = (int)k, .text = clause->texts[i % n_texts],
                              .seed = input_seed(seed, s->name, (int)k, i), .degraded = clause->degraded};
      run_trial(s, o, c, trial);
    }
  }
  return count;
}

/* Applies every suggestion to the subject, re-runs it on the fresh inputs' API outputs, and
 * restores it. */
static void judge_with_suggestions(const keeper_subject *s, const keeper_options *o, keeper_campaign *c) {
  keeper_labels *sets[KEEPER_MAX_CLAUSES];
  size_t old_n[KEEPER_MAX_CLAUSES], n_sets = 0;
  for (size_t k = 0; k < s->n_clauses; k++) {
    keeper_labels *labels = s->clauses[k].labels;
    if (!c->labels[k].n_added) continue;
    size_t j = 0;
    while (j < n_sets && sets[j] != labels) j++;
    if (j == n_sets) sets[n_sets] = labels, old_n[n_sets++] = labels->n;
    for (size_t w = 0; w < c->labels[k].n_added && labels->n < KEEPER_MAX_LABELS; w++)
      if (!keeper_labels_has(labels, c->labels[k].added[w], 0)) labels->words[labels->n++] = c->labels[k].added[w];
  }
  double old_threshold = s->threshold ? *s->threshold : 0;
  if (c->threshold.suggested) *s->threshold = c->threshold.after;
  static keeper_trial rerun[KEEPER_TRIALS_MAX];
  keeper_rerun(s, c->fresh, c->n_fresh, o->timeout_s, rerun);
  keeper_judge(s, rerun, c->n_fresh, o->alpha, &c->fresh_after);
  if (c->threshold.suggested) *s->threshold = old_threshold;
  for (size_t j = 0; j < n_sets; j++) sets[j]->n = old_n[j];
}

static void check_on_fresh_inputs(const keeper_subject *s, const keeper_options *o, keeper_campaign *c) {
  int any = c->threshold.suggested;
  for (size_t k = 0; k < s->n_clauses; k++) any |= c->labels[k].n_added > 0;
  if (!any) return;
  c->fresh_seed = o->seed + 1;
  c->n_fresh = generate(s, o, c->fresh_seed, c, c->fresh);
  keeper_judge(s, c->fresh, c->n_fresh, o->alpha, &c->fresh_before);
  judge_with_suggestions(s, o, c);
  for (size_t k = 0; k < s->n_clauses; k++)
    if (c->labels[k].n_added)
      c->fresh_label_fixes[k] = keeper_repair_fixed(s, (int)k, &c->fresh_before, &c->fresh_after);
  if (c->threshold.suggested)
    c->fresh_threshold_fixes = keeper_repair_fixed(s, c->threshold.clause, &c->fresh_before, &c->fresh_after);
}

void keeper_campaign_run(const keeper_subject *s, const keeper_options *o, keeper_campaign *c) {
  memset(c, 0, sizeof *c);
  c->subject = s;
  c->n_trials = generate(s, o, o->seed, c, c->trials);
  keeper_judge(s, c->trials, c->n_trials, o->alpha, &c->verdict);
  if (o->random_baseline) {
    for (size_t i = 0; i < c->n_trials; i++) {
      uint64_t seed = input_seed(o->seed, s->name, -1, i);
      keeper_random_text(s->medium, seed, c->random_texts[i], sizeof c->random_texts[i]);
      keeper_trial *t = &c->random[c->n_random++];
      *t = (keeper_trial){.clause = -1, .text = c->random_texts[i], .seed = seed};
      run_trial(s, o, c, t);
    }
    c->random_reached = keeper_outcomes_reached(c->random, c->n_random);
  }
  if (o->repair) {
    for (size_t k = 0; k < s->n_clauses; k++)
      keeper_repair_labels(s, (int)k, c->trials, c->n_trials, o->alpha, o->timeout_s, &c->labels[k]);
    keeper_repair_threshold(s, c->trials, c->n_trials, o->alpha, o->timeout_s, &c->threshold);
    check_on_fresh_inputs(s, o, c);
  }
}
