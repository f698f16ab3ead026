/* How blas_verdict_of names a result that misses an infinity, on a 1 x 1 sgemm with k = 2:
 * alpha = 2^-149 (the smallest float), L = [2^-105, 2^100], R = [-Inf, 1.5 * 2^-97]^T, beta = 0.
 * The exact result is -Inf. A kernel that tests only alpha * L(0,l) for zero (GSL's row-major
 * A^T branch) drops the term with the Inf (alpha * 2^-105 underflows) and keeps the other one,
 * giving alpha * 2^100 * 1.5 * 2^-97 = 12 * 2^-149: zero-skip (a library bug against the
 * reference BLAS 3.11, whose gemm has no zero test). The mirror problem (L and R swapped) is
 * the kernel that tests only the right factor; a kernel testing either factor drops both terms
 * (0). A planted wrong value, outside the underflow
 * bound (2 * 2^-149 * (2^100 + ...), about 2^-48) of every skip's value, is still an
 * unexplained inf-mismatch.
 * Complex (cgemm, 1 x 1, k = 2): alpha = (2^-149, 2^-149), L = [(2^100, 0), (-0x1.fffe26p-3,
 * 0x1.0577p-2)], R = [(1, 0), (1, -Inf)]^T. alpha L(0,1) by the textbook formula in float is
 * (-0, 0) (each real product underflows), though its exact real part rounds to -2^-149, so GSL's
 * cgemm drops that term and returns (alpha L(0,0)) R(0,0) = (2^-49, 2^-49): zero-skip again.
 * Complex with a unit beta (cgemm, 1 x 1, k = 2, as GSL's row-major A^T branch saw it):
 * alpha = (0, 2^-126), L = [(2^-40, 2^-40), (1, 0)], R = [(1, -Inf), (2^126, 0)]^T, beta = 1,
 * C = (-Inf, 5). The exact result is (NaN, NaN) (L(0,0) R(0,0) = (Inf, -Inf), then alpha's zero
 * real part meets it) and (NaN, Inf) in the complex-zero-parts arithmetic. GSL drops term 0
 * (alpha L(0,0) underflows to (-0, 0)), adds (0, 1) and leaves C as it is for beta = 1
 * (source_gemm_c.h:72), giving (-Inf, 6): the real part stands (alpha L(0,0) may underflow
 * against the Inf in the exact semantics), the imaginary one is zero-skip in the zero-parts
 * arithmetic, where the textbook (1, 0) C = (-Inf, NaN) would lose the 5. Planted: 7, and 1
 * (skip and beta C dropped, two deviations at once), stay unexplained. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_verdict.h"

static const blas_cld tiny_left = {0x1p-105L, 0}, big_left = {0x1p100L, 0};
static const blas_cld inf_right = {-INFINITY, 0}, small_right = {0x1.8p-97L, 0};
static const blas_cld c_in = {0.5L, 0};

/* Loads the problem; mirrored swaps the factors so that the right one is tested. */
static blas_product load(int mirrored, blas_cld *left, blas_cld *right) {
  left[0] = mirrored ? inf_right : tiny_left;
  left[1] = mirrored ? small_right : big_left;
  right[0] = mirrored ? tiny_left : inf_right;
  right[1] = mirrored ? big_left : small_right;
  blas_product pr = {.p = blas_precision_of(MLF__BLAS__PRECISION__SINGLE), .m = 1, .n = 1, .k = 2,
                     .alpha = {0x1p-149, 0}, .beta = {0, 0}, .left = left, .right = right,
                     .c_in = &c_in};
  return pr;
}

/* The verdict of `got` for element (0, 0) of the (mirrored) problem. */
static blas_verdict verdict_of(int mirrored, double got) {
  static blas_cld left[2], right[2];
  static blas_product pr;
  mlf_expect exact;
  pr = load(mirrored, left, right);
  blas_product_reference(&pr, &exact);
  assert_true(isinf(exact.value) && exact.value < 0);
  return blas_verdict_of(got, &exact, &pr, 0, 0, 0);
}

static void one_side_skip_is_zero_skip(void **state) {
  (void)state;
  for (int mirrored = 0; mirrored < 2; mirrored++) {
    blas_verdict v = verdict_of(mirrored, 12 * 0x1p-149);
    assert_int_equal(v.base, BLAS_VERDICT_INF);
    assert_int_equal(v.explained_by, BLAS_SEM_ZERO_SKIP);
  }
}

