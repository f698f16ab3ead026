/* ATLAS 3.10.3 (Debian libatlas3-base 3.10.3-13) ?gels_ answers a workspace query (LWORK = -1)
 * with min(M, N, NRHS) = 0 without writing WORK(1): INFO = 0 and WORK(1) keeps what the caller
 * left there. LAPACK 3.11 (dgels.f: "If LWORK = -1, then a workspace query is assumed; the
 * routine only calculates the optimal size of the WORK array, returns this value as the first
 * entry of the WORK array"; LWORK >= max(1, MN + max(MN, NRHS))) and netlib's liblapack3
 * 3.11.0-2 answer at least 1 (1 for 0 x 3 with NRHS = 0).
 * LAPACKE 3.11.0-2 (Debian liblapacke) LAPACKE_?gels makes that query into a local of its own
 * (lapacke_cgels.c: "lapack_complex_float work_query; ... LAPACKE_cgels_work(..., &work_query,
 * lwork); lwork = LAPACK_C2INT(work_query); work = LAPACKE_malloc(sizeof(...) * lwork); if
 * (work == NULL) info = LAPACK_WORK_MEMORY_ERROR"): over ATLAS the work size is whatever the
 * stack held there, so a valid call fails with INFO = -1010 or not, run by run (the harness saw
 * it in 1 to 4 runs out of 4 on corpora input atlas-cgels-lapacke-uninitialised-query).
 * This program shows both, deterministically:
 *  1. s, d, c, z ?gels_ queries on 0 x 3 (and 3 x 3, NRHS = 0): WORK(1) preset to -1, a value
 *     no answer takes: expected WORK(1) >= 1, actual -1 (left unwritten);
 *  2. LAPACKE_cgels (row major, M = 0, N = 3, NRHS = 0) called twice, after the stack below
 *     this frame was filled with zero bytes, then with 0xff bytes (a NaN work_query, converted
 *     to INT_MIN): expected INFO = 0 both times, actual 0 then -1010.
 * Exit 1 while the bug shows (either part), 0 once it is gone.
 * tags: mlf:blas_lapack:atlas:?gels:lapacke-memory-error
 * link: /usr/lib/x86_64-linux-gnu/liblapacke.so.3 /usr/lib/x86_64-linux-gnu/atlas/liblapack.so.3 -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/atlas
 */
#include <stdio.h>
#include <string.h>

typedef void gels_fn(const char *trans, const int *m, const int *n, const int *nrhs, void *a,
                     const int *lda, void *b, const int *ldb, void *work, const int *lwork,
                     int *info, size_t trans_len);
extern gels_fn sgels_, dgels_, cgels_, zgels_;
extern int LAPACKE_cgels(int matrix_layout, char trans, int m, int n, int nrhs, void *a, int lda,
                         void *b, int ldb);

/* One ?gels_ workspace query on an M x N problem with NRHS right-hand sides; WORK(1) preset to
 * -1. Returns 1 when it is left below 1. */
static int query(const char *name, gels_fn *gels, int is_double, int m, int n, int nrhs) {
  double a[16] = {0}, b[16] = {0}, work[2] = {-1, -1};
  float workf[2] = {-1, -1};
  int lda = m > 1 ? m : 1, ldb = (m > n ? m : n) > 1 ? (m > n ? m : n) : 1, lwork = -1, info = -99;
  gels("N", &m, &n, &nrhs, a, &lda, b, &ldb, is_double ? (void *)work : (void *)workf, &lwork,
       &info, 1);
  double answer = is_double ? work[0] : workf[0];
  printf("%s_ query, M = %d, N = %d, NRHS = %d: expected INFO 0, WORK(1) >= 1; actual INFO %d, "
         "WORK(1) = %g%s\n", name, m, n, nrhs, info, answer, answer == -1 ? " (the preset: left unwritten)" : "");
  return info != 0 || !(answer >= 1);
}

/* Fills the stack below the caller's frame, where the next call's frame goes, with `byte`. */
__attribute__((noinline)) static void fill_stack(int byte) {
  volatile unsigned char below[16384];
  memset((void *)below, byte, sizeof below);
  __asm__ volatile("" : : "r"(below) : "memory");
}

/* LAPACKE_cgels on the harness's case (row major, M = 0, N = 3, NRHS = 0) after the stack was
 * filled with `byte`. Returns 1 when INFO is not 0. */
static int lapacke_call(int byte) {
  float a[6] = {0}, b[2] = {0};
  fill_stack(byte);
  int info = LAPACKE_cgels(101 /* LAPACK_ROW_MAJOR */, 'N', 0, 3, 0, a, 3, b, 1);
  printf("LAPACKE_cgels row major, M = 0, N = 3, NRHS = 0, stack filled with 0x%02x bytes: "
         "expected INFO 0; actual INFO %d%s\n", byte, info, info == -1010 ? " (LAPACK_WORK_MEMORY_ERROR)" : "");
  return info != 0;
}

int main(void) {
  int bug = 0;
  const struct { const char *name; gels_fn *fn; int is_double; } gels[] = {
      {"sgels", sgels_, 0}, {"dgels", dgels_, 1}, {"cgels", cgels_, 0}, {"zgels", zgels_, 1}};
  for (int i = 0; i < 4; i++) {
    bug |= query(gels[i].name, gels[i].fn, gels[i].is_double, 0, 3, 0);
    bug |= query(gels[i].name, gels[i].fn, gels[i].is_double, 3, 3, 0);
  }
  bug |= lapacke_call(0x00);
  bug |= lapacke_call(0xff);
  return bug;
}
