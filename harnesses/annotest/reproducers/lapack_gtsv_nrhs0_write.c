/* Standalone reproducer (known finding mlf:annotest_lapacke:lapacke:LAPACKE_dgtsv:gtsv-nrhs0-write)
 * against Debian's liblapacke and liblapack3 3.11.0-2: DGTSV with NRHS = 0 < N still runs its
 * back substitution for column 1 (dgtsv.f:299, "IF( NRHS.LE.2 ) THEN / J = 1 / 70 CONTINUE /
 * B( N, J ) = B( N, J ) / D( N )"), writing into B, which holds LDB x 0 = no elements. B is
 * placed here at the start of a PROT_NONE page, so the write faults:
 *   cc lapack_gtsv_nrhs0_write.c -llapacke -o gtsv0 && ./gtsv0            (fault reported, exit 1)
 * With LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas it runs
 * on the netlib reference (the harness's), otherwise on the liblapack.so.3 alternative; the link
 * line below does that with an rpath. Exits 1 on the fault (a handler reports it), 0 when B is
 * left alone.
 * tags: mlf:annotest_lapacke:lapacke:LAPACKE_dgtsv:gtsv-nrhs0-write
 * link: -llapacke -Wl,--disable-new-dtags,-rpath,/usr/lib/x86_64-linux-gnu/lapack:/usr/lib/x86_64-linux-gnu/blas
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <lapacke.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

/* The guard page was touched: the bug. */
static void on_fault(int sig) {
  (void)sig;
  static const char msg[] = "fault: dgtsv touched the empty B (expected: no access)\n";
  (void)!write(1, msg, sizeof msg - 1);
  _exit(1);
}

int main(void) {
  signal(SIGSEGV, on_fault);
  long page = sysconf(_SC_PAGESIZE);
  char *two = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (two == MAP_FAILED || mprotect(two + page, (size_t)page, PROT_NONE)) return perror("mmap"), 2;
  double dl[1] = {1}, d[2] = {4, 4}, du[1] = {1};
  double *b = (double *)(two + page); /* 2 x 0: no element may be touched */
  printf("LAPACKE_dgtsv(column major, n = 2, nrhs = 0, b = an empty matrix before a guard page)\n");
  fflush(stdout);
  lapack_int info = LAPACKE_dgtsv(LAPACK_COL_MAJOR, 2, 0, dl, d, du, b, 2);
  printf("returned %d without touching b\n", info);
  return 0;
}
