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

void keeper_campaign_run(const keeper_subject *s, const keeper_options *o, keeper_campaign *c) {
  memset(c, 0, sizeof *c);
  c->subject = s;
  size_t n = o->n > KEEPER_N_MAX ? KEEPER_N_MAX : o->n;
  for (size_t k = 0; k < s->n_clauses; k++) {
    const keeper_clause *clause = &s->clauses[k];
    size_t n_texts = 0;
    while (n_texts < KEEPER_MAX_TEXTS && clause->texts[n_texts]) n_texts++;
    for (size_t i = 0; i < n; i++) {
      keeper_trial *t = &c->trials[c->n_trials++];
      *t = (keeper_trial){.clause = (int)k, .text = clause->texts[i % n_texts],
                          .seed = input_seed(o->seed, s->name, (int)k, i), .degraded = clause->degraded};
      run_trial(s, o, c, t);
    }
  }
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
  }
}
