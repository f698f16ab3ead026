/* The error path of a LAPACK case: which argument of the main call is made invalid, the INFO
 * the Fortran interface must then report (its 1-based position, negated), and the judge of
 * such a call. */
#include "lapack_judge.h"
#include <string.h>

void lapack_make_invalid(const lapack_case *c, lapack_args *a) {
  switch (c->invalid) {
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_M:
      if (lapack_fortran_position(c->routine, c->prec, 'm')) a->m = -1; else a->n = -1;
      break;
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_N: a->n = -1; break;
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_NRHS:
      if (lapack_fortran_position(c->routine, c->prec, 'r')) a->nrhs = -1; else a->n = -1;
      break;
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDB:
      if (c->has_b) { a->ldb = (int)c->b.line_len - 1; break; }
      /* fall through: no B */
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDA: a->lda = (int)c->a.buf.line_len - 1; break;
    case MLF__LAPACK__INVALID_ARGUMENT__BAD_OPTION:
      if (!lapack_fortran_position(c->routine, c->prec, 'o')) { a->lda = (int)c->a.buf.line_len - 1; break; }
      if (c->routine == LAPACK_GETRS || c->routine == LAPACK_GELS) a->trans = 'X';
      else if (c->routine == LAPACK_POTRF || c->routine == LAPACK_POTRS) a->uplo = 'X';
      else if (c->routine == LAPACK_GESVD) a->jobu = 'X';
      else if (c->routine == LAPACK_SYEV) a->jobz = 'X';
      else a->norm = 'X';
      break;
    default: break;
  }
  a->invalid = 1;
}

int lapack_expected_invalid_info(const lapack_case *c) {
  lapack_args a = c->base;
  a.lda = (int)c->a.buf.ld, a.ldb = c->has_b ? (int)c->b.ld : 1;
  int lda_pos = lapack_fortran_position(c->routine, c->prec, 'a');
  switch (c->invalid) {
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_M: {
      int pm = lapack_fortran_position(c->routine, c->prec, 'm');
      return -(pm ? pm : lapack_fortran_position(c->routine, c->prec, 'n'));
    }
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_N: return -lapack_fortran_position(c->routine, c->prec, 'n');
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_NRHS: {
      int pr = lapack_fortran_position(c->routine, c->prec, 'r');
      return -(pr ? pr : lapack_fortran_position(c->routine, c->prec, 'n'));
    }
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDB:
      if (c->has_b) return -lapack_fortran_position(c->routine, c->prec, 'b');
      return -lda_pos;
    case MLF__LAPACK__INVALID_ARGUMENT__BAD_OPTION: {
      int po = lapack_fortran_position(c->routine, c->prec, 'o');
      return -(po ? po : lda_pos);
    }
    default: return -lda_pos;
  }
}

void lapack_judge_invalid(mlf_run *run, const lapack_case *c, const lapack_backend *b,
                          const lapack_buffers *bf, const void *a_before, const void *b_before,
                          lapack_outcome *o) {
  if (c->iface == LAPACK_FORTRAN && (o->info != c->expected_info || o->errors == 0))
    lapack_finding(run, c, b->name, o, 0, "info-on-invalid",
                   "invalid argument: INFO = %d (%zu xerbla calls), expected %d", o->info,
                   (size_t)o->errors, c->expected_info);
  if (c->iface != LAPACK_FORTRAN && o->info >= 0)
    lapack_finding(run, c, b->name, o, 0, "info-on-invalid", "invalid argument accepted, INFO = %d", o->info);
  int same = memcmp(bf->a.data, a_before, c->a.buf.count * c->p.elem_size) == 0 &&
             (!c->has_b || memcmp(bf->b.data, b_before, c->b.count * c->p.elem_size) == 0);
  if (!same) lapack_finding(run, c, b->name, o, 0, "write-on-invalid", "A or B changed by a call with an invalid argument");
}
