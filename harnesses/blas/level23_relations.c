/* Metamorphic relations (see level23_relations.h): a second call of the same backend on a
 * transformed, equivalent problem. "Judged" below means the follow-up's output, laid back
 * into the plain output's storage, must pass the judgement the plain output passed (each
 * within its rigorous bound of the exact result, so within twice the bound of each other;
 * the NaN, Inf and storage rules alike), up to the deviant NaN/Inf semantics the differential
 * oracle names, which another branch may legitimately follow (measured: netlib zgemm with
 * k = 0 and alpha = NaN keeps beta C for N, N and gives NaN for T, T). "The same bits" counts any two NaNs as equal: IEEE
 * 754 leaves a NaN's sign and payload to the order of the operands (measured: OpenBLAS chpmv on
 * reversed strided vectors gives -NaN where the plain call gives +NaN). Why each relation
 * holds, and how exactly:
 *   repeat: a BLAS call is a deterministic function of its arguments and data (same kernel,
 *     same thread count), so calling it again on the same input gives the same bits;
 *   other-interface: in column-major, a CBLAS entry point forwards its arguments to the same
 *     kernels as the Fortran one, so both give the same bits (a library whose two interfaces
 *     compute differently shows here);
 *   layout-duality: row-major storage of X is column-major storage of X^T, so the call in the
 *     other layout on the transposed problem (level23_duality.c: operands, sizes, uplo, side
 *     and trans swapped or flipped) writes the same result into the same memory; a CBLAS
 *     implements one layout by exactly this swap, so the bits agree; except syr2 and spr2,
 *     where A^T = alpha y x^T + alpha x y^T lets a CBLAS swap x and y (ATLAS does), which adds
 *     the two terms in the other order: judged;
 *   scale-pow2 (routines with alpha and beta, not the solves): every operation of any
 *     evaluation order is homogeneous (fl(2x + 2y) = 2 fl(x + y), fl((2x) y) = 2 fl(x y)) as
 *     long as no product underflows or anything overflows, so doubling alpha and beta doubles
 *     every element the routine writes, bit for bit, provided the library takes the same path
 *     for both calls; libraries branch on a scalar being 0 or +-1 (ATLAS sums syrk in another
 *     order for beta = 1) and ATLAS's complex level 3 on a real scalar's magnitude against 1
 *     (measured: alpha 0.75 and 1.5 take different paths), so it applies when no scalar part
 *     is 0 (real) or +-1 before or after doubling, none crosses magnitude 1, and every value
 *     read is zero or between 2^-20 and 2^20 in magnitude (products stay normal, sums finite);
 *   ld-padding: the BLAS locates element (i, j) through the leading dimension alone, so larger
 *     leading dimensions give the same result; the padding is whole 64-byte lines, so every
 *     element keeps its address modulo 64 (a buffer ends at a page, or starts at one, and
 *     grows by a multiple of 64) and alignment peeling is unchanged: the same bits when every
 *     matrix was padded already; a matrix without padding is contiguous and kernels may
 *     legitimately treat it otherwise (measured: OpenBLAS sgemv_t with lda = m, BLIS gemm and
 *     geru with a dimension of 1 choose the orientation by the strides): judged then; the
 *     padding holds sentinel NaNs, which a read carries into the result, and must stay put;
 *   increment-sign: the BLAS defines element i of a vector with a negative increment at
 *     (n - 1 - i)|inc| from its start, so storage reversed with every increment negated holds
 *     the same logical vectors: the same bits when every vector is strided (|inc| >= 2:
 *     kernels walk or copy both alike); a unit-stride vector is used in place where its
 *     reversal is copied or walked otherwise (measured: OpenBLAS, BLIS and ATLAS gemv, ger,
 *     symv, trmv, ...), which may change the rounding: judged then;
 *   split-k (gemm): C1 = alpha A1 B1 + beta C over the first k1 terms, then alpha A2 B2 + C1
 *     (beta = 1) over the rest is C in exact arithmetic; with the harness's bound
 *     b = gamma_N M + U of one element (N = k + 3 real operations, 2k + 6 complex;
 *     M = |alpha| sum |a||b| + |beta||c|; U the underflow term, >= 2 P tiny, P = 2 real,
 *     4 complex), the first call errs by <= gamma_N M1 + U1, the second by
 *     <= gamma_N (|alpha||A2||B2| + |C1|) + U2 with |C1| <= (1 + gamma_N) M1 + U1, and
 *     U1 + U2 = U + 3 P tiny <= 2.5 U (beta = 1 adds 1 + 2 to the factors), so the split
 *     result is within gamma_N M (2 + gamma_N) + (1 + gamma_N) 2.5 U <= 2.5 (1 + gamma_N) b
 *     of the exact value and within (1 + 2.5 (1 + gamma_N)) b of the one-call result (finite
 *     values only, where the bound applies);
 *   transpose-identity (gemm): (op(A) op(B))^T = op(B)^T op(A)^T, so the call with A and B
 *     swapped, their transposes flipped (N <-> T; a complex conjugate transpose has none),
 *     m and n swapped, on the transposed C, computes each element from the same terms, but
 *     kernels apply alpha and block differently per transpose case (netlib scales B for NN,
 *     the sum for TT): judged;
 *   linearity-alpha (routines with alpha and beta, trmm): with beta = 0 in both calls (C is
 *     not read: the same path) and alpha times 2^e, 1 <= |e| <= 4, every operation is
 *     homogeneous as for scale-pow2 (the same conditions on alpha and the values read, which
 *     keep products normal and sums finite after the scaling), so the result is exactly 2^e
 *     times the other;
 *   linearity-beta (routines with beta): (2 beta)(c / 2) is the same real number as beta c for
 *     every part of every product (complex ones too), so with C halved exactly and alpha, A, B
 *     untouched every operation sees the same operands and the call with (2 beta, C / 2) gives
 *     the same bits as (beta, C), underflow and overflow of beta c included, provided the
 *     library takes the same path: it applies when beta is finite, 2 beta does not overflow, no
 *     part of beta is 0 (real), +-1 or crosses magnitude 1 when doubled (as for scale-pow2),
 *     real |beta / alpha| does not cross 1 either (measured: ATLAS's real gemm computes
 *     alpha (A B + (beta / alpha) C) when |beta| <= |alpha|, alpha A B + beta C otherwise; its
 *     complex gemm does not), C is read (no quick return), and every part of C halves exactly
 *     (not a tiny one whose last bit falls off the subnormal range);
 *   permutation (gemm, gemv, symv/hemv, spmv/hpmv, symm/hemm, syrk/herk, syr2k/her2k):
 *     P (A B) Q^T = (P A)(B Q^T), P (A x) = (P A) x, (P A P^T)(P x) = P (A x), and
 *     P (A A^T) P^T = (P A)(P A)^T, so the call with the output's rows permuted by P and its
 *     columns by Q (Q = P for the rank-k updates), every operand moved accordingly
 *     (level23_permute.c: a stored triangle rebuilt from the permuted full matrix) and the
 *     input C permuted too,
 *     gives the permuted result in exact arithmetic; each element of gemm and gemv is the same
 *     sum in the same order, but kernels place rows in vector bodies and scalar tails that
 *     round otherwise (measured: OpenBLAS and BLIS gemm, OpenBLAS, BLIS and ATLAS gemv differ
 *     in the last bits, netlib's do not), and a symmetric operand's elements are summed in the
 *     permuted order (every library measured differs): judged. */
