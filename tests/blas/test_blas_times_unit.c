/* How blas_verdict_of judges the results of kernels that multiply by (1, 0) with the textbook
 * formula where the operation has no such product, on 1 x 1 complex double problems with k = 1:
 *  - beta-times-unit: fl(beta (1, 0)) in place of beta (BLIS 0.9.0 folds beta into the scalar
 *    attached to C, which starts as 1: frame/3/bli_l3_int.c:131, bli_zscalris); beta =
 *    (-Inf, 0) becomes (-Inf, NaN), so beta c is NaN in both parts where the exact result has
 *    infinities: nan-spurious-beta-times-unit, also with alpha = 0 (no products) and where
 *    alpha (a b + fl(beta / alpha) c) gives the same NaN (beta-times-unit is tried before it);
 *  - product-times-unit: the sum of the products, alpha applied, times (1, 0) (OpenBLAS's
 *    ztrmm kernel called with alpha = (1, 0) after B was scaled; BLIS's and ATLAS's complex
 *    kernels alike): an infinite part of a (alpha b) makes the other part NaN:
 *    nan-spurious-product-times-unit, under a finite beta too (which beta-times-unit cannot
 *    explain); where both explain (an infinite beta too), beta-times-unit is named;
 *  - the exact infinities are ok.
 * Planted results outside the semantics stay unexplained: NaN where every factor and beta are
 * finite (both semantics are exact there), an infinity of the wrong sign, and NaN in a real
 * precision. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

typedef struct {
  double re, im;
} zc;

/* The verdicts of got for both parts of C(0,0) of a complex double product a b with these
 * scalars, and the exact values in *exact. */
static void verdicts_of(zc alpha, zc beta, zc a, zc b, zc c, zc got, blas_verdict v[2], zc *exact) {
  static blas_cld left, right, c_in;
  static blas_product pr;
  left = (blas_cld){a.re, a.im}, right = (blas_cld){b.re, b.im}, c_in = (blas_cld){c.re, c.im};
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE_COMPLEX), .m = 1, .n = 1,
                      .k = 1, .alpha = {alpha.re, alpha.im}, .beta = {beta.re, beta.im},
                      .left = &left, .right = &right, .c_in = &c_in};
  mlf_expect e[2];
  blas_product_reference(&pr, e);
  if (exact) *exact = (zc){e[0].value, e[1].value};
  v[0] = blas_verdict_of(got.re, &e[0], &pr, 0, 0, 0);
  v[1] = blas_verdict_of(got.im, &e[1], &pr, 0, 0, 1);
}

