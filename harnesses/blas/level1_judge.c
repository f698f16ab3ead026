/* Level-1 verdicts (see level1_judge.h). A value that misses the exact semantics is checked
 * against the equally valid complex alternative (then it is correct) and against
 * the deviant semantics, computed only then, whose name is appended to the kind
 * ("nan-spurious-zero-alpha-computed") so that suppressing one known deviation hides
 * nothing else; unexplained kinds rank above explained ones of the same base. */
#include "level1_judge.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "level1_range.h"
#include "level1_sequence.h"
#include "mlf_scratch.h"

enum { BASE_OK, BASE_NAN_LOST, BASE_NAN_SPURIOUS, BASE_INF, BASE_VALUE };
static const char *const base_names[] = {"ok", "nan-lost", "nan-spurious", "inf-mismatch",
                                         "value-mismatch"};

void level1_expected_compute(const level1_problem *pr, level1_expected *ex) {
  static mlf_scratch storage[2];
  unsigned f = level1_family_flags(pr->family);
  memset(ex, 0, sizeof *ex);
  if (f & L1_SCALAR) level1_expect_scalar(pr, L1_EXACT, ex->scalar);
  if (f & L1_INDEX) level1_expect_amax(pr, &ex->amax);
  int n = pr->n > 0 ? pr->n : 0;
  for (int w = 0; w < 2; w++)
    if (f & (w ? L1_WRITES_Y : L1_WRITES_X))
      ex->element[w] = mlf_scratch_get(&storage[w], (size_t)(2 * n + 2) * sizeof(mlf_expect));
  if (level1_sequential(pr)) { /* O(n) for all elements, where each alone is O(n) */
    level1_expect_sequence(pr, L1_EXACT, ex->element);
    return;
  }
  for (int w = 0; w < 2; w++)
    for (int i = 0; i < n && ex->element[w]; i++)
      level1_expect_element(pr, L1_EXACT, w, i, &ex->element[w][2 * i]);
}

/* Logical elements of an output to judge: a zero increment stores one element. */
static int judged_elements(const level1_problem *pr, const level1_vector *out) {
  return out->inc == 0 && pr->n > 1 ? 1 : pr->n;
}

typedef struct {
  int base;
  level1_semantics explained_by; /* L1_EXACT when nothing explains it */
} value_verdict;

static int severity(value_verdict v) { return v.base * 2 + (v.explained_by == L1_EXACT); }

static int base_of(mlf_cmp_kind k, double got) {
  switch (k) {
    case MLF_CMP_OK: return BASE_OK;
    case MLF_CMP_VALUE: return BASE_VALUE;
    case MLF_CMP_INF: return BASE_INF;
    default: return isnan(got) ? BASE_NAN_SPURIOUS : BASE_NAN_LOST;
  }
}

/* The expectation of a value (scalar: which < 0; else element i of output which) under sem. */
static mlf_expect expect_under(const level1_problem *pr, level1_semantics sem, int which, int i,
                               int part) {
  mlf_expect e[2];
  if (which < 0) level1_expect_scalar(pr, sem, e);
  else level1_expect_element(pr, sem, which, i, e);
  return e[part];
}

static value_verdict classify(const level1_problem *pr, const mlf_expect *exact, double got,
                              int which, int i, int part) {
  value_verdict v = {base_of(mlf_check_expect(got, exact), got), L1_EXACT};
  if (v.base == BASE_OK && which < 0 && !level1_norm_in_range(pr->family, exact->value, got))
    /* outside the range the mathematics fixes (level1_range.h) */
    return (value_verdict){isnan(got) ? BASE_NAN_SPURIOUS : isinf(got) ? BASE_INF : BASE_VALUE, L1_EXACT};
  if (v.base == BASE_OK) return v;
  if (pr->p.is_complex && v.base != BASE_VALUE) {
    mlf_expect alt = expect_under(pr, L1_COMPLEX_ALTERNATIVE, which, i, part);
    if (mlf_check_expect(got, &alt) == MLF_CMP_OK) return (value_verdict){BASE_OK, L1_EXACT};
  }
  for (int sem = L1_EXACT + 1; sem < L1_COMPLEX_ALTERNATIVE; sem++) {
    mlf_expect alt = expect_under(pr, (level1_semantics)sem, which, i, part);
    if (mlf_check_expect(got, &alt) == MLF_CMP_OK) {
      v.explained_by = (level1_semantics)sem;
      break;
    }
  }
  return v;
}

static void name_of(value_verdict v, char *buf, size_t len) {
  if (v.explained_by == L1_EXACT) snprintf(buf, len, "%s", base_names[v.base]);
  else snprintf(buf, len, "%s-%s", base_names[v.base], level1_semantics_names[v.explained_by]);
}

/* Worst value verdict over a judge call, with the first value that showed it. */
typedef struct {
  value_verdict worst;
  size_t n_bad;
  char where[120];
  double ratio;
} value_tally;

