/* Builds a LAPACK case from its message (see lapack_case.h). */
#include "lapack_case.h"
#include <math.h>
#include <string.h>
#include "lapack_judge.h"

int lapack_uses_b(lapack_routine r) {
  return r == LAPACK_GETRS || r == LAPACK_GESV || r == LAPACK_POTRS || r == LAPACK_GELS ||
         r == LAPACK_GELSS || r == LAPACK_GELSD;
}
static int square(lapack_routine r) {
  return r != LAPACK_GETRF && r != LAPACK_GEQRF && r != LAPACK_GELS && r != LAPACK_GELSS &&
         r != LAPACK_GELSD && r != LAPACK_GESVD;
}
static int hermitian_input(lapack_routine r) {
  return r == LAPACK_POTRF || r == LAPACK_POTRS || r == LAPACK_SYEV;
}
static char job_char(Mlf__Lapack__SvdJob j) {
  return j == MLF__LAPACK__SVD_JOB__ALL ? 'A' : j == MLF__LAPACK__SVD_JOB__SOME ? 'S' : 'N';
}

/* Reads the referenced input back in long double; for the Hermitian routines the matrix
 * their triangle defines (real diagonal). */
static void read_inputs(lapack_case *c) {
  c->A = ld_from_buffer(c->a.buf.data, c->prec, c->a.buf.ld, c->row_major, c->m, c->n);
  if (hermitian_input(c->routine))
    for (size_t j = 0; j < c->n; j++) {
      if (c->cplx) c->A.im[LD_AT(&c->A, j, j)] = 0;
      for (size_t i = j + 1; i < c->n; i++) {
        size_t lo = LD_AT(&c->A, i, j), up = LD_AT(&c->A, j, i);
        if (c->base.uplo == 'L') c->A.re[up] = c->A.re[lo]; else c->A.re[lo] = c->A.re[up];
        if (c->cplx) {
          if (c->base.uplo == 'L') c->A.im[up] = -c->A.im[lo]; else c->A.im[lo] = -c->A.im[up];
        }
      }
    }
  size_t brows = c->routine == LAPACK_GELS || c->routine == LAPACK_GELSS || c->routine == LAPACK_GELSD
                     ? (c->base.trans != 'N' ? c->n : c->m) : c->n;
  c->B = c->has_b ? ld_from_buffer(c->b.data, c->prec, c->b.ld, c->row_major, brows, c->nrhs)
                  : ld_new(0, 0, c->cplx);
  c->input_nan = ld_has_nan(&c->A);
  /* Every element finite and at most max / 2^(k+8) in modulus: see lapack_judge_finite. */
  long double limit = ldexpl((long double)c->p.max, -(int)c->k - 8), biggest = 0;
  for (size_t e = 0; e < c->m * c->n; e++) {
    long double v = hypotl(c->A.re[e], c->cplx ? c->A.im[e] : 0);
    if (!(v <= biggest)) biggest = v;
  }
  c->input_safe = biggest <= limit && ld_finite(&c->A) && (!c->has_b || ld_finite(&c->B));
  size_t dim = c->m > c->n ? c->m : c->n;
  c->spectrum_tol = 2 * 50.0L * dim * c->eps * ld_norm_fro(&c->A);
}

void lapack_case_make(lapack_case *c, const Mlf__Lapack__LapackCase *lc) {
  static unsigned long made;
  memset(c, 0, sizeof *c);
  c->serial = ++made;
  c->routine = (lapack_routine)lc->routine;
  c->p = blas_precision_of(lc->precision);
  c->prec = (c->p.is_double ? 1 : 0) + (c->p.is_complex ? 2 : 0);
  c->cplx = c->p.is_complex;
  c->iface = (lapack_interface)lc->interface;
  c->row_major = c->iface == LAPACK_LAPACKE_ROW;
  c->n = lc->n;
  c->m = square(c->routine) ? c->n : lc->m;
  c->k = c->m < c->n ? c->m : c->n;
  c->nrhs = lapack_uses_b(c->routine) ? lc->nrhs : 0;
  c->eps = c->p.unit_roundoff;
  c->side = lc->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  c->invalid = lc->invalid;
  lapack_args *a = &c->base;
  a->routine = c->routine, a->prec = c->prec, a->iface = c->iface;
  a->m = (int)c->m, a->n = (int)c->n, a->nrhs = (int)c->nrhs;
  int has_trans = c->routine == LAPACK_GETRS || c->routine == LAPACK_GELS;
  a->trans = lc->trans && has_trans ? (c->cplx ? 'C' : 'T') : 'N';
  a->uplo = lc->lower ? 'L' : 'U';
  a->jobu = job_char(lc->jobu), a->jobvt = job_char(lc->jobvt);
  a->jobz = lc->eigenvectors ? 'V' : 'N';
  a->norm = lc->infinity_norm ? 'I' : '1';
  a->rcond_in = blas_number(lc->rcond, &c->p);
  lapack_build_a(&c->a, lc->a, lc->construction, &c->p, c->row_major, c->m, c->n, c->side);
  c->has_b = lapack_uses_b(c->routine);
  if (c->has_b) {
    size_t rows = c->routine == LAPACK_GELS || c->routine == LAPACK_GELSS || c->routine == LAPACK_GELSD
                      ? (c->m > c->n ? c->m : c->n) : c->n;
    blas_matrix_make(&c->b, lc->b, &c->p, c->row_major, rows, c->nrhs, 2, c->side, "B");
  }
  read_inputs(c);
  if (c->routine == LAPACK_GECON) a->anorm = (double)(a->norm == 'I' ? ld_norm_inf(&c->A) : ld_norm1(&c->A));
  if (c->invalid) c->expected_info = lapack_expected_invalid_info(c);
}

void lapack_case_free(lapack_case *c) {
  ld_free(&c->A), ld_free(&c->B);
  blas_matrix_free(&c->a.buf);
  if (c->has_b) blas_matrix_free(&c->b);
}