static void both_sides_skip_is_still_zero_skip(void **state) {
  (void)state;
  blas_verdict v = verdict_of(0, 0.0); /* both terms dropped: alpha * 1.5 * 2^-97 underflows too */
  assert_int_equal(v.base, BLAS_VERDICT_INF);
  assert_int_equal(v.explained_by, BLAS_SEM_ZERO_SKIP);
}

/* The verdict of got (both parts) for element (0, 0) of the complex problem, in v[0] and v[1]. */
static void complex_verdicts(double got_re, double got_im, blas_verdict v[2]) {
  static const blas_cld left[2] = {{0x1p100L, 0}, {-0x1.fffe26p-3L, 0x1.0577p-2L}};
  static const blas_cld right[2] = {{1, 0}, {1, -INFINITY}}, c = {0.5L, 0.25L};
  blas_product pr = {.p = blas_precision_of(MLF__BLAS__PRECISION__COMPLEX), .m = 1, .n = 1,
                     .k = 2, .alpha = {0x1p-149, 0x1p-149}, .beta = {0, 0}, .left = left,
                     .right = right, .c_in = &c};
  mlf_expect exact[2];
  blas_product_reference(&pr, exact);
  blas_product_settle(&pr, exact, 0, 0);
  v[0] = blas_verdict_of(got_re, &exact[0], &pr, 0, 0, 0);
  v[1] = blas_verdict_of(got_im, &exact[1], &pr, 0, 0, 1);
}

static void complex_textbook_underflow_is_zero_skip(void **state) {
  (void)state;
  blas_verdict v[2];
  complex_verdicts(0x1p-49, 0x1p-49, v);
  for (int part = 0; part < 2; part++) {
    assert_int_not_equal(v[part].base, BLAS_VERDICT_OK);
    assert_int_equal(v[part].explained_by, BLAS_SEM_ZERO_SKIP);
  }
  complex_verdicts(1.0, 1.0, v); /* planted: no skip gives it */
  for (int part = 0; part < 2; part++) assert_int_equal(v[part].explained_by, BLAS_SEM_EXACT);
}

/* The verdicts of got (both parts) for element (0, 0) of the unit-beta complex problem. */
static void unit_beta_verdicts(double got_re, double got_im, blas_verdict v[2]) {
  static const blas_cld left[2] = {{0x1p-40L, 0x1p-40L}, {1, 0}};
  static const blas_cld right[2] = {{1, -INFINITY}, {0x1p126L, 0}}, c = {-INFINITY, 5};
  blas_product pr = {.p = blas_precision_of(MLF__BLAS__PRECISION__COMPLEX), .m = 1, .n = 1,
                     .k = 2, .alpha = {0, 0x1p-126}, .beta = {1, 0}, .left = left,
                     .right = right, .c_in = &c};
  mlf_expect exact[2];
  blas_product_reference(&pr, exact);
  blas_product_settle(&pr, exact, 0, 0);
  assert_true(isnan(exact[0].value) && isnan(exact[1].value));
  v[0] = blas_verdict_of(got_re, &exact[0], &pr, 0, 0, 0);
  v[1] = blas_verdict_of(got_im, &exact[1], &pr, 0, 0, 1);
}

static void unit_beta_left_out_is_zero_skip(void **state) {
  (void)state;
  blas_verdict v[2];
  unit_beta_verdicts(-INFINITY, 6, v);
  assert_int_equal(v[0].base, BLAS_VERDICT_OK); /* alpha L(0,0) may underflow against the Inf */
  assert_int_equal(v[1].base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(v[1].explained_by, BLAS_SEM_ZERO_SKIP);
  static const double planted[] = {7, 1};
  for (size_t t = 0; t < sizeof planted / sizeof *planted; t++) {
    unit_beta_verdicts(-INFINITY, planted[t], v);
    assert_int_equal(v[1].base, BLAS_VERDICT_NAN_LOST);
    assert_int_equal(v[1].explained_by, BLAS_SEM_EXACT);
  }
}

static void planted_wrong_values_stay_unexplained(void **state) {
  (void)state;
  for (int mirrored = 0; mirrored < 2; mirrored++) {
    blas_verdict v = verdict_of(mirrored, 1.0);
    assert_int_equal(v.base, BLAS_VERDICT_INF);
    assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
    v = verdict_of(mirrored, -1e-10);
    assert_int_equal(v.explained_by, BLAS_SEM_EXACT);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_side_skip_is_zero_skip),
      cmocka_unit_test(both_sides_skip_is_still_zero_skip),
      cmocka_unit_test(planted_wrong_values_stay_unexplained),
      cmocka_unit_test(complex_textbook_underflow_is_zero_skip),
      cmocka_unit_test(unit_beta_left_out_is_zero_skip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
