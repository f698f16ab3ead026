/* The table of Debian's BLAS and LAPACK implementations and the proof of where a symbol
 * lives (mlf_blas_libraries.h). */
#include "mlf_blas_libraries.h"
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MLF_LIBDIR
#define MLF_LIBDIR "/usr/lib/x86_64-linux-gnu"
#endif

/* The prebuilt OpenBLAS builds (DYNAMIC_ARCH, with their own threading) are loaded through
 * libopenblas.so.0, which holds the whole API, BLAS and LAPACK (Debian builds them without
 * LAPACKE); the libblas.so.3 beside it would pull in whatever the alternatives say. netlib's
 * LAPACK and LAPACKE name their dependencies by soname ("libblas.so.3", "liblapack.so.3"), so
 * they bind to the reference BLAS loaded before them by path. ATLAS's libraries carry the same
 * sonames, so its LAPACK stack gets a link namespace of its own where its BLAS is loaded first;
 * the LAPACKE there is netlib's, bound to ATLAS's LAPACK. The rows are in the order the BLAS
 * loader loads them (the LAPACK loader takes netlib's stack first). */
const mlf_blas_library mlf_blas_libraries[] = {
    {"openblas-pthread", "libopenblas0-pthread", "libopenblas0-pthread",
     MLF_LIBDIR "/openblas-pthread/libopenblas.so.0",
     MLF_LIBDIR "/openblas-pthread/libopenblas.so.0", NULL, 0},
    {"openblas-openmp", "libopenblas0-openmp", "libopenblas0-openmp",
     MLF_LIBDIR "/openblas-openmp/libopenblas.so.0",
     MLF_LIBDIR "/openblas-openmp/libopenblas.so.0", NULL, 0},
    {"openblas-serial", "libopenblas0-serial", "libopenblas0-serial",
     MLF_LIBDIR "/openblas-serial/libopenblas.so.0",
     MLF_LIBDIR "/openblas-serial/libopenblas.so.0", NULL, 0},
    {"netlib", "libblas3", "liblapack3 liblapacke libblas3", MLF_LIBDIR "/blas/libblas.so.3",
     MLF_LIBDIR "/lapack/liblapack.so.3", MLF_LIBDIR "/liblapacke.so.3", 0},
    {"blis", "libblis4-serial", NULL, MLF_LIBDIR "/blis-serial/libblis.so.4", NULL, NULL, 0},
    {"atlas", "libatlas3-base", "libatlas3-base liblapacke", MLF_LIBDIR "/atlas/libblas.so.3",
     MLF_LIBDIR "/atlas/liblapack.so.3", MLF_LIBDIR "/liblapacke.so.3", 1},
    {"gslcblas", "libgslcblas0", NULL, MLF_LIBDIR "/libgslcblas.so.0", NULL, NULL, 0},
};
const size_t mlf_blas_library_count = sizeof mlf_blas_libraries / sizeof *mlf_blas_libraries;

const char *mlf_blas_file_of(const void *symbol, char *out) {
  Dl_info info;
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname || !realpath(info.dli_fname, out))
    *out = 0;
  return out;
}

int mlf_blas_same_file(const char *a, const char *b) {
  char ra[PATH_MAX], rb[PATH_MAX];
  return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

void *mlf_blas_proven_symbol(void *handle, const char *file, const char *symbol) {
  void *fn = dlsym(handle, symbol);
  char where[PATH_MAX];
  if (!fn) return NULL;
  if (!mlf_blas_same_file(mlf_blas_file_of(fn, where), file)) {
    fprintf(stderr, "mlf: %s resolves to %s, not %s: refusing it\n", symbol, where, file);
    return NULL;
  }
  return fn;
}
