/* The process's LAPACKE session (mlf_lapacke_session.h). */
#include "libraries/lapacke/mlf_lapacke_session.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lapacke.h>

#define REFERENCE_LAPACK "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3"
#define REFERENCE_BLAS "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"

/* The file the dynamic linker resolved symbol from; exits unless it is expected. */
static const char *require_origin(const char *symbol, const char *expected) {
  void *address = dlsym(RTLD_DEFAULT, symbol);
  Dl_info info;
  if (!address || !dladdr(address, &info) || !info.dli_fname) {
    fprintf(stderr, "%s:%d: LAPACKE session: symbol %s not found\n", __FILE__, __LINE__, symbol);
    exit(2);
  }
  if (strcmp(info.dli_fname, expected) != 0) {
    fprintf(stderr, "%s:%d: LAPACKE session: %s comes from %s, not the netlib reference %s "
            "(harnesses/libraries/lapacke/library.mk)\n", __FILE__, __LINE__, symbol, info.dli_fname, expected);
    exit(2);
  }
  return info.dli_fname;
}

void mlf_lapacke_open(char *identity, size_t len) {
  int major, minor, patch;
  LAPACKE_ilaver(&major, &minor, &patch);
  const char *lapack = require_origin("dgesdd_", REFERENCE_LAPACK);
  const char *blas = require_origin("dgemm_", REFERENCE_BLAS);
  snprintf(identity, len, "LAPACKE %d.%d.%d over %s and %s", major, minor, patch, lapack, blas);
}
