/* The generated LAPACK reproducers (harnesses/blas/lapack_emit.c) of every routine and
 * precision build with -Wall -Wextra -Werror against netlib and return there: a valid call
 * ("xerbla-on-valid": INFO >= 0 expected) and, for the routines the harness factors A for
 * first, a negative N ("info-on-invalid": the position expected). The prerequisite
 * factorization (?getrf before ?getrs and ?gecon, ?potrf before ?potrs) runs in each: the
 * programs for ?gecon did not build before (neither IPIV for ?getrf nor LWORK for its WORK
 * declared), those for ?potrs called it on an unfactored A. The LU residual's programs pass
 * on netlib and fail on ATLAS 3.10.3's factor of a column with a subnormal pivot. A
 * "nan-lost" program of the routines that factor with ?getrf checks the factors (they have no
 * eigenvalues), and netlib, which keeps A's NaN there, passes it. The programs' lu_residual
 * (lapack_emit_runtime.c) restates the harness's LU bound (lapack_check_lu): both give the
 * same ratio on factors where the rounding term, the underflow floor, or both decide it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>
#include "blas/lapack_case.h"
#include "blas/lapack_check.h"
#include "blas/lapack_emit.h"
#include "blas/lapack_emit_runtime.h"

/* The backends' filter (blas_backends.c, whose loaders this test does not link): lapack_backends.c,
 * linked for the routines' names, refers to it; nothing here loads a backend. */
int blas_name_listed(const char *variable, const char *name) {
  (void)variable, (void)name;
  return 1;
}

/* Writes, builds and runs the program for tag on message lc; returns its exit status, or -1
 * when none was generated or it did not build (the compiler's messages printed). The
 * program's output is left in out (at most size bytes). */
static int run_program(const Mlf__Lapack__LapackCase *lc, const char *tag, char *out, size_t size) {
  char dir[] = "/tmp/test_lapack_emit.XXXXXX", path[256], command[1024];
  if (!mkdtemp(dir)) return -1;
  snprintf(path, sizeof path, "%s/p.c", dir);
  FILE *f = fopen(path, "w");
  int emitted = f && lapack_emit_reproducer(&lc->base, tag, f) == 0;
  if (f) fclose(f);
  int status = -1;
  char link[512] = "";
  f = emitted ? fopen(path, "r") : NULL;
  for (char line[512]; f && fgets(line, sizeof line, f);)
    if (!strncmp(line, " * link: ", 9)) snprintf(link, sizeof link, "%s", line + 9);
  if (f) fclose(f);
  link[strcspn(link, "\n")] = 0;
  snprintf(command, sizeof command, "clang-16 -std=c11 -Wall -Wextra -Werror -o %s/p %s %s", dir, path, link);
  if (emitted && system(command) == 0) {
    snprintf(command, sizeof command,
             "GFORTRAN_UNBUFFERED_PRECONNECTED=y timeout -k 5 20 %s/p > %s/out 2>&1", dir, dir);
    int raw = system(command);
    status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
    snprintf(path, sizeof path, "%s/out", dir);
    f = fopen(path, "r");
    size_t n = f ? fread(out, 1, size - 1, f) : 0;
    out[n] = 0;
    if (f) fclose(f);
  }
  snprintf(command, sizeof command, "rm -rf %s", dir);
  if (system(command) != 0) fprintf(stderr, "could not remove %s\n", dir);
  return status;
}

/* The routine's tag name as the findings spell it (dgecon, zgels, ...). */
static void tag_of(char *tag, size_t size, lapack_routine r, Mlf__Blas__Precision prec, const char *kind) {
  lapack_case c;
  Mlf__Lapack__LapackCase lc = MLF__LAPACK__LAPACK_CASE__INIT;
  lc.routine = (Mlf__Lapack__Routine)r, lc.precision = prec, lc.n = 1, lc.m = 1;
  lapack_case_make(&c, &lc);
  snprintf(tag, size, "mlf:blas_lapack:netlib:%c%s:%s", c.p.letter, lapack_routine_name(r, c.prec), kind);
  lapack_case_free(&c);
}

