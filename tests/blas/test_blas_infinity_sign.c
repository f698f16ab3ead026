/* The allowed set of a real element with an infinite alpha or a possible overflow
 * (blas_product_infinity_allowed via blas_verdict_of): an infinity of a sign one of the terms
 * alpha a b has; NaN under an infinite alpha only where a zero meets alpha or infinite terms
 * (beta C among them) have both signs; only NaN when a factor is NaN. 1 x 1 sgemm problems with k = 2 and beta = 0 (NaN for the naming test).
 * Members pass; planted results just outside (an infinity of a sign no term has, an infinity
 * where a NaN must propagate, a finite value) are caught. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

static blas_cld c_in = {0.5L, 0}; /* C(0,0) */

/* The verdict of `got` for C(0,0) = alpha (l0 r0 + l1 4) + beta 0.5, by a routine whose
 * reference forms alpha times partial sums (?symv, ?symm) or not. */
static blas_verdict verdict_of_terms(int partial_sums, double alpha, long double l0,
                                     long double l1, long double r0, double beta, double got) {
  static blas_cld left[2], right[2];
  static blas_product pr;
  left[0] = (blas_cld){l0, 0}, left[1] = (blas_cld){l1, 0};
  right[0] = (blas_cld){r0, 0}, right[1] = (blas_cld){4, 0};
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__SINGLE), .m = 1, .n = 1,
                      .k = 2, .alpha = {alpha, 0}, .beta = {beta, 0}, .left = left, .right = right,
                      .c_in = &c_in, .alpha_of_partial_sums = partial_sums};
  mlf_expect exact;
  blas_product_reference(&pr, &exact);
  return blas_verdict_of(got, &exact, &pr, 0, 0, 0);
}

/* As verdict_of_terms with r0 = 3. */
static blas_verdict verdict_in(int partial_sums, double alpha, long double l0, long double l1,
                               double beta, double got) {
  return verdict_of_terms(partial_sums, alpha, l0, l1, 3, beta, got);
}

static blas_verdict verdict_with_beta(double alpha, long double l0, long double l1, double beta,
                                      double got) {
  return verdict_in(0, alpha, l0, l1, beta, got);
}

static blas_verdict verdict_of(double alpha, long double l0, long double l1, double got) {
  return verdict_with_beta(alpha, l0, l1, 0, got);
}

static void assert_ok(blas_verdict v) { assert_int_equal(v.base, BLAS_VERDICT_OK); }

static void members_pass(void **state) {
  (void)state;
  assert_ok(verdict_of(INFINITY, 1, 2, INFINITY)); /* every term +Inf */
  assert_ok(verdict_of(INFINITY, 0, 2, NAN));      /* Inf * 0 where alpha scales a first */
  assert_ok(verdict_of(-INFINITY, 1, 2, -INFINITY));
  assert_ok(verdict_of(INFINITY, 1, -2, -INFINITY)); /* exact: Inf * (3 - 8) */
  assert_ok(verdict_of(INFINITY, 1, -2, INFINITY));  /* the first term's sign */
  assert_ok(verdict_of(INFINITY, 1, -2, NAN));       /* Inf - Inf */
  assert_ok(verdict_of(INFINITY, NAN, 2, NAN));
}

