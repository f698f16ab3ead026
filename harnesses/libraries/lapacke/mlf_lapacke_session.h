/* The process's LAPACKE session: proves that the Fortran LAPACK and BLAS under the LAPACKE
 * wrappers are Debian's netlib reference (library.mk links them by path with an RPATH; a
 * liblapack.so.3 from elsewhere, e.g. the OpenBLAS alternative, would change the order of
 * operations the bit-for-bit oracles rely on) and names them. */
#ifndef MLF_LAPACKE_SESSION_H
#define MLF_LAPACKE_SESSION_H
#include <stddef.h>

/* Writes the identity ("LAPACKE 3.11.0 over <liblapack file> and <libblas file>") into
 * identity; exits with a message naming the file when a routine comes from another library. */
void mlf_lapacke_open(char *identity, size_t len);
#endif
