/* Metamorphic relations (see level23_relations.h). Each holds bit for bit:
 *   repeat: a BLAS call is a deterministic function of its arguments and data (same kernel,
 *     same thread count), so calling it again on the same input gives the same bits;
 *   other-interface: in column-major, a CBLAS entry point forwards its arguments to the same
 *     kernels as the Fortran one, so both give the same bits (a library whose two interfaces
 *     compute differently shows here);
 *   layout-duality (gemm): row-major storage of C is column-major storage of C^T, and
 *     (op(A) op(B))^T = op(B)^T op(A)^T, so the call with the other layout, A and B swapped
 *     (with their leading dimensions and transposes) and m, n swapped writes the same product
 *     into the same memory; CBLAS implements one layout by exactly this swap, so the bits agree. */
#include "level23_relations.h"
#include <string.h>
#include "mlf_capture.h"

static long first_difference(const level23_operand *x, const level23_operand *y, size_t elem_size) {
  const unsigned char *a = x->store.data, *b = y->store.data;
  for (size_t e = 0; e < x->store.count; e++)
    if (memcmp(a + e * elem_size, b + e * elem_size, elem_size) != 0) return (long)e;
  return -1;
}

const char *level23_relation_check(const blas_backend *b, const level23_problem *pb,
                                   Mlf__Blas__Level23Case__Relation relation,
                                   const level23_operand *out, long *offset) {
  int is_gemm = strcmp(pb->routine->name, "gemm") == 0;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__OTHER_INTERFACE && pb->row_major) return NULL;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__LAYOUT_DUALITY && (!is_gemm || pb->fortran)) return NULL;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__NO_RELATION) return NULL;
  level23_operand second;
  level23_clone_output(pb, &second);
  level23_args args = level23_args_for(pb, &second);
  int fortran = pb->fortran;
  const char *kind = "relation-repeat";
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__OTHER_INTERFACE) {
    fortran = !fortran;
    kind = "relation-other-interface";
  } else if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__LAYOUT_DUALITY) {
    level23_args swapped = args;
    swapped.row_major = !args.row_major;
    swapped.m = args.n, swapped.n = args.m;
    swapped.a = args.b, swapped.b = args.a, swapped.lda = args.ldb, swapped.ldb = args.lda;
    swapped.trans = args.trans_b, swapped.trans_b = args.trans;
    args = swapped;
    kind = "relation-layout-duality";
  }
  mlf_capture_begin(b->name);
  int ran = level23_call(b, pb->routine, &pb->p, fortran, &args);
  mlf_error_record err;
  mlf_capture_end(&err);
  *offset = ran ? first_difference(out, &second, pb->p.elem_size) : -1;
  blas_matrix_free(&second.store);
  return *offset >= 0 ? kind : NULL;
}