#include "level23_relations.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "blas_known_crashes.h"
#include "level23_compare.h"
#include "level23_duality.h"
#include "level23_permute.h"
#include "level23_restore.h"
#include "mlf_capture.h"
#include "mlf_rng.h"
#include "mlf_scratch.h"

enum { A, B, C, X, Y, OPERANDS };

static const level23_operand *operand(const level23_problem *pb, int which) {
  return (const level23_operand *[]){&pb->a, &pb->b, &pb->c, &pb->x, &pb->y}[which];
}

/* Real part of a scalar argument of the precision. */
static double scalar_re(const void *s, const blas_precision *p) {
  return p->is_double ? *(const double *)s : *(const float *)s;
}

/* Calls the follow-up unless the backend is known to crash on it (the predicates see the
 * follow-up's own arguments); 0 when not called or unsupported. */
static int call(const blas_backend *b, const level23_problem *pb, int fortran, const level23_args *a) {
  level23_problem view = *pb;
  view.row_major = a->row_major, view.fortran = fortran, view.trans = a->trans;
  view.trans_b = a->trans_b, view.lower = a->lower, view.right_side = a->right_side;
  view.m = a->m, view.n = a->n, view.k = a->k;
  view.a.store.ld = (size_t)a->lda, view.b.store.ld = (size_t)a->ldb, view.c.store.ld = (size_t)a->ldc;
  view.x.inc = a->incx, view.y.inc = a->incy;
  view.alpha[0] = scalar_re(a->alpha, &pb->p), view.beta[0] = scalar_re(a->beta, &pb->p);
  if (blas_level23_known_crash(b, &view)) return 0;
  mlf_capture_begin(b->name);
  int ran = level23_call(b, pb->routine, &pb->p, fortran, a);
  mlf_capture_end(NULL);
  return ran;
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

/* A scalar part v that a library may treat on another path than factor v: special (0 for a
 * real part, +-1) before or after, or on the other side of magnitude 1. */
static int path_may_change(double v, double factor, int imaginary) {
  double a = fabs(v), b = fabs(factor * v);
  return (!imaginary && a == 0) || a == 1 || b == 1 || (a < 1) != (b < 1);
}

/* alpha and, with_beta, beta keep their path when multiplied by factor. */
static int same_path_scaled(const level23_problem *pb, double factor, int with_beta) {
  for (int part = 0; part < 2; part++)
    if (path_may_change(pb->alpha[part], factor, part) ||
        (with_beta && path_may_change(pb->beta[part], factor, part)))
      return 0;
  return 1;
}

static int has_beta(const level23_problem *pb) {
  level23_op op = pb->routine->op;
  return op == OP_MV || op == OP_MM || op == OP_RK || op == OP_R2K;
}

/* The scalars and the values read (C only when with_c) are plain, so scaling by a power of
 * two up to 2^4 either way neither underflows nor overflows. */
static int plain_problem(const level23_problem *pb, int with_c) {
  const blas_product *pr = pb->product;
  blas_cld scalars[2] = {{pb->alpha[0], pb->alpha[1]}, {pb->beta[0], pb->beta[1]}};
  return plain(scalars, with_c ? 2 : 1) && plain(pr->left, pr->m * pr->k) &&
         plain(pr->right, pr->k * pr->n) && (!with_c || plain(pr->c_in, pr->m * pr->n));
}

/* kind, or kind-<semantics> when a deviant semantics names the follow-up's deviation
 * (level23_first_mismatch), in a buffer kept until the next call; NULL without a mismatch. */
static const char *named(const char *kind, long offset, blas_semantics explained) {
  static char buf[96];
  if (offset < 0) return NULL;
  if (explained == BLAS_SEM_EXACT) return kind;
  snprintf(buf, sizeof buf, "%s-%s", kind, blas_semantics_names[explained]);
  return buf;
}

/* Every scalar and value the product reads (C when beta != 0) is finite. */
static int finite_inputs(const level23_problem *pb) {
  const blas_product *pr = pb->product;
  int beta_zero = pb->beta[0] == 0 && pb->beta[1] == 0;
  size_t counts[3] = {pr->m * pr->k, pr->k * pr->n, beta_zero ? 0 : pr->m * pr->n};
  const blas_cld *arrays[3] = {pr->left, pr->right, pr->c_in};
  for (int s = 0; s < 2; s++)
    if (!isfinite(pb->alpha[s]) || !isfinite(pb->beta[s])) return 0;
  for (int a = 0; a < 3; a++)
    for (size_t e = 0; e < counts[a]; e++)
      if (!isfinite(arrays[a][e].re) || !isfinite(arrays[a][e].im)) return 0;
  return 1;
}

/* The relations that re-run the case with other arguments on a fresh copy of the output:
 * repeat, other-interface, layout-duality, scale-pow2. */
static const char *same_memory(const blas_backend *b, const level23_problem *pb,
                               Mlf__Blas__Level23Case__Relation relation,
                               const level23_operand *out, long *offset) {
  level23_operand second;
  level23_clone_output(pb, &second);
  level23_args args = level23_args_for(pb, &second);
  int fortran = pb->fortran, applies = 1, exact = 1;
  double conj_alpha[2];
  float conj_alpha_f[2];
  double alpha2[2] = {2 * pb->alpha[0], 2 * pb->alpha[1]}, beta2[2] = {2 * pb->beta[0], 2 * pb->beta[1]};
  float alpha2_f[2] = {(float)alpha2[0], (float)alpha2[1]}, beta2_f[2] = {(float)beta2[0], (float)beta2[1]};
  const char *kind = "relation-repeat";
  if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__OTHER_INTERFACE) {
    applies = !pb->row_major;
    fortran = !fortran;
    kind = "relation-other-interface";
  } else if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__LAYOUT_DUALITY) {
    applies = level23_dual_args(pb, &args, conj_alpha, conj_alpha_f);
    exact = pb->routine->op != OP_R2;
    fortran = 0;
    kind = "relation-layout-duality";
  } else if (relation == MLF__BLAS__LEVEL23_CASE__RELATION__SCALE_POW2) {
    applies = pb->product && has_beta(pb) && same_path_scaled(pb, 2, 1) && plain_problem(pb, 1);
    args.alpha = pb->p.is_double ? (const void *)alpha2 : alpha2_f;
    args.beta = pb->p.is_double ? (const void *)beta2 : beta2_f;
    kind = "relation-scale-pow2";
  }
  *offset = -1;
  blas_semantics explained = BLAS_SEM_EXACT;
  if (applies && call(b, pb, fortran, &args))
    *offset = relation == MLF__BLAS__LEVEL23_CASE__RELATION__SCALE_POW2
                  ? level23_first_not_scaled(out, &second, &pb->p, 2)
                  : level23_first_mismatch(pb, out, &second, L23_SAME_STORAGE, exact, &explained);
  blas_matrix_free(&second.store);
  return named(kind, *offset, explained);
}

