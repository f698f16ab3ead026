/* A BLAS implementation as the harnesses see it: a name, proof of which library and version
 * was really loaded, and CBLAS entry points (NULL where the library lacks one, which makes it
 * "unsupported" for that call). Enum arguments use the CBLAS numeric values. */
#ifndef BLAS_BACKEND_H
#define BLAS_BACKEND_H
#include <stddef.h>

enum { BLAS_ROW_MAJOR = 101, BLAS_COL_MAJOR = 102 };
enum { BLAS_NO_TRANS = 111, BLAS_TRANS = 112, BLAS_CONJ_TRANS = 113 };

typedef void (*blas_sgemm_fn)(int, int, int, int, int, int, float, const float *, int,
                              const float *, int, float, float *, int);
typedef void (*blas_dgemm_fn)(int, int, int, int, int, int, double, const double *, int,
                              const double *, int, double, double *, int);
/* Complex variants take alpha and beta by pointer, as CBLAS does. */
typedef void (*blas_cgemm_fn)(int, int, int, int, int, int, const void *, const void *, int,
                              const void *, int, const void *, void *, int);

typedef struct {
  const char *name;     /* short, used in finding tags: openblas, netlib, blis, atlas, gslcblas */
  char identity[200];   /* resolved file and version, proven at load time */
  blas_sgemm_fn sgemm;
  blas_dgemm_fn dgemm;
  blas_cgemm_fn cgemm, zgemm;
} blas_backend;

#define BLAS_MAX_BACKENDS 8

/* Loads every BLAS this build knows about: the instrumented OpenBLAS linked in, and the
 * Debian libraries by dlopen (RTLD_LOCAL, so their symbols never mix). A library that is not
 * installed is skipped with one line on stderr naming the package to install; returns the
 * number loaded. MLF_BLAS_BACKENDS=name,name restricts the set. */
size_t blas_backends_load(blas_backend *out, size_t max);

/* The instrumented, renamed OpenBLAS linked into the binary (blas_backend_openblas.c). */
void blas_backend_openblas(blas_backend *b);
#endif
