/* The oracles of the FANN_NETWORK template (fann_judge.h). */
#include "fann_judge.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Bit for bit, except that any NaN equals any NaN (a NaN output is the same finding anyway). */
static int same(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* A check's finding tag, written into tag (MLF_TAG_MAX bytes). */
static const char *check_tag(const char *target, const fann_check *c, char *tag) {
  snprintf(tag, MLF_TAG_MAX, "mlf:%s:fann:%s:%s", target, c->call, c->kind);
  return tag;
}

/* The tag of a finding of the target's (call:kind), written into tag (MLF_TAG_MAX bytes). */
static const char *leak_tag(const fann_outcome *o, const char *call_kind, char *tag) {
  snprintf(tag, MLF_TAG_MAX, "mlf:%s:fann:%s", o->target, call_kind);
  return tag;
}

/* The block the last derivation step made negative, or -1 (also when its value turned out
 * legal in the network's state: a layer cascade training had added). */
static long negative_block(const Mlf__Moco__Program *p, const fann_outcome *o) {
  if (!moco_negative_call(p)) return -1;
  long b = (long)p->derivation[p->n_derivation - 1]->block;
  return b < MOCO_MAX_BLOCKS && o->layer_exists[b] ? -1 : b;
}

int fann_judge(const Mlf__Moco__Program *p, const fann_outcome *o, mlf_run *run) {
  char tag[MLF_TAG_MAX];
  if (o->scores_overflow_in) {
    snprintf(tag, sizeof tag, "mlf:%s:fann:%s:heap-overflow-candidate-scores", o->target, o->scores_overflow_in);
    mlf_finding(run, tag, "the cascade candidate count grew after the scores were allocated for fewer");
    return 0; /* the program stopped there on purpose */
  }
  long negative = negative_block(p, o);
  int errors = 0;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    if (!o->fann_errno[b]) continue;
    errors = 1;
    if ((long)b == negative) continue;
    snprintf(tag, sizeof tag, "mlf:%s:fann:%s:error-on-valid", o->target, p->blocks[b]->api);
    mlf_finding(run, tag, "block %zu: fann_errno %d (%s)", b, o->fann_errno[b],
                o->fann_errno[b] < 0 ? "returned NULL" : o->error_text[b]);
    return errors;
  }
  if (negative >= 0 && negative < MOCO_MAX_BLOCKS && o->results.block[negative].reached &&
      !o->fann_errno[negative]) {
    snprintf(tag, sizeof tag, "mlf:%s:fann:%s:refused-value-accepted", o->target, p->blocks[negative]->api);
    mlf_finding(run, tag, "block %ld: the value past the documented boundary left fann_errno 0", negative);
    return errors;
  }
  /* The first check that failed, preferring one that is not a known finding (a known one
   * must not hide a new one in the same program). */
  const fann_check *failed = NULL;
  int failed_known = 0;
  for (size_t i = 0; i < o->n_checks; i++) {
    const fann_check *c = &o->checks[i];
    if (same(c->expected, c->got)) continue;
    int known = mlf_known_finding_lookup(check_tag(o->target, c, tag)) != NULL;
    if (!failed || (failed_known && !known)) failed = c, failed_known = known;
  }
  if (failed) {
    mlf_finding(run, check_tag(o->target, failed, tag), "%s: expected %.9g, got %.9g", failed->what, failed->expected,
                failed->got);
    return errors;
  }
  if (o->subset_refusals_leaked)
    mlf_finding(run, leak_tag(o, "fann_subset_train_data:leak-on-range-error", tag),
                "%d refused subset(s): each leaks the struct allocated before the range check",
                o->subset_refusals_leaked);
  else if (o->error_strings_leaked)
    mlf_finding(run, leak_tag(o, "fann_destroy_train:leak-error-string", tag),
                "%d training data set(s) destroyed with their error string still allocated", o->error_strings_leaked);
  else if (o->cascade_scores_leaked)
    mlf_finding(run, leak_tag(o, "fann_destroy:leak-cascade-candidate-scores", tag),
                "%d cascade-trained network(s) destroyed with their candidate scores still allocated",
                o->cascade_scores_leaked);
  return errors;
}