/* Points the argument for operand `which` at o (data and leading dimension or increment). */
static void use_operand(level23_args *a, int which, level23_operand *o) {
  void *data = o->store.data;
  int ld = (int)o->store.ld;
  switch (which) {
    case A: a->a = data, a->lda = ld; break;
    case B: a->b = data, a->ldb = ld; break;
    case C: a->c = data, a->ldc = ld; break;
    case X: a->x = data, a->incx = o->inc; break;
    default: a->y = data, a->incy = o->inc;
  }
}

/* The ld-padding relation's extra padding in elements: 1 to 8 whole 64-byte lines. */
static size_t padding(const level23_problem *pb) {
  return (64 / pb->p.elem_size) * (1 + pb->relation_knob % 8);
}

/* ld-padding (vectors = 0) and increment-sign (vectors = 1): every matrix with lines (every
 * vector) re-stored, the call repeated on the copies. */
static const char *restored(const blas_backend *b, const level23_problem *pb, int vectors,
                            const level23_operand *out, long *offset) {
  level23_operand copies[OPERANDS], second;
  int made[OPERANDS] = {0}, any = 0, exact = 1, w_out = 0;
  level23_args args = level23_args_for(pb, out);
  for (int w = 0; w < OPERANDS; w++) {
    const level23_operand *o = operand(pb, w);
    if (o == pb->output) w_out = w;
    if (!pb->has[w] || o->is_vector != vectors) continue;
    if (vectors ? o->len < 2 : o->store.lines < 2) continue; /* nothing to reverse or pad */
    exact &= vectors ? o->store.ld >= 2 : o->store.ld > o->store.line_len;
    size_t ld = vectors ? o->store.ld : o->store.ld + padding(pb);
    level23_restore(&copies[w], o, &pb->p, ld, vectors, pb->side, vectors ? "reversed" : "padded");
    if (o != pb->output) mlf_guard_set_readonly(copies[w].store.data, 1);
    use_operand(&args, w, &copies[w]);
    made[w] = any = 1;
  }
  if (!made[w_out]) {
    level23_clone_output(pb, &second);
    use_operand(&args, w_out, &second);
  }
  *offset = -1;
  blas_semantics explained = BLAS_SEM_EXACT;
  if (any && call(b, pb, pb->fortran, &args))
    *offset = made[w_out] ? level23_first_mismatch(pb, out, &copies[w_out], L23_RESTORED, exact, &explained)
                          : level23_first_mismatch(pb, out, &second, L23_SAME_STORAGE, exact, &explained);
  for (int w = 0; w < OPERANDS; w++)
    if (made[w]) {
      mlf_guard_set_readonly(copies[w].store.data, 0);
      blas_matrix_free(&copies[w].store);
    }
  if (!made[w_out]) blas_matrix_free(&second.store);
  return named(vectors ? "relation-increment-sign" : "relation-ld-padding", *offset, explained);
}

