/* Mutations shared by the BLAS message types: a named special value put into a number slot, a
 * scalar part or a Fill's pokes. */
#ifndef BLAS_VALUE_MUTATIONS_H
#define BLAS_VALUE_MUTATIONS_H
#include "blas.pb-c.h"
#include "mlf_rng.h"

/* Replaces *slot (which may be NULL) with a random named special value. */
void blas_set_special(Mlf__Blas__Number **slot, mlf_rng *rng);
/* The real (mostly) or imaginary part of *scalar becomes special; creates the scalar. */
void blas_special_scalar(Mlf__Blas__Scalar **scalar, mlf_rng *rng);
/* One more element of *fill (created when absent) becomes special; 0 when it already has
 * max_pokes pokes. */
int blas_poke_special(Mlf__Blas__Fill **fill, size_t max_pokes, mlf_rng *rng);
#endif
