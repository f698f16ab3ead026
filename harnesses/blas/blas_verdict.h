/* How one result element differs from the product reference: a base kind, and the deviant
 * semantics (blas_product_reference.h) that explains a NaN or Inf mismatch, or a wrong finite
 * value (beta-over-alpha, the one that changes finite results), if one does.
 * Explained mismatches are named after their semantics ("nan-lost-zero-skip") so that
 * suppressing one known deviation hides nothing else, and rank below unexplained ones of the
 * same base kind. */
#ifndef BLAS_VERDICT_H
#define BLAS_VERDICT_H
#include <stddef.h>
#include "blas_product_reference.h"

enum { BLAS_VERDICT_OK, BLAS_VERDICT_NAN_LOST, BLAS_VERDICT_NAN_SPURIOUS, BLAS_VERDICT_INF,
       BLAS_VERDICT_VALUE, BLAS_VERDICT_BASES };

typedef struct {
  int base;
  blas_semantics explained_by; /* BLAS_SEM_EXACT when nothing explains it */
} blas_verdict;

/* Element (i, j, part) of a result against its exact expectation e; a mismatch is checked
 * against the other semantics of pr, computed only then. */
blas_verdict blas_verdict_of(double got, const mlf_expect *e, const blas_product *pr, size_t i,
                             size_t j, size_t part);
/* blas_verdict_of in two steps, for judges that keep only the most severe element: the base
 * kind (OK also for a result of equally valid complex arithmetic or of the reference's other
 * empty-sum branch), then the deviant semantics that explains a mismatch of that base, which
 * costs the most (the sets of each semantics) and is worth asking only when
 * blas_verdict_may_outrank says the element could become the worst. */
blas_verdict blas_verdict_base(double got, const mlf_expect *e, const blas_product *pr, size_t i,
                               size_t j, size_t part);
blas_semantics blas_verdict_explain(double got, int base, const blas_product *pr, size_t i,
                                    size_t j, size_t part);
/* 1 when a mismatch of this base, named or not, could be more severe than worst. */
int blas_verdict_may_outrank(int base, blas_verdict worst);
int blas_verdict_severity(blas_verdict v);
/* "ok", "nan-lost", ..., or "<base>-<semantics>" for an explained one. */
const char *blas_verdict_name(blas_verdict v, char *buf, size_t len);
#endif
