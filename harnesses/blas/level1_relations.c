/* Level-1 metamorphic relations (see level1_relations.h). Every follow-up holds the same
 * logical data as its source (or the data the relation says), so its exact results equal the
 * source's and, where rounding may differ between the two evaluations, each is within its
 * reference bound of them: the tolerance is the sum of the two bounds, i.e. twice the
 * source's (the follow-up's bound is the same, its terms being the same). Copies, swaps and
 * quick returns compare bit for bit. */
#include "level1_relations.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "level1_call.h"
#include "level1_known_crashes.h"

static void release_problem(void *obj, void *ctx) {
  (void)ctx;
  level1_problem *pr = obj;
  if (pr->x.data) level1_vector_free(&pr->x);
  if (pr->y.data) level1_vector_free(&pr->y);
}
static void release_outcome(void *obj, void *ctx) {
  (void)ctx;
  level1_outcome_free(obj);
}

int level1_relation_run(const void *input, void *output, void *ctx_) {
  const level1_relation_ctx *ctx = ctx_;
  level1_problem *pr = (level1_problem *)input;
  size_t errors = 0;
  if (level1_known_defect(ctx->backend->name, pr)) return 1; /* the follow-up is not run */
  level1_protect_inputs(pr, 1);
  level1_call(ctx->backend, pr, pr->fortran, ctx->side, output, &errors, NULL);
  level1_protect_inputs(pr, 0);
  return 0;
}

static int two_vectors(const level1_problem *pr) {
  unsigned f = level1_family_flags(pr->family);
  return (f & L1_READS_Y) || (f & L1_WRITES_Y);
}

/* The follow-up: the source's scalars, x and y re-stored with the given increments. */
static void restride(const level1_problem *src, level1_problem *f, int incx, int incy,
                     const level1_relation_ctx *ctx) {
  *f = *src;
  f->incx = incx, f->incy = incy;
  level1_vector_restride(&f->x, &src->x, &src->p, incx, ctx->side, "x'");
  level1_vector_restride(&f->y, &src->y, &src->p, incy, ctx->side, "y'");
}

/* reversed-storage: negating both increments on storage reversed to match keeps every
 * logical element, so every result is the source's (within both bounds). */
static int t_reversed(const void *s, void *f, mlf_mr_params *prm, mlf_rng *rng, void *ctx) {
  (void)prm, (void)rng;
  const level1_problem *src = s;
  if (src->n < 2 || !two_vectors(src) || (src->incx == 0 && src->incy == 0)) return 0;
  restride(src, f, -src->incx, -src->incy, ctx);
  return 1;
}

/* packed-copy: a strided vector gives the same results as its packed copy (increment 1,
 * or -1 for a negative increment so both walk the logical order the same way). Not for a
 * zero incx where that returns at once (asum, i?amax, scal) and increment 1 would not, nor
 * for a written vector with increment 0 (its one element is updated n times). */
static int t_packed(const void *s, void *f, mlf_mr_params *prm, mlf_rng *rng, void *ctx) {
  (void)prm, (void)rng;
  const level1_problem *src = s;
  if (src->n < 2 || (level1_family_flags(src->family) & L1_CONSTRUCT)) return 0;
  if (src->incx == 0 && level1_quick_return(src)) return 0;
  if (level1_zero_inc_written(src)) return 0; /* one element updated n times, not n */
  int ix = src->incx < 0 ? -1 : 1, iy = src->incy < 0 ? -1 : 1;
  if (ix == src->incx && (iy == src->incy || !two_vectors(src))) return 0;
  restride(src, f, ix, two_vectors(src) ? iy : src->incy, ctx);
  return 1;
}

/* swap-operands: x . y = y . x for the real and unconjugated dots (real products commute)
 * and dotc(x, y) = conj(dotc(y, x)) (conj(y_i) x_i is the conjugate of conj(x_i) y_i). */
static int t_swap(const void *s, void *f_, mlf_mr_params *prm, mlf_rng *rng, void *ctx_) {
  (void)prm, (void)rng;
  const level1_problem *src = s;
  const level1_relation_ctx *ctx = ctx_;
  level1_problem *f = f_;
  if (!(level1_family_flags(src->family) & L1_SCALAR) || !two_vectors(src) || src->n < 1) return 0;
  *f = *src;
  f->incx = src->incy, f->incy = src->incx;
  level1_vector_restride(&f->x, &src->y, &src->p, src->incy, ctx->side, "x'");
  level1_vector_restride(&f->y, &src->x, &src->p, src->incx, ctx->side, "y'");
  return 1;
}

/* permuted: nrm2 and asum are symmetric functions of the elements (a reversal and a swap of
 * two random elements are permutations), so their exact value does not change. */
