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

/* 1 when semantics sem gives got for element (i, j, part); zero-skip in any of its sides. */
static int explains(const blas_product *pr, blas_semantics sem, double got, size_t i, size_t j,
                    size_t part) {
  mlf_expect alt[2];
  for (int side = 0; side < (sem == BLAS_SEM_ZERO_SKIP ? BLAS_SKIP_SIDES : 1); side++) {
    if (sem == BLAS_SEM_ZERO_SKIP) blas_product_expect_zero_skip(pr, (blas_skip_side)side, i, j, alt);
    else blas_product_expect_one(pr, sem, i, j, alt);
    if (mlf_check_expect(got, &alt[part]) == MLF_CMP_OK) return 1;
  }
  return 0;
}

blas_verdict blas_verdict_of(double got, const mlf_expect *e, const blas_product *pr, size_t i,
                             size_t j, size_t part) {
  blas_verdict v = {BLAS_VERDICT_OK, BLAS_SEM_EXACT};
  switch (mlf_check_expect(got, e)) {
    case MLF_CMP_OK: return v;
    case MLF_CMP_VALUE: v.base = BLAS_VERDICT_VALUE; return v;
    case MLF_CMP_INF: v.base = BLAS_VERDICT_INF; break;
    default: v.base = isnan(got) ? BLAS_VERDICT_NAN_SPURIOUS : BLAS_VERDICT_NAN_LOST;
  }
  mlf_expect alt[2];
  blas_product_expect_one(pr, BLAS_SEM_COMPLEX_ZERO_PARTS, i, j, alt);
  if (mlf_check_expect(got, &alt[part]) == MLF_CMP_OK)
    return (blas_verdict){BLAS_VERDICT_OK, BLAS_SEM_EXACT}; /* equally valid complex arithmetic */
  for (int sem = BLAS_SEM_EXACT + 1; sem < BLAS_SEM_COMPLEX_ZERO_PARTS; sem++)
    if (explains(pr, (blas_semantics)sem, got, i, j, part)) {
      v.explained_by = (blas_semantics)sem;
      break;
    }
  return v;
}
