/* blas_product_semantics_differs, which lets blas_verdict skip a deviant semantics: on small
 * dgemm and zgemm problems, every semantics it reports as not differing in an arithmetic must
 * give each element exactly the exact expectation in that arithmetic (the skip must never hide
 * one that could explain a result), and
 * it reports as not differing what the rules and terms show equal to exact:
 *  - beta-over-alpha where alpha fl(beta / alpha) is beta (alpha = beta = 2), but not where the
 *    quotient underflows (alpha = 2^1000, beta = 2^-1000: exact 2, the semantics 1);
 *  - beta-over-alpha with beta = 1 on an element whose only term is a structural zero: the
 *    quotient gives beta back, but the exact semantics returns C = (Inf, 0) as it is where the
 *    semantics computes (1, 0) (Inf, 0) = (Inf, NaN), so it differs;
 *  - structural-zeros and empty-sum-scaled per element: only where the element has a
 *    structural zero, or only structural zeros. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/blas_product_reference.h"

/* 1 when the two expectations are the same (a NaN value whatever its payload). */
static int same_expect(mlf_expect a, mlf_expect b) {
  int value = isnan(a.value) ? isnan(b.value) : memcmp(&a.value, &b.value, sizeof a.value) == 0;
  return value && a.bound == b.bound && a.overflow_possible == b.overflow_possible;
}

/* Loads pr and checks that no semantics reported as not differing in an arithmetic changes an
 * element there (the exact semantics in the textbook arithmetic: blas_product_reference's). */
static void check_skips_are_exact(const blas_product *pr) {
  size_t parts = pr->p.is_complex ? 2 : 1;
  mlf_expect exact[8], base[2], alt[2];
  assert_true(pr->m * pr->n * parts <= 8);
  blas_product_reference(pr, exact);
  for (size_t i = 0; i < pr->m; i++)
    for (size_t j = 0; j < pr->n; j++)
      for (int arithmetic = 0; arithmetic < BLAS_ARITHMETICS; arithmetic++) {
        blas_arithmetic a = (blas_arithmetic)arithmetic;
        blas_product_expect_in(pr, BLAS_SEM_EXACT, BLAS_SKIP_EITHER, a, i, j, base);
        if (a == BLAS_ARITH_TEXTBOOK)
          for (size_t part = 0; part < parts; part++)
            assert_true(same_expect(base[part], exact[(i * pr->n + j) * parts + part]));
        for (int sem = BLAS_SEM_EXACT + 1; sem < BLAS_SEMANTICS; sem++)
          for (int side = 0; side < BLAS_SKIP_SIDES; side++) {
            if (blas_product_semantics_differs(pr, (blas_semantics)sem, (blas_skip_side)side, a, i, j))
              continue;
            blas_product_expect_in(pr, (blas_semantics)sem, (blas_skip_side)side, a, i, j, alt);
            for (size_t part = 0; part < parts; part++) assert_true(same_expect(alt[part], base[part]));
          }
      }
}

static blas_product dgemm_1x1(double alpha, double beta, const blas_cld *abc) {
  return (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE), .m = 1, .n = 1,
                        .k = 1, .alpha = {alpha, 0}, .beta = {beta, 0}, .left = &abc[0],
                        .right = &abc[1], .c_in = &abc[2]};
}

static int differs(const blas_product *pr, blas_semantics sem, size_t i, size_t j) {
  return blas_product_semantics_differs(pr, sem, BLAS_SKIP_EITHER, BLAS_ARITH_TEXTBOOK, i, j);
}

