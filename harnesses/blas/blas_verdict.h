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
int blas_verdict_severity(blas_verdict v);
/* "ok", "nan-lost", ..., or "<base>-<semantics>" for an explained one. */
const char *blas_verdict_name(blas_verdict v, char *buf, size_t len);
#endif
