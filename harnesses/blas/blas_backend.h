/* A BLAS implementation as the harnesses see it: a name, proof of which library and version
 * was really loaded, and CBLAS entry points (NULL where the library lacks one, which makes it
 * "unsupported" for that call). Enum arguments use the CBLAS numeric values. */
#ifndef BLAS_BACKEND_H
#define BLAS_BACKEND_H
#include <stddef.h>

enum { BLAS_ROW_MAJOR = 101, BLAS_COL_MAJOR = 102 };
enum { BLAS_NO_TRANS = 111, BLAS_TRANS = 112, BLAS_CONJ_TRANS = 113 };

/* Routine indices, one per entry of blas_symbols.def: BLAS_FN_sgemm, ... */
typedef enum {
#define BLAS_ROUTINE(f, c) BLAS_FN_##f,
#include "blas_symbols.def"
#undef BLAS_ROUTINE
  BLAS_FN_COUNT
} blas_fn;

/* Symbol names of a routine: "sgemm_" and "cblas_sgemm". */
const char *blas_fortran_symbol(blas_fn fn);
const char *blas_cblas_symbol(blas_fn fn);

typedef struct {
  const char *name;   /* short, used in finding tags: openblas, openblas-pthread, netlib, ... */
  char identity[200]; /* resolved file and version, proven at load time */
  /* Entry points, NULL where the library lacks one ("unsupported" for that call). Callers
   * cast to the routine's signature. */
  void (*fortran[BLAS_FN_COUNT])(void);
  void (*cblas[BLAS_FN_COUNT])(void);
} blas_backend;

#define BLAS_MAX_BACKENDS 12

/* Loads every BLAS this build knows about: the instrumented OpenBLAS linked in, and the
 * Debian libraries by dlopen (RTLD_LOCAL, so their symbols never mix). A library that is not
 * installed is skipped with one line on stderr naming the package to install; returns the
 * number loaded. MLF_BLAS_BACKENDS=name,name restricts the set; MLF_VERBOSE=1 prints each
 * backend's identity. The prebuilt OpenBLAS
 * libraries pick their kernel set when loaded (OPENBLAS_CORETYPE chooses another, so each
 * kernel set is a separate process); their identity names it. */
size_t blas_backends_load(blas_backend *out, size_t max);

/* blas_backends_load for a harness that cannot run without one: exits with status 2 and a
 * message naming the target when none loads. */
size_t blas_backends_require(blas_backend *out, size_t max, const char *target);

/* 1 when the comma-separated list in environment variable `variable` names `name`, or the
 * variable is unset or empty (everything wanted). */
int blas_name_listed(const char *variable, const char *name);

/* The instrumented, renamed OpenBLAS linked into the binary (blas_backend_openblas.c). */
void blas_backend_openblas(blas_backend *b);
/* oneDNN's dnnl_sgemm behind a CBLAS-shaped adapter, sgemm only (blas_backend_dnnl.c);
 * 0 when the library is missing. */
int blas_backend_dnnl(blas_backend *b);
#endif