static void every_routine_builds_and_returns(void **state) {
  (void)state;
  const Mlf__Blas__Precision precisions[] = {MLF__BLAS__PRECISION__DOUBLE, MLF__BLAS__PRECISION__DOUBLE_COMPLEX};
  int failed = 0;
  for (int r = 0; r < LAPACK_ROUTINES; r++)
    for (size_t q = 0; q < 2; q++)
      for (int invalid = 0; invalid <= 1; invalid++) {
        lapack_routine pre = lapack_prerequisite((lapack_routine)r);
        if (invalid && pre == LAPACK_ROUTINES) continue;
        Mlf__Blas__Fill a = MLF__BLAS__FILL__INIT, b = MLF__BLAS__FILL__INIT;
        a.has_seed = 1, a.seed = 3, b.has_seed = 1, b.seed = 4;
        Mlf__Lapack__LapackCase lc = MLF__LAPACK__LAPACK_CASE__INIT;
        lc.routine = (Mlf__Lapack__Routine)r, lc.precision = precisions[q];
        lc.has_m = 1, lc.m = 4, lc.has_n = 1, lc.n = 3, lc.has_nrhs = 1, lc.nrhs = 2;
        lc.a = &a, lc.b = &b;
        if (invalid) lc.has_invalid = 1, lc.invalid = MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_N;
        char tag[128], out[4096] = "", want[64] = "";
        tag_of(tag, sizeof tag, (lapack_routine)r, precisions[q], invalid ? "info-on-invalid" : "xerbla-on-valid");
        if (pre != LAPACK_ROUTINES) snprintf(want, sizeof want, "prerequisite %s: INFO ", lapack_routine_name(pre, 1));
        int status = run_program(&lc, tag, out, sizeof out);
        if (status != 0 || !strstr(out, want)) {
          fprintf(stderr, "%s: exit %d%s%s\n%s", tag, status, *want ? ", expected a line " : "", want, out);
          failed++;
        }
      }
  assert_int_equal(failed, 0);
}

/* "lu-residual": for each routine that factors with ?getrf, netlib's factor of a 4 x 3 (or
 * 3 x 3) A is within the bound (exit 0); ATLAS 3.10.3's of a 2 x 1 column scaled by 2^-140
 * (a subnormal pivot: its ATL_getf2 divides the pivot by itself, the multiplier is left
 * unscaled) is not (exit 1), and netlib's of that column is; complex cases are refused. */
static void lu_residual_passes_netlib_and_fails_atlas(void **state) {
  (void)state;
  const lapack_routine lu[] = {LAPACK_GETRF, LAPACK_GETRS, LAPACK_GESV, LAPACK_GECON};
  int failed = 0;
  char tag[128], out[4096];
  for (size_t r = 0; r < sizeof lu / sizeof *lu; r++) {
    Mlf__Blas__Fill a = MLF__BLAS__FILL__INIT, b = MLF__BLAS__FILL__INIT;
    a.has_seed = 1, a.seed = 3, b.has_seed = 1, b.seed = 4;
    Mlf__Lapack__LapackCase lc = MLF__LAPACK__LAPACK_CASE__INIT;
    lc.routine = (Mlf__Lapack__Routine)lu[r], lc.precision = MLF__BLAS__PRECISION__DOUBLE;
    lc.has_m = 1, lc.m = 4, lc.has_n = 1, lc.n = 3, lc.has_nrhs = 1, lc.nrhs = 2, lc.a = &a, lc.b = &b;
    tag_of(tag, sizeof tag, lu[r], lc.precision, "lu-residual");
    int status = run_program(&lc, tag, out, sizeof out);
    if (status != 0 || !strstr(out, "worst |A - P L U| / allowed")) fprintf(stderr, "%s: exit %d\n%s", tag, status, out), failed++;
  }
  Mlf__Blas__Fill a = MLF__BLAS__FILL__INIT;
  a.has_scale_exponent = 1, a.scale_exponent = -140;
  Mlf__Lapack__LapackCase lc = MLF__LAPACK__LAPACK_CASE__INIT;
  lc.routine = MLF__LAPACK__ROUTINE__GETRF, lc.precision = MLF__BLAS__PRECISION__SINGLE;
  lc.has_m = 1, lc.m = 2, lc.has_n = 1, lc.n = 1, lc.a = &a;
  assert_int_equal(run_program(&lc, "mlf:blas_lapack:netlib:sgetrf:lu-residual", out, sizeof out), 0);
  assert_int_equal(run_program(&lc, "mlf:blas_lapack:atlas:sgetrf:lu-residual", out, sizeof out), 1);
  lc.precision = MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  assert_int_equal(run_program(&lc, "mlf:blas_lapack:netlib:zgetrf:lu-residual", out, sizeof out), -1);
  assert_int_equal(failed, 0);
}

