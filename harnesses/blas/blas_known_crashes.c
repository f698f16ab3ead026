/* Preconditions of the known library crashes (see blas_known_crashes.h). */
#include "blas_known_crashes.h"
#include <math.h>
#include <string.h>
#include "mlf_report.h"

/* BLIS 0.9.0 sgemm (haswell kernel set) reads past the last element of C when alpha != 0,
 * k > 0 and the dimension of C that is contiguous in memory has a length of 2, 3, 10, 11, 14
 * or 15 modulo 16 while the other is at least 2, even with beta = 0 (when C must not be read
 * at all); leading-dimension padding does not help, the over-read is past the end. */
static int blis_sgemm_reads_past_c(const blas_gemm_problem *g) {
  size_t contiguous = g->row_major ? g->n : g->m, other = g->row_major ? g->m : g->n;
  unsigned r = (unsigned)(contiguous % 16);
  return g->p.letter == 's' && g->alpha[0] != 0 && g->k > 0 && other >= 2 &&
         (r == 2 || r == 3 || r == 10 || r == 11 || r == 14 || r == 15);
}

/* BLIS 0.9.0 sgemm also reads past the end of B (column-major; of A in row-major, where the
 * roles swap) when op(A) is transposed and op(B) is not (column-major view), for shapes seen
 * so far: n = 4 with k >= 2 not a multiple of 8 and m >= 16; m = 7, n = 32,
 * k = 25 (row-major); n = 10, k = 1, m = 32. The envelope is not known exactly, so every such
 * call counts. */
static int blis_sgemm_reads_past_b(const blas_gemm_problem *g) {
  int a_t = g->trans_a != MLF__BLAS__TRANSPOSE__NO_TRANS, b_t = g->trans_b != MLF__BLAS__TRANSPOSE__NO_TRANS;
  int shape = g->row_major ? (!a_t && b_t) : (a_t && !b_t);
  return g->p.letter == 's' && g->alpha[0] != 0 && shape && g->k >= 1;
}

/* oneDNN 2.6.3 dnnl_sgemm with K = 0 returns C unchanged instead of beta C (K = 1 is right):
 * wrong whenever beta != 1; every such call counts. */
static int dnnl_k_zero_ignores_beta(const blas_gemm_problem *g) {
  return g->p.letter == 's' && g->k == 0 && g->m > 0 && g->n > 0 && g->beta[0] != 1;
}

const char *blas_gemm_known_crash(const char *backend, const blas_gemm_problem *g) {
  if (strcmp(backend, "onednn") == 0 && dnnl_k_zero_ignores_beta(g)) return "k-zero-ignores-beta";
  if (strcmp(backend, "blis") == 0 && blis_sgemm_reads_past_c(g)) return "read-past-c";
  if (strcmp(backend, "blis") == 0 && blis_sgemm_reads_past_b(g)) return "read-past-b";
  return NULL;
}

/* GSL 2.7.1 cblas c/zher2k indexes C with lda instead of ldc (source_her2k.h) in the branch
 * it takes for row-major op = C (column-major op = N, which it maps there): with lda > ldc it
 * writes past the end of C (a fault), with lda < ldc it writes outside C's triangle and
 * leaves wrong values; lda = ldc is right. The loops run when n, k and alpha are nonzero. */
static int gsl_her2k_c_indexed_with_lda(const level23_problem *pb) {
  int lda_branch = pb->row_major ? pb->trans != 0 : pb->trans == 0;
  return lda_branch && pb->a.store.ld != pb->c.store.ld && pb->n > 0 && pb->k > 0 &&
         (pb->alpha[0] != 0 || pb->alpha[1] != 0);
}

/* OpenBLAS 0.3.21 c/ztrmm scale B by alpha first with c/zgemm_beta (kernel/x86_64/zgemm_beta.S),
 * whose beta == 0 test takes 0 + NaN i for zero (the cgemm beta bug of the blas_gemm entries):
 * with alpha = 0 + NaN i, B comes back all zeros where every element is NaN. A wrong result,
 * not a crash: every such call counts. */
static int openblas_trmm_nan_alpha_as_zero(const level23_problem *pb) {
  return pb->p.is_complex && pb->alpha[0] == 0 && isnan(pb->alpha[1]);
}

/* The prebuilt OpenBLAS 0.3.21 libraries read past the end of x in complex gemv and hemv
 * (c/zgemv_n, _t, _r kernels; every kernel set, Cooperlake and Zen included: chemv 14 x 14
 * faults in cgemv_n_4.c on Prescott to Nehalem, where the other regress inputs do not), in either
 * layout and every threading variant (seen: zhemv n = 6 row-major, chemv 5 x 6 Fortran, zgemv
 * 7 x 38 row-major and 18 x 8 Fortran, cgemv 59 x 199 threaded): every complex gemv and hemv
 * on them counts, broader than seen. GSL cblas syr2k with op = T (or C) accesses past the end
 * of C (seen in row-major, real and complex) and with op = N writes outside the triangle it
 * owns (seen column-major lower): every GSL syr2k call counts. BLIS sgemm: the gemm
 * predicates above, on the same problem. */
