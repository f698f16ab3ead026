/* Metamorphic relations (see level23_relations.h). Each holds bit for bit:
 *   repeat: a BLAS call is a deterministic function of its arguments and data (same kernel,
 *     same thread count), so calling it again on the same input gives the same bits;
 *   other-interface: in column-major, a CBLAS entry point forwards its arguments to the same
 *     kernels as the Fortran one, so both give the same bits (a library whose two interfaces
 *     compute differently shows here);
 *   layout-duality (gemm): row-major storage of C is column-major storage of C^T, and
 *     (op(A) op(B))^T = op(B)^T op(A)^T, so the call with the other layout, A and B swapped
 *     (with their leading dimensions and transposes) and m, n swapped writes the same product
 *     into the same memory; CBLAS implements one layout by exactly this swap, so the bits agree;
 *   scale-pow2 (routines with alpha and beta, not the solves): every operation of any
 *     evaluation order is homogeneous (fl(2x + 2y) = 2 fl(x + y), fl((2x) y) = 2 fl(x y)) as
 *     long as no product underflows or anything overflows, so doubling alpha and beta doubles
 *     every element the routine writes, bit for bit, provided the library takes the same path
 *     for both calls; libraries branch on a scalar being 0 or +-1 (ATLAS sums syrk in another
 *     order for beta = 1), so it applies when neither scalar's real part is 0, +-1 or +-1/2
 *     (nor its imaginary part +-1 or +-1/2) and every value read is zero or between 2^-20 and
 *     2^20 in magnitude (products stay normal, sums finite). */
#include "level23_relations.h"
#include <math.h>
#include <string.h>
#include "mlf_capture.h"

static long first_difference(const level23_operand *x, const level23_operand *y, size_t elem_size) {
  const unsigned char *a = x->store.data, *b = y->store.data;
  for (size_t e = 0; e < x->store.count; e++)
    if (memcmp(a + e * elem_size, b + e * elem_size, elem_size) != 0) return (long)e;
  return -1;
}

/* 1 when every value in a dense array is zero or of magnitude in [2^-20, 2^20]. */
static int plain(const blas_cld *v, size_t count) {
  for (size_t i = 0; i < count; i++) {
    long double parts[2] = {fabsl(v[i].re), fabsl(v[i].im)};
    for (int p = 0; p < 2; p++)
      if (parts[p] != 0 && !(parts[p] >= 0x1p-20L && parts[p] <= 0x1p20L)) return 0;
  }
  return 1;
}

/* A scalar part a library may special-case, before or after doubling. */
static int special_part(double v, int imaginary) {
  double a = fabs(v);
  return (!imaginary && a == 0) || a == 1 || a == 0.5;
}

/* Whether scale-pow2 applies: a product routine with both scalars, all values plain. */
static int scalable(const level23_problem *pb) {
  const blas_product *pr = pb->product;
  level23_op op = pb->routine->op;
  if (!pr || !(op == OP_MV || op == OP_MM || op == OP_RK || op == OP_R2K)) return 0;
  for (int part = 0; part < 2; part++)
    if (special_part(pb->alpha[part], part) || special_part(pb->beta[part], part)) return 0;
  blas_cld scalars[2] = {{pb->alpha[0], pb->alpha[1]}, {pb->beta[0], pb->beta[1]}};
  return plain(scalars, 2) && plain(pr->left, pr->m * pr->k) && plain(pr->right, pr->k * pr->n) &&
         plain(pr->c_in, pr->m * pr->n);
}

/* Each element of y is x's, or twice x's (compared in the precision). */
static long first_not_doubled(const level23_operand *x, const level23_operand *y,
                              const blas_precision *p) {
  size_t parts = p->is_complex ? 2 : 1;
  for (size_t e = 0; e < x->store.count * parts; e++) {
    double a = p->is_double ? ((const double *)x->store.data)[e] : ((const float *)x->store.data)[e];
    double b = p->is_double ? ((const double *)y->store.data)[e] : ((const float *)y->store.data)[e];
    size_t half = p->is_double ? 8 : 4;
    if (memcmp((const char *)x->store.data + e * half, (const char *)y->store.data + e * half, half) != 0 &&
        !(b == 2 * a))
      return (long)(e / parts);
  }
  return -1;
}

const char *level23_relation_check(const blas_backend *b, const level23_problem *pb,
                                   Mlf__Blas__Level23Case__Relation relation,
                                   const level23_operand *out, long *offset) {
  int is_gemm = strcmp(pb->routine->name, "gemm") == 0;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__OTHER_INTERFACE && pb->row_major) return NULL;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__LAYOUT_DUALITY && (!is_gemm || pb->fortran)) return NULL;
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__SCALE_POW2 && !scalable(pb)) return NULL;
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
  double alpha2[2] = {2 * pb->alpha[0], 2 * pb->alpha[1]}, beta2[2] = {2 * pb->beta[0], 2 * pb->beta[1]};
  float alpha2_f[2] = {(float)alpha2[0], (float)alpha2[1]}, beta2_f[2] = {(float)beta2[0], (float)beta2[1]};
  int scale = relation == MLF__BLAS__LEVEL23_CASE__RELATION__SCALE_POW2;
  if (scale) {
    args.alpha = pb->p.is_double ? (const void *)alpha2 : alpha2_f;
    args.beta = pb->p.is_double ? (const void *)beta2 : beta2_f;
    kind = "relation-scale-pow2";
  }
  mlf_capture_begin(b->name);
  int ran = level23_call(b, pb->routine, &pb->p, fortran, &args);
  mlf_error_record err;
  mlf_capture_end(&err);
  *offset = !ran ? -1 : scale ? first_not_doubled(out, &second, &pb->p)
                              : first_difference(out, &second, pb->p.elem_size);
  blas_matrix_free(&second.store);
  return *offset >= 0 ? kind : NULL;
}
