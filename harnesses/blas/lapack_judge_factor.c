/* Judges of the factorizations and what is computed from them: LU (?getrf, and under ?getrs
 * and ?gesv) with its solve and ?gecon's condition estimate, Cholesky (?potrf, ?potrs) with its
 * solve and INFO against definiteness, QR (?geqrf). */
#include "lapack_judge.h"
#include <math.h>
#include <string.h>
#include "lapack_check.h"
#include "mlf_feedback.h"

void lapack_judge_lu(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                     const ld_mat *lu, const int *ipiv, const ld_mat *b, const ld_mat *x, int trans) {
  ld_mat l, u;
  if (!lapack_unpack_lu(lu, ipiv, &l, &u)) {
    lapack_finding(run, c, name, o, 0, "ipiv-out-of-range", "IPIV has an entry outside [i, m]");
    return;
  }
  /* INFO > 0 names the first exactly zero pivot U(i, i), and only then */
  size_t first_zero = 0;
  for (size_t i = 0; i < c->k && !first_zero; i++)
    if (u.re[LD_AT(&u, i, i)] == 0 && (!u.im || u.im[LD_AT(&u, i, i)] == 0)) first_zero = i + 1;
  if (o->info >= 0 && (size_t)o->info != first_zero && ld_finite(lu))
    lapack_finding(run, c, name, o, 0, "info-zero-pivot", "INFO = %d, first zero pivot at %zu", o->info, first_zero);
  /* An exactly zero column j of A stays zero through elimination: a zero pivot by step j.
   * Not with a NaN or Inf in A: a multiplier made of it times the zero column is NaN. */
  for (size_t j = 0; j < c->k && ld_finite(&c->A); j++) {
    int zero = 1;
    for (size_t i = 0; i < c->m && zero; i++) zero = ld_modulus(&c->A, i, j) == 0;
    if (zero && (o->info <= 0 || (size_t)o->info > j + 1)) {
      lapack_finding(run, c, name, o, 0, "info-zero-column", "column %zu of A is zero, INFO = %d", j + 1, o->info);
      break;
    }
  }
  lapack_judge_nan_kept(run, c, name, o, lu);
  lapack_judge_finite(run, c, name, o, lu);
  /* Judged on safe inputs only, as the QR residual and the non-finite check: near overflow
   * the reference itself fails (netlib 3.11 zgetrf gives a NaN pivot where a pivot's modulus
   * passes DBL_MAX, OpenBLAS 0.3.21 zero multipliers), and the backward-error bound assumes no
   * overflow. */
  if (c->input_safe && ld_finite(lu)) {
    lapack_judge_ratio(run, c, name, o, lapack_check_lu(&c->A, &l, &u, ipiv, c->p.unit_roundoff, c->p.tiny),
                       "lu-residual", "|A - P L U| against gamma |L||U|");
    if (x && o->info == 0 && ld_finite(x) && ld_finite(b))
      lapack_judge_ratio(run, c, name, o,
                         lapack_check_lu_solve(&l, &u, ipiv, b, x, trans, c->p.unit_roundoff, c->p.tiny),
                         "solve-residual", "|b - op(P L U) x| against the triangular solves' bound");
  }
  ld_free(&l), ld_free(&u);
}

/* ?gecon returns an estimate: only 0 <= rcond is specified, and rcond <= 2 holds when the
 * true condition number is far from 1 / (n eps): ||A|| ||A^-1 v|| >= 1 for the unit vector v
 * the estimator settles on, and with kappa rho 3 n u < 0.01 (rho = max|L U| / max|A| >=
 * the growth factor) the solves compute ||A^-1 v|| to a relative accuracy better than 1/2
 * (Higham Thm 9.4: backward error gamma_3n |L||U|). Its
 * distance to the true value is logged and fed back, never reported: the estimator can miss
 * by any factor on adversarial matrices (Higham, section 15.3). Non-finite factors have no rho
 * (fmaxl would pass over a NaN and leave it finite), so no bound: lapack_judge_finite reports
 * them, on the same condition (input_safe), and the rcond computed from them is not judged. */
void lapack_judge_gecon(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                        const ld_mat *lu) {
  if (o->info != 0 || c->n == 0 || !c->input_safe) return;
  ld_mat inv;
  if (!ld_inverse(&c->A, &inv)) return;
  long double kappa = c->base.norm == 'I' ? ld_norm_inf(&c->A) * ld_norm_inf(&inv) : ld_norm1(&c->A) * ld_norm1(&inv);
  ld_free(&inv);
  long double amax = 0, lumax = 0;
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = 0; i < c->n; i++) {
      amax = fmaxl(amax, ld_modulus(&c->A, i, j));
      lumax = fmaxl(lumax, ld_modulus(lu, i, j));
    }
  long double rho = amax > 0 ? fmaxl(1, lumax / amax) : 1;
  if (ld_finite(lu) && kappa * rho * c->n * 3 * c->p.unit_roundoff < 0.01L &&
      !(o->rcond >= 0 && o->rcond <= 2))
    lapack_finding(run, c, name, o, 0, "rcond-out-of-range", "rcond = %.6g for a condition number %.3Lg", o->rcond, kappa);
  double off = o->rcond > 0 ? fabs(log10((double)(o->rcond * kappa))) : 99;
  mlf_log(run, "%-16s rcond %.6g, true %.6Lg (estimate off by 10^%.2f)", name, o->rcond, 1 / kappa, off);
  mlf_feedback_hit(mlf_feature("lapack-rcond", (uint32_t)c->prec, (uint32_t)fmin(off * 4, 40)));
}

