/* cblas_?gemm (s, d, c, z; both layouts; every transpose; any alpha, beta) on every BLAS
 * loaded side by side: instrumented OpenBLAS, netlib reference, BLIS, ATLAS, GSL cblas.
 * Oracle: each result within a rigorous forward-error bound of a long-double reference that
 * follows the BLAS rules for alpha = 0, beta = 0 and quick returns; padding between columns
 * of C unchanged; no error reported through xerbla on valid arguments; guard pages around
 * every operand, A and B read-only (a write faults). Majority vote names the odd backend out. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "blas.pb-c.h"
#include "blas_backend.h"
#include "blas_emit.h"
#include "blas_gemm_emit.h"
#include "blas_gemm_reference.h"
#include "blas_known_crashes.h"
#include "blas_operand.h"
#include "blas_verdict.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_scratch.h"
#include "mlf_target.h"

static blas_backend backends[BLAS_MAX_BACKENDS];
static size_t n_backends;

static void gemm_init(void) {
  n_backends = blas_backends_require(backends, BLAS_MAX_BACKENDS, "blas_gemm");
}

/* One backend's output and how it compares with the reference. */
typedef struct {
  blas_matrix c;
  blas_verdict worst;
  size_t bad_i, bad_j, bad_part, n_bad;
  double worst_ratio; /* max |got - expected| / bound over finite elements */
} gemm_outcome;

typedef struct {
  const blas_gemm_problem *g;
  mlf_expect *expected; /* exact semantics, see blas_product_reference.h; sets on demand */
  const blas_product *product;
} gemm_ctx;

static double element(const blas_matrix *c, const blas_gemm_problem *g, size_t i, size_t j,
                      size_t part) {
  double re, im;
  blas_matrix_get(c, &g->p, g->row_major, i, j, &re, &im);
  return part ? im : re;
}

/* Compares a backend's C with the reference, element by element; the most severe kind wins
 * and its first element is kept for the report. */
static void judge(gemm_outcome *o, const gemm_ctx *ctx) {
  const blas_gemm_problem *g = ctx->g;
  size_t parts = g->p.is_complex ? 2 : 1;
  o->worst = (blas_verdict){BLAS_VERDICT_OK, BLAS_SEM_EXACT};
  o->n_bad = 0;
  o->worst_ratio = 0;
  for (size_t i = 0; i < g->m; i++)
    for (size_t j = 0; j < g->n; j++)
      for (size_t part = 0; part < parts; part++) {
        size_t at = (i * g->n + j) * parts + part;
        const mlf_expect *e = &ctx->expected[at];
        double got = element(&o->c, g, i, j, part);
        if (isfinite(got) && isfinite(e->value)) {
          mlf_raise_ratio(&o->worst_ratio, fabs(got - e->value), e->bound);
          if (mlf_within_bound(got, e->value, e->bound)) continue; /* the common case, inline */
        } else if (e->overflow_possible & (MLF_SET_PENDING | MLF_SET_PARTIAL)) {
          if (mlf_same_nonfinite(got, e->value)) continue; /* the set is not needed */
          blas_product_settle_for(ctx->product, ctx->expected, i, j, part, got);
        }
        blas_verdict k = blas_verdict_base(got, e, ctx->product, i, j, part);
        if (k.base == BLAS_VERDICT_OK) continue;
        o->n_bad++;
        if (!blas_verdict_may_outrank(k.base, o->worst)) continue; /* its name cannot matter */
        k.explained_by = blas_verdict_explain(got, k.base, ctx->product, i, j, part);
        if (blas_verdict_severity(k) > blas_verdict_severity(o->worst)) {
          o->worst = k;
          o->bad_i = i, o->bad_j = j, o->bad_part = part;
        }
      }
}

/* Two backends agree on an element when both satisfy the reference, or when they are within
 * twice the reference bound of each other (or the same NaN / infinity). */