static int is_gemm(const level23_problem *pb) { return strcmp(pb->routine->name, "gemm") == 0; }

/* split-k: two gemm calls over k1 = 1 + knob mod (k - 1) and k - k1 terms, the second with
 * beta = 1. */
static const char *split_k(const blas_backend *b, const level23_problem *pb,
                           const level23_operand *out, long *offset) {
  *offset = -1;
  /* an overflow is judged by the allowed set (level23_first_outside) */
  if (!is_gemm(pb) || pb->k < 2 || pb->m == 0 || pb->n == 0 || !finite_inputs(pb)) return NULL;
  int k1 = 1 + (int)(pb->relation_knob % (uint32_t)(pb->k - 1));
  static const double one_d[2] = {1, 0};
  static const float one_f[2] = {1, 0};
  level23_operand second;
  level23_clone_output(pb, &second);
  level23_args first = level23_args_for(pb, &second), rest = first;
  first.k = k1, rest.k = pb->k - k1;
  rest.beta = pb->p.is_double ? (const void *)one_d : one_f;
  /* The rest starts at op(A)'s column k1 and op(B)'s row k1. */
  long a_at = pb->trans ? level23_slot(&pb->a, (size_t)k1, 0) : level23_slot(&pb->a, 0, (size_t)k1);
  long b_at = pb->trans_b ? level23_slot(&pb->b, 0, (size_t)k1) : level23_slot(&pb->b, (size_t)k1, 0);
  rest.a = (char *)first.a + (size_t)a_at * pb->p.elem_size;
  rest.b = (char *)first.b + (size_t)b_at * pb->p.elem_size;
  double ops = pb->p.is_complex ? 2.0 * pb->k + 6 : pb->k + 3.0;
  double gamma = mlf_gamma(ops, pb->p.unit_roundoff);
  if (call(b, pb, pb->fortran, &first) && call(b, pb, pb->fortran, &rest)) {
    *offset = level23_first_outside(pb, out, &second, 1 + 2.5 * (1 + gamma));
    if (*offset < 0 && !blas_matrix_padding_intact(&second.store, &pb->p)) *offset = 0;
  }
  blas_matrix_free(&second.store);
  return *offset >= 0 ? "relation-split-k" : NULL;
}

