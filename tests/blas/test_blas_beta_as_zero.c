/* How blas_verdict_of names a finite result that left beta C out (BLIS 0.9.0's piledriver
 * [cz]gemm micro-kernels store alpha A B for any nonzero beta), on 1 x 1 problems with k = 1:
 *  - complex single, alpha = (0.75, -1.25), beta = (0.5, 0.5), a = (1, 2), b = (-1, 0.5),
 *    c = (3, -4): the kernel's alpha a b misses the exact alpha a b + beta c by |beta c| = 3.5:
 *    value-mismatch-beta-as-zero, in both parts;
 *  - double, alpha = 2, beta = -3, a = 0.5, b = 4, c = 1: alpha a b = 4 where the exact result is
 *    1: value-mismatch-beta-as-zero.
 * Planted results outside the semantics (alpha a b off by more than its rounding, beta C
 * counted twice) stay unexplained value-mismatches; the exact result is ok. An underflowing
 * beta / alpha, which beta-as-zero fits too, keeps the name beta-over-alpha
 * (test_blas_beta_over_alpha). */
#include <complex.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

/* A 1 x 1 x 1 problem of precision p with these scalars and operands. */
typedef struct {
  Mlf__Blas__Precision p;
  double complex alpha, beta, a, b, c;
} one_by_one;

/* The verdict of `got` for part `part` of C(0,0). */
static blas_verdict verdict_of(const one_by_one *q, double got, size_t part) {
  static blas_cld left, right, c_in;
  static blas_product pr;
  left = (blas_cld){creal(q->a), cimag(q->a)}, right = (blas_cld){creal(q->b), cimag(q->b)};
  c_in = (blas_cld){creal(q->c), cimag(q->c)};
  pr = (blas_product){.p = blas_precision_of(q->p), .m = 1, .n = 1, .k = 1,
                      .alpha = {creal(q->alpha), cimag(q->alpha)},
                      .beta = {creal(q->beta), cimag(q->beta)}, .left = &left, .right = &right,
                      .c_in = &c_in};
  mlf_expect e[2];
  blas_product_reference(&pr, e);
  return blas_verdict_of(got, &e[part], &pr, 0, 0, part);
}

static const one_by_one complex_case = {MLF__BLAS__PRECISION__COMPLEX, 0.75 - 1.25 * I,
                                        0.5 + 0.5 * I, 1 + 2 * I, -1 + 0.5 * I, 3 - 4 * I};
static const one_by_one real_case = {MLF__BLAS__PRECISION__DOUBLE, 2, -3, 0.5, 4, 1};

/* Asserts the verdict of got for part `part` of q. */
static void expect(const one_by_one *q, double got, size_t part, int base, blas_semantics sem) {
  blas_verdict v = verdict_of(q, got, part);
  assert_int_equal(v.base, base);
  assert_int_equal(v.explained_by, sem);
}

static void dropped_beta_c_is_named(void **state) {
  (void)state;
  float complex ab = (float complex)complex_case.alpha * (float complex)(complex_case.a * complex_case.b);
  expect(&complex_case, crealf(ab), 0, BLAS_VERDICT_VALUE, BLAS_SEM_BETA_AS_ZERO);
  expect(&complex_case, cimagf(ab), 1, BLAS_VERDICT_VALUE, BLAS_SEM_BETA_AS_ZERO);
  expect(&real_case, 4, 0, BLAS_VERDICT_VALUE, BLAS_SEM_BETA_AS_ZERO);
}

static void exact_result_is_ok(void **state) {
  (void)state;
  double complex exact = complex_case.alpha * complex_case.a * complex_case.b +
                         complex_case.beta * complex_case.c;
  expect(&complex_case, creal(exact), 0, BLAS_VERDICT_OK, BLAS_SEM_EXACT);
  expect(&complex_case, cimag(exact), 1, BLAS_VERDICT_OK, BLAS_SEM_EXACT);
  expect(&real_case, 1, 0, BLAS_VERDICT_OK, BLAS_SEM_EXACT);
}

static void planted_outsiders_stay_unexplained(void **state) {
  (void)state;
  double complex ab = complex_case.alpha * complex_case.a * complex_case.b;
  expect(&complex_case, creal(ab) * (1 + 0x1p-10), 0, BLAS_VERDICT_VALUE, BLAS_SEM_EXACT);
  expect(&real_case, 4 * (1 + 0x1p-30), 0, BLAS_VERDICT_VALUE, BLAS_SEM_EXACT);
  expect(&real_case, 4 - 6, 0, BLAS_VERDICT_VALUE, BLAS_SEM_EXACT); /* beta c counted twice */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(dropped_beta_c_is_named),
      cmocka_unit_test(exact_result_is_ok),
      cmocka_unit_test(planted_outsiders_stay_unexplained),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
