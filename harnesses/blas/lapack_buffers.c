/* Allocates, checks and frees the guarded buffers of one backend's call (see
 * lapack_buffers.h). */
#include "lapack_buffers.h"

static void *guarded(size_t elems, size_t size, const lapack_case *c, const char *label) {
  return mlf_guard_alloc(elems * size, size < 8 ? size : 8, c->side, label);
}

void lapack_buffers_make(lapack_buffers *bf, const lapack_case *c) {
  size_t es = c->p.elem_size, rs = c->p.is_double ? 8 : 4, k = c->k ? c->k : 1;
  blas_matrix_clone(&bf->a, &c->a.buf, &c->p, c->side, "A");
  if (c->has_b) blas_matrix_clone(&bf->b, &c->b, &c->p, c->side, "B");
  bf->ipiv = guarded(k, sizeof(int), c, "IPIV");
  bf->tau = guarded(k, es, c, "TAU");
  bf->s = guarded(k, rs, c, "S");
  bf->w = guarded(c->n ? c->n : 1, rs, c, "W");
  /* gesvd: U is m x m ('A') or m x k ('S'), VT n x n or k x n; in row-major the leading
   * dimension is the column count. */
  bf->u_cols = c->base.jobu == 'A' ? c->m : c->k;
  bf->vt_rows = c->base.jobvt == 'A' ? c->n : c->k;
  bf->ldu = c->row_major ? (bf->u_cols ? bf->u_cols : 1) : (c->m ? c->m : 1);
  bf->ldvt = c->row_major ? (c->n ? c->n : 1) : (bf->vt_rows ? bf->vt_rows : 1);
  bf->u = guarded(c->row_major ? c->m * bf->ldu : bf->ldu * bf->u_cols, es, c, "U");
  bf->vt = guarded(c->row_major ? bf->vt_rows * bf->ldvt : bf->ldvt * c->n, es, c, "VT");
}

int lapack_buffers_intact(const lapack_buffers *bf, const lapack_case *c) {
  void *all[] = {bf->a.data, c->has_b ? bf->b.data : NULL, bf->ipiv, bf->tau, bf->s, bf->w, bf->u, bf->vt};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (all[i] && !mlf_guard_canary_ok(all[i])) return 0;
  return blas_matrix_padding_intact(&bf->a, &c->p) && (!c->has_b || blas_matrix_padding_intact(&bf->b, &c->p));
}

void lapack_buffers_free(lapack_buffers *bf, const lapack_case *c) {
  blas_matrix_free(&bf->a);
  if (c->has_b) blas_matrix_free(&bf->b);
  void *all[] = {bf->ipiv, bf->tau, bf->s, bf->w, bf->u, bf->vt};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) mlf_guard_free(all[i]);
}

lapack_args lapack_buffers_args(const lapack_case *c, lapack_buffers *bf) {
  lapack_args a = c->base;
  a.a = bf->a.data, a.lda = (int)bf->a.ld;
  a.b = c->has_b ? bf->b.data : NULL, a.ldb = c->has_b ? (int)bf->b.ld : 1;
  a.ipiv = bf->ipiv, a.tau = bf->tau, a.s = bf->s, a.w = bf->w, a.u = bf->u, a.vt = bf->vt;
  a.ldu = (int)bf->ldu, a.ldvt = (int)bf->ldvt;
  return a;
}
