/* Judges one level-1 outcome: against the reference (level1_reference.h), the gaps between
 * elements, and, for a second call through the other interface, bit for bit against the
 * first. Findings are handed to a callback with their kind (the last part of the tag). */
#ifndef LEVEL1_JUDGE_H
#define LEVEL1_JUDGE_H
#include "level1_reference.h"

/* Everything the reference says about one problem, computed once per input. */
typedef struct {
  mlf_expect scalar[2];
  level1_amax amax;
  mlf_expect *element[2]; /* outputs x and y: element[w][2 i + part] (elementwise routines) */
} level1_expected;

/* Fills ex for pr; the element arrays live in scratch storage reused across inputs. */
void level1_expected_compute(const level1_problem *pr, level1_expected *ex);

/* Reports a finding of kind `kind` about problem pr (level1_finding_kind: pr NULL for a kind
 * that no argument qualifies). */
typedef void (*level1_raise_fn)(void *ctx, const level1_problem *pr, const char *kind, const char *detail);

/* How an outcome compares: the worst kind found ("ok" when none) and, over finite values, the
 * largest |got - expected| / bound (for feedback). Returns 1 when the outcome is correct. */
typedef struct {
  char kind[64];
  double worst_ratio;
} level1_verdict;
int level1_judge(const level1_problem *pr, const level1_expected *ex, const level1_outcome *o,
                 level1_raise_fn raise, void *ctx, level1_verdict *v);

/* 1 when two outcomes of the same problem through the two interfaces of one library are the
 * same (scalars and vectors bit for bit, any NaN equal to any NaN; i?amax after the index
 * base is accounted for); else writes what differs into why. */
int level1_same_outcome(const level1_problem *pr, const level1_outcome *a, int a_fortran,
                        const level1_outcome *b, int b_fortran, char *why, size_t len);

/* Differential agreement (mlf_agree_fn shape, ctx = level1_agree_ctx): two outcomes agree
 * when both satisfy the reference, or when each value is within twice its reference bound
 * of the other's (or the same NaN or infinity), or they name the same index. */
typedef struct {
  const level1_problem *pr;
  const level1_expected *ex;
} level1_agree_ctx;
/* What the differential compares: an outcome, its interface and whether it was correct. */
typedef struct {
  level1_outcome o;
  int fortran, correct;
} level1_judged;
mlf_cmp_kind level1_agree(const void *a, const void *b, void *ctx); /* level1_judged */
#endif