/* "nan-lost" for each routine that factors with ?getrf, in s and z: the program counts the
 * NaNs in the factors, and netlib, which keeps A's one NaN there, passes (exit 0). */
static void nan_lost_checks_the_factors(void **state) {
  (void)state;
  const lapack_routine routines[] = {LAPACK_GETRF, LAPACK_GETRS, LAPACK_GESV, LAPACK_GECON};
  const Mlf__Blas__Precision precisions[] = {MLF__BLAS__PRECISION__SINGLE, MLF__BLAS__PRECISION__DOUBLE_COMPLEX};
  int failed = 0;
  for (size_t r = 0; r < sizeof routines / sizeof *routines; r++)
    for (size_t q = 0; q < 2; q++) {
      Mlf__Number nan = MLF__NUMBER__INIT;
      nan.kind_case = MLF__NUMBER__KIND_SPECIAL, nan.special = MLF__SPECIAL__QUIET_NAN;
      Mlf__Blas__Poke poke = MLF__BLAS__POKE__INIT, *pokes[] = {&poke};
      poke.has_index = 1, poke.index = 1, poke.value = &nan;
      Mlf__Blas__Fill a = MLF__BLAS__FILL__INIT, b = MLF__BLAS__FILL__INIT;
      a.has_seed = 1, a.seed = 3, a.n_pokes = 1, a.pokes = pokes, b.has_seed = 1, b.seed = 4;
      Mlf__Lapack__LapackCase lc = MLF__LAPACK__LAPACK_CASE__INIT;
      lc.routine = (Mlf__Lapack__Routine)routines[r], lc.precision = precisions[q];
      lc.has_m = 1, lc.m = 3, lc.has_n = 1, lc.n = 3, lc.has_nrhs = 1, lc.nrhs = 1;
      lc.a = &a, lc.b = &b;
      char tag[128], out[4096] = "";
      tag_of(tag, sizeof tag, routines[r], precisions[q], "nan-lost");
      int status = run_program(&lc, tag, out, sizeof out);
      if (status != 0 || !strstr(out, "(A holds 1 NaN)")) {
        fprintf(stderr, "%s: exit %d, expected 0 and the line \"(A holds 1 NaN)\"\n%s", tag, status, out);
        failed++;
      }
    }
  assert_int_equal(failed, 0);
}

/* A case of lu_residual_agrees_with_lapack_check_lu: m x n, A's and the factor's elements
 * scaled by a_scale and by l_scale (below the diagonal) or u_scale (on and above it). */
typedef struct {
  int m, n;
  double a_scale, l_scale, u_scale;
} lu_case;

/* A fixed pseudo-random value in [-1, 1] for element e of case k's array which. */
static double spread(size_t k, int which, int e) { return sin(1.0 + (double)k * 7.1 + which * 3.3 + e * 0.77); }

