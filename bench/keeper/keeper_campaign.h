/* The Keeper loop on one subject: per branch clause, n inputs through the pseudo-inverse
 * (the clause's texts in turn, each with its own rendering or voice), each run through the
 * real API and the subject (keeper_exec.h), judged (keeper_judge.h); optionally as many
 * random real inputs for the coverage baseline (keeper_random.h) and the repairs
 * (keeper_repair.h), whose suggestions are then also checked on fresh inputs: the loop run
 * again with the next seed, judged on the subject as it is and with every suggestion
 * applied (a subject's suggestions are applied together). */
#ifndef KEEPER_CAMPAIGN_H
#define KEEPER_CAMPAIGN_H
#include "keeper_judge.h"
#include "keeper_repair.h"

#define KEEPER_N_MAX 32
#define KEEPER_TRIALS_MAX (KEEPER_MAX_CLAUSES * KEEPER_N_MAX)

typedef struct {
  size_t n;           /* inputs per clause */
  double alpha;       /* accuracy-failure threshold on a clause's recall */
  uint64_t seed;
  double timeout_s;   /* per input, in the forked child */
  int random_baseline;
  int repair;
} keeper_options;

typedef struct {
  const keeper_subject *subject;
  keeper_trial trials[KEEPER_TRIALS_MAX];
  size_t n_trials;
  keeper_trial random[KEEPER_TRIALS_MAX];
  char random_texts[KEEPER_TRIALS_MAX][48];
  size_t n_random;
  keeper_verdict verdict;
  unsigned random_reached;
  keeper_label_repair labels[KEEPER_MAX_CLAUSES];
  keeper_threshold_repair threshold;
  keeper_trial fresh[KEEPER_TRIALS_MAX]; /* the fresh inputs (only when something was suggested) */
  size_t n_fresh;
  uint64_t fresh_seed;
  keeper_verdict fresh_before, fresh_after; /* judged without and with the suggestions */
  int fresh_label_fixes[KEEPER_MAX_CLAUSES], fresh_threshold_fixes;
  double exec_seconds; /* wall time of the generated inputs' children (keeper and random) */
  size_t executions;   /* inputs that reached the API */
} keeper_campaign;

/* Options with the defaults: n 3, alpha 0.75, seed 1, timeout 20 s, no baseline, no repair. */
keeper_options keeper_default_options(void);
/* Runs the loop on s (keeper_exec_init must have succeeded); c is large: allocate it. */
void keeper_campaign_run(const keeper_subject *s, const keeper_options *o, keeper_campaign *c);
#endif