/* transpose-identity: C^T = op(B)^T op(A)^T into a transposed copy of C. */
static const char *transpose_identity(const blas_backend *b, const level23_problem *pb,
                                      const level23_operand *out, long *offset) {
  *offset = -1;
  int ta = level23_flipped_trans(pb->trans_b, &pb->p), tb = level23_flipped_trans(pb->trans, &pb->p);
  if (!is_gemm(pb) || ta < 0 || tb < 0) return NULL;
  level23_operand ct;
  level23_transpose_copy(&ct, pb->output, &pb->p, pb->side, "C^T");
  level23_args args = level23_args_for(pb, &ct);
  args.m = pb->n, args.n = pb->m, args.trans = ta, args.trans_b = tb;
  args.a = pb->b.store.data, args.lda = (int)pb->b.store.ld;
  args.b = pb->a.store.data, args.ldb = (int)pb->a.store.ld;
  args.c = ct.store.data, args.ldc = (int)ct.store.ld;
  blas_semantics explained = BLAS_SEM_EXACT;
  if (call(b, pb, pb->fortran, &args))
    *offset = level23_first_mismatch(pb, out, &ct, L23_TRANSPOSED, 0, &explained);
  blas_matrix_free(&ct.store);
  return named("relation-transpose-identity", *offset, explained);
}

