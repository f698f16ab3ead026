/* The work arrays the LAPACKE wrappers allocate (LAPACKE_malloc, LAPACKE_free: recipe.sh points
 * them here) end at a guard page: the Fortran routines they are handed to are Debian's binary
 * reference LAPACK, which ASan does not see, so a read or write past a work array's end faults
 * at once, and a write into the slack before the guard is caught when the array is freed. */
#include <stdio.h>
#include <stdlib.h>
#include "mlf_guard.h"

/* LAPACKE allocates arrays of double and of lapack_int (4 bytes): aligned for doubles, flush
 * with the guard page when the size is a multiple of 8, else 4 canary bytes before it. */
void *mlf_lapacke_work_alloc(size_t size) {
  return mlf_guard_alloc(size, sizeof(double), MLF_GUARD_TAIL, "LAPACKE work array");
}

void mlf_lapacke_work_free(void *p) {
  if (p && !mlf_guard_canary_ok(p)) {
    fprintf(stderr, "mlf_lapacke_work: a LAPACK routine wrote past the end of a LAPACKE work array\n");
    abort();
  }
  mlf_guard_free(p);
}
