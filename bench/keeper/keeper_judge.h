/* Keeper's judgement of a subject's test runs (the paper's section 4.1): per branch clause the
 * recall of its intended outcome over the inputs generated for it, an accuracy failure below
 * alpha, a dead-code failure when the intended branch is reached by no input at all, a crash
 * when the subject died on one; branch coverage over any set of runs; and the score of the
 * reported failures against the defects the subject table says the subject carries. */
#ifndef KEEPER_JUDGE_H
#define KEEPER_JUDGE_H
#include "keeper_exec.h"

/* One generated input and its run. clause is -1 for a random (not clause-directed) input. */
typedef struct {
  int clause;
  const char *text; /* the API output the input was made for */
  uint64_t seed;
  int degraded;
  keeper_result r;
} keeper_trial;

typedef struct {
  size_t judged;       /* inputs that reached the subject */
  size_t hits;         /* ... and took the intended outcome (any outcome, for KEEPER_ANY_OUTCOME) */
  size_t subject_crashes; /* the subject crashed or hung */
  size_t not_judged;   /* the pseudo-inverse refused, or the API failed or crashed */
  double recall;
  keeper_failure failure;
} keeper_clause_verdict;

typedef struct {
  keeper_clause_verdict clauses[KEEPER_MAX_CLAUSES];
  unsigned reached;    /* bit i: outcome i was taken by some input */
  size_t api_findings; /* crashes or hangs inside the pseudo-inverse or API (library findings) */
  size_t defects, found, found_as_other, unplanted;
} keeper_verdict;

/* 1 when the trial reached the subject and went its clause's intended way. */
int keeper_trial_hit(const keeper_subject *s, const keeper_trial *t);
/* Bit mask of the outcomes the trials took. */
unsigned keeper_outcomes_reached(const keeper_trial *t, size_t n);
size_t keeper_popcount(unsigned mask);
void keeper_judge(const keeper_subject *s, const keeper_trial *t, size_t n, double alpha, keeper_verdict *v);
#endif
