/* Permuted operands (see level23_permute.h). With the output's rows permuted by P and its
 * columns by Q (Q = P for a symmetric output), each operand moves as follows:
 *   gemm: op(A)'s rows by P (A's columns when transposed), op(B)'s columns by Q;
 *   gemv: op(A)'s rows by P, x unchanged;
 *   symv/hemv, spmv/hpmv: A -> P A P^T, x -> P x;
 *   symm/hemm: B like C (rows P, columns Q), A -> P A P^T (left side) or Q A Q^T (right side);
 *   syrk/herk, syr2k/her2k: op(A)'s and op(B)'s rows by P (their columns when transposed). */
#include "level23_permute.h"
#include <string.h>

int level23_permutable(const level23_problem *pb) {
  const level23_routine *r = pb->routine;
  switch (r->op) {
    case OP_MV: return r->storage != BLAS_BAND;
    case OP_MM: case OP_RK: case OP_R2K: return 1;
    default: return 0;
  }
}

void level23_operand_perms(const level23_problem *pb, const level23_operand *o, const size_t *P,
                           const size_t *Q, const size_t **rows, const size_t **cols) {
  const level23_routine *r = pb->routine;
  int general = r->kind == BLAS_GENERAL;
  *rows = *cols = NULL;
  if (o == pb->output) {
    *rows = P, *cols = o->is_vector ? NULL : Q;
  } else if (o == &pb->x) {
    *rows = general ? NULL : P;
  } else if (r->op == OP_MM && general) { /* gemm */
    if (o == &pb->a) *(pb->trans ? cols : rows) = P;
    else *(pb->trans_b ? rows : cols) = Q;
  } else if (r->op == OP_MM && o == &pb->b) { /* symm/hemm's B */
    *rows = P, *cols = Q;
  } else if ((r->op == OP_MV && !general) || r->op == OP_MM) { /* a symmetric A */
    *rows = *cols = r->op == OP_MM && pb->right_side ? Q : P;
  } else { /* gemv's A, rank-k updates' A and B */
    *(pb->trans ? cols : rows) = P;
  }
}

static size_t at(const size_t *perm, size_t i) { return perm ? perm[i] : i; }

/* Negates the imaginary part of the element at slot. */
static void conjugate(void *data, const blas_precision *p, size_t slot) {
  char *elem = (char *)data + slot * p->elem_size;
  if (p->is_double) ((double *)elem)[1] = -((double *)elem)[1];
  else ((float *)elem)[1] = -((float *)elem)[1];
}

void level23_permuted_copy(level23_operand *dst, const level23_operand *src,
                           const blas_precision *p, const size_t *rows, const size_t *cols,
                           mlf_guard_side side, const char *label) {
  *dst = *src;
  blas_matrix_clone(&dst->store, &src->store, p, side, label);
  int mirrored = !src->is_vector &&
                 (src->shape.kind == BLAS_SYMMETRIC || src->shape.kind == BLAS_HERMITIAN);
  for (size_t i = 0; i < level23_rows(src); i++)
    for (size_t j = 0; j < level23_cols(src); j++) {
      long to = level23_slot(dst, i, j);
      size_t si = at(rows, i), sj = at(cols, j);
      long from = level23_slot(src, si, sj);
      int conj = 0;
      if (to < 0) continue;
      if (from < 0 && mirrored) {
        from = level23_slot(src, sj, si);
        conj = src->shape.kind == BLAS_HERMITIAN && p->is_complex;
      }
      if (from < 0) continue;
      memcpy((char *)dst->store.data + (size_t)to * p->elem_size,
             (const char *)src->store.data + (size_t)from * p->elem_size, p->elem_size);
      if (conj) conjugate(dst->store.data, p, (size_t)to);
    }
}
