/* Recall, failures, coverage and the defect score (keeper_judge.h). */
#include <string.h>
#include "keeper_judge.h"

static int reached_subject(const keeper_trial *t) {
  return t->r.status == KEEPER_RAN ||
         ((t->r.status == KEEPER_CRASHED || t->r.status == KEEPER_HUNG) && t->r.stage == KEEPER_STAGE_SUBJECT);
}

int keeper_trial_hit(const keeper_subject *s, const keeper_trial *t) {
  if (t->r.status != KEEPER_RAN || t->clause < 0) return 0;
  int intended = s->clauses[t->clause].outcome;
  return intended == KEEPER_ANY_OUTCOME || t->r.outcome == intended;
}

unsigned keeper_outcomes_reached(const keeper_trial *t, size_t n) {
  unsigned mask = 0;
  for (size_t i = 0; i < n; i++)
    if (t[i].r.status == KEEPER_RAN && t[i].r.outcome >= 0) mask |= 1u << t[i].r.outcome;
  return mask;
}

size_t keeper_popcount(unsigned mask) { return (size_t)__builtin_popcount(mask); }

void keeper_judge(const keeper_subject *s, const keeper_trial *t, size_t n, double alpha, keeper_verdict *v) {
  memset(v, 0, sizeof *v);
  v->reached = keeper_outcomes_reached(t, n);
  for (size_t i = 0; i < n; i++) {
    if (!reached_subject(&t[i]) && (t[i].r.status == KEEPER_CRASHED || t[i].r.status == KEEPER_HUNG)) v->api_findings++;
    if (t[i].clause < 0) continue;
    keeper_clause_verdict *c = &v->clauses[t[i].clause];
    if (!reached_subject(&t[i])) {
      c->not_judged++;
      continue;
    }
    c->judged++;
    c->hits += (size_t)keeper_trial_hit(s, &t[i]);
    c->subject_crashes += t[i].r.status != KEEPER_RAN;
  }
  for (size_t k = 0; k < s->n_clauses; k++) {
    const keeper_clause *clause = &s->clauses[k];
    keeper_clause_verdict *c = &v->clauses[k];
    c->recall = c->judged ? (double)c->hits / (double)c->judged : 0;
    if (!c->judged) c->failure = KEEPER_FAIL_NONE; /* nothing to judge on: reported as unjudged */
    else if (c->subject_crashes) c->failure = KEEPER_FAIL_CRASH;
    else if (clause->outcome != KEEPER_ANY_OUTCOME && !(v->reached & (1u << clause->outcome)))
      c->failure = KEEPER_FAIL_DEAD_CODE;
    else if (c->recall < alpha) c->failure = KEEPER_FAIL_ACCURACY;
    if (clause->defect != KEEPER_DEFECT_NONE) {
      v->defects++;
      v->found += c->failure == clause->expected;
      v->found_as_other += c->failure != KEEPER_FAIL_NONE && c->failure != clause->expected;
    } else {
      v->unplanted += c->failure != KEEPER_FAIL_NONE;
    }
  }
}
