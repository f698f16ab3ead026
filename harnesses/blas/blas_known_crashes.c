/* Preconditions of the known library crashes (see blas_known_crashes.h). */
#include "blas_known_crashes.h"
#include <string.h>

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

const char *blas_gemm_known_crash(const char *backend, const blas_gemm_problem *g) {
  if (strcmp(backend, "blis") == 0 && blis_sgemm_reads_past_c(g)) return "read-past-c";
  if (strcmp(backend, "blis") == 0 && blis_sgemm_reads_past_b(g)) return "read-past-b";
  return NULL;
}

/* The prebuilt OpenBLAS 0.3.21 libraries read past the end of x in complex gemv and hemv
 * (c/zgemv_n, _t, _r kernels; SkylakeX, Haswell and Sandybridge kernel sets alike): in
 * row-major calls of every variant (seen: zhemv n = 6; zgemv trans 7 x 38), and in the
 * threaded variants also column-major (seen: cgemv 59 x 199 through Fortran, 256 x 37). The
 * envelope is those conditions for every size, broader than seen; column-major complex gemv
 * on openblas-serial stays tested. */
const char *blas_level23_known_crash(const char *backend, const level23_problem *pb) {
  if (strncmp(backend, "openblas-", 9) != 0 || !pb->p.is_complex) return NULL;
  if (strcmp(pb->routine->name, "hemv") != 0 && strcmp(pb->routine->name, "gemv") != 0) return NULL;
  int threaded = strcmp(backend, "openblas-serial") != 0;
  return pb->row_major || threaded ? "read-past-x" : NULL;
}