static void tally(value_tally *t, const level1_problem *pr, const mlf_expect *e, double got,
                  int which, int i, int part) {
  if (isfinite(got) && isfinite(e->value)) mlf_raise_ratio(&t->ratio, fabs(got - e->value), e->bound);
  value_verdict v = classify(pr, e, got, which, i, part);
  if (v.base == BASE_OK) return;
  t->n_bad++;
  if (severity(v) <= severity(t->worst)) return;
  t->worst = v;
  char label[32];
  if (which < 0) snprintf(label, sizeof label, "result%s", part ? ".im" : "");
  else snprintf(label, sizeof label, "%c[%d]%s", which ? 'y' : 'x', i, part ? ".im" : "");
  snprintf(t->where, sizeof t->where, "%s = %.17g, reference %.17g, bound %.3g%s", label, got,
           e->value, e->bound, e->overflow_possible ? " (overflow possible)" : "");
}

/* Elementwise outputs and bit copies. Returns the kind of a copy mismatch, or NULL. */
static const char *judge_vectors(const level1_problem *pr, const level1_expected *ex,
                                 const level1_outcome *o, value_tally *t, char *detail,
                                 size_t len) {
  const level1_vector *outs[2] = {o->has_x ? &o->x : NULL, o->has_y ? &o->y : NULL};
  const level1_vector *ins[2] = {&pr->x, &pr->y};
  for (int w = 0; w < 2; w++) {
    if (!outs[w]) continue;
    for (int i = 0; i < judged_elements(pr, outs[w]); i++) {
      int from_i, from = level1_copied_from(pr, w, i, &from_i);
      if (from >= 0) {
        if (level1_vector_same_at(outs[w], i, ins[from], from_i, &pr->p)) continue;
        double got[2], want[2];
        level1_vector_get(outs[w], &pr->p, i, got);
        level1_vector_get(ins[from], &pr->p, from_i, want);
        snprintf(detail, len, "%c[%d] = (%.17g, %.17g), must be a copy of %c[%d] = (%.17g, %.17g)",
                 w ? 'y' : 'x', i, got[0], got[1], from ? 'y' : 'x', from_i, want[0], want[1]);
        return "data-mismatch";
      }
      double got[2];
      level1_vector_get(outs[w], &pr->p, i, got);
      for (int part = 0; part < (pr->p.is_complex ? 2 : 1); part++)
        tally(t, pr, &ex->element[w][2 * i + part], got[part], w, i, part);
    }
  }
  return NULL;
}

/* i?amax: see level1_amax. Returns the kind, or NULL when the index is acceptable. */
static const char *judge_index(const level1_problem *pr, const level1_amax *a, long raw,
                               char *detail, size_t len) {
  long got = pr->fortran ? raw - 1 : raw;
  const char *kind = NULL;
  if (level1_quick_return(pr)) kind = raw == 0 ? NULL : "index-mismatch";
  else if (a->first_nan < 0) kind = got == a->exact || got == a->working ? NULL : "index-mismatch";
  else if (got == a->reference_loop) kind = NULL;
  else if (got == a->first_nan) kind = "nan-index-first-nan";
  else if (got == a->exact) kind = "nan-index-skip-nan";
  else kind = "nan-index-other";
  if (kind)
    snprintf(detail, len,
             "returned %ld (%s), 0-based %ld; first largest |re|+|im| exactly %ld, in the "
             "precision %ld; first NaN %ld; the reference loop gives %ld",
             raw, pr->fortran ? "1-based" : "0-based", got, a->exact, a->working, a->first_nan,
             a->reference_loop);
  return kind;
}

int level1_judge(const level1_problem *pr, const level1_expected *ex, const level1_outcome *o,
                 level1_raise_fn raise, void *ctx, level1_verdict *v) {
  unsigned f = level1_family_flags(pr->family);
  char detail[400];
  const char *kind = NULL;
  int correct = 1;
  value_tally t = {{BASE_OK, L1_EXACT}, 0, "", 0};
  snprintf(v->kind, sizeof v->kind, "ok");
  level1_sequence_hold(pr);
  if (f & L1_CONSTRUCT) {
    kind = level1_check_construct(pr, o, detail, sizeof detail);
  } else if (f & L1_INDEX) {
    kind = judge_index(pr, &ex->amax, o->index, detail, sizeof detail);
  } else if (f & L1_SCALAR) {
    for (int part = 0; part < (pr->p.is_complex ? 2 : 1); part++)
      tally(&t, pr, &ex->scalar[part], o->value[part], -1, 0, part);
  } else {
    kind = judge_vectors(pr, ex, o, &t, detail, sizeof detail);
  }
  level1_sequence_release();
  if (kind) {
    level1_finding_kind(pr, kind, v->kind, sizeof v->kind);
    raise(ctx, pr, kind, detail);
    correct = 0;
  }
  if (t.worst.base != BASE_OK) {
    char name[48];
    name_of(t.worst, name, sizeof name);
    snprintf(detail, sizeof detail, "%zu wrong values; worst first: %s", t.n_bad, t.where);
    level1_finding_kind(pr, name, v->kind, sizeof v->kind);
    raise(ctx, pr, name, detail);
    correct = 0;
  }
  for (int w = 0; w < 2; w++) {
    const level1_vector *out = w ? (o->has_y ? &o->y : NULL) : (o->has_x ? &o->x : NULL);
    if (!out || level1_vector_gaps_intact(out, &pr->p)) continue;
    snprintf(detail, sizeof detail, "wrote between or around the %d elements of %c (inc %d)",
             pr->n, w ? 'y' : 'x', out->inc);
    raise(ctx, NULL, w ? "write-outside-y" : "write-outside-x", detail);
    snprintf(v->kind, sizeof v->kind, "write-outside-%c", w ? 'y' : 'x');
    correct = 0;
  }
  v->worst_ratio = t.ratio;
  return correct;
}

