/* The least-squares judge (?gels, ?gelss, ?gelsd): the singular values and RANK of the
 * SVD-based solvers, the solution's residual against a backward-stable solver's allowance,
 * and that the solution is the documented minimum-norm one (within the row space of op(A)
 * truncated at RCOND). */
#include "lapack_judge.h"
#include <math.h>
#include "lapack_check.h"

/* op(A)'s truncated row space for case c, derived for the first library judged on it and
 * kept for the others (keyed by the case's serial number). */
static const lapack_row_space *row_space_of(const lapack_case *c, int trans, long double rcond) {
  static lapack_row_space cached;
  static unsigned long cached_serial;
  if (cached_serial != c->serial) {
    if (cached_serial) lapack_row_space_free(&cached);
    lapack_row_space_derive(&cached, &c->A, trans, c->nrhs, rcond, c->eps, c->p.tiny);
    cached_serial = c->serial;
  }
  return &cached;
}

void lapack_judge_least_squares(mlf_run *run, const lapack_case *c, const char *name,
                                lapack_outcome *o, const lapack_buffers *bf) {
  int trans = c->base.trans != 'N';
  size_t xrows = trans ? c->m : c->n;
  ld_mat x = lapack_read_out(c, bf->b.data, bf->b.ld, xrows, c->nrhs);
  if (c->routine != LAPACK_GELS) {
    ld_mat s = lapack_read_vector(c, bf->s, c->k, 1);
    if (o->info == 0 && ld_finite(&s)) lapack_judge_spectrum(run, c, name, o, &s, 1);
    if (o->info == 0 && (o->rank < 0 || (size_t)o->rank > c->k))
      lapack_finding(run, c, name, o, 0, "rank-out-of-range", "RANK = %d", o->rank);
    ld_free(&s);
  }
  if (o->info == 0 && c->input_safe && ld_finite(&x)) {
    long double rcond = c->routine == LAPACK_GELS ? 0 : c->base.rcond_in < 0 ? c->eps : c->base.rcond_in;
    lapack_judge_ratio(run, c, name, o,
                       lapack_check_least_squares(&c->A, trans, &c->B, &x, rcond, c->eps, c->p.tiny),
                       "ls-residual", "||op(A)^H r|| against a backward-stable solver's allowance");
    /* dgelss.f, dgelsd.f: "Singular values S(i) <= RCOND*S(1) are treated as zero. If RCOND
     * < 0, machine precision is used instead"; a NaN or infinite RCOND has no such meaning.
     * Known causes get a kind of their own: ?gelss and ?gelsd return at once for M = 0
     * (dgelss.f:377, dgelsd.f:369), leaving B's rows as X where the minimum-norm X is 0 (?gels
     * zeroes them), and ?lalsd replaces RCOND >= 1 by eps (dlalsd.f:241), keeping singular
     * values the documentation drops. */
    const char *kind = c->routine == LAPACK_GELS ? "not-minimum-norm"
                       : c->m == 0 ? "not-minimum-norm-m-zero"
                       : c->routine == LAPACK_GELSD && c->base.rcond_in >= 1 ? "not-minimum-norm-rcond-ge-1"
                       : "not-minimum-norm";
    if (isfinite(rcond))
      lapack_judge_ratio(run, c, name, o,
                         lapack_check_minimum_norm(row_space_of(c, trans, rcond), &x), kind,
                         "X's part outside op(A)'s row space truncated at RCOND");
  }
  ld_free(&x);
}