/* linearity-alpha: two calls with beta = 0, with alpha and with 2^e alpha, e = 1 + knob mod 4,
 * negative when knob / 4 is odd. */
static const char *linearity_alpha(const blas_backend *b, const level23_problem *pb, long *offset) {
  *offset = -1;
  uint32_t knob = pb->relation_knob;
  double factor = ldexp(1, (int)(1 + knob % 4) * ((knob / 4) % 2 ? -1 : 1));
  if (!pb->product || !(has_beta(pb) || pb->routine->op == OP_TRMM) ||
      !same_path_scaled(pb, factor, 0) || !plain_problem(pb, 0))
    return NULL;
  static const double zero_d[2] = {0, 0};
  static const float zero_f[2] = {0, 0};
  double scaled[2] = {factor * pb->alpha[0], factor * pb->alpha[1]};
  float scaled_f[2] = {(float)scaled[0], (float)scaled[1]};
  level23_operand plain_out, scaled_out;
  level23_clone_output(pb, &plain_out);
  level23_clone_output(pb, &scaled_out);
  level23_args first = level23_args_for(pb, &plain_out), second = level23_args_for(pb, &scaled_out);
  first.beta = second.beta = pb->p.is_double ? (const void *)zero_d : zero_f;
  second.alpha = pb->p.is_double ? (const void *)scaled : scaled_f;
  if (call(b, pb, pb->fortran, &first) && call(b, pb, pb->fortran, &second))
    *offset = level23_first_not_scaled(&plain_out, &scaled_out, &pb->p, factor);
  blas_matrix_free(&plain_out.store);
  blas_matrix_free(&scaled_out.store);
  return *offset >= 0 ? "relation-linearity-alpha" : NULL;
}

/* A copy of the output with every finite part of every element halved; 0 when a halving is
 * inexact (a tiny part whose last bit falls off the subnormal range). */
static int halved_output(const level23_problem *pb, level23_operand *half) {
  const blas_precision *p = &pb->p;
  size_t part_size = p->elem_size / (p->is_complex ? 2 : 1);
  level23_clone_output(pb, half);
  for (size_t i = 0; i < level23_rows(half); i++)
    for (size_t j = 0; j < level23_cols(half); j++) {
      long slot = level23_slot(half, i, j);
      for (int part = 0; slot >= 0 && part < (p->is_complex ? 2 : 1); part++) {
        char *v = (char *)half->store.data + (size_t)slot * p->elem_size + (size_t)part * part_size;
        if (p->is_double) {
          double x = *(double *)v, h = x / 2;
          if (!isfinite(x)) continue; /* NaN sentinels and Inf keep their bits */
          if (2 * h != x) return 0;
          *(double *)v = h;
        } else {
          float x = *(float *)v, h = x / 2;
          if (!isfinite(x)) continue; /* NaN sentinels and Inf keep their bits */
          if (2 * h != x) return 0;
          *(float *)v = h;
        }
      }
    }
  return 1;
}

/* linearity-beta: one more call with 2 beta on C / 2, against the plain call's output. */
static const char *linearity_beta(const blas_backend *b, const level23_problem *pb,
                                  const level23_operand *out, long *offset) {
  *offset = -1;
  for (int part = 0; part < 2; part++)
    if (!(fabs(2 * pb->beta[part]) <= pb->p.max)) return NULL;
  if (!pb->product || !has_beta(pb) || pb->quick_return) return NULL;
  if (path_may_change(pb->beta[0], 2, 0) || path_may_change(pb->beta[1], 2, 1)) return NULL;
  double ratio = fabs(pb->beta[0] / pb->alpha[0]);
  if (!pb->p.is_complex && (ratio <= 1) != (2 * ratio <= 1)) return NULL;
  level23_operand half;
  double beta2[2] = {2 * pb->beta[0], 2 * pb->beta[1]};
  float beta2_f[2] = {(float)beta2[0], (float)beta2[1]};
  if (halved_output(pb, &half)) {
    level23_args args = level23_args_for(pb, &half);
    args.beta = pb->p.is_double ? (const void *)beta2 : beta2_f;
    if (call(b, pb, pb->fortran, &args))
      *offset = level23_first_mismatch(pb, out, &half, L23_SAME_STORAGE, 1, &(blas_semantics){0});
  }
  blas_matrix_free(&half.store);
  return *offset >= 0 ? "relation-linearity-beta" : NULL;
}

