/* One level-2/3 case made concrete: operands built from the message, the expected result from
 * the long-double references, the call arguments for a backend, and the judgement of what a
 * backend left in its output. */
#ifndef LEVEL23_PROBLEM_H
#define LEVEL23_PROBLEM_H
#include "blas_verdict.h"
#include "level23_operands.h"
#include "level23_routines.h"

typedef struct {
  const level23_routine *routine;
  blas_precision p;
  int fortran, row_major, trans, trans_b, lower, right_side, unit_diagonal;
  int m, n, k, kl, ku;
  double alpha[2], beta[2]; /* rounded to the precision */
  float alpha_f[2], beta_f[2];
  level23_operand a, b, c, x, y;
  int has[5];               /* which of a, b, c, x, y exist */
  level23_operand *output;  /* the operand the routine overwrites */
  mlf_guard_side side;
  int quick_return;         /* the BLAS says: return with the output untouched */
  const blas_product *product; /* products: the reference; NULL for the solves */
  mlf_expect *expected;     /* products: per logical output element and part */
  blas_cld *op_a, *rhs;     /* solves: dense op(A) and the right-hand side (alpha B) */
  uint32_t relation_knob;   /* the relation's free parameter (level23_relations.c) */
} level23_problem;

typedef struct {
  blas_verdict worst;
  size_t n_bad, bad_i, bad_j, bad_part;
  double got, worst_ratio;
  mlf_expect expected;
  int changed_unwritten;
  long changed_at;
} level23_verdict;

void level23_problem_make(level23_problem *pb, const Mlf__Blas__Level23Case *c);
/* The reference's expectation of element (i, j)'s part (products only), its allowed set
 * derived as far as deciding got needs (level23_expect_for) or whole (level23_expect). */
const mlf_expect *level23_expect_for(const level23_problem *pb, size_t i, size_t j, int part,
                                     double got);
const mlf_expect *level23_expect(const level23_problem *pb, size_t i, size_t j, int part);
void level23_problem_free(level23_problem *pb);
/* The finding tag of backend (NULL: the reference) on pb, of the kind: mlf:blas_level23:...
 * (tag has MLF_TAG_MAX bytes). */
void level23_tag(char *tag, const char *backend, const level23_problem *pb, const char *kind);
/* A fresh copy of the output operand in its own guarded buffer (free its store). */
void level23_clone_output(const level23_problem *pb, level23_operand *out);
/* The call arguments with out in place of the output operand. */
level23_args level23_args_for(const level23_problem *pb, const level23_operand *out);
void level23_judge(const level23_problem *pb, const level23_operand *out, level23_verdict *v);
#endif
