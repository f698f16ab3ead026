/* The allowed non-finite results of blas_allowed.h: complex elements an infinity enters
 * (through blas_product_reference and blas_verdict_of, 1 x 1 zgemm problems with k = 1 and
 * beta = 0; derived on demand, blas_product_settle) and level-1 sums (the set level1_sum_products gives: terms' signs under overflow). Every
 * member passes; planted results just outside (an infinity of the other sign, NaN where every
 * order gives an infinity, an infinity where a NaN must propagate, a finite value) are caught. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "blas/blas_allowed.h"
#include "blas/blas_verdict.h"

/* The verdict of got for part `part` of the 1 x 1 C(0,0) = alpha sum_l x_l y_l + beta c
 * (x a 1 x k row, y a k x 1 column). */
static blas_verdict element_verdict(Mlf__Blas__Precision precision, blas_cld alpha, blas_cld beta,
                                    blas_cld c, const blas_cld *x, const blas_cld *y, size_t k,
                                    int part, double got) {
  static blas_cld c_in;
  static blas_product pr;
  c_in = c;
  pr = (blas_product){.p = blas_precision_of(precision), .m = 1, .n = 1, .k = k,
                      .alpha = {(double)alpha.re, (double)alpha.im},
                      .beta = {(double)beta.re, (double)beta.im}, .left = x, .right = y,
                      .c_in = &c_in};
  mlf_expect exact[2];
  blas_product_reference(&pr, exact);
  return blas_verdict_of(got, &exact[part], &pr, 0, 0, (size_t)part);
}

/* The verdict of got for part `part` of C(0,0) = alpha x y (k = 1, beta = 0, double complex). */
static blas_verdict verdict_of(blas_cld alpha, blas_cld x, blas_cld y, int part, double got) {
  static blas_cld left, right;
  left = x, right = y;
  return element_verdict(MLF__BLAS__PRECISION__DOUBLE_COMPLEX, alpha, (blas_cld){0, 0},
                         (blas_cld){0.5L, 0}, &left, &right, 1, part, got);
}

static void assert_ok(blas_verdict v) { assert_int_equal(v.base, BLAS_VERDICT_OK); }

/* alpha = (2, 1), x = (Inf, 1), y = (1, 1): alpha (x y) = (NaN, +Inf), (alpha x) y = (NaN, +Inf),
 * (alpha y) x = (+Inf, +Inf): the real part NaN or +Inf, the imaginary part only +Inf. */