/* Cholesky must succeed when lambda_min(A) / lambda_max(A) > 2 n gamma_{n+1} (Demmel's
 * condition, Higham Thm 10.7, lambda_min(H) >= 1 / cond(A), doubled for rounding A to the
 * precision) and lambda_min(A) > 2 n tiny (rounding a constructed element into the subnormal
 * range errs by less than tiny in absolute terms, ||dA||_2 < n tiny, at most half of
 * lambda_min; a tiny scale can round A to zero), and must fail when lambda_min(A) < -2 gamma_{n+1} trace(A) (a success
 * would give A + dA = L L^H >= 0 with ||dA||_2 <= gamma_{n+1} trace(L L^H), Higham Thm 10.3). */
static void check_potrf_info(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o) {
  if (!c->a.spectrum_known || !c->a.hermitian || !c->input_safe || c->n == 0) return;
  long double g = lapack_gamma(c->n, c->cplx, c->p.unit_roundoff), lmin = c->a.ev[0],
              lmax = c->a.ev[c->n - 1], trace = 0;
  for (size_t i = 0; i < c->n; i++) trace += c->a.ev[i];
  if (lmin > 2 * c->n * c->p.tiny && lmin / lmax > 2 * c->n * g && o->info != 0)
    lapack_finding(run, c, name, o, 0, "info-on-definite", "INFO = %d for a positive definite A, cond %.3Lg",
                   o->info, lmax / lmin);
  if (lmin < -2 * g * fabsl(trace) * c->n && o->info == 0)
    lapack_finding(run, c, name, o, 0, "info-missing-indefinite", "INFO = 0 for an indefinite A, lambda_min %.3Lg", lmin);
}

/* L with A = L L^H from the referenced triangle of ?potrf's output. */
static ld_mat cholesky_factor(const lapack_case *c, const ld_mat *out) {
  ld_mat l = ld_new(c->n, c->n, c->cplx);
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = j; i < c->n; i++) {
      size_t from = c->base.uplo == 'L' ? LD_AT(out, i, j) : LD_AT(out, j, i);
      l.re[LD_AT(&l, i, j)] = out->re[from];
      if (c->cplx) l.im[LD_AT(&l, i, j)] = c->base.uplo == 'L' ? out->im[from] : -out->im[from];
    }
  return l;
}

/* The triangle a Hermitian routine must not reference stays bit for bit as it was. */
static int other_triangle_intact(const lapack_case *c, const blas_matrix *out) {
  const unsigned char *x = out->data, *y = c->a.buf.data;
  size_t es = c->p.elem_size;
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = 0; i < c->n; i++) {
      int referenced = c->base.uplo == 'L' ? i >= j : i <= j;
      size_t at = blas_matrix_offset(out, c->row_major, i, j) * es;
      if (!referenced && memcmp(x + at, y + at, es)) return 0;
    }
  return 1;
}

void lapack_judge_cholesky(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const lapack_buffers *bf, const ld_mat *x) {
  ld_mat out = lapack_read_out(c, bf->a.data, bf->a.ld, c->n, c->n), l = cholesky_factor(c, &out);
  if (c->routine == LAPACK_POTRF && !other_triangle_intact(c, &bf->a))
    lapack_finding(run, c, name, o, 0, "write-other-triangle", "?potrf changed the triangle it must not reference");
  check_potrf_info(run, c, name, o);
  lapack_judge_nan_kept(run, c, name, o, &l);
  if (o->info == 0) lapack_judge_finite(run, c, name, o, &l);
  if (o->info == 0 && ld_finite(&l) && ld_finite(&c->A)) {
    lapack_judge_ratio(run, c, name, o, lapack_check_cholesky(&c->A, &l, c->p.unit_roundoff, c->p.tiny),
                       "cholesky-residual", "|A - L L^H| against gamma |L||L^H|");
    if (x && ld_finite(x) && ld_finite(&c->B))
      lapack_judge_ratio(run, c, name, o,
                         lapack_check_cholesky_solve(&l, &c->B, x, c->p.unit_roundoff, c->p.tiny),
                         "solve-residual", "|b - L L^H x| against the triangular solves' bound");
  }
  ld_free(&out), ld_free(&l);
}

void lapack_judge_qr(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                     const lapack_buffers *bf) {
  ld_mat packed = lapack_read_out(c, bf->a.data, bf->a.ld, c->m, c->n), tau = lapack_read_vector(c, bf->tau, c->k, 0);
  lapack_judge_nan_kept(run, c, name, o, &packed);
  lapack_judge_finite(run, c, name, o, &packed);
  if (c->input_safe && ld_finite(&packed) && ld_finite(&tau))
    lapack_judge_ratio(run, c, name, o, lapack_check_qr(&c->A, &packed, &tau, c->p.unit_roundoff, c->p.tiny),
                       "qr-residual", "||A - QR|| / (m ||A|| eps) or ||I - Q^H Q|| / (m eps) against 30");
  ld_free(&packed), ld_free(&tau);
}
