/* One LAPACK case as every backend gets it: the message's routine, precision, interface and
 * options turned into the main call's arguments, A and B built in guard-page buffers of the
 * call's layout, and the input read back in long double with what the judges derive from it
 * once per case (NaN present, range safe from overflow, spectrum allowance, expected INFO). */
#ifndef LAPACK_CASE_H
#define LAPACK_CASE_H
#include "blas_lapack.pb-c.h"
#include "lapack_call.h"
#include "lapack_construct.h"
#include "lapack_dense.h"

/* The case as the harness sees it: valid dimensions (buffers are sized by them), the
 * arguments the main call gets, and the input read back in long double. */
typedef struct {
  lapack_routine routine;
  int prec, cplx, row_major;
  blas_precision p;
  lapack_interface iface;
  size_t m, n, nrhs, k; /* k = min(m, n) */
  lapack_args base;     /* options and dimensions of the main call */
  lapack_built a;
  blas_matrix b;
  int has_b;
  ld_mat A, B;          /* A as the routine reads it (Hermitian from one triangle), B's rows it reads */
  int input_nan, input_safe;
  long double eps;
  Mlf__Lapack__InvalidArgument invalid;
  int expected_info;    /* Fortran: -(position of the invalid argument) */
  long double spectrum_tol; /* two libraries' singular values or eigenvalues may differ by this */
  mlf_guard_side side;
  unsigned long serial; /* distinct for every case made in the process: the key of per-case caches */
} lapack_case;

/* 1 when the routine takes a right-hand side B (getrs, gesv, potrs and the least squares). */
int lapack_uses_b(lapack_routine r);

/* Builds c from the message; lapack_case_free releases what it holds. */
void lapack_case_make(lapack_case *c, const Mlf__Lapack__LapackCase *lc);
void lapack_case_free(lapack_case *c);
#endif
