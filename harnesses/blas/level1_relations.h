/* Metamorphic relations of the level-1 routines, run on one backend through one interface
 * with the mlf_metamorphic runner: the input type is level1_problem, the output type
 * level1_outcome. */
#ifndef LEVEL1_RELATIONS_H
#define LEVEL1_RELATIONS_H
#include "level1_judge.h"
#include "mlf_metamorphic.h"

/* Relations run on sources the reference judged correct. A value relation whose tolerance
 * is the sum of two reference bounds can then only be violated by a follow-up the reference
 * judges wrong too (or by two equally valid semantics): the follow-up is judged against the
 * source's expectations (it holds the same logical data) and reported through raise under
 * the judge's kind, so a known defect met by a follow-up shape keeps its tag. The exact
 * relation (scal-roundtrip) is independent of the reference: "mr-<relation>". */
typedef struct {
  const blas_backend *backend;
  mlf_guard_side side;
  const level1_expected *ex; /* of the source problem: the bounds the tolerances use */
  level1_raise_fn raise;
  void *raise_ctx;
} level1_relation_ctx;

extern const mlf_mr_table level1_relations;

/* The run function the relations use (mlf_mr_run_fn shape; ctx = level1_relation_ctx):
 * calls the problem's routine through its own interface; 1 (not run) for an input the
 * backend is known to crash on. */
int level1_relation_run(const void *input, void *output, void *ctx);
#endif