static mlf_cmp_kind outcomes_agree(const void *a, const void *b, void *ctx_) {
  const gemm_outcome *x = a, *y = b;
  const gemm_ctx *ctx = ctx_;
  const blas_gemm_problem *g = ctx->g;
  if (x->worst.base == BLAS_VERDICT_OK && y->worst.base == BLAS_VERDICT_OK) return MLF_CMP_OK;
  size_t parts = g->p.is_complex ? 2 : 1;
  for (size_t i = 0; i < g->m; i++)
    for (size_t j = 0; j < g->n; j++)
      for (size_t part = 0; part < parts; part++) {
        size_t at = (i * g->n + j) * parts + part;
        const mlf_expect *e = &ctx->expected[at];
        double xv = element(&x->c, g, i, j, part), yv = element(&y->c, g, i, j, part);
        if (mlf_check_expect(xv, e) == MLF_CMP_OK && mlf_check_expect(yv, e) == MLF_CMP_OK) continue;
        mlf_expect twice = {yv, 2 * e->bound, 0};
        mlf_cmp_kind k = mlf_check_expect(xv, &twice);
        if (k != MLF_CMP_OK) return k;
      }
  return MLF_CMP_OK;
}

typedef void (*sgemm_fn)(int, int, int, int, int, int, float, const float *, int, const float *,
                         int, float, float *, int);
typedef void (*dgemm_fn)(int, int, int, int, int, int, double, const double *, int,
                         const double *, int, double, double *, int);
/* Complex variants take alpha and beta by pointer, as CBLAS does. */
typedef void (*cgemm_fn)(int, int, int, int, int, int, const void *, const void *, int,
                         const void *, int, const void *, void *, int);

static blas_fn gemm_of(char letter) {
  return letter == 's' ? BLAS_FN_sgemm : letter == 'd' ? BLAS_FN_dgemm
       : letter == 'c' ? BLAS_FN_cgemm : BLAS_FN_zgemm;
}

static void call_backend(const blas_backend *b, const blas_gemm_problem *g, blas_matrix *c) {
  int order = g->row_major ? BLAS_ROW_MAJOR : BLAS_COL_MAJOR;
  int ta = BLAS_NO_TRANS + (int)g->trans_a, tb = BLAS_NO_TRANS + (int)g->trans_b;
  int m = (int)g->m, n = (int)g->n, k = (int)g->k;
  int lda = (int)g->a->ld, ldb = (int)g->b->ld, ldc = (int)c->ld;
  float alpha_f[2] = {(float)g->alpha[0], (float)g->alpha[1]};
  float beta_f[2] = {(float)g->beta[0], (float)g->beta[1]};
  const void *alpha = g->p.is_double ? (const void *)g->alpha : alpha_f;
  const void *beta = g->p.is_double ? (const void *)g->beta : beta_f;
  blas_fn fn = gemm_of(g->p.letter);
  if (g->p.is_complex)
    ((cgemm_fn)b->cblas[fn])(order, ta, tb, m, n, k, alpha, g->a->data, lda, g->b->data, ldb,
                             beta, c->data, ldc);
  else if (g->p.is_double)
    ((dgemm_fn)b->cblas[fn])(order, ta, tb, m, n, k, g->alpha[0], g->a->data, lda, g->b->data,
                             ldb, g->beta[0], c->data, ldc);
  else
    ((sgemm_fn)b->cblas[fn])(order, ta, tb, m, n, k, alpha_f[0], g->a->data, lda, g->b->data,
                             ldb, beta_f[0], c->data, ldc);
}

static int supports(const blas_backend *b, char letter) {
  return b->cblas[gemm_of(letter)] != NULL;
}

/* log2-sized class of a dimension: 0, 1, 2-3, 4-7, ...; kernels block on such boundaries. */
static uint32_t size_class(size_t v) {
  uint32_t c = 0;
  while (v) c++, v >>= 1;
  return c;
}