/* A permutation of 0 .. n - 1 (Fisher-Yates) into perm and its inverse into inv. */
static void draw_permutation(mlf_rng *rng, size_t n, size_t *perm, size_t *inv) {
  for (size_t i = 0; i < n; i++) perm[i] = i;
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)mlf_rng_below(rng, i), t = perm[i - 1];
    perm[i - 1] = perm[j], perm[j] = t;
  }
  for (size_t i = 0; i < n; i++) inv[perm[i]] = i;
}

/* permutation: the output's rows by P and columns by Q, drawn from the knob (Q = P for a
 * symmetric output), every operand moved accordingly; the follow-up's output is permuted back
 * into the plain output's storage and compared there. */
static const char *permutation(const blas_backend *b, const level23_problem *pb,
                               const level23_operand *out, long *offset) {
  *offset = -1;
  if (!pb->product || !level23_permutable(pb)) return NULL;
  static mlf_scratch scratch;
  size_t rows = level23_rows(pb->output), cols = level23_cols(pb->output);
  size_t *P = mlf_scratch_get(&scratch, (2 * rows + 2 * cols + 1) * sizeof *P);
  size_t *P_inv = P + rows, *Q = P_inv + rows, *Q_inv = Q + cols;
  mlf_rng rng;
  mlf_rng_seed(&rng, pb->relation_knob);
  draw_permutation(&rng, rows, P, P_inv);
  if (pb->routine->op == OP_RK || pb->routine->op == OP_R2K) Q = P, Q_inv = P_inv;
  else draw_permutation(&rng, cols, Q, Q_inv);
  level23_operand copies[OPERANDS];
  level23_args args = level23_args_for(pb, out);
  int w_out = 0;
  for (int w = 0; w < OPERANDS; w++) {
    const level23_operand *o = operand(pb, w);
    const size_t *by_row, *by_col;
    if (!pb->has[w]) continue;
    if (o == pb->output) w_out = w;
    level23_operand_perms(pb, o, P, Q, &by_row, &by_col);
    level23_permuted_copy(&copies[w], o, &pb->p, by_row, by_col, pb->side, "permuted");
    if (o != pb->output) mlf_guard_set_readonly(copies[w].store.data, 1);
    use_operand(&args, w, &copies[w]);
  }
  blas_semantics explained = BLAS_SEM_EXACT;
  if (call(b, pb, pb->fortran, &args)) {
    level23_operand back;
    level23_permuted_copy(&back, &copies[w_out], &pb->p, P_inv, out->is_vector ? NULL : Q_inv,
                          pb->side, "permuted back");
    *offset = level23_first_mismatch(pb, out, &back, L23_SAME_STORAGE, 0, &explained);
    blas_matrix_free(&back.store);
  }
  for (int w = 0; w < OPERANDS; w++)
    if (pb->has[w]) {
      mlf_guard_set_readonly(copies[w].store.data, 0);
      blas_matrix_free(&copies[w].store);
    }
  return named("relation-permutation", *offset, explained);
}

const char *level23_relation_check(const blas_backend *b, const level23_problem *pb,
                                   Mlf__Blas__Level23Case__Relation relation,
                                   const level23_operand *out, long *offset) {
  *offset = -1;
  switch (relation) {
    case MLF__BLAS__LEVEL23_CASE__RELATION__NO_RELATION: return NULL;
    case MLF__BLAS__LEVEL23_CASE__RELATION__LD_PADDING: return restored(b, pb, 0, out, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__INCREMENT_SIGN: return restored(b, pb, 1, out, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__SPLIT_K: return split_k(b, pb, out, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__TRANSPOSE_IDENTITY: return transpose_identity(b, pb, out, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__LINEARITY_ALPHA: return linearity_alpha(b, pb, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__LINEARITY_BETA: return linearity_beta(b, pb, out, offset);
    case MLF__BLAS__LEVEL23_CASE__RELATION__PERMUTATION: return permutation(b, pb, out, offset);
    default: return same_memory(b, pb, relation, out, offset);
  }
}
