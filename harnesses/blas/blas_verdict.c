/* Classifies result elements against the product reference (see blas_verdict.h). */
#include "blas_verdict.h"
#include <math.h>
#include <stdio.h>

static const char *const base_names[BLAS_VERDICT_BASES] = {"ok", "nan-lost", "nan-spurious",
                                                           "inf-mismatch", "value-mismatch"};

int blas_verdict_severity(blas_verdict v) {
  return v.base * 2 + (v.explained_by == BLAS_SEM_EXACT);
}

const char *blas_verdict_name(blas_verdict v, char *buf, size_t len) {
  if (v.explained_by == BLAS_SEM_EXACT) return base_names[v.base];
  snprintf(buf, len, "%s-%s", base_names[v.base], blas_semantics_names[v.explained_by]);
  return buf;
}

/* 1 when semantics sem gives got for element (i, j, part); zero-skip in any of its sides, a
 * deviant semantics of a complex problem in either arithmetic (blas_arithmetic: GSL's cgemm
 * skips terms and leaves a unit beta out, so (Inf, y) in C keeps its finite y, which the
 * textbook (1, 0) C would make NaN). An infinity must also have a sign the semantics' terms
 * allow (blas_product_infinity_allowed, real only), zero-skip's for the same side. Called only
 * where the exact semantics failed: got is outside the exact expectation e (the one
 * blas_product_reference filled, settled before a non-finite got meets its set), and for a
 * deviant semantics outside the complex-zero-parts one too (blas_verdict_base tries it first),
 * or an infinity of a sign the exact terms do not allow. A sem that
 * blas_product_semantics_differs reports as not differing from the exact semantics in the same
 * arithmetic has that same expectation and the same allowed signs, so it fails as well:
 * skipping it returns the 0 that evaluating it would, and as the callers name the first
 * semantics that explains got, no name changes. */
static int explains(const blas_product *pr, blas_semantics sem, double got, size_t i, size_t j,
                    size_t part) {
  mlf_expect alt[2];
  int arithmetics = pr->p.is_complex && sem != BLAS_SEM_COMPLEX_ZERO_PARTS ? BLAS_ARITHMETICS : 1;
  for (int arithmetic = 0; arithmetic < arithmetics; arithmetic++)
    for (int side = 0; side < (sem == BLAS_SEM_ZERO_SKIP ? BLAS_SKIP_SIDES : 1); side++) {
      blas_arithmetic a = (blas_arithmetic)arithmetic;
      if (!blas_product_semantics_differs(pr, sem, (blas_skip_side)side, a, i, j))
        continue; /* the exact semantics in that arithmetic, which failed */
      if (!blas_product_infinity_allowed(pr, sem, (blas_skip_side)side, i, j, got)) continue;
      blas_product_expect_in(pr, sem, (blas_skip_side)side, a, i, j, alt);
      if (mlf_check_expect(got, &alt[part]) == MLF_CMP_OK) return 1;
    }
  return 0;
}

/* 1 when got is a result the reference BLAS itself gives for element (i, j) whose sum is empty
 * (k = 0, or every term a structural zero) besides the exact beta C: NaN, from alpha times the
 * empty sum with an infinite or NaN alpha (IEEE 754-2019 7.2: 0 * Inf is invalid). Its column
 * branches leave beta C (ref dgemm.f:295-311), its dot-product branches compute C := ALPHA*TEMP
 * + BETA*C with TEMP = ZERO (dgemm.f:317-328; dsyrk.f:324-336, zher2k.f:374-391, dgbmv.f:334-356
 * alike): both are the reference's for the same operation. Not when the quick return applies
 * (dgemm.f:269-270 "((ALPHA.EQ.ZERO).OR. (K.EQ.0)).AND. (BETA.EQ.ONE)": C stays as it is). */
