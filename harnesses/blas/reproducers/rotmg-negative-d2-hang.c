/* drotmg_ and srotmg_ never return for finite inputs with d2 < 0, in the reference BLAS 3.11
 * (Debian libblas3 3.11.0-2) and in every library that copies its steps: Debian's prebuilt
 * OpenBLAS 0.3.21+ds-4 (interface/rotmg.c; the instrumented build hangs alike), BLIS
 * 0.9.0-1, ATLAS 3.10.3-13; and GSL's CBLAS (libgslcblas0 2.7.1+dfsg-5+deb12u1,
 * cblas/source_rotmg.h), whose own steps have the same two loops ("while (D1 >= G2)" after
 * D1 /= u overflows; "while (D1 <= 1.0 / G2 && D1 != 0.0)" after the swap of a negative D2,
 * its "D2 * y * y < 0.0" test passing -0 as well). Two mechanisms, each a case below:
 *   overflow    d1 = DBL_MAX, d2 = -DBL_MAX, x1 = 1, y1 = 1 - 2^-53: |d1 x1^2| > |d2 y1^2|,
 *               u = 1 - h12 h21 = 1 - y1^2 is about 2^-52 > 0, so d1 / u overflows to Inf
 *               and the rescaling loop "while d1 >= gamsq: d1 /= gam^2" never ends;
 *   swap        d1 = 0, d2 = -1, x1 = 1, y1 = 2^-1022: d2 y1^2 underflows to -0, which is
 *               not < 0, so the flag-1 branch swaps d2 into d1 = -1, and "while d1 <=
 *               rgamsq: d1 *= gam^2" only drives it to -Inf.
 * (single precision: FLT_MAX, 1 - 2^-24; FLT_MIN.) The documentation defines no result for a
 * negative d2 (the vector is (sqrt(d1) x1, sqrt(d2) y1)) but the reference's own code handles
 * d2 < 0 with |d2 y1^2| >= |d1 x1^2| by zeroing H, d1, d2, x1 ("GO ZERO-H-D-AND-DX1"), and a
 * subroutine that never returns is no result at all.
 * Expected: every call returns (within 2 s). Exit 1 while one of them hangs.
 * Run with the library's name: ./rotmg openblas | netlib | blis | atlas | gslcblas.
 * case: openblas mlf:blas_level1:openblas*:?rotmg:hang
 * case: netlib mlf:blas_level1:netlib:?rotmg:hang
 * case: blis mlf:blas_level1:blis:?rotmg:hang
 * case: atlas mlf:blas_level1:atlas:?rotmg:hang
 * case: gslcblas mlf:blas_level1:gslcblas:?rotmg:hang
 * link: -ldl -lm
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The Fortran interface passes y1 by reference; GSL's CBLAS (cblas_?rotmg) passes it by value. */
static const struct {
  const char *name, *path, *single, *dbl;
  int y1_by_value;
} libraries[] = {
    {"openblas", "/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas.so.0", "srotmg_", "drotmg_", 0},
    {"netlib", "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3", "srotmg_", "drotmg_", 0},
    {"blis", "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4", "srotmg_", "drotmg_", 0},
    {"atlas", "/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3", "srotmg_", "drotmg_", 0},
    {"gslcblas", "/usr/lib/x86_64-linux-gnu/libgslcblas.so.0", "cblas_srotmg", "cblas_drotmg", 1},
};

typedef void rotmg_fn(void *d1, void *d2, void *x1, const void *y1, void *param);
typedef void cblas_srotmg_fn(float *d1, float *d2, float *x1, float y1, float *param);
typedef void cblas_drotmg_fn(double *d1, double *d2, double *x1, double y1, double *param);

/* Calls rotmg (single or double) on the inputs in a child; 1 when it has not returned in 2 s. */
static int hangs(void *fn, int is_double, int y1_by_value, const double in[4]) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(2); /* SIGALRM ends the child */
    double d[4] = {in[0], in[1], in[2], in[3]}, p[5];
    float f[4] = {(float)in[0], (float)in[1], (float)in[2], (float)in[3]}, q[5];
    if (y1_by_value && is_double) ((cblas_drotmg_fn *)fn)(&d[0], &d[1], &d[2], d[3], p);
    else if (y1_by_value) ((cblas_srotmg_fn *)fn)(&f[0], &f[1], &f[2], f[3], q);
    else if (is_double) ((rotmg_fn *)fn)(&d[0], &d[1], &d[2], &d[3], p);
    else ((rotmg_fn *)fn)(&f[0], &f[1], &f[2], &f[3], q);
    _exit(0);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return perror("fork"), 1;
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
}

int main(int argc, char **argv) {
  size_t which = sizeof libraries / sizeof *libraries;
  for (size_t i = 0; argc == 2 && i < sizeof libraries / sizeof *libraries; i++)
    if (strcmp(argv[1], libraries[i].name) == 0) which = i;
  if (which == sizeof libraries / sizeof *libraries)
    return fprintf(stderr, "usage: %s openblas|netlib|blis|atlas|gslcblas\n", argv[0]), 2;
  const char *path = libraries[which].path;
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  void *srotmg = lib ? dlsym(lib, libraries[which].single) : NULL;
  void *drotmg = lib ? dlsym(lib, libraries[which].dbl) : NULL;
  if (!srotmg || !drotmg) return fprintf(stderr, "%s: %s\n", path, dlerror()), 2;
  printf("library:  %s\n", path);
  const struct {
    const char *what;
    int is_double;
    double in[4]; /* d1, d2, x1, y1 */
  } calls[] = {
      {"drotmg overflow", 1, {DBL_MAX, -DBL_MAX, 1, 1 - DBL_EPSILON / 2}},
      {"srotmg overflow", 0, {FLT_MAX, -FLT_MAX, 1, 1 - FLT_EPSILON / 2}},
      {"drotmg swap", 1, {0, -1, 1, DBL_MIN}},
      {"srotmg swap", 0, {0, -1, 1, FLT_MIN}},
  };
  int wrong = 0;
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) {
    const double *in = calls[i].in;
    printf("%s (d1 = %a, d2 = %a, x1 = %a, y1 = %a): expected: returns; actual: ", calls[i].what,
           in[0], in[1], in[2], in[3]);
    int h = hangs(calls[i].is_double ? drotmg : srotmg, calls[i].is_double, libraries[which].y1_by_value, in);
    printf(h ? "no return within 2 s (hang)\n" : "returned\n");
    wrong += h;
  }
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong ? 1 : 0;
}
