/* Every level-1 BLAS routine (dot, dotu, dotc, sdsdot, dsdot, nrm2, asum, i?amax, scal, csscal,
 * axpy, copy, swap, rot, csrot, rotg, rotm, rotmg; all precisions) through the Fortran and the
 * CBLAS interface of every BLAS loaded side by side.
 * Oracle: the interface the message names within a rigorous bound of a long-double reference
 * that follows the reference BLAS's rules (exact where the operation is exact; rotg and
 * rotmg by their defining relations); the other interface of the same library bit for bit
 * equal to it; elements the increments skip untouched; guard pages around every vector, read
 * ones read-only; no xerbla on valid arguments; metamorphic relations on every backend;
 * majority vote names the odd backend out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blas_emit.h"
#include "blas_level1.pb-c.h"
#include "level1_call.h"
#include "level1_emit.h"
#include "level1_known_crashes.h"
#include "level1_relations.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_target.h"
#include "mlf_watchdog.h"

static blas_backend backends[BLAS_MAX_BACKENDS];
static size_t n_backends;

static void level1_init(void) {
  n_backends = blas_backends_require(backends, BLAS_MAX_BACKENDS, "blas_level1");
}

/* Where findings of one backend go. b == NULL names the reference (the oracle). */
typedef struct {
  mlf_run *run;
  const blas_backend *b;
  const level1_problem *pr;
  const char *known_kind; /* a known defect's kind that every finding is reported under */
} finding_ctx;

/* level1_raise_fn: the tag names the backend, the routine and the kind as level1_finding_kind
 * qualifies it for pr, or the known defect's kind, with the kind found in the detail. */
static void raise_finding(void *ctx_, const level1_problem *pr, const char *kind_found, const char *detail) {
  const finding_ctx *ctx = ctx_;
  char tag[MLF_TAG_MAX], kind[64];
  level1_finding_kind(pr, kind_found, kind, sizeof kind);
  mlf_finding_tag(tag, sizeof tag, "blas_level1", ctx->b ? ctx->b->name : "reference",
                  ctx->pr->name, ctx->known_kind ? ctx->known_kind : kind);
  mlf_finding(ctx->run, tag, "%s %s: %s%s%s", ctx->b ? ctx->b->name : "reference",
              ctx->pr->fortran ? "Fortran" : "CBLAS", ctx->known_kind ? kind : "",
              ctx->known_kind ? ": " : "", detail);
}

/* log2-sized class: 0, 1, 2-3, 4-7, ...; kernels unroll and block on such boundaries. */
static uint32_t size_class(long v) {
  uint32_t c = 0;
  for (unsigned long u = v > 0 ? (unsigned long)v : 0; u; u >>= 1) c++;
  return c;
}

/* 1 when the last call was abandoned (level1_call.h): its outcomes are freed, since the
 * input's one finding is that hang. */
static int hung(level1_judged *out, level1_outcome *other) {
  if (!mlf_watchdog_hung()) return 0;
  level1_outcome_free(&out->o);
  if (other) level1_outcome_free(other);
  return 1;
}

/* Runs backend bi through the message's interface (judged) and the other one (compared bit
 * for bit). Returns 0 when the backend lacks the routine in the message's interface, or when
 * a call of this input never returned. */
static int run_backend(size_t bi, const level1_problem *pr, const level1_expected *ex,
                       mlf_guard_side side, level1_judged *out, mlf_run *run) {
  const blas_backend *b = &backends[bi];
  finding_ctx fc = {run, b, pr, NULL};
  if (!level1_supported(b, pr, pr->fortran)) {
    mlf_log(run, "%-16s unsupported", b->name);
    return 0;
  }
  const level1_known *known = level1_known_defect(b->name, pr);
  if (known && known->crashes && !mlf_report_known()) {
    raise_finding(&fc, NULL, known->kind, "known crash: not called (MLF_REPORT_KNOWN=1 calls it)");
    mlf_log(run, "%-16s skipped: known crash %s", b->name, known->kind);
    return 0;
  }
  fc.known_kind = known ? known->kind : NULL;
  size_t errors = 0;
  mlf_error_record err;
  char detail[300];
  level1_call(b, pr, pr->fortran, side, &out->o, &errors, &err);
  if (hung(out, NULL)) return 0;
  out->fortran = pr->fortran;
  level1_verdict v;
  out->correct = level1_judge(pr, ex, &out->o, raise_finding, &fc, &v);
  if (level1_supported(b, pr, !pr->fortran)) {
    level1_outcome other;
    level1_call(b, pr, !pr->fortran, side, &other, &errors, &err);
    if (hung(out, &other)) return 0;
    if (!level1_same_outcome(pr, &out->o, pr->fortran, &other, !pr->fortran, detail, sizeof detail))
      raise_finding(&fc, pr, "fortran-cblas-mismatch", detail);
    level1_outcome_free(&other);
  }
  if (errors) {
    snprintf(detail, sizeof detail, "reported an error on valid arguments: %s, parameter %d",
             err.routine, err.info);
    raise_finding(&fc, pr, "xerbla-on-valid", detail);
  }
  mlf_log(run, "%-16s %s, max error/bound %.3g", b->name, v.kind, v.worst_ratio);
  uint32_t closeness = v.worst_ratio > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(v.worst_ratio))) : 0;
  mlf_feedback_hit(mlf_feature("level1-error", (uint32_t)(bi * L1_FAMILIES + pr->family), closeness));
  mlf_feedback_hit(mlf_feature("level1-verdict", (uint32_t)bi, mlf_feature(v.kind, 0, 0)));
  return 1;
}