static zc mul(zc x, zc y) { return (zc){x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }
static zc add(zc x, zc y) { return (zc){x.re + y.re, x.im + y.im}; }

/* What the kernel computes: alpha (a b) + fl(beta (1, 0)) c, bli_zscalris's formula. */
static zc blis_way(zc alpha, zc beta, zc a, zc b, zc c) {
  zc folded = {beta.re * 1 - beta.im * 0, beta.im * 1 + beta.re * 0};
  return add(mul(alpha, mul(a, b)), mul(folded, c));
}

/* What a kernel that scales b by alpha first computes: (1, 0) (a (alpha b)) + beta c. */
static zc unit_product_way(zc alpha, zc beta, zc a, zc b, zc c) {
  return add(mul((zc){1, 0}, mul(a, mul(alpha, b))), mul(beta, c));
}

static const zc a = {0.5, 0.25}, b = {0.25, 0.5}, c = {0.5, 0.25};

static void assert_named(const blas_verdict v[2], blas_semantics sem) {
  for (int part = 0; part < 2; part++) {
    assert_int_equal(v[part].base, BLAS_VERDICT_NAN_SPURIOUS);
    assert_int_equal(v[part].explained_by, sem);
  }
}

static void infinite_beta_gives_nan(void **state) {
  (void)state;
  zc alpha = {0.5, 0}, beta = {-INFINITY, 0}, exact;
  blas_verdict v[2];
  zc got = blis_way(alpha, beta, a, b, c);
  assert_true(isnan(got.re) && isnan(got.im));
  verdicts_of(alpha, beta, a, b, c, got, v, &exact);
  assert_true(exact.re == -INFINITY && exact.im == -INFINITY);
  assert_named(v, BLAS_SEM_BETA_TIMES_UNIT);
  verdicts_of(alpha, beta, a, b, c, exact, v, NULL);
  assert_int_equal(v[0].base, BLAS_VERDICT_OK);
  assert_int_equal(v[1].base, BLAS_VERDICT_OK);
}

static void zero_alpha_and_quotient_cases(void **state) {
  (void)state;
  blas_verdict v[2];
  /* alpha = 0: C := beta C, beta = (0, +Inf) folded to (NaN, +Inf) (bli_scalm's path) */
  zc zero = {0, 0}, beta = {0, INFINITY};
  zc got = mul((zc){beta.re * 1 - beta.im * 0, beta.im * 1 + beta.re * 0}, c);
  assert_true(isnan(got.re) && isnan(got.im));
  verdicts_of(zero, beta, a, b, c, got, v, NULL);
  assert_named(v, BLAS_SEM_BETA_TIMES_UNIT);
  /* alpha = (0, -1), beta = (+Inf, 0): beta / alpha = (NaN, +Inf) would give NaN as well; the
   * name is beta-times-unit, the mechanism of the kernel that gave it */
  zc alpha = {0, -1};
  beta = (zc){INFINITY, 0};
  got = blis_way(alpha, beta, a, b, c);
  verdicts_of(alpha, beta, a, b, c, got, v, NULL);
  assert_named(v, BLAS_SEM_BETA_TIMES_UNIT);
}

static void infinite_product_part_gives_nan(void **state) {
  (void)state;
  /* the OpenBLAS ztrmm row's numbers: alpha b = (+Inf, +Inf), a (alpha b) = (-Inf, NaN), times
   * (1, 0) = (NaN, NaN); the real part is -Inf in every order of the textbook product */
  zc alpha = {-0.5, -0.5}, a_row = {-0.48, 0.75}, b_inf = {-INFINITY, 0.82}, exact;
  blas_verdict v[2];
  for (int finite_beta = 0; finite_beta <= 1; finite_beta++) {
    zc beta = finite_beta ? (zc){2, 0.5} : (zc){0, 0};
    zc got = unit_product_way(alpha, beta, a_row, b_inf, c);
    assert_true(isnan(got.re) && isnan(got.im));
    verdicts_of(alpha, beta, a_row, b_inf, c, got, v, &exact);
    assert_true(exact.re == -INFINITY);
    assert_int_equal(v[0].base, BLAS_VERDICT_NAN_SPURIOUS);
    assert_int_equal(v[0].explained_by, BLAS_SEM_PRODUCT_TIMES_UNIT);
    assert_int_equal(v[1].base, BLAS_VERDICT_OK); /* alpha (a b) has a NaN imaginary part */
  }
  /* beta = (-Inf, 0) as well (exact real part -Inf): both semantics give NaN; beta-times-unit,
   * the simpler reading, is named */
  zc beta = {-INFINITY, 0};
  zc got = unit_product_way(alpha, beta, a_row, b_inf, c);
  verdicts_of(alpha, beta, a_row, b_inf, c, got, v, NULL);
  assert_int_equal(v[0].explained_by, BLAS_SEM_BETA_TIMES_UNIT);
}

static void planted_outsiders_stay_unexplained(void **state) {
  (void)state;
  blas_verdict v[2];
  /* NaN under a finite beta and finite factors: fl(beta (1, 0)) = beta and a finite sum times
   * (1, 0) is itself, nothing explains it */
  verdicts_of((zc){0.5, 0}, (zc){2, 0.5}, a, b, c, (zc){NAN, NAN}, v, NULL);
  assert_named(v, BLAS_SEM_EXACT);
  /* +Inf where the exact result is -Inf (beta = (-Inf, 0)): the kernel gives NaN, not that;
   * nor a product kernel: an infinite real part of a (alpha b) where the exact one is -Inf */
  verdicts_of((zc){-0.5, -0.5}, (zc){0, 0}, (zc){-0.48, 0.75}, (zc){-INFINITY, 0.82}, c,
              (zc){INFINITY, NAN}, v, NULL);
  assert_int_equal(v[0].base, BLAS_VERDICT_INF);
  assert_int_equal(v[0].explained_by, BLAS_SEM_EXACT);
  verdicts_of((zc){0.5, 0}, (zc){-INFINITY, 0}, a, b, c, (zc){INFINITY, INFINITY}, v, NULL);
  for (int part = 0; part < 2; part++) {
    assert_int_equal(v[part].base, BLAS_VERDICT_INF);
    assert_int_equal(v[part].explained_by, BLAS_SEM_EXACT);
  }
  /* a real precision has no imaginary part for Inf * 0 to meet: dgemm's NaN stays unexplained */
  static blas_cld left = {0.5, 0}, right = {0.25, 0}, c_in = {0.5, 0};
  static blas_product pr;
  pr = (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE), .m = 1, .n = 1, .k = 1,
                      .alpha = {0.5, 0}, .beta = {-INFINITY, 0}, .left = &left, .right = &right,
                      .c_in = &c_in};
  mlf_expect e;
  blas_product_reference(&pr, &e);
  assert_true(e.value == -INFINITY);
  blas_verdict r = blas_verdict_of(NAN, &e, &pr, 0, 0, 0);
  assert_int_equal(r.base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(r.explained_by, BLAS_SEM_EXACT);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(infinite_beta_gives_nan),
      cmocka_unit_test(zero_alpha_and_quotient_cases),
      cmocka_unit_test(infinite_product_part_gives_nan),
      cmocka_unit_test(planted_outsiders_stay_unexplained),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