static int t_permuted(const void *s, void *f_, mlf_mr_params *prm, mlf_rng *rng, void *ctx_) {
  const level1_problem *src = s;
  const level1_relation_ctx *ctx = ctx_;
  level1_problem *f = f_;
  if ((src->family != L1(NRM2) && src->family != L1(ASUM)) || src->n < 2) return 0;
  *f = *src;
  level1_vector_restride(&f->x, &src->x, &src->p, src->incx, ctx->side, "x'");
  level1_vector_restride(&f->y, &src->y, &src->p, src->incy, ctx->side, "y'");
  int i = (int)mlf_rng_below(rng, (uint64_t)src->n), j = (int)mlf_rng_below(rng, (uint64_t)src->n);
  prm->v[0] = i, prm->v[1] = j;
  for (int k = 0; k < src->n; k++) { /* reversed, then i and j exchanged */
    double v[2];
    int from = src->n - 1 - k;
    from = from == i ? j : from == j ? i : from;
    level1_vector_get(&src->x, &src->p, from, v);
    level1_vector_put(&f->x, &src->p, k, v);
  }
  return 1;
}

/* scal-roundtrip: x scaled by 2^k and then by 2^-k is x again, value for value, when no element
 * leaves the normal range on the way (multiplying by a power of two is then exact); the
 * first scaling runs on the backend here, the second is the follow-up. */
static int t_scal_roundtrip(const void *s, void *f_, mlf_mr_params *prm, mlf_rng *rng,
                            void *ctx_) {
  const level1_problem *src = s;
  const level1_relation_ctx *ctx = ctx_;
  level1_problem *f = f_;
  if ((src->family != L1(SCAL) && src->family != L1(SCAL_REAL)) || src->n < 1) return 0;
  int k = (int)mlf_rng_below(rng, 16) - 8;
  k += k >= 0; /* -8..-1, 1..8 */
  double lo = (src->p.is_double ? 0x1p-1022 : 0x1p-126) * 256, hi = src->p.max / 256;
  for (int i = 0; i < src->n; i++) {
    double v[2];
    level1_vector_get(&src->x, &src->p, i, v);
    for (int part = 0; part < 2; part++)
      if (!isfinite(v[part]) || (v[part] != 0 && (fabs(v[part]) < lo || fabs(v[part]) > hi)))
        return 0;
  }
  prm->v[0] = k;
  level1_problem first = *src;
  first.alpha[0] = ldexp(1, k), first.alpha[1] = 0;
  level1_outcome scaled;
  if (level1_relation_run(&first, &scaled, ctx_) != 0) return 0;
  *f = first;
  f->x = scaled.x; /* owned by the follow-up now */
  level1_vector_restride(&f->y, &src->y, &src->p, src->incy, ctx->side, "y'");
  f->alpha[0] = ldexp(1, -k);
  return 1;
}

/* Judges the follow-up of a violated relation against the reference, reporting what is
 * wrong with it. Not for swapped dotc, whose expectation is conjugated. */
typedef struct {
  const level1_relation_ctx *ctx;
  const level1_problem *followup;
} followup_raise;

static void raise_followup(void *fr_, const level1_problem *pr, const char *kind, const char *detail) {
  const followup_raise *fr = fr_;
  char text[400];
  snprintf(text, sizeof text, "relation follow-up (incx %d, incy %d): %s", fr->followup->incx,
           fr->followup->incy, detail);
  fr->ctx->raise(fr->ctx->raise_ctx, pr, kind, text);
}

static void followup_wrong(const mlf_mr_pair *p, const level1_relation_ctx *ctx) {
  followup_raise fr = {ctx, p->followup_input};
  level1_verdict v;
  level1_judge(p->followup_input, ctx->ex, p->followup_output, raise_followup, &fr, &v);
}

/* The checks. A scalar pair within both bounds; indices equal unless a NaN makes the choice
 * implementation-defined; vectors element by element (bits for copies). */