/* Every relation on every backend that ran; a violation is a finding "mr-<relation>". */
static void run_relations(const level1_problem *pr, const level1_expected *ex,
                          const mlf_result *results, const level1_judged *judged,
                          mlf_guard_side side, uint64_t seed, mlf_run *run) {
  mlf_mr_result res[8];
  for (size_t i = 0; i < n_backends; i++) {
    /* A source already judged wrong is reported; its relations would only repeat it. */
    if (results[i].status != MLF_RESULT_OK || !judged[i].correct) continue;
    finding_ctx fc = {run, &backends[i], pr, NULL};
    level1_relation_ctx ctx = {&backends[i], side, ex, raise_finding, &fc};
    mlf_rng rng;
    mlf_rng_seed(&rng, seed);
    mlf_mr_apply_all(&level1_relations, pr, level1_relation_run, &ctx, &rng, res);
    for (size_t r = 0; r < level1_relations.count; r++) {
      mlf_feedback_hit(mlf_feature("level1-relation", (uint32_t)(i * 8 + r), res[r].verdict));
      if (res[r].verdict != MLF_MR_VIOLATED) continue;
      char kind[64];
      snprintf(kind, sizeof kind, "mr-%s", res[r].relation->name);
      raise_finding(&fc, pr, kind, res[r].reason);
    }
  }
}

static void level1_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Blas__Level1Case *m = (const Mlf__Blas__Level1Case *)msg;
  level1_problem pr;
  level1_problem_from(&pr, m);
  if (pr.fn == BLAS_FN_COUNT) { /* the post-processor makes every message a routine */
    mlf_log(run, "no routine of this family in this precision");
    return;
  }
  unsigned flags = level1_family_flags(pr.family);
  mlf_guard_side side = m->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  int vectors = !(flags & L1_CONSTRUCT), two = flags & (L1_READS_Y | L1_WRITES_Y);
  if (vectors) {
    level1_vector_make(&pr.x, m->x, &pr.p, pr.n, pr.incx, 1, side, "x");
    level1_vector_make(&pr.y, m->y, &pr.p, two ? pr.n : 0, pr.incy, 2, side, "y");
    level1_protect_inputs(&pr, 1);
  }
  level1_expected ex;
  level1_expected_compute(&pr, &ex);
  mlf_feedback_hit(mlf_feature("level1-shape", (uint32_t)(pr.family * 4 + m->precision) * 2 + (uint32_t)pr.fortran,
                               size_class(pr.n) * 64 + (uint32_t)(pr.incx + 8) * 4 + (pr.incy < 0) * 2 + (pr.incy == 0)));

  level1_judged judged[BLAS_MAX_BACKENDS];
  mlf_result results[BLAS_MAX_BACKENDS];
  for (size_t i = 0; i < n_backends; i++) {
    int ran = run_backend(i, &pr, &ex, side, &judged[i], run);
    results[i] = (mlf_result){backends[i].name, ran ? MLF_RESULT_OK : MLF_RESULT_UNSUPPORTED, &judged[i]};
  }
  level1_agree_ctx actx = {&pr, &ex};
  mlf_diff_outcome diff;
  mlf_diff_compare(results, n_backends, level1_agree, &actx, &diff);
  mlf_diff_log_disagreements(run, results, n_backends, &diff);
  if (diff.odd_one >= 0) mlf_log(run, "majority vote: %s is the odd one out", backends[diff.odd_one].name);
  /* Every library against the reference in the same way points at the oracle, not them. */
  size_t compared = 0, failing = 0;
  for (size_t i = 0; i < n_backends; i++)
    if (results[i].status == MLF_RESULT_OK) compared++, failing += !judged[i].correct;
  if (compared >= 3 && failing == compared && diff.all_agree) {
    finding_ctx fc = {run, NULL, &pr, NULL};
    raise_finding(&fc, NULL, "every-backend-disagrees", "every backend agrees with the others and disagrees with the reference");
  }
  if (vectors) {
    uint64_t seed = (m->x ? m->x->seed : 0) * 31 + (uint64_t)(uint32_t)pr.n;
    run_relations(&pr, &ex, results, judged, side, seed, run);
  }
  for (size_t i = 0; i < n_backends; i++)
    if (results[i].status == MLF_RESULT_OK) level1_outcome_free(&judged[i].o);
  if (vectors) {
    level1_protect_inputs(&pr, 0);
    level1_vector_free(&pr.x);
    level1_vector_free(&pr.y);
  }
}

int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  return level1_emit((const Mlf__Blas__Level1Case *)msg, tag,
                     blas_emit_identity(backends, n_backends, tag), out);
}

MLF_TARGET(blas_level1, mlf__blas__level1_case__descriptor, level1_init, level1_run)
