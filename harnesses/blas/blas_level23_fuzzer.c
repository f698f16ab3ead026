/* Level-2 and level-3 BLAS routines (gemv ... hpr2, gemm ... trsm; s, d, c, z) through CBLAS and
 * Fortran on every BLAS loaded side by side. Oracles: products (everything but the solves)
 * within the rigorous bound of the long-double product reference with the BLAS rules for
 * alpha = 0, beta = 0 and quick returns; triangular solves by componentwise backward error;
 * every storage slot a routine must not write (the other triangle, band corners, increment
 * gaps, padding) bit-for-bit unchanged, and every slot it must not read holding a sentinel NaN
 * that would show in the result; a Hermitian result's diagonal exactly real; no xerbla on valid
 * arguments; guard pages around every buffer, inputs read-only; the case's metamorphic
 * relation (level23_relations.c) on every backend. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "blas_known_crashes.h"
#include "blas_emit.h"
#include "blas_level23.pb-c.h"
#include "blas_verdict.h"
#include "level23_problem.h"
#include "level23_emit.h"
#include "level23_relations.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_scratch.h"
#include "mlf_target.h"

static blas_backend backends[BLAS_MAX_BACKENDS];
static size_t n_backends;

static void level23_init(void) {
  n_backends = blas_backends_require(backends, BLAS_MAX_BACKENDS, "blas_level23");
}

/* b == NULL names the reference (the oracle) as the odd one out. */
static void raise_finding(mlf_run *run, const blas_backend *b, const level23_problem *pb,
                          const char *kind, const char *detail) {
  char tag[MLF_TAG_MAX];
  level23_tag(tag, b ? b->name : NULL, pb, kind);
  mlf_finding(run, tag, "%s", detail);
}

/* Runs one backend on fresh copies of the outputs and judges what it did. Returns 0 when the
 * backend lacks the routine. */
static int run_backend(const blas_backend *b, level23_problem *pb,
                       Mlf__Blas__Level23Case__Relation relation, level23_verdict *v, mlf_run *run) {
  const char *crash = blas_level23_known_crash(b, pb);
  size_t crash_len = crash ? strlen(crash) : 0;
  int hang = crash_len >= 4 && strcmp(crash + crash_len - 4, "hang") == 0;
  if (crash) {
    raise_finding(run, b, pb, crash, mlf_report_known() && !hang ? "known: called (MLF_REPORT_KNOWN=1)"
                                                                 : "known: not called (MLF_REPORT_KNOWN=1 calls it unless it hangs)");
    if (!mlf_report_known() || hang) {
      mlf_log(run, "%-16s skipped: known %s", b->name, crash);
      return 0;
    }
  }
  level23_operand out;
  level23_clone_output(pb, &out);
  level23_args args = level23_args_for(pb, &out);
  mlf_capture_begin(b->name);
  int ran = level23_call(b, pb->routine, &pb->p, pb->fortran, &args);
  mlf_error_record err;
  size_t errors = mlf_capture_end(&err);
  if (!ran) {
    blas_matrix_free(&out.store);
    mlf_log(run, "%-16s unsupported", b->name);
    return 0;
  }
  level23_judge(pb, &out, v);
  char detail[400], kind[48];
  if (errors) {
    snprintf(detail, sizeof detail, "%s reported an error on valid arguments: %s, parameter %d",
             b->name, err.routine, err.info);
    raise_finding(run, b, pb, "xerbla-on-valid", detail);
  }
  if (v->changed_unwritten || !mlf_guard_canary_ok(out.store.data)) {
    snprintf(detail, sizeof detail, "%s changed storage it must not write (offset %ld)", b->name,
             v->changed_at);
    raise_finding(run, b, pb, "write-outside-result", detail);
  }
  if (v->worst.base != BLAS_VERDICT_OK) {
    snprintf(detail, sizeof detail, "%s: %zu wrong elements; first (%zu,%zu)%s = %.17g, expected %.17g, bound %.3g",
             b->name, v->n_bad, v->bad_i, v->bad_j, v->bad_part ? ".im" : "", v->got,
             v->expected.value, v->expected.bound);
    raise_finding(run, b, pb, blas_verdict_name(v->worst, kind, sizeof kind), detail);
  }
  long offset;
  const char *broken = level23_relation_check(b, pb, relation, &out, &offset);
  if (broken) {
    snprintf(detail, sizeof detail, "%s: %s does not hold (first difference at offset %ld)",
             b->name, broken, offset);
    raise_finding(run, b, pb, broken, detail);
  }
  mlf_log(run, "%-16s %s, max error/bound %.3g", b->name,
          blas_verdict_name(v->worst, kind, sizeof kind), v->worst_ratio);
  uint32_t closeness = v->worst_ratio > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(v->worst_ratio))) : 0;
  mlf_feedback_hit(mlf_feature("l23-error", (uint32_t)(pb->routine - level23_routine_of(0)), closeness));
  mlf_feedback_hit(mlf_feature("l23-verdict", (uint32_t)(b - backends),
                               (uint32_t)(v->worst.base * BLAS_SEMANTICS + (int)v->worst.explained_by)));
  blas_matrix_free(&out.store);
  return 1;
}

static void level23_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Blas__Level23Case *c = (const Mlf__Blas__Level23Case *)msg;
  level23_problem pb;
  level23_problem_make(&pb, c);
  level23_verdict verdicts[BLAS_MAX_BACKENDS];
  size_t compared = 0, failing = 0;
  for (size_t i = 0; i < n_backends; i++)
    if (run_backend(&backends[i], &pb, c->relation, &verdicts[i], run))
      compared++, failing += verdicts[i].worst.base != BLAS_VERDICT_OK;
  /* Every library against the reference in the same way points at the oracle, not them. */
  if (compared >= 3 && failing == compared)
    raise_finding(run, NULL, &pb, "all-backends-disagree",
                  "every backend disagrees with the reference");
  level23_problem_free(&pb);
}

int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  return level23_emit((const Mlf__Blas__Level23Case *)msg, tag,
                      blas_emit_identity(backends, n_backends, tag), out);
}

MLF_TARGET(blas_level23, mlf__blas__level23_case__descriptor, level23_init, level23_run)
