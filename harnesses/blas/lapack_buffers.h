/* The guarded buffers one backend's call of a LAPACK case works in, and the main call's
 * arguments pointing at them. */
#ifndef LAPACK_BUFFERS_H
#define LAPACK_BUFFERS_H
#include "lapack_case.h"

/* Buffers of one backend's run: copies of A and B and every output, each guarded. */
typedef struct {
  blas_matrix a, b;
  void *ipiv, *tau, *s, *w, *u, *vt;
  size_t ldu, ldvt, u_cols, vt_rows;
} lapack_buffers;

/* Allocates bf for c (U and VT as ?gesvd's JOBU and JOBVT shape them); lapack_buffers_free
 * releases it. */
void lapack_buffers_make(lapack_buffers *bf, const lapack_case *c);
/* 1 when no guard canary and neither A's nor B's padding was overwritten. */
int lapack_buffers_intact(const lapack_buffers *bf, const lapack_case *c);
void lapack_buffers_free(lapack_buffers *bf, const lapack_case *c);
/* The main call's arguments (c->base) with every buffer and leading dimension taken from bf. */
lapack_args lapack_buffers_args(const lapack_case *c, lapack_buffers *bf);
#endif