static int empty_sum_scaled_by_reference(const blas_product *pr, double got, size_t i, size_t j) {
  const double *scale = pr->alpha_folded ? pr->folded_alpha : pr->alpha;
  int quick_return = pr->beta[0] == 1 && pr->beta[1] == 0 &&
                     ((pr->alpha[0] == 0 && pr->alpha[1] == 0) || pr->k == 0);
  return isnan(got) && !quick_return && !(isfinite(scale[0]) && isfinite(scale[1])) &&
         blas_product_terms(pr, i, j) == 0;
}

blas_verdict blas_verdict_base(double got, const mlf_expect *e, const blas_product *pr, size_t i,
                               size_t j, size_t part) {
  blas_verdict v = {BLAS_VERDICT_OK, BLAS_SEM_EXACT};
  mlf_cmp_kind kind = mlf_check_expect(got, e);
  if (kind == MLF_CMP_OK && blas_product_infinity_allowed(pr, BLAS_SEM_EXACT, BLAS_SKIP_EITHER, i, j, got)) return v;
  switch (kind) {
    case MLF_CMP_OK: /* an infinity outside the set an infinite alpha allows */
      v.base = isnan(e->value) ? BLAS_VERDICT_NAN_LOST : BLAS_VERDICT_INF;
      break;
    case MLF_CMP_VALUE: v.base = BLAS_VERDICT_VALUE; return v;
    case MLF_CMP_INF: v.base = BLAS_VERDICT_INF; break;
    default: v.base = isnan(got) ? BLAS_VERDICT_NAN_SPURIOUS : BLAS_VERDICT_NAN_LOST;
  }
  if (explains(pr, BLAS_SEM_COMPLEX_ZERO_PARTS, got, i, j, part))
    return (blas_verdict){BLAS_VERDICT_OK, BLAS_SEM_EXACT}; /* equally valid complex arithmetic */
  if (empty_sum_scaled_by_reference(pr, got, i, j))
    return (blas_verdict){BLAS_VERDICT_OK, BLAS_SEM_EXACT}; /* the reference's other branch */
  return v;
}

blas_semantics blas_verdict_explain(double got, int base, const blas_product *pr, size_t i,
                                    size_t j, size_t part) {
  /* With finite operands the other deviant semantics give the exact value up to the bound
   * (they differ only through a NaN, an Inf or a zero alpha); two change a finite result of
   * finite operands by losing beta C: beta-over-alpha to an underflowing quotient (tried first,
   * as it names ATLAS's mechanism, which beta-as-zero would also fit) and beta-as-zero outright
   * (BLIS 0.9.0's piledriver [cz]gemm micro-kernels drop beta C for any nonzero beta). */
  if (base == BLAS_VERDICT_VALUE) {
    if (explains(pr, BLAS_SEM_BETA_OVER_ALPHA, got, i, j, part)) return BLAS_SEM_BETA_OVER_ALPHA;
    return explains(pr, BLAS_SEM_BETA_AS_ZERO, got, i, j, part) ? BLAS_SEM_BETA_AS_ZERO
                                                                : BLAS_SEM_EXACT;
  }
  for (int sem = BLAS_SEM_EXACT + 1; sem < BLAS_SEM_COMPLEX_ZERO_PARTS; sem++)
    if (explains(pr, (blas_semantics)sem, got, i, j, part)) return (blas_semantics)sem;
  return BLAS_SEM_EXACT;
}

int blas_verdict_may_outrank(int base, blas_verdict worst) {
  return blas_verdict_severity((blas_verdict){base, BLAS_SEM_EXACT}) > blas_verdict_severity(worst);
}

blas_verdict blas_verdict_of(double got, const mlf_expect *e, const blas_product *pr, size_t i,
                             size_t j, size_t part) {
  blas_verdict v = blas_verdict_base(got, e, pr, i, j, part);
  if (v.base != BLAS_VERDICT_OK) v.explained_by = blas_verdict_explain(got, v.base, pr, i, j, part);
  return v;
}