static void quotient_giving_beta_back_is_skipped(void **state) {
  (void)state;
  static const blas_cld abc[3] = {{0x1p-1000, 0}, {1, 0}, {0x1p1000, 0}};
  blas_product pr = dgemm_1x1(2, 2, abc);
  check_skips_are_exact(&pr);
  assert_false(differs(&pr, BLAS_SEM_BETA_OVER_ALPHA, 0, 0));
  assert_false(differs(&pr, BLAS_SEM_ZERO_ALPHA_COMPUTED, 0, 0));
  assert_true(differs(&pr, BLAS_SEM_BETA_AS_ZERO, 0, 0));
  pr = dgemm_1x1(0x1p1000, 0x1p-1000, abc); /* the quotient underflows: beta C lost */
  check_skips_are_exact(&pr);
  assert_true(differs(&pr, BLAS_SEM_BETA_OVER_ALPHA, 0, 0));
  mlf_expect exact, alt;
  blas_product_reference(&pr, &exact);
  blas_product_expect_one(&pr, BLAS_SEM_BETA_OVER_ALPHA, 0, 0, &alt);
  assert_true(exact.value == 2 && alt.value == 1);
}

static void beta_one_counts(void **state) {
  (void)state;
  static const blas_cld left = {1, 0}, right = {1, 0}, c_in = {INFINITY, 0};
  static const unsigned char absent = 0;
  blas_product pr = {.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE_COMPLEX), .m = 1,
                     .n = 1, .k = 1, .alpha = {1, 0}, .beta = {1, 0}, .left = &left,
                     .right = &right, .c_in = &c_in, .left_present = &absent};
  check_skips_are_exact(&pr);
  assert_true(differs(&pr, BLAS_SEM_BETA_OVER_ALPHA, 0, 0));
  mlf_expect exact[2], alt[2];
  blas_product_reference(&pr, exact);
  blas_product_expect_one(&pr, BLAS_SEM_BETA_OVER_ALPHA, 0, 0, alt);
  assert_true(exact[0].value == INFINITY && exact[1].value == 0);
  assert_true(alt[0].value == INFINITY && isnan(alt[1].value));
}

static void structural_zeros_per_element(void **state) {
  (void)state;
  /* 2 x 1 x 1: L's entry of row 1 is a structural zero, R's holds Inf */
  static const blas_cld left[2] = {{1, 0}, {0, 0}}, right = {INFINITY, 0}, c_in[2] = {{1, 0}, {1, 0}};
  static const unsigned char present[2] = {1, 0};
  blas_product pr = {.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE), .m = 2, .n = 1,
                     .k = 1, .alpha = {1, 0}, .beta = {1, 0}, .left = left, .right = &right,
                     .c_in = c_in, .left_present = present};
  check_skips_are_exact(&pr);
  assert_int_equal(blas_product_terms(&pr, 0, 0), 1);
  assert_int_equal(blas_product_terms(&pr, 1, 0), 0);
  assert_false(differs(&pr, BLAS_SEM_STRUCTURAL_ZEROS, 0, 0));
  assert_false(differs(&pr, BLAS_SEM_EMPTY_SUM_SCALED, 0, 0));
  assert_true(differs(&pr, BLAS_SEM_STRUCTURAL_ZEROS, 1, 0)); /* 0 * Inf = NaN */
  assert_true(differs(&pr, BLAS_SEM_EMPTY_SUM_SCALED, 1, 0));
}

static void zero_skip_where_a_factor_vanishes(void **state) {
  (void)state;
  static const blas_cld abc[3] = {{0, 0}, {INFINITY, 0}, {1, 0}};
  blas_product pr = dgemm_1x1(1, 1, abc);
  check_skips_are_exact(&pr);
  for (int a = 0; a < BLAS_ARITHMETICS; a++) {
    assert_true(blas_product_semantics_differs(&pr, BLAS_SEM_ZERO_SKIP, BLAS_SKIP_LEFT, (blas_arithmetic)a, 0, 0));
    assert_false(blas_product_semantics_differs(&pr, BLAS_SEM_ZERO_SKIP, BLAS_SKIP_RIGHT, (blas_arithmetic)a, 0, 0));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(quotient_giving_beta_back_is_skipped),
      cmocka_unit_test(beta_one_counts),
      cmocka_unit_test(structural_zeros_per_element),
      cmocka_unit_test(zero_skip_where_a_factor_vanishes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
