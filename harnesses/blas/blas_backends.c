/* Loads the BLAS implementations side by side: the instrumented OpenBLAS linked in, and the
 * Debian-packaged libraries (libraries/debian_blas_lapack) by dlopen(RTLD_LOCAL). Each proves
 * what it is: the file really loaded (every entry point proven to live in it, so an interposed
 * symbol would show) and a version where the library can tell it; each notes that identity
 * for the registry's needs column (mlf_note_backend_identity). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blas_backend.h"
#include "mlf_report.h"
#include "libraries/debian_blas_lapack/mlf_blas_libraries.h"

int blas_name_listed(const char *variable, const char *name) {
  const char *list = getenv(variable);
  if (!list || !*list) return 1;
  size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return 1;
  return 0;
}

/* BLIS tells its version and the kernel set (sub-configuration) it picked for this CPU, or
 * that BLIS_ARCH_TYPE names, with the BLIS_ARCH_TYPE value selecting it. bli_init comes first: BLIS 0.9.0's bli_arch_query_id, called
 * before the kernel structure is set up, aborts on any BLIS_ARCH_TYPE ("Accessed
 * uninitialized context in gks", frame/base/bli_arch.c:131). */
static void blis_version(void *h, const char *path, char *out, size_t len) {
  const char *(*version)(void) =
      (const char *(*)(void))mlf_blas_proven_symbol(h, path, "bli_info_get_version_str");
  void (*init)(void) = (void (*)(void))mlf_blas_proven_symbol(h, path, "bli_init");
  int (*arch_id)(void) = (int (*)(void))mlf_blas_proven_symbol(h, path, "bli_arch_query_id");
  const char *(*arch_name)(int) =
      (const char *(*)(int))mlf_blas_proven_symbol(h, path, "bli_arch_string");
  if (version && init && arch_id && arch_name) {
    init();
    snprintf(out, len, " version %s, kernels %s (BLIS_ARCH_TYPE %d)", version(), arch_name(arch_id()),
             arch_id());
  }
}

/* OpenBLAS tells its build configuration and the kernel set (core) it picked. */
static void openblas_version(void *h, const char *path, char *out, size_t len) {
  char *(*config)(void) = (char *(*)(void))mlf_blas_proven_symbol(h, path, "openblas_get_config");
  char *(*core)(void) = (char *(*)(void))mlf_blas_proven_symbol(h, path, "openblas_get_corename");
  if (config && core) snprintf(out, len, " %s, core %s", config(), core());
}

static const char *const fortran_names[] = {
#define BLAS_ROUTINE(f, c) #f "_",
#include "blas_symbols.def"
#undef BLAS_ROUTINE
};
static const char *const cblas_names[] = {
#define BLAS_ROUTINE(f, c) #c,
#include "blas_symbols.def"
#undef BLAS_ROUTINE
};
const char *blas_fortran_symbol(blas_fn fn) { return fortran_names[fn]; }
const char *blas_cblas_symbol(blas_fn fn) { return cblas_names[fn]; }

static int load_dl(const mlf_blas_library *lib, blas_backend *b) {
  void *h = dlopen(lib->blas, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "mlf: backend %s unavailable (%s); install Debian package %s\n", lib->name,
            dlerror(), lib->blas_package);
    return 0;
  }
  memset(b, 0, sizeof *b);
  b->name = lib->name;
  for (int fn = 0; fn < BLAS_FN_COUNT; fn++) {
    b->fortran[fn] = (void (*)(void))mlf_blas_proven_symbol(h, lib->blas, fortran_names[fn]);
    b->cblas[fn] = (void (*)(void))mlf_blas_proven_symbol(h, lib->blas, cblas_names[fn]);
  }
  char real[PATH_MAX], version[160] = "";
  if (strcmp(lib->name, "blis") == 0) blis_version(h, lib->blas, version, sizeof version);
  if (strncmp(lib->name, "openblas", 8) == 0) openblas_version(h, lib->blas, version, sizeof version);
  snprintf(b->identity, sizeof b->identity, "%s%s", realpath(lib->blas, real) ? real : lib->blas,
           version);
  return 1;
}

/* One small dgemm, so that a library's lazy set-up (buffer pools, kernel tables) happens once
 * here, before a fork server copies the process, and not in every forked child. */
static void warm_up(const blas_backend *b) {
  typedef void (*dgemm_fn)(int, int, int, int, int, int, double, const double *, int,
                           const double *, int, double, double *, int);
  double a[64] = {0}, c[64] = {0};
  if (b->cblas[BLAS_FN_dgemm])
    ((dgemm_fn)b->cblas[BLAS_FN_dgemm])(BLAS_COL_MAJOR, BLAS_NO_TRANS, BLAS_NO_TRANS, 8, 8, 8, 1.0,
                                        a, 8, a, 8, 0.0, c, 8);
}

static int wanted(const char *name) { return blas_name_listed("MLF_BLAS_BACKENDS", name); }

size_t blas_backends_load(blas_backend *out, size_t max) {
  size_t n = 0;
  if (n < max && wanted("openblas")) blas_backend_openblas(&out[n++]);
  for (size_t i = 0; i < mlf_blas_library_count && n < max; i++)
    if (wanted(mlf_blas_libraries[i].name) && load_dl(&mlf_blas_libraries[i], &out[n])) n++;
  if (n < max && wanted("onednn") && blas_backend_dnnl(&out[n])) n++;
  for (size_t i = 0; i < n; i++) {
    warm_up(&out[i]);
    mlf_note_backend_identity(out[i].name, out[i].identity);
  }
  return n;
}

size_t blas_backends_require(blas_backend *out, size_t max, const char *target) {
  size_t n = blas_backends_load(out, max);
  if (n == 0) {
    fprintf(stderr, "mlf: %s: no BLAS backend could be loaded\n", target);
    exit(2);
  }
  return n;
}
