/* A LAPACK implementation as the LAPACK harness sees it: a name, the proof of which files its
 * calls reach (the LAPACK library, the BLAS it is bound to, the LAPACKE bound to it), and the
 * entry points of every routine the harness calls, Fortran and LAPACKE, per precision (NULL
 * where the library lacks one, which makes that call "unsupported"). */
#ifndef LAPACK_BACKEND_H
#define LAPACK_BACKEND_H
#include <stddef.h>

/* In the order of mlf.lapack.Routine. SYEV is ?syev for s, d and ?heev for c, z. */
typedef enum {
  LAPACK_GETRF, LAPACK_GETRS, LAPACK_GESV, LAPACK_POTRF, LAPACK_POTRS, LAPACK_GEQRF,
  LAPACK_GELS, LAPACK_GELSS, LAPACK_GELSD, LAPACK_GESVD, LAPACK_SYEV, LAPACK_GECON,
  LAPACK_ROUTINES
} lapack_routine;

/* "getrf", ..., "syev" or "heev" by precision (0..3 = s, d, c, z). */
const char *lapack_routine_name(lapack_routine r, int precision);

typedef void (*lapack_entry)(void);

typedef struct {
  const char *name;    /* used in finding tags: netlib, openblas-pthread, atlas, ... */
  char identity[600];  /* files the calls reach, proven at load time */
  lapack_entry fortran[LAPACK_ROUTINES][4];
  lapack_entry lapacke[LAPACK_ROUTINES][4];
  /* Loaded in a link namespace of its own (dlmopen): the executable's xerbla_ does not
   * reach it, so its error handler would print and stop the process. Such a backend is
   * not called with invalid arguments. */
  int own_namespace;
} lapack_backend;

#define LAPACK_MAX_BACKENDS 6

/* Loads netlib LAPACK + LAPACKE (bound to the netlib reference BLAS), the three prebuilt
 * OpenBLAS libraries (Fortran interface only: Debian builds them without LAPACKE) and ATLAS's
 * LAPACK + a LAPACKE bound to it in a namespace of its own. MLF_LAPACK_BACKENDS=name,name
 * restricts the set. A library missing or bound to other files than expected is skipped with
 * a line on stderr. Returns the number loaded. */
size_t lapack_backends_load(lapack_backend *out, size_t max);
#endif
