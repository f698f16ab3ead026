/* Loads the BLAS implementations side by side: the instrumented OpenBLAS linked in, and the
 * Debian-packaged libraries by dlopen(RTLD_LOCAL). Each proves what it is: the file really
 * loaded (resolved through dladdr on the entry point itself, so an interposed symbol would
 * show) and a version where the library can tell it. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blas_backend.h"

#ifndef MLF_LIBDIR
#define MLF_LIBDIR "/usr/lib/x86_64-linux-gnu"
#endif

typedef struct {
  const char *name, *path, *package;
} dl_library;

/* The Debian libraries, with the package that provides each. The prebuilt OpenBLAS builds
 * (DYNAMIC_ARCH, with their own threading) are loaded through libopenblas.so.0, which holds
 * the whole API; the libblas.so.3 beside it would pull in whatever the alternatives say. */
static const dl_library dl_libraries[] = {
    {"openblas-pthread", MLF_LIBDIR "/openblas-pthread/libopenblas.so.0", "libopenblas0-pthread"},
    {"openblas-openmp", MLF_LIBDIR "/openblas-openmp/libopenblas.so.0", "libopenblas0-openmp"},
    {"openblas-serial", MLF_LIBDIR "/openblas-serial/libopenblas.so.0", "libopenblas0-serial"},
    {"netlib", MLF_LIBDIR "/blas/libblas.so.3", "libblas3"},
    {"blis", MLF_LIBDIR "/blis-serial/libblis.so.4", "libblis4-serial"},
    {"atlas", MLF_LIBDIR "/atlas/libblas.so.3", "libatlas3-base"},
    {"gslcblas", MLF_LIBDIR "/libgslcblas.so.0", "libgslcblas0"},
};

int blas_name_listed(const char *variable, const char *name) {
  const char *list = getenv(variable);
  if (!list || !*list) return 1;
  size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return 1;
  return 0;
}

/* dlsym that also proves the symbol lives in the file we opened. */
static void *symbol_from(void *handle, const char *file, const char *symbol) {
  void *fn = dlsym(handle, symbol);
  Dl_info info;
  if (!fn || !dladdr(fn, &info) || !info.dli_fname) return NULL;
  char a[PATH_MAX], b[PATH_MAX];
  if (!realpath(info.dli_fname, a) || !realpath(file, b) || strcmp(a, b) != 0) {
    fprintf(stderr, "mlf: %s in %s resolves to %s: symbols are interposed, refusing it\n",
            symbol, file, info.dli_fname);
    return NULL;
  }
  return fn;
}

/* BLIS tells its version and the kernel set (sub-configuration) it picked for this CPU. */
static void blis_version(void *h, const char *path, char *out, size_t len) {
  const char *(*version)(void) = (const char *(*)(void))symbol_from(h, path, "bli_info_get_version_str");
  int (*arch_id)(void) = (int (*)(void))symbol_from(h, path, "bli_arch_query_id");
  const char *(*arch_name)(int) = (const char *(*)(int))symbol_from(h, path, "bli_arch_string");
  if (version && arch_id && arch_name)
    snprintf(out, len, " version %s, kernels %s", version(), arch_name(arch_id()));
}

/* OpenBLAS tells its build configuration and the kernel set (core) it picked. */
static void openblas_version(void *h, const char *path, char *out, size_t len) {
  char *(*config)(void) = (char *(*)(void))symbol_from(h, path, "openblas_get_config");
  char *(*core)(void) = (char *(*)(void))symbol_from(h, path, "openblas_get_corename");
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

static int load_dl(const dl_library *lib, blas_backend *b) {
  void *h = dlopen(lib->path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "mlf: backend %s unavailable (%s); install Debian package %s\n", lib->name,
            dlerror(), lib->package);
    return 0;
  }
  memset(b, 0, sizeof *b);
  b->name = lib->name;
  for (int fn = 0; fn < BLAS_FN_COUNT; fn++) {
    b->fortran[fn] = (void (*)(void))symbol_from(h, lib->path, fortran_names[fn]);
    b->cblas[fn] = (void (*)(void))symbol_from(h, lib->path, cblas_names[fn]);
  }
  char real[PATH_MAX], version[160] = "";
  if (strcmp(lib->name, "blis") == 0) blis_version(h, lib->path, version, sizeof version);
  if (strncmp(lib->name, "openblas", 8) == 0) openblas_version(h, lib->path, version, sizeof version);
  snprintf(b->identity, sizeof b->identity, "%s%s", realpath(lib->path, real) ? real : lib->path,
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
  for (size_t i = 0; i < sizeof dl_libraries / sizeof *dl_libraries && n < max; i++)
    if (wanted(dl_libraries[i].name) && load_dl(&dl_libraries[i], &out[n])) n++;
  if (n < max && wanted("onednn") && blas_backend_dnnl(&out[n])) n++;
  for (size_t i = 0; i < n; i++) {
    warm_up(&out[i]);
    if (getenv("MLF_VERBOSE")) fprintf(stderr, "mlf: backend %s = %s\n", out[i].name, out[i].identity);
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