/* b == NULL names the reference (the oracle) as the odd one out. */
static void gemm_tag(char *tag, const blas_backend *b, const blas_gemm_problem *g, const char *kind) {
  char op[8];
  snprintf(op, sizeof op, "%cgemm", g->p.letter);
  mlf_finding_tag(tag, MLF_TAG_MAX, "blas_gemm", b ? b->name : "reference", op, kind);
}

static void raise_finding(mlf_run *run, const blas_backend *b, const blas_gemm_problem *g,
                          const char *kind, const char *detail) {
  char tag[MLF_TAG_MAX];
  gemm_tag(tag, b, g, kind);
  mlf_finding(run, tag, "%s", detail);
}

/* The known crash of backend b on g, where its registry rows hold here
 * (mlf_known_finding_applies: BLIS sgemm's over-reads need the haswell and zen kernel sets). */
static const char *known_crash_here(const blas_backend *b, const blas_gemm_problem *g) {
  const char *crash = blas_gemm_known_crash(b->name, g);
  char tag[MLF_TAG_MAX];
  if (crash) gemm_tag(tag, b, g, crash);
  return crash && mlf_known_finding_applies(tag) ? crash : NULL;
}

/* Semantic feedback: backend x precision x how close to the bound the worst element came
 * (inconsistency amplification becomes new coverage), and backend x verdict. */
static void report_feedback(size_t bi, const blas_gemm_problem *g, const gemm_outcome *o) {
  uint32_t precision = (uint32_t)(strchr("sdcz", g->p.letter) - "sdcz");
  uint32_t closeness = o->worst_ratio > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(o->worst_ratio))) : 0;
  uint32_t verdict = (uint32_t)(o->worst.base * BLAS_SEMANTICS + (int)o->worst.explained_by);
  mlf_feedback_hit(mlf_feature("gemm-error", (uint32_t)bi * 4 + precision, closeness));
  mlf_feedback_hit(mlf_feature("gemm-verdict", (uint32_t)bi, verdict));
}

/* Runs one backend on a fresh copy of C and records what it did. Returns 0 when the backend
 * does not support the precision. */
static int run_backend(size_t bi, const gemm_ctx *ctx, mlf_guard_side side, gemm_outcome *o,
                       mlf_run *run) {
  const blas_gemm_problem *g = ctx->g;
  const blas_backend *b = &backends[bi];
  if (!supports(b, g->p.letter)) {
    mlf_log(run, "%-9s unsupported", b->name);
    return 0;
  }
  const char *crash = known_crash_here(b, g);
  if (crash) {
    raise_finding(run, b, g, crash, mlf_report_known() ? "known: called (MLF_REPORT_KNOWN=1)"
                                                       : "known: not called (MLF_REPORT_KNOWN=1 calls it)");
    if (!mlf_report_known()) {
      mlf_log(run, "%-9s skipped: known %s", b->name, crash);
      return 0;
    }
  }
  blas_matrix_clone(&o->c, g->c, &g->p, side, "C");
  mlf_error_record err;
  mlf_capture_begin(b->name);
  call_backend(b, g, &o->c);
  size_t errors = mlf_capture_end(&err);
  judge(o, ctx);
  char detail[400];
  if (errors) {
    snprintf(detail, sizeof detail, "%s reported an error on valid arguments: %s, parameter %d",
             b->name, err.routine, err.info);
    raise_finding(run, b, g, "xerbla-on-valid", detail);
  }
  if (!blas_matrix_padding_intact(&o->c, &g->p) || !mlf_guard_canary_ok(o->c.data)) {
    snprintf(detail, sizeof detail, "%s wrote outside C's m x n elements (ldc = %zu)", b->name,
             o->c.ld);
    raise_finding(run, b, g, "write-outside-c", detail);
  }
  char kind[48];
  if (o->worst.base != BLAS_VERDICT_OK) {
    size_t parts = g->p.is_complex ? 2 : 1;
    if (parts == 2) blas_product_settle(ctx->product, ctx->expected, o->bad_i, o->bad_j);
    const mlf_expect *e = &ctx->expected[(o->bad_i * g->n + o->bad_j) * parts + o->bad_part];
    snprintf(detail, sizeof detail,
             "%s: %zu wrong elements; first C(%zu,%zu)%s = %.17g, reference %.17g, bound %.3g%s",
             b->name, o->n_bad, o->bad_i, o->bad_j, o->bad_part ? ".im" : "",
             element(&o->c, g, o->bad_i, o->bad_j, o->bad_part), e->value, e->bound,
             e->overflow_possible ? " (overflow possible)" : "");
    raise_finding(run, b, g, blas_verdict_name(o->worst, kind, sizeof kind), detail);
  }
  mlf_log(run, "%-9s %s, max error/bound %.3g", b->name,
          blas_verdict_name(o->worst, kind, sizeof kind), o->worst_ratio);
  report_feedback(bi, g, o);
  return 1;
}

