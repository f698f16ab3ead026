/* ?gelsd with RCOND = NaN on a rank-deficient A. dgelsd (LAPACK 3.11) does not check RCOND;
 * dlalsd's "IF( ( RCOND.LE.ZERO ) .OR. ( RCOND.GE.ONE ) ) RCND = EPS" lets the NaN through,
 * TOL = RCND*MAX|S| is NaN, "IF( D( I ).LE.TOL )" is false for every singular value, and the
 * zero one goes to dlascl as CFROM, which rejects it: xerbla("DLASCL", 4) on a valid call.
 * Case: A = [1 0; 0 0], B = (1, 1), NRHS = 1. Expected (as with RCOND < 0: "machine precision
 * is used instead"): no xerbla, INFO = 0, RANK = 1, X = (1, 0).
 *   atlas:  ATLAS 3.10.3 (Debian libatlas3-base 3.10.3-13, reference LAPACK 3.11 code), its
 *           libblas and liblapack loaded in a link namespace of their own (dlmopen, as the
 *           harness does) so that ATLAS's xerbla_ answers, as in a program that does not
 *           replace it: the process stops inside dgelsd_ (gfortran STOP).
 *   netlib: netlib LAPACK 3.11 (liblapack3 3.11.0-2) with this program's xerbla_, which reports
 *           and returns: xerbla on DLASCL parameter 4, then INFO = 0, RANK = 2, X = (1, 1).
 * Exit 1 while the bug shows, 0 once it is gone.
 * case: atlas mlf:blas_lapack:atlas:?gelsd:exit-rcond-nan
 * case: netlib mlf:blas_lapack:*:?gelsd:xerbla-rcond-nan
 * link: -ldl /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas
 * env: GFORTRAN_UNBUFFERED_PRECONNECTED=y
 */
#define _GNU_SOURCE /* dlmopen */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef void gelsd_fn(const int *m, const int *n, const int *nrhs, double *a, const int *lda,
                      double *b, const int *ldb, double *s, const double *rcond, int *rank,
                      double *work, const int *lwork, int *iwork, int *info);
extern gelsd_fn dgelsd_; /* netlib's */

static int xerbla_calls;

/* netlib's xerbla_ calls come here (the executable's definition comes first): report, return. */
void xerbla_(const char *name, const int *info, size_t name_len) {
  printf("xerbla_: %.*s parameter %d\n", (int)name_len, name, *info);
  xerbla_calls++;
}

/* dgelsd_ on the case; prints what it returned. Returns 1 when it shows the bug. */
static int call(gelsd_fn *gelsd) {
  int m = 2, n = 2, nrhs = 1, lda = 2, ldb = 2, rank = -1, info = -99, lwork = 1000, iwork[64];
  double a[4] = {1, 0, 0, 0}, b[2] = {1, 1}, s[2], work[1000], rcond = NAN;
  gelsd(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, &rank, work, &lwork, iwork, &info);
  printf("dgelsd_, RCOND = NaN: expected no xerbla, INFO 0, RANK 1, X = (1, 0); actual %d xerbla "
         "call(s), INFO %d, RANK %d, X = (%g, %g)\n", xerbla_calls, info, rank, b[0], b[1]);
  return xerbla_calls > 0 || info != 0 || rank != 1 || b[0] != 1 || b[1] != 0;
}

int main(int argc, char **argv) {
  if (argc != 2 || (strcmp(argv[1], "atlas") && strcmp(argv[1], "netlib"))) {
    fprintf(stderr, "usage: %s atlas|netlib\n", argv[0]);
    return 2;
  }
  if (!strcmp(argv[1], "netlib")) return call(dgelsd_);
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) { /* a stop inside the call ends the child before its _exit(42 + bug) */
    void *blas = dlmopen(LM_ID_NEWLM, "/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3", RTLD_NOW);
    Lmid_t ns = LM_ID_BASE;
    void *atlas = blas && dlinfo(blas, RTLD_DI_LMID, &ns) == 0
                      ? dlmopen(ns, "/usr/lib/x86_64-linux-gnu/atlas/liblapack.so.3", RTLD_NOW) : NULL;
    if (!atlas) {
      fprintf(stderr, "%s\n", dlerror());
      _exit(2);
    }
    int bug = call((gelsd_fn *)dlsym(atlas, "dgelsd_"));
    fflush(NULL);
    _exit(42 + bug);
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 2) return 2; /* ATLAS not loaded */
  if (WIFEXITED(status) && (WEXITSTATUS(status) == 42 || WEXITSTATUS(status) == 43))
    return WEXITSTATUS(status) - 42;
  printf("ATLAS dgelsd_: the library stopped the process inside the call (%s %d; expected: it "
         "returns INFO)\n", WIFEXITED(status) ? "exit status" : "signal",
         WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  return 1;
}