/* Same bits, any NaN equal to any NaN. */
static int same_value(double a, double b) {
  return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

int level1_same_outcome(const level1_problem *pr, const level1_outcome *a, int a_fortran,
                        const level1_outcome *b, int b_fortran, char *why, size_t len) {
  unsigned f = level1_family_flags(pr->family);
  for (int i = 0; i < 2; i++)
    if (!same_value(a->value[i], b->value[i])) {
      snprintf(why, len, "result part %d: %.17g vs %.17g", i, a->value[i], b->value[i]);
      return 0;
    }
  if (f & L1_INDEX) {
    long ia = a_fortran ? a->index - 1 : a->index, ib = b_fortran ? b->index - 1 : b->index;
    if (level1_quick_return(pr)) ia = a->index, ib = b->index; /* both interfaces return 0 */
    if (ia != ib) {
      snprintf(why, len, "index %ld vs %ld (0-based)", ia, ib);
      return 0;
    }
  }
  if (f & L1_CONSTRUCT)
    for (int i = 0; i < 8; i++)
      if (!same_value(a->out[i], b->out[i])) {
        snprintf(why, len, "output %d: %.17g vs %.17g", i, a->out[i], b->out[i]);
        return 0;
      }
  for (int w = 0; w < 2; w++) {
    if (!(w ? a->has_y : a->has_x)) continue;
    const level1_vector *va = w ? &a->y : &a->x, *vb = w ? &b->y : &b->x;
    for (int i = 0; i < pr->n; i++)
      if (!level1_vector_same(va, vb, &pr->p, i)) {
        snprintf(why, len, "%c[%d] differs", w ? 'y' : 'x', i);
        return 0;
      }
  }
  return 1;
}

/* got against other's value with twice the reference bound (the two exact values are one). */
static mlf_cmp_kind near(double got, double other, const mlf_expect *e) {
  if (mlf_check_expect(got, e) == MLF_CMP_OK && mlf_check_expect(other, e) == MLF_CMP_OK)
    return MLF_CMP_OK;
  mlf_expect twice = {other, 2 * e->bound, e->overflow_possible};
  return mlf_check_expect(got, &twice);
}

mlf_cmp_kind level1_agree(const void *a_, const void *b_, void *ctx_) {
  const level1_judged *a = a_, *b = b_;
  const level1_agree_ctx *ctx = ctx_;
  const level1_problem *pr = ctx->pr;
  unsigned f = level1_family_flags(pr->family);
  if (a->correct && b->correct) return MLF_CMP_OK;
  if (f & L1_CONSTRUCT) return a->correct == b->correct ? MLF_CMP_OK : MLF_CMP_VALUE;
  if (f & L1_INDEX) {
    long ia = a->fortran ? a->o.index - 1 : a->o.index, ib = b->fortran ? b->o.index - 1 : b->o.index;
    return ia == ib ? MLF_CMP_OK : MLF_CMP_VALUE;
  }
  int parts = pr->p.is_complex ? 2 : 1;
  if (f & L1_SCALAR) {
    for (int part = 0; part < parts; part++) {
      mlf_cmp_kind k = near(a->o.value[part], b->o.value[part], &ctx->ex->scalar[part]);
      if (k != MLF_CMP_OK) return k;
    }
    return MLF_CMP_OK;
  }
  for (int w = 0; w < 2; w++) {
    if (!(w ? a->o.has_y : a->o.has_x)) continue;
    for (int i = 0; i < pr->n; i++) {
      int from_i, from = level1_copied_from(pr, w, i, &from_i);
      if (from >= 0) {
        if (!level1_vector_same(w ? &a->o.y : &a->o.x, w ? &b->o.y : &b->o.x, &pr->p, i))
          return MLF_CMP_VALUE;
        continue;
      }
      double va[2], vb[2];
      level1_vector_get(w ? &a->o.y : &a->o.x, &pr->p, i, va);
      level1_vector_get(w ? &b->o.y : &b->o.x, &pr->p, i, vb);
      for (int part = 0; part < parts; part++) {
        mlf_cmp_kind k = near(va[part], vb[part], &ctx->ex->element[w][2 * i + part]);
        if (k != MLF_CMP_OK) return k;
      }
    }
  }
  return MLF_CMP_OK;
}
