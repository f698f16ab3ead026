/* Judges of singular values and eigenvalues: order, sign and Weyl's bound around the
 * constructed spectrum, then ?gesvd's U and VT and ?syev / ?heev's eigenvectors (orthonormal,
 * and the factorization's residual). */
#include "lapack_judge.h"
#include <math.h>
#include "lapack_check.h"

/* Singular values or eigenvalues: ordered as specified, nonnegative (singular values), and
 * within Weyl's bound of the constructed spectrum: a backward-stable result is exact for
 * A + E, ||E||_2 <= 50 max(m, n) eps ||A||_F (test-suite form), plus ||dA||_F, what rounding
 * the constructed A to the precision moved it (measured: u ||A||_F at most for normal
 * numbers, up to half the smallest subnormal per element in absolute terms below them), plus
 * tiny / 2 for the value's own rounding into the subnormal range (LAPACK computes the spectrum
 * of A scaled into the normal range and scales it back by one multiplication, ?lascl or
 * ?scal; the relative part of that rounding is within the test-suite term). */
void lapack_judge_spectrum(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const ld_mat *v, int singular) {
  size_t len = v->rows;
  o->n_vals = len < LAPACK_MAX_SPECTRUM ? len : LAPACK_MAX_SPECTRUM;
  for (size_t i = 0; i < o->n_vals; i++) o->vals[i] = v->re[i];
  if (!c->input_safe) return;
  for (size_t i = 0; i + 1 < len; i++)
    if (singular ? v->re[i] < v->re[i + 1] : v->re[i] > v->re[i + 1]) {
      lapack_finding(run, c, name, o, 0, "spectrum-unsorted", "values %zu and %zu out of order", i, i + 1);
      break;
    }
  for (size_t i = 0; singular && i < len; i++)
    if (v->re[i] < 0) {
      lapack_finding(run, c, name, o, 0, "negative-singular-value", "s(%zu) = %.6Lg", i, v->re[i]);
      break;
    }
  const long double *want = singular ? c->a.sv : c->a.ev;
  size_t n_want = singular ? c->a.n_sv : c->a.n_ev;
  if (!c->a.spectrum_known || n_want != len) return;
  long double tol = c->spectrum_tol / 2 + c->a.rounding + (long double)c->p.tiny / 2, worst = 0;
  for (size_t i = 0; i < len; i++) {
    long double d = fabsl(v->re[i] - want[i]), q = d == 0 ? 0 : d / tol;
    if (!(q <= worst)) worst = q;
  }
  lapack_judge_ratio(run, c, name, o, (double)worst, "spectrum-mismatch", "distance to the constructed spectrum");
}

void lapack_judge_svd(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                      const lapack_buffers *bf) {
  ld_mat s = lapack_read_vector(c, bf->s, c->k, 1);
  lapack_judge_nan_kept(run, c, name, o, &s);
  if (!ld_finite(&s) || o->info != 0) {
    if (o->info == 0) lapack_judge_finite(run, c, name, o, &s);
    ld_free(&s);
    return;
  }
  lapack_judge_spectrum(run, c, name, o, &s, 1);
  if (c->k == 0) { /* quick return: U and VT are not referenced */
    ld_free(&s);
    return;
  }
  ld_mat u = {0}, vt = {0};
  if (c->base.jobu != 'N') {
    u = lapack_read_out(c, bf->u, bf->ldu, c->m, bf->u_cols);
    lapack_judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&u, 'N', c->p.unit_roundoff),
                       "u-not-orthonormal", "||I - U^H U|| / (m eps) against 50");
  }
  if (c->base.jobvt != 'N') {
    vt = lapack_read_out(c, bf->vt, bf->ldvt, bf->vt_rows, c->n);
    lapack_judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&vt, 'C', c->p.unit_roundoff),
                       "v-not-orthonormal", "||I - V^H V|| / (n eps) against 50");
  }
  if (u.re && vt.re && c->input_safe) {
    ld_mat uk = ld_new(c->m, c->k, c->cplx), vk = ld_new(c->k, c->n, c->cplx);
    for (size_t j = 0; j < c->k; j++)
      for (size_t i = 0; i < c->m; i++) {
        uk.re[LD_AT(&uk, i, j)] = u.re[LD_AT(&u, i, j)];
        if (c->cplx) uk.im[LD_AT(&uk, i, j)] = u.im[LD_AT(&u, i, j)];
      }
    for (size_t j = 0; j < c->n; j++)
      for (size_t i = 0; i < c->k; i++) {
        vk.re[LD_AT(&vk, i, j)] = vt.re[LD_AT(&vt, i, j)];
        if (c->cplx) vk.im[LD_AT(&vk, i, j)] = vt.im[LD_AT(&vt, i, j)];
      }
    lapack_judge_ratio(run, c, name, o, lapack_check_svd(&c->A, &uk, s.re, &vk, c->p.unit_roundoff, c->p.tiny),
                       "svd-residual", "||A - U S V^H|| / (max(m,n) ||A|| eps) against 50");
    ld_free(&uk), ld_free(&vk);
  }
  ld_free(&u), ld_free(&vt), ld_free(&s);
}

void lapack_judge_eig(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                      const lapack_buffers *bf) {
  ld_mat w = lapack_read_vector(c, bf->w, c->n, 1);
  lapack_judge_nan_kept(run, c, name, o, &w);
  if (!ld_finite(&w) || o->info != 0) {
    if (o->info == 0) lapack_judge_finite(run, c, name, o, &w);
    ld_free(&w);
    return;
  }
  lapack_judge_spectrum(run, c, name, o, &w, 0);
  if (c->base.jobz == 'V' && c->input_safe) {
    ld_mat v = lapack_read_out(c, bf->a.data, bf->a.ld, c->n, c->n);
    ld_mat id = ld_identity(c->n, c->cplx), vh = ld_mul(&v, 'C', &id, 'N', 0);
    lapack_judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&v, 'N', c->p.unit_roundoff),
                       "v-not-orthonormal", "||I - V^H V|| / (n eps) against 50");
    lapack_judge_ratio(run, c, name, o, lapack_check_svd(&c->A, &v, w.re, &vh, c->p.unit_roundoff, c->p.tiny),
                       "eig-residual", "||A - V W V^H|| / (n ||A|| eps) against 50");
    ld_free(&v), ld_free(&id), ld_free(&vh);
  }
  ld_free(&w);
}