static void orders_give_the_set(void **state) {
  (void)state;
  blas_cld alpha = {2, 1}, x = {INFINITY, 1}, y = {1, 1};
  assert_ok(verdict_of(alpha, x, y, 0, NAN));
  assert_ok(verdict_of(alpha, x, y, 0, INFINITY));
  assert_ok(verdict_of(alpha, x, y, 1, INFINITY));
  /* the reference value of the real part is NaN (alpha (x y)), so -Inf is a NaN lost */
  assert_int_equal(verdict_of(alpha, x, y, 0, -INFINITY).base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(verdict_of(alpha, x, y, 1, -INFINITY).base, BLAS_VERDICT_INF);
  assert_int_equal(verdict_of(alpha, x, y, 1, NAN).base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_int_equal(verdict_of(alpha, x, y, 1, 1.0).base, BLAS_VERDICT_INF);
}

/* The reference's split (zsymm.f from the left: C(I,J) = TEMP1*A(I,I) + ALPHA*TEMP2, with TEMP2
 * = ZERO in the first row): alpha = (+Inf, 0) and one term x y outside the partial sum, x = y =
 * (0.5, 0.25): every order gives an imaginary part of +Inf ((alpha y) x = (NaN, +Inf)),
 * alpha times the empty TEMP2 is (NaN, NaN), so NaN joins the set only through the split, and
 * -Inf stays out. */
static void reference_split_adds_alpha_times_empty_sum(void **state) {
  (void)state;
  blas_precision p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE_COMPLEX);
  blas_cld x = {0.5, 0.25}, y = {0.5, 0.25};
  unsigned char outside_partial_sum = 0;
  blas_complex_element e = {.p = &p, .alpha = {INFINITY, 0}, .x = &x, .y = &y, .k = 1,
                            .products = 1};
  int allowed[2];
  blas_complex_allowed(&e, NULL, allowed);
  assert_int_equal(allowed[1], MLF_MAY_POS_INF);
  e.in_partial_sum = &outside_partial_sum;
  blas_complex_allowed(&e, NULL, allowed);
  assert_int_equal(allowed[1], MLF_MAY_POS_INF | MLF_MAY_NAN);
}

/* An infinite part keeps the finite products beside it for the next sum: OpenBLAS 0.3.21's
 * SkylakeX cgemm kernel adds C to alpha_i S_re before alpha_r S_im (vfmaddsub213ps), so with
 * alpha = (-Inf, -FLT_MAX), S = a b = (0.560, -0.568) and beta c = (2.2e37, -1.5e38) its
 * -FLT_MAX * 0.560 - 1.5e38 overflows to -Inf and the imaginary part is NaN, where alpha_r S_im
 * = +Inf first gives +Inf: both associations of one sum, so the set holds NaN too. */
static void infinite_part_keeps_its_finite_products(void **state) {
  (void)state;
  blas_precision p = blas_precision_of(MLF__BLAS__PRECISION__COMPLEX);
  blas_cld x = {-0x1.2fc702p-2L, -0x1.fb32c4p-1L}, y = {0x1.7b13c8p-2L, 0x1.59c7fep-1L};
  blas_cld c = {-0x1.0469acp-4L, 0x1.caeef6p-2L};
  blas_complex_element e = {.p = &p, .alpha = {-INFINITY, -0x1.fffffep+127L},
                            .beta = {-0x1.fffffep+127L, 0}, .c = c, .x = &x, .y = &y, .k = 1,
                            .products = 1, .with_beta = 1};
  int allowed[2];
  blas_complex_allowed(&e, NULL, allowed);
  assert_true(allowed[1] & MLF_MAY_NAN);
  assert_true(allowed[1] & MLF_MAY_POS_INF);
}

/* A NaN part of a factor reaches both parts in every order: only NaN. */
static void nan_input_propagates(void **state) {
  (void)state;
  blas_cld alpha = {2, 1}, x = {NAN, 1}, y = {INFINITY, 1};
  assert_ok(verdict_of(alpha, x, y, 0, NAN));
  assert_ok(verdict_of(alpha, x, y, 1, NAN));
  assert_int_equal(verdict_of(alpha, x, y, 0, INFINITY).base, BLAS_VERDICT_NAN_LOST);
  assert_int_equal(verdict_of(alpha, x, y, 1, -INFINITY).base, BLAS_VERDICT_NAN_LOST);
}

/* alpha = (Inf, 0), x = y = (1, 0): the textbook orders give the real part +Inf or NaN and the
 * imaginary part NaN (Inf * 0); the complex-zero-parts arithmetic (Inf, 0), still accepted. */
static void unit_like_operands(void **state) {
  (void)state;
  blas_cld alpha = {INFINITY, 0}, x = {1, 0}, y = {1, 0};
  assert_ok(verdict_of(alpha, x, y, 0, INFINITY));
  assert_ok(verdict_of(alpha, x, y, 0, NAN));
  assert_ok(verdict_of(alpha, x, y, 1, NAN));
  assert_ok(verdict_of(alpha, x, y, 1, 0.0)); /* complex-zero-parts */
  assert_int_equal(verdict_of(alpha, x, y, 0, -INFINITY).base, BLAS_VERDICT_INF);
  assert_int_equal(verdict_of(alpha, x, y, 1, INFINITY).base, BLAS_VERDICT_NAN_LOST);
}

/* A factor whose product with alpha may round to zero (2^-600 * 2^-600 underflows in double)
 * against an infinity: NaN and either sign stand (the order decides). */
static void fragile_intermediate_widens(void **state) {
  (void)state;
  blas_cld alpha = {0x1p-600, 0}, x = {0x1p-600, 0}, y = {INFINITY, 0};
  assert_ok(verdict_of(alpha, x, y, 0, INFINITY));
  assert_ok(verdict_of(alpha, x, y, 0, NAN));
}

/* cgemm with alpha = (0.5, 0), beta = (Inf, 0), c = (-1, 1), x_l = (1, 0) and y = (0, h),
 * (0, h), (0, -h): the exact element is (-Inf, +Inf), but a kernel that sums x y first (as
 * OpenBLAS's and BLIS's micro-kernels do, alpha applied at the end) may see h + h overflow to
 * +Inf in float although the sum h is finite, and alpha (0, Inf) has the real part
 * 0.5 * 0 - 0 * Inf = NaN (the 160 x 9 x 144 cgemm of 2026-11-28). With h = 1.5 * 2^127 that
 * NaN stands; with h = 2^126 no partial sum reaches the largest float: NaN is caught, and a
 * finite real part (beta C dropped) always is. */
static blas_verdict partial_sum_case(long double h, int part, double got) {
  static blas_cld x[3], y[3];
  for (int l = 0; l < 3; l++) x[l] = (blas_cld){1, 0}, y[l] = (blas_cld){0, l < 2 ? h : -h};
  return element_verdict(MLF__BLAS__PRECISION__COMPLEX, (blas_cld){0.5L, 0},
                         (blas_cld){INFINITY, 0}, (blas_cld){-1, 1}, x, y, 3, part, got);
}

static void partial_sum_overflow_widens(void **state) {
  (void)state;
  assert_ok(partial_sum_case(0x1.8p127L, 0, NAN));
  assert_ok(partial_sum_case(0x1.8p127L, 0, -INFINITY));
  assert_ok(partial_sum_case(0x1.8p127L, 1, INFINITY));
  assert_int_not_equal(partial_sum_case(0x1.8p127L, 0, 0.0).base, BLAS_VERDICT_OK);
  assert_int_equal(partial_sum_case(0x1p126L, 0, NAN).base, BLAS_VERDICT_NAN_SPURIOUS);
  assert_ok(partial_sum_case(0x1p126L, 0, -INFINITY));
  assert_int_not_equal(partial_sum_case(0x1p126L, 0, 0.0).base, BLAS_VERDICT_OK);
}

/* Level-1 sums: overflowing terms of one sign give that infinity only; both signs give either
 * and NaN; an infinite term fixes the sign (NaN when finite terms of the other sign overflow). */
static void level1_signs_under_overflow(void **state) {
  (void)state;
  assert_int_equal(blas_allowed_sum_of_products((double[]){0x1p1000, 0x1p100, 1, 2}, 2, 1),
                   MLF_MAY_POS_INF);
  assert_int_equal(blas_allowed_sum_of_products((double[]){0x1p1000, 0x1p100, -1, 2}, 2, 1),
                   MLF_MAY_POS_INF | MLF_MAY_NEG_INF | MLF_MAY_NAN);
  assert_int_equal(blas_allowed_sum_of_products((double[]){INFINITY, 1, -0x1p1000, 0x1p100}, 2, 1),
                   MLF_MAY_POS_INF | MLF_MAY_NAN);
  assert_int_equal(blas_allowed_sum_of_products((double[]){INFINITY, 1, 2, 3}, 2, 0), 0);
  assert_int_equal(blas_allowed_sum_of_products((double[]){NAN, 1, 0x1p1000, 0x1p100}, 2, 1), 0);
  assert_int_equal(blas_allowed_sum_of_products((double[]){INFINITY, 0, 0x1p1000, 0x1p100}, 2, 1), 0);
}

/* A level-1 part as level1_sum_products judges it: the long-double value, the set for an
 * overflow. 2^1000 * 2^100 + 1 * 2 overflows in double: +Inf stands, -Inf and NaN are caught. */
/* C(0,0) of a Hermitian rank-2 update alpha a conj(b) + conj(alpha) b conj(a) as
 * level23_problem builds it: alpha folded into L (alpha a, conj(alpha) b), R = (conj(b),
 * conj(a)), beta = 0; the reference's expectations in exact. */
static void folded_update(blas_product *pr, Mlf__Blas__Precision precision, blas_cld alpha,
                          blas_cld a, blas_cld b, mlf_expect exact[2]) {
  static blas_cld left[2], right[2], c_in = {0.5L, 0};
  left[0] = (blas_cld){alpha.re * a.re - alpha.im * a.im, alpha.re * a.im + alpha.im * a.re};
  left[1] = (blas_cld){alpha.re * b.re + alpha.im * b.im, alpha.re * b.im - alpha.im * b.re};
  right[0] = (blas_cld){b.re, -b.im}, right[1] = (blas_cld){a.re, -a.im};
  *pr = (blas_product){.p = blas_precision_of(precision), .m = 1, .n = 1, .k = 2,
                       .alpha = {1, 0}, .beta = {0, 0}, .left = left, .right = right,
                       .c_in = &c_in, .alpha_folded = 1,
                       .folded_alpha = {(double)alpha.re, (double)alpha.im}};
  blas_product_reference(pr, exact);
}

/* A Hermitian rank-2 update folds alpha into L (alpha a, conj(alpha) b), where conj(alpha) b can
 * be (-Inf, NaN) although a kernel attaching alpha to a (conj(alpha a) b) gets an infinity: for
 * folded problems the orders are not derived, so +Inf stands beside the reference's NaN
 * (the cher2k diagonal ATLAS 3.10.3 and GSL 2.7.1 gave, an oracle false alarm otherwise). */
static void folded_alpha_not_derived(void **state) {
  (void)state;
  blas_product pr;
  mlf_expect exact[2];
  folded_update(&pr, MLF__BLAS__PRECISION__COMPLEX, (blas_cld){0x1p-126L, 0},
                (blas_cld){0.5L, 0.25L}, (blas_cld){-INFINITY, 0.5L}, exact);
  assert_true(isnan(exact[0].value));
  assert_int_equal(blas_verdict_of(INFINITY, &exact[0], &pr, 0, 0, 0).base, BLAS_VERDICT_OK);
  assert_int_equal(blas_verdict_of(NAN, &exact[0], &pr, 0, 0, 0).base, BLAS_VERDICT_OK);
}

/* With alpha folded into L, a kernel may still form the unscaled sum first (zher2k.f, trans =
 * 'C': TEMP1 = sum DCONJG(A(L,I))*B(L,J), then ALPHA*TEMP1), where conj(a) b overflows although
 * alpha a b is about 1e270: netlib, OpenBLAS and ATLAS zher2k gave -Inf in a 300-s campaign.
 * -Inf stands there; a wrong finite value is caught, and so is -Inf where a b cannot overflow. */
static void folded_alpha_unscaled_sum_may_overflow(void **state) {
  (void)state;
  blas_product pr;
  mlf_expect exact[2];
  blas_cld alpha = {0, -0x1.fff57ac297fddp-128L};
  blas_cld b = {-0x1.c2298fa234a6p-1L, 0x1.a244dda18ff3ap+0L};
  folded_update(&pr, MLF__BLAS__PRECISION__DOUBLE_COMPLEX, alpha,
                (blas_cld){0x1.fffffffffffffp+1023L, 0.75L}, b, exact);
  assert_true(isfinite(exact[0].value) && exact[0].value < -1e270);
  assert_int_equal(blas_verdict_of(-INFINITY, &exact[0], &pr, 0, 0, 0).base, BLAS_VERDICT_OK);
  assert_int_equal(blas_verdict_of(1.0, &exact[0], &pr, 0, 0, 0).base, BLAS_VERDICT_VALUE);
  folded_update(&pr, MLF__BLAS__PRECISION__DOUBLE_COMPLEX, alpha,
                (blas_cld){0x1p1000L, 0.75L}, b, exact);
  assert_int_equal(blas_verdict_of(-INFINITY, &exact[0], &pr, 0, 0, 0).base, BLAS_VERDICT_INF);
}

/* A 2 x 3 complex problem, k = 2, for the sets a product with sets_on_demand leaves pending:
 * row 0 of L and column 1 of R hold infinities of both signs, one element none. */
static blas_product pending_problem(void) {
  static blas_cld left[4], right[6], c_in[6];
  left[0] = (blas_cld){INFINITY, 1}, left[1] = (blas_cld){0.5L, -2};
  left[2] = (blas_cld){3, 0.25L}, left[3] = (blas_cld){-1, 1};
  right[0] = (blas_cld){1, 1}, right[1] = (blas_cld){-INFINITY, 2}, right[2] = (blas_cld){2, -1};
  right[3] = (blas_cld){-1, 0.5L}, right[4] = (blas_cld){1, -INFINITY}, right[5] = (blas_cld){4, 1};
  for (int e = 0; e < 6; e++) c_in[e] = (blas_cld){e - 2.5L, 0.75L};
  return (blas_product){.p = blas_precision_of(MLF__BLAS__PRECISION__COMPLEX), .m = 2, .n = 3,
                        .k = 2, .alpha = {2, 0.75}, .beta = {1, -1}, .left = left, .right = right,
                        .c_in = c_in};
}

/* The pending sets settle to the sets the eager pass derives, element by element (value, bound
 * and set), and only complex elements an infinity enters are pending; a result equal to the
 * value is judged without settling. */
static void sets_on_demand_settle_to_the_eager_sets(void **state) {
  (void)state;
  blas_product pr = pending_problem();
  mlf_expect eager[12], lazy[12];
  blas_product_reference(&pr, eager);
  pr.sets_on_demand = 1;
  blas_product_reference(&pr, lazy);
  int pending = 0;
  for (int e = 0; e < 12; e++) pending += (lazy[e].overflow_possible & MLF_SET_PENDING) != 0;
  assert_int_equal(pending, 2 * 4); /* row 0 and column 1 of the 2 x 3 C: 4 elements */
  assert_false(lazy[2 * (1 * 3 + 0)].overflow_possible & MLF_SET_PENDING); /* C(1,0) */
  for (int e = 0; e < 12; e++)
    if (lazy[e].overflow_possible & MLF_SET_PENDING && !isnan(lazy[e].value))
      assert_int_equal(mlf_check_expect(lazy[e].value, &lazy[e]), MLF_CMP_OK);
  for (size_t i = 0; i < 2; i++)
    for (size_t j = 0; j < 3; j++) blas_product_settle(&pr, lazy, i, j);
  for (int e = 0; e < 12; e++) {
    assert_memory_equal(&lazy[e].value, &eager[e].value, sizeof eager[e].value);
    assert_memory_equal(&lazy[e].bound, &eager[e].bound, sizeof eager[e].bound);
    assert_int_equal(lazy[e].overflow_possible, eager[e].overflow_possible);
  }
}

/* Settling only for a result (blas_product_settle_for) judges every non-finite result as the
 * eager set does, asked in any order, part by part: a result the set allows is allowed after
 * a partial derivation, one it does not leaves the set complete; results asked before stay
 * allowed; a full settle afterwards gives the eager set. */
static void settle_for_a_result_judges_as_the_eager_set(void **state) {
  (void)state;
  blas_product pr = pending_problem();
  mlf_expect eager[12], lazy[12];
  blas_product_reference(&pr, eager);
  pr.sets_on_demand = 1;
  const double results[3] = {NAN, INFINITY, -INFINITY};
  int partial = 0;
  for (int first = 0; first < 3; first++) {
    blas_product_reference(&pr, lazy);
    for (size_t e = 0; e < 12; e++) {
      size_t i = e / 6, j = e / 2 % 3, part = e % 2;
      for (int r = 0; r < 3; r++) {
        double got = results[(first + r) % 3];
        if (mlf_same_nonfinite(got, lazy[e].value)) continue;
        blas_product_settle_for(&pr, lazy, i, j, part, got);
        partial += (lazy[e].overflow_possible & MLF_SET_PARTIAL) != 0;
        assert_int_equal(mlf_check_expect(got, &lazy[e]), mlf_check_expect(got, &eager[e]));
        for (int q = 0; q < r; q++) { /* asked before: still decided as eagerly */
          double before = results[(first + q) % 3];
          if (!mlf_same_nonfinite(before, lazy[e].value))
            assert_int_equal(mlf_check_expect(before, &lazy[e]) == MLF_CMP_OK,
                             mlf_check_expect(before, &eager[e]) == MLF_CMP_OK);
        }
      }
    }
    for (size_t i = 0; i < 2; i++)
      for (size_t j = 0; j < 3; j++) blas_product_settle(&pr, lazy, i, j);
    for (int e = 0; e < 12; e++) assert_int_equal(lazy[e].overflow_possible, eager[e].overflow_possible);
  }
  assert_true(partial > 0); /* some set was decided before every order was evaluated */
}

static mlf_cmp_kind level1_judged(const double *f, int k, int overflow, double got) {
  long double v = 0;
  for (int j = 0; j < k; j++) v += (long double)f[2 * j] * f[2 * j + 1];
  mlf_expect e = {(double)v, 0, blas_allowed_sum_of_products(f, k, overflow)};
  return mlf_check_expect(got, &e);
}

static void level1_sum_judged(void **state) {
  (void)state;
  const double f[] = {0x1p1000, 0x1p100, 1, 2};
  assert_int_equal(level1_judged(f, 2, 1, INFINITY), MLF_CMP_OK);
  assert_int_equal(level1_judged(f, 2, 1, -INFINITY), MLF_CMP_INF);
  assert_int_equal(level1_judged(f, 2, 1, NAN), MLF_CMP_NAN);
  /* a complex axpy part, y.re + ar x.re - ai x.im with alpha = (Inf, 0), x = (1, 1), y = (1, 0):
   * +Inf in every order, where any non-finite result stood before */
  const double axpy_re[] = {1, 1, INFINITY, 1, -0.0, 1};
  assert_int_equal(level1_judged(axpy_re, 3, 0, INFINITY), MLF_CMP_OK);
  assert_int_equal(level1_judged(axpy_re, 3, 0, NAN), MLF_CMP_NAN);
  assert_int_equal(level1_judged(axpy_re, 3, 0, -INFINITY), MLF_CMP_INF);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(orders_give_the_set),        cmocka_unit_test(nan_input_propagates),
      cmocka_unit_test(reference_split_adds_alpha_times_empty_sum),
      cmocka_unit_test(infinite_part_keeps_its_finite_products),
      cmocka_unit_test(unit_like_operands),         cmocka_unit_test(fragile_intermediate_widens),
      cmocka_unit_test(level1_signs_under_overflow), cmocka_unit_test(level1_sum_judged),
      cmocka_unit_test(folded_alpha_not_derived),   cmocka_unit_test(partial_sum_overflow_widens),
      cmocka_unit_test(folded_alpha_unscaled_sum_may_overflow),
      cmocka_unit_test(sets_on_demand_settle_to_the_eager_sets),
      cmocka_unit_test(settle_for_a_result_judges_as_the_eager_set),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