/* The programs' lu_residual and the harness's lapack_check_lu agree: one program holds
 * lu_residual and each case's A, factor and pivots (in double, as "%a"), and prints its ratio;
 * lapack_check_lu judges the same numbers. The cases: a ratio the rounding term gamma_{k+2}
 * P|L||U| decides (4 x 3 and 2 x 3, row interchanges), one the underflow floor decides (a
 * subnormal A and U), and one where both count. A change to either bound alone (another
 * gamma, floor or permutation) makes them differ. */
static void lu_residual_agrees_with_lapack_check_lu(void **state) {
  (void)state;
  const lu_case cases[] = {{4, 3, 1, 1, 1}, {2, 3, 1, 0.5, 2}, {3, 3, 1e-310, 1, 1e-310}, {3, 2, 1e-306, 1, 1e-306}};
  const size_t count = sizeof cases / sizeof *cases;
  const long double u_round = 0x1p-53L, tiny = 0x1p-1074L;
  double a0[count][12], lu[count][12], expected[count];
  int ipiv[count][3];
  char dir[] = "/tmp/test_lapack_emit.XXXXXX", path[256], command[1024];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/lu.c", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "%stypedef double real;\n%sint main(void) {\n", lapack_emit_includes, lapack_emit_lu_residual);
  for (size_t k = 0; k < count; k++) {
    int m = cases[k].m, n = cases[k].n, mn = m < n ? m : n;
    ld_mat a = ld_new((size_t)m, (size_t)n, 0), packed = ld_new((size_t)m, (size_t)n, 0), l, u;
    fprintf(f, "  {\n    static const real a0[] = {");
    for (int e = 0; e < m * n; e++) {
      a0[k][e] = cases[k].a_scale * spread(k, 0, e);
      lu[k][e] = (e % m > e / m ? cases[k].l_scale : cases[k].u_scale) * spread(k, 1, e);
      a.re[e] = a0[k][e], packed.re[e] = lu[k][e];
      fprintf(f, "%a, ", a0[k][e]);
    }
    fprintf(f, "}, lu[] = {");
    for (int e = 0; e < m * n; e++) fprintf(f, "%a, ", lu[k][e]);
    fprintf(f, "};\n    static const int ipiv[] = {");
    for (int t = 0; t < mn; t++) fprintf(f, "%d, ", ipiv[k][t] = t + 1 + (t + (int)k) % (m - t));
    fprintf(f, "};\n    printf(\"%%a\\n\", lu_residual(a0, lu, ipiv, %d, %d, %La, %La));\n  }\n", m, n, u_round, tiny);
    assert_true(lapack_unpack_lu(&packed, ipiv[k], &l, &u));
    expected[k] = lapack_check_lu(&a, &l, &u, ipiv[k], u_round, tiny);
    ld_free(&a), ld_free(&packed), ld_free(&l), ld_free(&u);
  }
  fputs("  return 0;\n}\n", f);
  fclose(f);
  snprintf(command, sizeof command, "clang-16 -std=c11 -Wall -Wextra -Werror -o %s/lu %s -lm && %s/lu > %s/out", dir, path, dir, dir);
  assert_int_equal(system(command), 0);
  snprintf(path, sizeof path, "%s/out", dir);
  f = fopen(path, "r");
  assert_non_null(f);
  for (size_t k = 0; k < count; k++) {
    char line[64];
    assert_non_null(fgets(line, sizeof line, f));
    double got = strtod(line, NULL);
    if (!(fabs(got - expected[k]) <= 1e-9 * expected[k])) fprintf(stderr, "case %zu: program %g, harness %g\n", k, got, expected[k]);
    assert_true(fabs(got - expected[k]) <= 1e-9 * expected[k]);
  }
  fclose(f);
  snprintf(command, sizeof command, "rm -rf %s", dir);
  assert_int_equal(system(command), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_routine_builds_and_returns),
      cmocka_unit_test(lu_residual_passes_netlib_and_fails_atlas),
      cmocka_unit_test(nan_lost_checks_the_factors),
      cmocka_unit_test(lu_residual_agrees_with_lapack_check_lu),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
