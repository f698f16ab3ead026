/* Loads the LAPACK implementations (the rows of libraries/debian_blas_lapack that have one)
 * side by side and proves what each call reaches.
 * liblapack.so.3 and liblapacke.so.3 name their dependencies by soname ("libblas.so.3",
 * "liblapack.so.3"), which the loader satisfies with whatever object of that soname is already
 * loaded in the namespace. So netlib's reference BLAS is loaded first, by path, and netlib
 * LAPACK and LAPACKE bind to it; ATLAS, whose libraries carry the same sonames, gets a link
 * namespace of its own (dlmopen) where its BLAS is loaded first. Every entry point is then
 * resolved and checked with dladdr + realpath, as is the dgemm_ the LAPACK library is bound
 * to and the dgetrf_ the LAPACKE library is bound to. */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lapack_backend.h"
#include "blas_backend.h"
#include "libraries/debian_blas_lapack/mlf_blas_libraries.h"

static const char *const routine_names[LAPACK_ROUTINES] = {
    "getrf", "getrs", "gesv", "potrf", "potrs", "geqrf",
    "gels",  "gelss", "gelsd", "gesvd", "syev", "gecon"};

const char *lapack_routine_name(lapack_routine r, int precision) {
  return r == LAPACK_SYEV && precision >= 2 ? "heev" : routine_names[r];
}

static int wanted(const char *name) { return blas_name_listed("MLF_LAPACK_BACKENDS", name); }

/* dlopen in the main namespace, or in *ns (a new one when *ns is LM_ID_NEWLM). */
static void *open_in(const char *path, int own_namespace, Lmid_t *ns) {
  void *h = own_namespace ? dlmopen(*ns, path, RTLD_NOW | RTLD_LOCAL)
                          : dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (h && own_namespace && *ns == LM_ID_NEWLM) dlinfo(h, RTLD_DI_LMID, ns);
  return h;
}

/* Checks that what `from` resolves `symbol` to is `expected`; says so in the identity. */
static int bound_to(void *from, const char *symbol, const char *expected, char *id, size_t len) {
  char where[PATH_MAX];
  mlf_blas_file_of(dlsym(from, symbol), where);
  size_t used = strlen(id);
  snprintf(id + used, len - used, "; %s -> %s", symbol, *where ? where : "(missing)");
  if (mlf_blas_same_file(where, expected)) return 1;
  fprintf(stderr, "mlf: %s: %s is bound to %s, expected %s\n", expected, symbol, where, expected);
  return 0;
}

/* LAPACKE checks its inputs for NaN by default and returns an error for them; the harness
 * tests NaN handling in LAPACK itself, the same for both interfaces, so it is turned off. */
static void lapacke_nancheck_off(void *lapacke) {
  void (*set)(int) = (void (*)(int))dlsym(lapacke, "LAPACKE_set_nancheck");
  if (set) set(0);
}

/* exit() inside a namespace of its own runs that namespace's libc exit handlers only, and the
 * fuzzer would end silently (ATLAS's xerbla_ prints and stops): this handler, registered there,
 * turns it into a crash the engine records. It raises SIGSEGV rather than abort(): the
 * SIGSEGV path (guard reporter, sanitizer) prints the input being run, an abort would not. */
static void exit_in_own_namespace(void *backend) {
  fprintf(stderr, "mlf: exit() called inside backend %s (its own link namespace), e.g. by its "
                  "xerbla_ on an argument it found invalid\n", (const char *)backend);
  raise(SIGSEGV);
  abort();
}

static void catch_exit_in(void *handle, const char *backend) {
  int (*cxa_atexit)(void (*)(void *), void *, void *) =
      (int (*)(void (*)(void *), void *, void *))dlsym(handle, "__cxa_atexit");
  if (cxa_atexit) cxa_atexit(exit_in_own_namespace, (void *)backend, NULL);
}

static void resolve_all(lapack_backend *b, void *lapack, const char *lapack_path, void *lapacke,
                        const char *lapacke_path) {
  char sym[48];
  for (int r = 0; r < LAPACK_ROUTINES; r++)
    for (int p = 0; p < 4; p++) {
      const char *name = lapack_routine_name((lapack_routine)r, p);
      snprintf(sym, sizeof sym, "%c%s_", "sdcz"[p], name);
      b->fortran[r][p] = (lapack_entry)mlf_blas_proven_symbol(lapack, lapack_path, sym);
      if (!lapacke) continue;
      snprintf(sym, sizeof sym, "LAPACKE_%c%s", "sdcz"[p], name);
      b->lapacke[r][p] = (lapack_entry)mlf_blas_proven_symbol(lapacke, lapacke_path, sym);
    }
}

static int load(const mlf_blas_library *lib, lapack_backend *b) {
  Lmid_t ns = LM_ID_NEWLM;
  void *blas = open_in(lib->blas, lib->own_namespace, &ns);
  void *lapack = blas ? open_in(lib->lapack, lib->own_namespace, &ns) : NULL;
  if (!lapack) {
    fprintf(stderr, "mlf: LAPACK backend %s unavailable (%s); install Debian packages %s\n",
            lib->name, dlerror(), lib->lapack_packages);
    return 0;
  }
  memset(b, 0, sizeof *b);
  b->name = lib->name;
  b->own_namespace = lib->own_namespace;
  if (lib->own_namespace) catch_exit_in(lapack, lib->name);
  char real[PATH_MAX];
  snprintf(b->identity, sizeof b->identity, "%s%s",
           realpath(lib->lapack, real) ? real : lib->lapack,
           lib->own_namespace ? " (own link namespace)" : "");
  if (!bound_to(lapack, "dgemm_", lib->blas, b->identity, sizeof b->identity)) return 0;
  void *lapacke = lib->lapacke ? open_in(lib->lapacke, lib->own_namespace, &ns) : NULL;
  if (lapacke && !bound_to(lapacke, "dgetrf_", lib->lapack, b->identity, sizeof b->identity))
    lapacke = NULL; /* bound to another LAPACK: Fortran only */
  size_t used = strlen(b->identity);
  if (lapacke) {
    lapacke_nancheck_off(lapacke);
    snprintf(b->identity + used, sizeof b->identity - used, "; LAPACKE %s",
             realpath(lib->lapacke, real) ? real : lib->lapacke);
  } else {
    snprintf(b->identity + used, sizeof b->identity - used, "; Fortran interface only");
  }
  char *(*core)(void) = (char *(*)(void))dlsym(lapack, "openblas_get_corename");
  used = strlen(b->identity);
  if (core) snprintf(b->identity + used, sizeof b->identity - used, "; core %s", core());
  resolve_all(b, lapack, lib->lapack, lapacke, lib->lapacke);
  return 1;
}

/* A LAPACK that is a file apart from its BLAS and finds it by soname in the main namespace
 * (netlib's). */
static int binds_by_soname(const mlf_blas_library *lib) {
  return !lib->own_namespace && strcmp(lib->lapack, lib->blas) != 0;
}

/* The stacks that bind by soname in the main namespace are loaded first, so that no library
 * loaded before them can answer for their BLAS's soname; then every other stack, in the
 * table's order. */
size_t lapack_backends_load(lapack_backend *out, size_t max) {
  size_t n = 0;
  for (int by_soname = 1; by_soname >= 0; by_soname--)
    for (size_t i = 0; i < mlf_blas_library_count && n < max; i++) {
      const mlf_blas_library *lib = &mlf_blas_libraries[i];
      if (lib->lapack && binds_by_soname(lib) == by_soname && wanted(lib->name) &&
          load(lib, &out[n]))
        n++;
    }
  return n;
}