static const char *level23_crash(const blas_backend *b, const level23_problem *pb) {
  const char *name = pb->routine->name, *backend = b->name;
  /* The prebuilt OpenBLAS with the Prescott, Core2 or Penryn kernel sets reads past the end of
   * A or y in ssymv, upper and lower, either layout (symv_U_sse.S, symv_L_sse.S; seen past A
   * in column-major upper n = 15, 33 and row-major n = 8, lower n = 6 with incx = -2, past y in
   * row-major n = 5, 13, 126): every ssymv on them counts, broader than seen. */
  int old_core = strstr(b->identity, "core Prescott") || strstr(b->identity, "core Core2") ||
                 strstr(b->identity, "core Penryn");
  if (strncmp(backend, "openblas-", 9) == 0 && old_core && strcmp(name, "symv") == 0 &&
      pb->p.letter == 's')
    return pb->row_major ? "read-past-end" : "read-past-a";
  /* zhemv_U is kernel/x86_64/zsymv_U_sse2.S on every x86-64 kernel set (kernel/x86_64/KERNEL;
   * no KERNEL.<core> overrides it), and it reads past the end of y in column-major upper zhemv
   * with an odd n (seen n = 3, 5, 17; even n, lower, row-major and chemv are clean): in the
   * instrumented OpenBLAS (HASWELL build) and in the prebuilt ones with the Prescott, Core2,
   * Penryn or Nehalem kernel sets; on the later sets the read past x below faults first. */
  int nehalem_or_older = old_core || strstr(b->identity, "core Nehalem");
  if ((strcmp(backend, "openblas") == 0 || (strncmp(backend, "openblas-", 9) == 0 && nehalem_or_older)) &&
      strcmp(name, "hemv") == 0 && pb->p.letter == 'z' && !pb->row_major && !pb->lower && pb->n % 2 == 1)
    return "read-past-y";
  if (strncmp(backend, "openblas-", 9) == 0 && pb->p.is_complex &&
      (strcmp(name, "hemv") == 0 || strcmp(name, "gemv") == 0))
    return "read-past-x";
  /* They also read past the end of x in complex trsv with n > 64 and incx = 1 in the
   * column-major view upper, not transposed (row-major: lower, T or C), where the back
   * substitution updates x block by block through c/zgemv_n or _r (seen n = 66, 70, 130, every
   * kernel set and threading variant; n = 65 and other increments are clean). */
  if (strncmp(backend, "openblas-", 9) == 0 && pb->p.is_complex && strcmp(name, "trsv") == 0 &&
      pb->n > 64 && pb->x.inc == 1 && (pb->row_major ? pb->lower && pb->trans : !pb->lower && !pb->trans))
    return "read-past-x";
  /* The threaded ones (pthread, openmp) read past the end of x in complex trmv with incx = 1
   * in the column-major view upper, not transposed (row-major: lower, T or C), once n * n
   * exceeds the interface's threading threshold (36 * 4 * sizeof(FLOAT)^2: n >= 49 in c,
   * 97 in z): driver/level2/trmv_thread.c hands GEMV_N (_R) m = the start of a thread's rows,
   * and the c/zgemv_n kernels read past x when m is 2 mod 4 (seen on two cores: n = 50, 54,
   * ..., 2 mod 4; the split depends on the thread count, so every such call counts). */
  if ((strcmp(backend, "openblas-pthread") == 0 || strcmp(backend, "openblas-openmp") == 0) &&
      pb->p.is_complex && strcmp(name, "trmv") == 0 && pb->x.inc == 1 &&
      (double)pb->n * pb->n > 36.0 * 4 * (pb->p.is_double ? 64 : 16) &&
      (pb->row_major ? pb->lower && pb->trans : !pb->lower && !pb->trans))
    return "read-past-x";
  if (strcmp(backend, "gslcblas") == 0 && strcmp(name, "syr2k") == 0)
    return pb->trans != 0 ? "access-past-c" : "write-outside-result";
  if (strcmp(backend, "gslcblas") == 0 && strcmp(name, "her2k") == 0 && gsl_her2k_c_indexed_with_lda(pb))
    return "c-indexed-with-lda";
  if (strncmp(backend, "openblas", 8) == 0 && strcmp(name, "trmm") == 0 && openblas_trmm_nan_alpha_as_zero(pb))
    return "nan-lost-nan-alpha-as-zero";
  /* netlib CBLAS 3.11 (and BLIS, which ships it) row-major complex gemv and gbmv with
   * CblasConjTrans, M = 0 and N > 0 loop forever on uninitialised bounds (see blas_errors). */
  if ((strcmp(backend, "netlib") == 0 || strcmp(backend, "blis") == 0) && pb->p.is_complex &&
      (strcmp(name, "gemv") == 0 || strcmp(name, "gbmv") == 0) && pb->row_major &&
      !pb->fortran && pb->trans == 2 && pb->m == 0 && pb->n > 0)
    return "cblas-row-conj-hang";
  if (strcmp(name, "gemm") == 0) {
    blas_gemm_problem g = {.p = pb->p, .row_major = pb->row_major,
                           .trans_a = (Mlf__Blas__Transpose)pb->trans,
                           .trans_b = (Mlf__Blas__Transpose)pb->trans_b,
                           .m = (size_t)pb->m, .n = (size_t)pb->n, .k = (size_t)pb->k,
                           .alpha = {pb->alpha[0], pb->alpha[1]}, .beta = {pb->beta[0], pb->beta[1]}};
    return blas_gemm_known_crash(backend, &g);
  }
  return NULL;
}

/* A prediction above counts where its registry rows hold here: BLIS sgemm's over-reads only
 * under the haswell and zen kernel sets, the prebuilt OpenBLAS's only above Nehalem. */
const char *blas_level23_known_crash(const blas_backend *b, const level23_problem *pb) {
  const char *crash = level23_crash(b, pb);
  char tag[MLF_TAG_MAX];
  if (crash) level23_tag(tag, b->name, pb, crash);
  return crash && mlf_known_finding_applies(tag) ? crash : NULL;
}
