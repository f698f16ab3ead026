/* The allowed set of an element whose sum is empty (blas_verdict_of): the exact beta C, and NaN
 * when alpha is infinite or NaN (the reference's dot-product branches form alpha * 0 + beta C),
 * except under the quick return (k = 0 and beta = 1: C unchanged). 1 x 1 sgemm problems with
 * k = 0, and one with k = 1 whose only term is a structural zero (a row outside a band).
 * Members pass; planted results just outside the set (an infinity, a value past the bound, NaN
 * for a finite alpha or under the quick return, beta C where a term exists) are caught. The
 * same for 1 x 1 cgemm with k = 0: an infinite alpha never enters (C := beta C, or C itself
 * under the quick return), so it does not let any non-finite result stand as an infinity
 * among the terms of a complex product does. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

static const blas_cld c_in = {0.5L, 0}, one = {1, 0};

/* The verdict of `got` for C(0,0) of sgemm with the given alpha, beta and k (0 or 1); with
 * k = 1, present says whether the term is a real entry or a structural zero. */
static blas_verdict verdict_of(double alpha, double beta, size_t k, unsigned char present,
                               double got, double *exact_value) {
  static blas_product pr;
  static unsigned char left_present;
  left_present = present;
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__SINGLE), .m = 1, .n = 1,
                      .k = k, .alpha = {alpha, 0}, .beta = {beta, 0}, .left = &one,
                      .right = &one, .c_in = &c_in, .left_present = k ? &left_present : NULL};
  mlf_expect exact;
  blas_product_reference(&pr, &exact);
  if (exact_value) *exact_value = exact.value;
  return blas_verdict_of(got, &exact, &pr, 0, 0, 0);
}

static void assert_ok(blas_verdict v) { assert_int_equal(v.base, BLAS_VERDICT_OK); }

static void members_pass(void **state) {
  (void)state;
  double exact;
  assert_ok(verdict_of(INFINITY, 2, 0, 1, 1.0, &exact));
  assert_true(exact == 1.0); /* beta C */
  assert_ok(verdict_of(INFINITY, 2, 0, 1, NAN, NULL));
  assert_ok(verdict_of(-INFINITY, 0, 0, 1, NAN, NULL)); /* beta = 0: C := ALPHA*TEMP */
  assert_ok(verdict_of(NAN, 2, 0, 1, NAN, NULL));
  assert_ok(verdict_of(INFINITY, 1, 1, 0, NAN, NULL)); /* k = 1: no quick return */
  assert_ok(verdict_of(INFINITY, 1, 1, 0, 0.5, NULL));
}

static void planted_outsiders_are_caught(void **state) {
  (void)state;
  blas_verdict v = verdict_of(INFINITY, 2, 0, 1, INFINITY, NULL);
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  v = verdict_of(INFINITY, 2, 0, 1, 1.0 + 0x1p-20, NULL);
  assert_int_equal(v.base, BLAS_VERDICT_VALUE);
  v = verdict_of(2, 2, 0, 1, NAN, NULL); /* finite alpha: alpha * 0 = 0 */
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  v = verdict_of(INFINITY, 1, 0, 1, NAN, NULL); /* quick return */
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_EMPTY_SUM_SCALED);
  v = verdict_of(INFINITY, 2, 1, 1, 1.0, NULL); /* the term exists: exact Inf, not beta C */
  assert_int_equal(v.base, BLAS_VERDICT_INF);
}

/* The verdict of `got` for the real part of C(0,0) of cgemm with k = 0, alpha = +Inf and the
 * given real beta (C(0,0) = 0.5 + 0i). */
static blas_verdict complex_verdict_of(double beta, double got) {
  static blas_product pr;
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__COMPLEX), .m = 1, .n = 1,
                      .k = 0, .alpha = {INFINITY, 0}, .beta = {beta, 0}, .left = &one,
                      .right = &one, .c_in = &c_in};
  mlf_expect exact[2];
  blas_product_reference(&pr, exact);
  return blas_verdict_of(got, &exact[0], &pr, 0, 0, 0);
}

static void complex_infinite_alpha_does_not_enter(void **state) {
  (void)state;
  assert_ok(complex_verdict_of(1, 0.5)); /* quick return: C unchanged */
  assert_ok(complex_verdict_of(2, 1.0)); /* beta C */
  assert_ok(complex_verdict_of(2, NAN)); /* the reference's dot-product branch: alpha * 0 */
  blas_verdict v = complex_verdict_of(1, NAN); /* quick return: alpha * 0 is not allowed */
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_EMPTY_SUM_SCALED);
  assert_int_equal(complex_verdict_of(1, INFINITY).base, BLAS_VERDICT_INF);
  assert_int_equal(complex_verdict_of(2, INFINITY).base, BLAS_VERDICT_INF);
  assert_int_equal(complex_verdict_of(2, 1.0 + 0x1p-20).base, BLAS_VERDICT_VALUE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(members_pass),
      cmocka_unit_test(planted_outsiders_are_caught),
      cmocka_unit_test(complex_infinite_alpha_does_not_enter),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