static void gemm_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Blas__GemmCase *gc = (const Mlf__Blas__GemmCase *)msg;
  blas_gemm_problem g;
  blas_matrix a, b, c;
  blas_gemm_problem_make(&g, gc, &a, &b, &c);
  mlf_guard_side side = gc->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;

  size_t parts = g.p.is_complex ? 2 : 1;
  size_t elements = g.m * g.n * parts;
  static mlf_scratch expectations;
  mlf_expect *expected = mlf_scratch_get(&expectations, elements * sizeof *expected);
  const blas_product *product = blas_gemm_reference(&g, expected, 1);
  mlf_feedback_hit(mlf_feature("gemm-shape", size_class(g.m) * 64 + size_class(g.n) * 4 + (uint32_t)parts,
                               size_class(g.k) * 16 + (uint32_t)(gc->trans_a * 3 + gc->trans_b)));

  gemm_outcome outcomes[BLAS_MAX_BACKENDS];
  mlf_result results[BLAS_MAX_BACKENDS];
  gemm_ctx ctx = {&g, expected, product};
  for (size_t i = 0; i < n_backends; i++) {
    int ran = run_backend(i, &ctx, side, &outcomes[i], run);
    results[i] = (mlf_result){backends[i].name, ran ? MLF_RESULT_OK : MLF_RESULT_UNSUPPORTED,
                              &outcomes[i]};
  }
  mlf_diff_outcome diff;
  mlf_diff_compare(results, n_backends, outcomes_agree, &ctx, &diff);
  mlf_diff_log_disagreements(run, results, n_backends, &diff);
  if (diff.odd_one >= 0) mlf_log(run, "majority vote: %s is the odd one out", backends[diff.odd_one].name);

  /* Every library against the reference in the same way points at the oracle, not them. */
  size_t compared = 0, failing = 0;
  for (size_t i = 0; i < n_backends; i++)
    if (results[i].status == MLF_RESULT_OK) compared++, failing += outcomes[i].worst.base != BLAS_VERDICT_OK;
  char kind[48];
  if (compared >= 3 && failing == compared && diff.all_agree)
    raise_finding(run, NULL, &g, blas_verdict_name(outcomes[0].worst, kind, sizeof kind),
                  "every backend agrees with the others and disagrees with the reference");

  for (size_t i = 0; i < n_backends; i++)
    if (results[i].status == MLF_RESULT_OK) blas_matrix_free(&outcomes[i].c);
  blas_gemm_problem_free(&g);
}

int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  return blas_gemm_emit((const Mlf__Blas__GemmCase *)msg, tag,
                        blas_emit_identity(backends, n_backends, tag), out);
}

MLF_TARGET(blas_gemm, mlf__blas__gemm_case__descriptor, gemm_init, gemm_run)
