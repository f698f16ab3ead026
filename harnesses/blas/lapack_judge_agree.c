/* The differential's agreement of two libraries' outcomes of one LAPACK case. */
#include "lapack_judge.h"
#include <math.h>

/* Two libraries agree when their spectra lie within the Weyl allowance of each other, and on
 * the error path when they report the same INFO. */
mlf_cmp_kind lapack_agree(const void *x_, const void *y_, void *ctx_) {
  const lapack_outcome *x = x_, *y = y_;
  const lapack_case *c = ctx_;
  if (c->invalid) return x->info == y->info ? MLF_CMP_OK : MLF_CMP_VALUE;
  if (!x->n_vals || !y->n_vals || x->n_vals != y->n_vals) return MLF_CMP_OK;
  for (size_t i = 0; i < x->n_vals; i++) {
    if (isnan(x->vals[i]) != isnan(y->vals[i])) return MLF_CMP_NAN;
    if (!(fabsl(x->vals[i] - y->vals[i]) <= c->spectrum_tol) && !isnan(x->vals[i])) return MLF_CMP_VALUE;
  }
  return MLF_CMP_OK;
}
