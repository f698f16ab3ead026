/* Builds A for a LAPACK case: the Fill as it is, or a construction with a known spectrum
 * (random unitary factors drawn from the Fill's seed around chosen singular values or
 * eigenvalues), then the Fill's pokes, in a guard-page buffer of the call's layout. */
#ifndef LAPACK_CONSTRUCT_H
#define LAPACK_CONSTRUCT_H
#include "blas_operand.h"
#include "blas_lapack.pb-c.h"

typedef struct {
  blas_matrix buf;
  /* The spectrum holds for the matrix before rounding to the precision (no poke touched it):
   * singular values descending; for Hermitian constructions also eigenvalues ascending. */
  int spectrum_known, hermitian;
  long double sv[64 * 2], ev[64 * 2];
  /* ||stored A - constructed A||_F: what rounding to the precision moved A, a subnormal
   * result's absolute error included (Weyl: no singular value or eigenvalue moves further). */
  long double rounding;
  size_t n_sv, n_ev;
} lapack_built;

#define LAPACK_MAX_SPECTRUM (64 * 2)

/* rows x cols A of precision p from fill and construction (either may be NULL). */
void lapack_build_a(lapack_built *out, const Mlf__Blas__Fill *fill,
                    const Mlf__Lapack__Construction *c, const blas_precision *p, int row_major,
                    size_t rows, size_t cols, mlf_guard_side side);
#endif
