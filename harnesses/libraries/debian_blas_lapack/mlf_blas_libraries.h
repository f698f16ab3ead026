/* The BLAS and LAPACK implementations Debian packages, listed once for every loader, and the
 * dlsym that proves a symbol comes from the very file it was looked up in. */
#ifndef MLF_BLAS_LIBRARIES_H
#define MLF_BLAS_LIBRARIES_H
#include <stddef.h>

/* One implementation: its files, the packages that install them, and how its LAPACK stack
 * has to be loaded. A loader opens `blas`, or for LAPACK `blas`, `lapack` and `lapacke` in
 * that order so that each binds to the one before. */
typedef struct {
  const char *name;            /* backend name, used in finding tags: netlib, atlas, ... */
  const char *blas_package;    /* the Debian package that installs `blas` */
  const char *lapack_packages; /* the Debian packages its LAPACK stack needs, NULL without one */
  const char *blas;            /* the file holding the BLAS API */
  const char *lapack;          /* the file holding LAPACK's Fortran API, NULL without one */
  const char *lapacke;         /* the LAPACKE file bound to `lapack`, NULL without one */
  int own_namespace;           /* its LAPACK stack needs a link namespace of its own */
} mlf_blas_library;

extern const mlf_blas_library mlf_blas_libraries[];
extern const size_t mlf_blas_library_count;

/* The real path of the file holding `symbol` (an address inside a loaded object), written to
 * out (PATH_MAX bytes); "" when it cannot be told. Returns out. */
const char *mlf_blas_file_of(const void *symbol, char *out);

/* 1 when paths a and b name the same file once symbolic links are resolved. */
int mlf_blas_same_file(const char *a, const char *b);

/* dlsym(handle, symbol), proven to live in `file` itself: NULL when the symbol is missing,
 * and NULL with a line on stderr when it resolves to another file (interposed, or from a
 * dependency), so that a call never reaches another library than the one named. */
void *mlf_blas_proven_symbol(void *handle, const char *file, const char *symbol);
#endif
