/* The first-order bound of a recurrent layer (lemon_reference_rnn.h), one output at a time:
 * row vectors carried backward from the output through the steps' Jacobians, the signed
 * product m = o^T J_t ... J_(s+1), b = o^T |J_t| ... |J_(s+1)|, and the excess of the interval
 * product, d = o^T (prod (|J| + R) - prod |J|), by its recurrence
 *   d_s = b_(s+1) R_(s+1) + d_(s+1) (|J_(s+1)| + R_(s+1))   (no cancellation);
 * each step's own error enters through |m| + d. */
#include "lemon_reference_rnn.h"
#include <string.h>

double lref_rnn_first_order_bound(size_t n, const double *jac, const double *rad,
                                  const double *local, size_t t, size_t i, double *work) {
  double *m = work, *b = work + n, *d = work + 2 * n;
  double nm[2 * LEMON_MAX_UNITS], nb[2 * LEMON_MAX_UNITS], nd[2 * LEMON_MAX_UNITS];
  memset(work, 0, 3 * n * sizeof *work);
  m[i] = b[i] = 1;
  double total = local[t * n + i];
  for (size_t s = t; s-- > 0;) {
    const double *J = jac + (s + 1) * n * n, *R = rad + (s + 1) * n * n;
    memset(nm, 0, n * sizeof *nm), memset(nb, 0, n * sizeof *nb), memset(nd, 0, n * sizeof *nd);
    for (size_t r = 0; r < n; r++) {
      if (m[r] == 0 && b[r] == 0 && d[r] == 0) continue;
      for (size_t k = 0; k < n; k++) {
        double j = J[r * n + k], aj = fabs(j), rk = R[r * n + k];
        nm[k] += m[r] * j;
        nb[k] += b[r] * aj;
        nd[k] += b[r] * rk + d[r] * (aj + rk);
      }
    }
    memcpy(m, nm, n * sizeof *m), memcpy(b, nb, n * sizeof *b), memcpy(d, nd, n * sizeof *d);
    for (size_t k = 0; k < n; k++) total += (fabs(m[k]) + d[k]) * local[s * n + k];
  }
  return total;
}