static void planted_outsiders_are_caught(void **state) {
  (void)state;
  blas_verdict v = verdict_of(INFINITY, 1, 2, -INFINITY); /* no term is negative */
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  v = verdict_of(-INFINITY, 1, 2, INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  v = verdict_of(INFINITY, 0, 2, -INFINITY); /* the zero term has no sign to give */
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  v = verdict_of(INFINITY, NAN, 2, INFINITY); /* the NaN must propagate */
  assert_int_equal(v.base, BLAS_VERDICT_NAN_LOST);
  v = verdict_of(INFINITY, 1, 2, 1.0);
  assert_int_equal(v.base, BLAS_VERDICT_INF);
}

/* Under an infinite alpha every term of (1 * 3 + 2 * 4) is +Inf in every order: NaN is no
 * member (it was, when any non-finite result stood); an infinite beta C of the other sign
 * (-Inf * 0.5) lets Inf - Inf give it, one of the same sign does not. */
static void nan_needs_a_zero_or_both_signs(void **state) {
  (void)state;
  assert_int_equal(verdict_of(INFINITY, 1, 2, NAN).base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(verdict_of(-INFINITY, 1, 2, NAN).base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_ok(verdict_with_beta(INFINITY, 1, 2, -INFINITY, NAN));
  assert_int_equal(verdict_with_beta(INFINITY, 1, 2, INFINITY, NAN).base,
                   BLAS_VERDICT_NAN_SPURIOUS);
}

/* The reference ?symm forms ALPHA*TEMP2 with TEMP2 = ZERO at the triangle's edge (dsymm.f),
 * NaN though every term is +Inf: such a routine keeps NaN; an infinity of a sign no term has
 * is still caught. */
static void partial_sums_keep_nan(void **state) {
  (void)state;
  assert_ok(verdict_in(1, INFINITY, 1, 2, 0, NAN));
  assert_ok(verdict_in(1, INFINITY, 1, 2, 0, INFINITY));
  assert_int_equal(verdict_in(1, INFINITY, 1, 2, 0, -INFINITY).base, BLAS_VERDICT_INF);
}

/* A NaN beta leaves only NaN; +Inf is what a kernel that drops beta C gives (BLIS 0.9.0's
 * beta == 0 test, registry nan-lost-beta-as-zero), so the deviation is still named. */
static void deviation_is_named(void **state) {
  (void)state;
  blas_verdict v = verdict_with_beta(INFINITY, 1, 2, NAN, INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(v.explained_by, BLAS_SEM_BETA_AS_ZERO);
  v = verdict_with_beta(INFINITY, 1, 2, NAN, -INFINITY); /* no term is negative */
  assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
  assert_ok(verdict_with_beta(INFINITY, 1, 2, NAN, NAN));
}

/* A finite alpha whose products overflow in float (3 * 2^127, 4 * 2^127): +Inf stands and -Inf,
 * which no term's sign gives, is caught; with terms of both signs (exact -2^127) both stand. */
static void overflow_keeps_a_term_sign(void **state) {
  (void)state;
  assert_ok(verdict_of(1, 0x1p127L, 0x1p127L, INFINITY));
  blas_verdict v = verdict_of(1, 0x1p127L, 0x1p127L, -INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  assert_ok(verdict_of(1, 0x1p127L, -0x1p127L, -INFINITY));
  assert_ok(verdict_of(1, 0x1p127L, -0x1p127L, INFINITY));
}

/* beta C that overflows float (-FLT_MAX * 4) is an infinity in the kernel, though not in the
 * long double: with every term +Inf, netlib's ALPHA*TEMP + BETA*C is Inf - Inf = NaN, which
 * stands; at -FLT_MAX / 4 beta C is finite and NaN is still caught. */
static void overflowing_beta_c_lets_nan_stand(void **state) {
  (void)state;
  c_in.re = 4;
  assert_ok(verdict_with_beta(INFINITY, 1, 2, -0x1.fffffep127, NAN));
  c_in.re = 0.25;
  assert_int_equal(verdict_with_beta(INFINITY, 1, 2, -0x1.fffffep127, NAN).base,
                   BLAS_VERDICT_NAN_SPURIOUS);
  c_in.re = 0.5;
}

/* Zero-skip judges an infinity's sign on the terms it keeps, as it does the value: alpha =
 * 2^-149 times l0 = 0.5 rounds to zero in float, so a kernel testing alpha a drops the term
 * with r0 = NaN, and -Inf (beta C = -Inf * 0.5, and alpha 2^-149 (-2) 4 < 0) is the deviation
 * GSL's cblas shows (nan-lost-zero-skip), not an unnamed nan-lost; +Inf, which no kept term
 * gives, stays unnamed. */
static void zero_skip_signs_follow_its_terms(void **state) {
  (void)state;
  blas_verdict v = verdict_of_terms(0, 0x1p-149, 0.5, -2, NAN, -INFINITY, -INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(v.explained_by, BLAS_SEM_ZERO_SKIP);
  v = verdict_of_terms(0, 0x1p-149, 0.5, -2, NAN, -INFINITY, INFINITY);
  assert_int_equal(v.base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(members_pass),
      cmocka_unit_test(planted_outsiders_are_caught),
      cmocka_unit_test(nan_needs_a_zero_or_both_signs),
      cmocka_unit_test(partial_sums_keep_nan),
      cmocka_unit_test(deviation_is_named),
      cmocka_unit_test(overflow_keeps_a_term_sign),
      cmocka_unit_test(zero_skip_signs_follow_its_terms),
      cmocka_unit_test(overflowing_beta_c_lets_nan_stand),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
