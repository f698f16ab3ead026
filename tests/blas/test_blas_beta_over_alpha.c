/* How blas_verdict_of judges the results of a kernel that computes alpha (A B + fl(beta / alpha) C)
 * (ATLAS 3.10.3's generated gemm kernels), on 1 x 1 dgemm problems with k = 1:
 *  - alpha = -DBL_MAX, beta = DBL_MIN, A = B = 0.5, C = +Inf: exact +Inf (beta C = +Inf, alpha a b
 *    finite); beta / alpha underflows to -0, so the kernel forms -0 * Inf = NaN:
 *    nan-spurious-beta-over-alpha;
 *  - alpha = 2^1000, beta = 2^-1000, A = 2^-1000, B = 1, C = 2^1000: exact 2; the quotient
 *    2^-2000 underflows to 0 and the kernel returns 1 (beta C lost), and with the quotient only
 *    subnormal (beta = 0x1.5555555555555p-40) beta C loses 19 bits:
 *    value-mismatch-beta-over-alpha.
 *  - an infinite alpha: the quotient is a signed zero (finite beta) or NaN (infinite beta), and
 *    alpha (a b + q c) is NaN where q c is 0 * Inf or q is NaN, though every term alpha a b and
 *    beta c has one sign (exact: that infinity): nan-spurious-beta-over-alpha (ATLAS 3.10.3
 *    dgemm and sgemm, 1 x 1 x 1); with a finite C the kernel gives alpha a b, which is exact.
 * Planted results outside the semantics (a value further off, NaN where the quotient is
 * normal, -Inf) stay unexplained; the exact result is ok. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

/* The verdict of `got` for C(0,0) of dgemm with these scalars; the exact value to *exact. */
static blas_verdict verdict_of(double alpha, double beta, double a, double b, double c,
                               double got, double *exact) {
  static blas_cld left, right, c_in;
  static blas_product pr;
  left = (blas_cld){a, 0}, right = (blas_cld){b, 0}, c_in = (blas_cld){c, 0};
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE), .m = 1, .n = 1,
                      .k = 1, .alpha = {alpha, 0}, .beta = {beta, 0}, .left = &left,
                      .right = &right, .c_in = &c_in};
  mlf_expect e;
  blas_product_reference(&pr, &e);
  if (exact) *exact = e.value;
  return blas_verdict_of(got, &e, &pr, 0, 0, 0);
}

/* What the kernel computes, in double: alpha (a b + (beta / alpha) c). */
static double atlas_way(double alpha, double beta, double a, double b, double c) {
  double q = beta / alpha;
  return alpha * (a * b + q * c);
}

static void underflowed_quotient_meets_infinity(void **state) {
  (void)state;
  double alpha = -DBL_MAX, beta = DBL_MIN, exact;
  double got = atlas_way(alpha, beta, 0.5, 0.5, INFINITY);
  assert_true(isnan(got));
  blas_verdict v = verdict_of(alpha, beta, 0.5, 0.5, INFINITY, got, &exact);
  assert_true(exact == INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_OVER_ALPHA);
  assert_int_equal(verdict_of(alpha, beta, 0.5, 0.5, INFINITY, INFINITY, NULL).base,
                   BLAS_VERDICT_OK);
  /* beta = 1: the quotient -2^-1024 is subnormal, not zero, so the kernel keeps +Inf */
  assert_true(atlas_way(alpha, 1, 0.5, 0.5, INFINITY) == INFINITY);
}

static void lost_beta_c_is_named(void **state) {
  (void)state;
  double alpha = 0x1p1000, a = 0x1p-1000, exact;
  double beta = 0x1p-1000, c = 0x1p1000; /* the quotient underflows to 0 */
  double got = atlas_way(alpha, beta, a, 1, c);
  assert_true(got == 1);
  blas_verdict v = verdict_of(alpha, beta, a, 1, c, got, &exact);
  assert_true(exact == 2);
  assert_int_equal(v.base, BLAS_VERDICT_VALUE);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_OVER_ALPHA);
  beta = 0x1.5555555555555p-40; /* the quotient is subnormal: 19 of its 53 bits lost */
  got = atlas_way(alpha, beta, a, 1, c);
  v = verdict_of(alpha, beta, a, 1, c, got, &exact);
  assert_true(fabs(got - exact) > 0x1p-40 * exact);
  assert_int_equal(v.base, BLAS_VERDICT_VALUE);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_OVER_ALPHA);
  assert_int_equal(verdict_of(alpha, beta, a, 1, c, exact, NULL).base, BLAS_VERDICT_OK);
}

static void infinite_alpha_keeps_the_quotient_inside(void **state) {
  (void)state;
  double exact;
  /* beta = -Inf: q = -Inf / -Inf = NaN; exact -Inf (a b > 0 and c > 0: both terms -Inf) */
  double got = atlas_way(-INFINITY, -INFINITY, 0.5, 0.5, 0.25);
  assert_true(isnan(got));
  blas_verdict v = verdict_of(-INFINITY, -INFINITY, 0.5, 0.5, 0.25, got, &exact);
  assert_true(exact == -INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_OVER_ALPHA);
  /* beta = -1, C = +Inf, a b < 0: q = -0 meets C = +Inf; exact -Inf */
  got = atlas_way(INFINITY, -1, -0.5, 0.5, INFINITY);
  assert_true(isnan(got));
  v = verdict_of(INFINITY, -1, -0.5, 0.5, INFINITY, got, &exact);
  assert_true(exact == -INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_OVER_ALPHA);
  /* a finite C: q c = 0, the kernel's alpha a b is the exact infinity */
  got = atlas_way(INFINITY, 2, 0.5, 0.5, 3);
  assert_true(got == INFINITY);
  assert_int_equal(verdict_of(INFINITY, 2, 0.5, 0.5, 3, got, NULL).base, BLAS_VERDICT_OK);
  /* NaN with a finite C is not the kernel's: unexplained */
  v = verdict_of(INFINITY, 2, 0.5, 0.5, 3, NAN, NULL);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
}

static void planted_outsiders_stay_unexplained(void **state) {
  (void)state;
  /* the subnormal quotient's result off by more than its rounding can give */
  double alpha = 0x1p1000, beta = 0x1.5555555555555p-40, a = 0x1p-1000, c = 0x1p1000;
  double got = atlas_way(alpha, beta, a, 1, c) * (1 + 0x1p-30);
  blas_verdict planted = verdict_of(alpha, beta, a, 1, c, got, NULL);
  assert_int_equal(planted.base, BLAS_VERDICT_VALUE);
  assert_int_equal(planted.explained_by, BLAS_SEM_EXACT);
  /* NaN where the quotient is normal (alpha = 2, beta = 1): nothing explains it */
  blas_verdict v = verdict_of(2, 1, 0.5, 0.5, INFINITY, NAN, NULL);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
  /* -Inf for the underflowing quotient: the kernel gives NaN, the exact result +Inf */
  v = verdict_of(-DBL_MAX, DBL_MIN, 0.5, 0.5, INFINITY, -INFINITY, NULL);
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(underflowed_quotient_meets_infinity),
      cmocka_unit_test(lost_beta_c_is_named),
      cmocka_unit_test(infinite_alpha_keeps_the_quotient_inside),
      cmocka_unit_test(planted_outsiders_stay_unexplained),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