static mlf_cmp_kind compare_same(const mlf_mr_pair *p, const level1_relation_ctx *ctx, char *reason,
                                 size_t len) {
  const level1_problem *src = p->source_input;
  const level1_outcome *a = p->source_output, *b = p->followup_output;
  unsigned f = level1_family_flags(src->family);
  int parts = src->p.is_complex ? 2 : 1;
  int conj = src->family == L1(DOTC) && p->params->v[3] == 1; /* set by swap-operands */
  if (f & L1_SCALAR) {
    for (int part = 0; part < parts; part++) {
      const mlf_expect *e = &ctx->ex->scalar[part];
      int negated = conj && part; /* the set of -im: the infinities' signs exchanged */
      double want = negated ? -a->value[1] : a->value[part];
      mlf_expect both = {want, 2 * e->bound,
                         negated ? mlf_nonfinite_negated(e->overflow_possible) : e->overflow_possible};
      mlf_cmp_kind k = mlf_check_expect(b->value[part], &both);
      /* the source overflowed where the follow-up's order did not (or the reverse): both
       * results are judged by the one exact expectation (negated for the conjugate) */
      mlf_expect exact = {negated ? -e->value : e->value, e->bound, both.overflow_possible};
      if (k != MLF_CMP_OK && (!isfinite(want) || !isfinite(b->value[part])) &&
          mlf_check_expect(b->value[part], &exact) == MLF_CMP_OK)
        k = MLF_CMP_OK;
      if (k != MLF_CMP_OK) {
        snprintf(reason, len, "result%s %.17g, source %.17g, tolerance %.3g", part ? ".im" : "",
                 b->value[part], want, both.bound);
        return k;
      }
    }
  }
  if ((f & L1_INDEX) && ctx->ex->amax.first_nan < 0 && a->index != b->index) {
    snprintf(reason, len, "index %ld, source %ld", b->index, a->index);
    return MLF_CMP_VALUE;
  }
  for (int w = 0; w < 2; w++) {
    if (!(w ? a->has_y : a->has_x)) continue;
    for (int i = 0; i < src->n; i++) {
      int from_i, from = level1_copied_from(src, w, i, &from_i);
      const level1_vector *va = w ? &a->y : &a->x, *vb = w ? &b->y : &b->x;
      double x[2], y[2];
      level1_vector_get(va, &src->p, i, x);
      level1_vector_get(vb, &src->p, i, y);
      for (int part = 0; part < parts; part++) {
        mlf_expect both = {x[part], 0, 0};
        if (from < 0) {
          const mlf_expect *e = &ctx->ex->element[w][2 * i + part];
          both.bound = 2 * e->bound, both.overflow_possible = e->overflow_possible;
        }
        mlf_cmp_kind k = from >= 0 ? (level1_vector_same(va, vb, &src->p, i) ? MLF_CMP_OK : MLF_CMP_VALUE)
                                   : mlf_check_expect(y[part], &both);
        if (k != MLF_CMP_OK) {
          snprintf(reason, len, "%c[%d]%s = %.17g, source %.17g, tolerance %.3g", w ? 'y' : 'x', i,
                   part ? ".im" : "", y[part], x[part], both.bound);
          return k;
        }
      }
    }
  }
  return MLF_CMP_OK;
}

static mlf_cmp_kind c_same(const mlf_mr_pair *p, void *ctx_, char *reason, size_t len) {
  const level1_relation_ctx *ctx = ctx_;
  mlf_cmp_kind k = compare_same(p, ctx, reason, len);
  int conjugated = ((const level1_problem *)p->source_input)->family == L1(DOTC) && p->params->v[3] == 1;
  /* The source is correct (relations run only then). A follow-up the reference judges wrong
   * is reported as such; one it judges right differs from the source only as two results
   * within the reference's bounds or its equally valid semantics (complex arithmetic with
   * Inf) may differ, which the BLAS allows. */
  if (k != MLF_CMP_OK && !conjugated) {
    followup_wrong(p, ctx);
    return MLF_CMP_OK;
  }
  return k;
}

/* swap-operands marks itself in params so c_same conjugates dotc. */
static int t_swap_marked(const void *s, void *f, mlf_mr_params *prm, mlf_rng *rng, void *ctx) {
  int applied = t_swap(s, f, prm, rng, ctx);
  prm->v[3] = 1;
  return applied;
}

static mlf_cmp_kind c_roundtrip(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)ctx;
  const level1_problem *src = p->source_input;
  const level1_outcome *b = p->followup_output;
  for (int i = 0; i < src->n; i++) {
    double got[2], want[2];
    level1_vector_get(&b->x, &src->p, i, got);
    level1_vector_get(&src->x, &src->p, i, want);
    /* Equal values; a zero's sign may change (complex products add +0 to -0). */
    if ((got[0] == want[0] || (isnan(got[0]) && isnan(want[0]))) &&
        (got[1] == want[1] || (isnan(got[1]) && isnan(want[1]))))
      continue;
    snprintf(reason, len, "x[%d] = (%.17g, %.17g) after scaling by 2^%g and back, was (%.17g, %.17g)",
             i, got[0], got[1], p->params->v[0], want[0], want[1]);
    return MLF_CMP_VALUE;
  }
  return MLF_CMP_OK;
}

static const mlf_relation relations[] = {
    {"reversed-storage", "negate incx and incy on reversed storage; same results; both bounds",
     t_reversed, c_same},
    {"packed-copy", "packed copy of strided x, y; same results; both bounds", t_packed, c_same},
    {"swap-operands", "dot(y, x); dot(x, y), conj for dotc; both bounds", t_swap_marked, c_same},
    {"permuted", "permute x; same nrm2, asum; both bounds", t_permuted, c_same},
    {"scal-roundtrip", "scal by 2^k then 2^-k; x unchanged; exact", t_scal_roundtrip, c_roundtrip},
};

const mlf_mr_table level1_relations = {
    "blas_level1",
    {sizeof(level1_problem), release_problem},
    {sizeof(level1_outcome), release_outcome},
    relations,
    sizeof relations / sizeof *relations,
};
