/* Mutations shared by the BLAS message types: a named special value put into a scalar part or
 * a Fill's pokes (a plain Number slot: mlf_set_special). */
#ifndef BLAS_VALUE_MUTATIONS_H
#define BLAS_VALUE_MUTATIONS_H
#include "blas.pb-c.h"
#include "mlf_rng.h"
#include "mlf_special_number.h"

/* The real (mostly) or imaginary part of *scalar becomes special; creates the scalar. */
void blas_special_scalar(Mlf__Blas__Scalar **scalar, mlf_rng *rng);
/* One more element of *fill (created when absent) becomes special; 0 when it already has
 * max_pokes pokes. */
int blas_poke_special(Mlf__Blas__Fill **fill, size_t max_pokes, mlf_rng *rng);
#endif
