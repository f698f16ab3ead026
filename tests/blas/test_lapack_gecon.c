/* The ?gecon judge (harnesses/blas/lapack_judge_factor.c, lapack_judge_gecon) on a 2 x 2
 * identity A, without a library call. An rcond outside [0, 2] from finite factors is
 * rcond-out-of-range (a planted NaN, a planted 3); from factors holding a NaN or an Inf it is
 * not judged, as no growth factor bounds it (the non-finite factors are nonfinite-result,
 * lapack_judge_finite): OpenBLAS 0.3.21 zgecon of 2^-1069 I, whose zgetrf leaves NaN in L and
 * U, was reported twice, the NaN dropped from the growth factor by fmaxl. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/lapack_judge.h"

enum { N = 2 };

/* The finding tags' routine name, without the backends' loader (lapack_backends.c), which
 * this test does not link: only gecon is judged here. */
const char *lapack_routine_name(lapack_routine r, int precision) {
  (void)precision;
  return r == LAPACK_GECON ? "gecon" : "other";
}

/* Judges rcond for A = I with the factors I, element (1, 0) set to lu10; 1 when that is
 * rcond-out-of-range. */
static int out_of_range(double rcond, double lu10) {
  lapack_case c;
  memset(&c, 0, sizeof c);
  c.routine = LAPACK_GECON;
  c.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE);
  c.m = c.n = c.k = N;
  c.base.norm = '1';
  c.input_safe = 1;
  c.A = ld_new(N, N, 0);
  ld_mat lu = ld_new(N, N, 0);
  for (size_t i = 0; i < N; i++) c.A.re[LD_AT(&c.A, i, i)] = lu.re[LD_AT(&lu, i, i)] = 1;
  lu.re[LD_AT(&lu, 1, 0)] = lu10;
  mlf_run run;
  mlf_run_reset(&run);
  lapack_outcome o = {0};
  o.rcond = rcond;
  lapack_judge_gecon(&run, &c, "netlib", &o, &lu);
  int found = 0;
  for (size_t i = 0; i < run.n_findings; i++)
    found |= strstr(run.findings[i].tag, ":dgecon:rcond-out-of-range") != NULL;
  ld_free(&lu), ld_free(&c.A);
  return found;
}

static void finite_factors_judged(void **state) {
  (void)state;
  assert_false(out_of_range(1, 0));
  assert_false(out_of_range(0, 0));
  assert_true(out_of_range(NAN, 0));
  assert_true(out_of_range(3, 0));
  assert_true(out_of_range(-1, 0));
}

static void nonfinite_factors_not_judged(void **state) {
  (void)state;
  assert_false(out_of_range(NAN, NAN));
  assert_false(out_of_range(NAN, INFINITY));
  assert_false(out_of_range(3, NAN));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(finite_factors_judged),
      cmocka_unit_test(nonfinite_factors_not_judged),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
