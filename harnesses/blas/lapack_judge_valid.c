/* The judge of a LAPACK call with valid arguments: no xerbla call and no negative INFO, ?gesv
 * factoring A whatever NRHS, then the judge of the routine (lapack_judge.h) on its outputs. */
#include "lapack_judge.h"
#include <math.h>
#include <string.h>

void lapack_judge_valid(mlf_run *run, const lapack_case *c, const lapack_backend *b,
                        const lapack_buffers *bf, lapack_outcome *o) {
  const char *name = b->name;
  /* ?lascl rejecting a CFROM of 0 or NaN (parameter 4) is a kind of its own where its cause is
   * known: the NaN norm of a non-finite input (a known LAPACK habit), or ?lalsd's tolerance of a
   * NaN RCOND, which lets a zero singular value through to ?lascl (NRHS >= 1: NRHS = 0 reaches
   * ?lascl on its own, lapack_known_crashes.c) */
  int lascl_rejects = strstr(o->first_error.routine, "LASCL") && o->first_error.info == 4;
  const char *kind = "xerbla-on-valid";
  if (lascl_rejects && !ld_finite(&c->A)) kind = "xerbla-lascl-nan";
  else if (lascl_rejects && isnan(c->base.rcond_in) && c->nrhs >= 1) kind = "xerbla-rcond-nan";
  if (o->errors)
    lapack_finding(run, c, name, o, 0, kind,
                   "xerbla called on valid arguments: %s, parameter %d", o->first_error.routine,
                   o->first_error.info);
  else if (c->iface != LAPACK_FORTRAN && (o->info == -1010 || o->info == -1011))
    /* LAPACKE's own allocation failed (LAPACK_WORK_MEMORY_ERROR, LAPACK_TRANSPOSE_MEMORY_ERROR):
     * no argument is named, the size it asked for is the finding */
    lapack_finding(run, c, name, o, 0, "lapacke-memory-error", "INFO = %d: LAPACKE could not allocate %s",
                   o->info, o->info == -1010 ? "its work array" : "a transposed copy");
  else if (o->info < 0) lapack_finding(run, c, name, o, 0, "info-negative-on-valid", "INFO = %d", o->info);
  ld_mat x = {0};
  if (lapack_uses_b(c->routine) && c->routine != LAPACK_GELS && c->routine != LAPACK_GELSS &&
      c->routine != LAPACK_GELSD)
    x = lapack_read_out(c, bf->b.data, bf->b.ld, c->n, c->nrhs);
  /* ?gesv factors A whatever NRHS (the reference calls ?getrf, then ?getrs): IPIV(1) is set */
  if (c->routine == LAPACK_GESV && c->nrhs == 0 && c->n > 0 && o->info == 0 &&
      ((const int *)bf->ipiv)[0] < 1) {
    lapack_finding(run, c, name, o, 0, "unfactored-nrhs-zero", "NRHS = 0: IPIV not written, INFO = 0");
    ld_free(&x);
    return;
  }
  switch (c->routine) {
    case LAPACK_GETRF: case LAPACK_GETRS: case LAPACK_GESV: case LAPACK_GECON: {
      ld_mat lu = lapack_read_out(c, bf->a.data, bf->a.ld, c->m, c->n);
      lapack_judge_lu(run, c, name, o, &lu, bf->ipiv, &c->B, x.re ? &x : NULL,
                      c->routine == LAPACK_GETRS && c->base.trans != 'N');
      if (c->routine == LAPACK_GECON) lapack_judge_gecon(run, c, name, o, &lu);
      ld_free(&lu);
      break;
    }
    case LAPACK_POTRF: case LAPACK_POTRS: lapack_judge_cholesky(run, c, name, o, bf, x.re ? &x : NULL); break;
    case LAPACK_GEQRF: lapack_judge_qr(run, c, name, o, bf); break;
    case LAPACK_GELS: case LAPACK_GELSS: case LAPACK_GELSD: lapack_judge_least_squares(run, c, name, o, bf); break;
    case LAPACK_GESVD: lapack_judge_svd(run, c, name, o, bf); break;
    case LAPACK_SYEV: lapack_judge_eig(run, c, name, o, bf); break;
    default: break;
  }
  ld_free(&x);
}
