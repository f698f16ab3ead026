/* level1_rotmg_never_returns against the reference BLAS itself: each case calls the installed
 * netlib BLAS 3.11 srotmg_/drotmg_ (libblas3, /usr/lib/x86_64-linux-gnu/blas/libblas.so.3) in
 * a child stopped after 300 ms, and the predicate must say "never returns" exactly for the
 * children that were stopped. Planted hangs (d1 / u overflowing; d2 y1^2 underflowing so the
 * flag-1 swap hands the negative d2 to d1) and planted returns next to them (u rounding to
 * exactly 0, the zeroing paths, NaN, positive extremes), every infinite d1 or d2 with small
 * companions (those inputs are fuzzed too), then a sweep of d2 = -d1 (1 - j ulp)
 * across d1's exponent range, which must contain both outcomes. */
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "blas/level1_known_crashes.h"

#define NETLIB_BLAS "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"

typedef void rotmg_fn(void *d1, void *d2, void *x1, const void *y1, void *param);
static rotmg_fn *srotmg, *drotmg;

/* 1 when the reference's rotmg on (d1, d2, x1, y1) in that precision has not returned after
 * 300 ms (the child dies of SIGALRM); 0 when it returned. */
static int reference_hangs(int is_double, double d1, double d2, double x1, double y1) {
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    struct itimerval stop = {{0, 0}, {0, 300000}};
    setitimer(ITIMER_REAL, &stop, NULL); /* SIGALRM's default action ends the child */
    if (is_double) {
      double p[5] = {0}, y = y1;
      drotmg(&d1, &d2, &x1, &y, p);
    } else {
      float a = (float)d1, b = (float)d2, x = (float)x1, y = (float)y1, p[5] = {0};
      srotmg(&a, &b, &x, &y, p);
    }
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) return 1;
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return 0;
}

static int predicted(int is_double, double d1, double d2, double x1, double y1) {
  level1_problem pr = {.family = L1(ROTMG), .p = {.is_double = is_double},
                       .in = {d1, d2, x1, y1}};
  if (!is_double) /* the harness rounds rotmg's inputs to the precision */
    for (int i = 0; i < 4; i++) pr.in[i] = (float)pr.in[i];
  return level1_rotmg_never_returns(&pr);
}

/* Checks one case against the reference and returns whether it hangs. */
static int check(int is_double, double d1, double d2, double x1, double y1) {
  int hangs = reference_hangs(is_double, d1, d2, x1, y1);
  if (predicted(is_double, d1, d2, x1, y1) != hangs)
    fail_msg("%srotmg(d1 = %a, d2 = %a, x1 = %a, y1 = %a): the reference %s, the predicate says "
             "otherwise", is_double ? "d" : "s", d1, d2, x1, y1, hangs ? "hangs" : "returns");
  return hangs;
}

static int load(void **state) {
  (void)state;
  void *lib = dlopen(NETLIB_BLAS, RTLD_NOW | RTLD_LOCAL);
  if (!lib) return -1;
  srotmg = (rotmg_fn *)dlsym(lib, "srotmg_");
  drotmg = (rotmg_fn *)dlsym(lib, "drotmg_");
  return srotmg && drotmg ? 0 : -1;
}

static void planted_cases(void **state) {
  (void)state;
  double below_one = 1 - DBL_EPSILON / 2;
  /* u = 1 - (1 - 2^-53)^2, about 2^-52: DBL_MAX / u overflows, the loop on d1 runs forever. */
  assert_true(check(1, DBL_MAX, -DBL_MAX, 1, below_one));
  assert_true(check(0, FLT_MAX, -FLT_MAX, 1, 1 - FLT_EPSILON / 2));
  /* d2 y1^2 underflows to -0: flag 1 swaps the negative d2 into d1, which only grows. */
  assert_true(check(1, 0, -1, 1, DBL_MIN));
  assert_true(check(0, 0, -1, 1, FLT_MIN));
  /* The same shapes that return: d1 small enough for d1 / u; y1^2 representable; d2 y1^2 < 0
   * zeroes (d1 = 0, the zeroing branch); NaN; the largest positive values. */
  assert_false(check(1, 1, -1, 1, below_one));
  assert_false(check(1, 0, -1, 1, 1));
  assert_false(check(1, NAN, -1, 1, 1));
  assert_false(check(1, DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX));
  assert_false(check(0, FLT_MAX, FLT_MAX, FLT_MAX, FLT_MIN));
  assert_false(check(1, -1, -DBL_MAX, 1, 1));
  /* u = 1 - h12 h21 rounding to exactly 0 (OpenBLAS issue #6031's input): 3.11 zeroes. */
  assert_false(check(1, 1, nextafter(-25.0 / 729, 0), 5, 27));
}

/* Infinite d1 or d2 (the post-processor used to keep them out): every combination with
 * zero, unit, large and NaN companions, in both precisions, the predicate must match. */
static void infinite_scalings(void **state) {
  (void)state;
  const double ds[] = {INFINITY, -INFINITY, 0, 1, -1};
  const double xs[] = {0, 1, -2, 0x1p-1000, NAN}, ys[] = {0, 3, -1e300};
  int hangs = 0, returns = 0;
  for (int is_double = 0; is_double < 2; is_double++)
    for (size_t a = 0; a < sizeof ds / sizeof *ds; a++)
      for (size_t b = 0; b < sizeof ds / sizeof *ds; b++) {
        if (!isinf(ds[a]) && !isinf(ds[b])) continue;
        for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
          for (size_t j = 0; j < sizeof ys / sizeof *ys; j++) {
            if (check(is_double, ds[a], ds[b], xs[i], ys[j])) hangs++;
            else returns++;
          }
      }
  assert_true(hangs > 0 && returns > 0);
}

static void exponent_sweep(void **state) {
  (void)state;
  int hangs = 0, returns = 0;
  for (int is_double = 0; is_double < 2; is_double++) {
    int emax = is_double ? DBL_MAX_EXP : FLT_MAX_EXP, step = is_double ? 97 : 13;
    double ulp = is_double ? DBL_EPSILON : FLT_EPSILON;
    for (int e = 1 - emax; e < emax; e += step)
      for (int j = 0; j < 3; j++) {
        double d1 = ldexp(1.5, e - 1), y1 = 1 - j * ulp / 2;
        if (check(is_double, d1, -d1, 1, y1)) hangs++;
        else returns++;
      }
  }
  assert_true(hangs > 0 && returns > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(planted_cases),
                                     cmocka_unit_test(infinite_scalings),
                                     cmocka_unit_test(exponent_sweep)};
  return cmocka_run_group_tests(tests, load, NULL);
}
