/* The level-2/3 BLAS relations (harnesses/blas/level23_relations.c) against a fake BLAS written
 * here: a correct naive dgemm and dgemv (CBLAS, and a Fortran dgemv) satisfy every relation,
 * and each relation catches the defect meant for it, a defect the plain call does not show:
 * a result that changes between two calls, a Fortran interface summing otherwise, a row-major
 * path summing otherwise, a summation order chosen by |alpha| > 2, a kernel assuming lda = m,
 * one ignoring the sign of incx, beta = 1 taken as 0, an off-by-one in the
 * transposed-transposed branch, a bias on the beta = 0 path, and, for the bit-exact tier of
 * ld-padding, a summation order chosen by lda; a large-beta path that ignores beta's sign or
 * fuses beta c into its sum (linearity in beta), and a row-tail kernel that takes the first term
 * of the last row in magnitude (permutation, with a naive dsymv for the symmetric rebuild), and a
 * beta = 1 path that clamps an overflow to the largest finite number (split-k on an overflow),
 * and a transposed-transposed branch that skips zero factors (a relation broken by a deviation a
 * deviant semantics names, reported with its name). */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/level23_relations.h"

typedef enum {
  CORRECT, FLAKY, FORTRAN_REVERSED, ROW_MAJOR_REVERSED, ALPHA_PATH, ASSUMES_PACKED_LDA,
  IGNORES_INC_SIGN, BETA_ONE_AS_ZERO, TT_DROPS_LAST, BETA_ZERO_BIASED, LDA_ORDER,
  LARGE_BETA_UNSIGNED, LARGE_BETA_FUSED, TAIL_ROW_ABS, BETA_ONE_CLAMPS_INF, TT_ZERO_SKIP
} defect;
static defect active;

/* Element (i, l) of op(X) for column-major X with leading dimension ld. */
static double op_at(const double *x, int ld, int trans, int i, int l) {
  return trans ? x[l + (size_t)i * ld] : x[i + (size_t)l * ld];
}

/* op(A)(i, l), taken in magnitude by the defective tail kernel for the first term of the last
 * row (of `rows`). */
static double left_at(const double *a, int lda, int ta, int i, int l, int rows) {
  double v = op_at(a, lda, ta, i, l);
  return active == TAIL_ROW_ABS && i == rows - 1 && l == 0 ? fabs(v) : v;
}

/* sum_l op(A)(i, l) op(B)(l, j), forwards or backwards over l; op(A) has `rows` rows. */
static double dot(int reverse, int k, const double *a, int lda, int ta, const double *b, int ldb,
                  int tb, int i, int j, int rows) {
  double s = 0;
  for (int q = 0; q < k; q++) {
    int l = reverse ? k - 1 - q : q;
    s += left_at(a, lda, ta, i, l, rows) * op_at(b, ldb, tb, l, j);
  }
  return s;
}

/* sum_l op(A)(i, l) op(B)(l, j) with both transposed, leaving out terms with a zero factor
 * (the zero-skip semantics). */
static double dot_skipping_zeros(int k, const double *a, int lda, const double *b, int ldb, int i,
                                 int j) {
  double s = 0;
  for (int l = 0; l < k; l++) {
    double x = op_at(a, lda, 1, i, l), y = op_at(b, ldb, 1, l, j);
    if (x != 0 && y != 0) s += x * y;
  }
  return s;
}

/* s + beta y, on the defective large-beta paths without beta's sign or fused. */
static double plus_beta(double s, double beta, double y) {
  if (fabs(beta) > 2 && active == LARGE_BETA_UNSIGNED) beta = fabs(beta);
  if (fabs(beta) > 2 && active == LARGE_BETA_FUSED) return fma(beta, y, s);
  return s + beta * y;
}

static void col_major_dgemm(int row_major, int ta, int tb, int m, int n, int k, double alpha,
                            const double *a, int lda, const double *b, int ldb, double beta,
                            double *c, int ldc) {
  int tt = ta && tb;
  if (active == BETA_ONE_AS_ZERO && beta == 1) beta = 0;
  if (active == ASSUMES_PACKED_LDA) lda = ta ? k : m;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      int reverse = (active == ROW_MAJOR_REVERSED && row_major) ||
                    (active == ALPHA_PATH && fabs(alpha) > 2) || (active == LDA_ORDER && lda > m + 4);
      int terms = active == TT_DROPS_LAST && tt && k > 0 ? k - 1 : k;
      double s = alpha * (active == TT_ZERO_SKIP && tt ? dot_skipping_zeros(k, a, lda, b, ldb, i, j)
                                                      : dot(reverse, terms, a, lda, ta, b, ldb, tb, i, j, m));
      if (active == BETA_ZERO_BIASED && beta == 0) s += 0x1p-30;
      double v = beta == 0 ? s : plus_beta(s, beta, c[i + (size_t)j * ldc]);
      if (active == BETA_ONE_CLAMPS_INF && beta == 1 && isinf(v)) v = copysign(DBL_MAX, v);
      c[i + (size_t)j * ldc] = v;
    }
}

/* cblas_dgemm: row-major by the usual swap, C^T = op(B)^T op(A)^T. */
static void fake_dgemm(int order, int ta, int tb, int m, int n, int k, double alpha,
                       const double *a, int lda, const double *b, int ldb, double beta,
                       double *c, int ldc) {
  int t_a = ta != 111, t_b = tb != 111;
  if (order == 101) col_major_dgemm(1, t_b, t_a, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc);
  else col_major_dgemm(0, t_a, t_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* Column-major y := alpha op(A) x + beta y; backwards sums when reverse. */
static void gemv_core(int reverse, int t, int m, int n, double alpha, const double *a, int lda,
                      const double *x, int incx, double beta, double *y, int incy) {
  int len_x = t ? m : n, len_y = t ? n : m;
  if (active == IGNORES_INC_SIGN) incx = incx < 0 ? -incx : incx;
  const double *x0 = incx < 0 ? x - (ptrdiff_t)(len_x - 1) * incx : x;
  double *y0 = incy < 0 ? y - (ptrdiff_t)(len_y - 1) * incy : y;
  for (int i = 0; i < len_y; i++) {
    double s = 0;
    for (int q = 0; q < len_x; q++) {
      int l = reverse ? len_x - 1 - q : q;
      s += left_at(a, lda, t, i, l, len_y) * x0[(ptrdiff_t)l * incx];
    }
    double *yi = y0 + (ptrdiff_t)i * incy;
    *yi = beta == 0 ? alpha * s : plus_beta(alpha * s, beta, *yi);
  }
}

static void fake_dgemv(int order, int trans, int m, int n, double alpha, const double *a, int lda,
                       const double *x, int incx, double beta, double *y, int incy) {
  static int calls;
  int t = trans != 111, reverse = active == FLAKY && calls++ % 2;
  if (order == 101) gemv_core(reverse, !t, n, m, alpha, a, lda, x, incx, beta, y, incy);
  else gemv_core(reverse, t, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

static void fake_dgemv_fortran(const char *trans, const int *m, const int *n, const double *alpha,
                               const double *a, const int *lda, const double *x, const int *incx,
                               const double *beta, double *y, const int *incy, size_t len) {
  (void)len;
  gemv_core(active == FORTRAN_REVERSED, *trans != 'N', *m, *n, *alpha, a, *lda, x, *incx, *beta,
            y, *incy);
}

/* cblas_dsymv, unit increments: y := alpha A x + beta y, A read from the triangle given
 * (row-major storage is the column-major transpose: the other triangle). */
static void fake_dsymv(int order, int uplo, int n, double alpha, const double *a, int lda,
                       const double *x, int incx, double beta, double *y, int incy) {
  int lower = (uplo == 122) != (order == 101);
  (void)incx, (void)incy;
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int l = 0; l < n; l++) {
      int r = lower == (i >= l) ? i : l, c = r == i ? l : i; /* (i, l) or its mirror */
      double v = a[r + (size_t)c * lda];
      s += (active == TAIL_ROW_ABS && i == n - 1 && l == 0 ? fabs(v) : v) * x[l];
    }
    y[i] = plus_beta(alpha * s, beta, y[i]);
  }
}

static blas_backend fake;

static int setup(void **state) {
  (void)state;
  fake.name = "fake";
  fake.cblas[BLAS_FN_dgemm] = (void (*)(void))fake_dgemm;
  fake.cblas[BLAS_FN_dgemv] = (void (*)(void))fake_dgemv;
  fake.fortran[BLAS_FN_dgemv] = (void (*)(void))fake_dgemv_fortran;
  fake.cblas[BLAS_FN_dsymv] = (void (*)(void))fake_dsymv;
  return 0;
}

/* A plain double case: uniform data, alpha 1.25 and beta -1.25 (doubled, or alpha times 4
 * with knob 1, they keep their path), the given relation. */
typedef struct {
  Mlf__Blas__Level23Case c;
  Mlf__Number alpha, beta;
  Mlf__Blas__Scalar alpha_s, beta_s;
  Mlf__Blas__Fill fills[3];
} test_case;

static void make_case(test_case *t, Mlf__Blas__Level23Case__Routine routine,
                      Mlf__Blas__Level23Case__Relation relation) {
  static const Mlf__Blas__Level23Case init = MLF__BLAS__LEVEL23_CASE__INIT;
  static const Mlf__Number number = MLF__NUMBER__INIT;
  static const Mlf__Blas__Scalar scalar = MLF__BLAS__SCALAR__INIT;
  static const Mlf__Blas__Fill fill = MLF__BLAS__FILL__INIT;
  t->c = init;
  t->alpha = t->beta = number;
  t->alpha.kind_case = t->beta.kind_case = MLF__NUMBER__KIND_VALUE;
  t->alpha.value = 1.25, t->beta.value = -1.25;
  t->alpha_s = t->beta_s = scalar;
  t->alpha_s.re = &t->alpha, t->beta_s.re = &t->beta;
  for (int i = 0; i < 3; i++) t->fills[i] = fill, t->fills[i].seed = 11 + (uint64_t)i;
  t->c.routine = routine, t->c.relation = relation, t->c.relation_knob = 1;
  t->c.precision = MLF__BLAS__PRECISION__DOUBLE;
  t->c.layout = MLF__BLAS__LAYOUT__COL_MAJOR;
  t->c.m = 13, t->c.n = 9, t->c.k = 11, t->c.incx = 1, t->c.incy = 1;
  t->c.alpha = &t->alpha_s, t->c.beta = &t->beta_s;
  t->c.a = &t->fills[0], t->c.b = &t->fills[1], t->c.c = &t->fills[2];
}

/* Runs the plain call on the fake with `d` active, then the relation; its kind or NULL. */
static const char *relation_under(defect d, const Mlf__Blas__Level23Case *c) {
  active = d;
  level23_problem pb;
  level23_problem_make(&pb, c);
  level23_operand out;
  level23_clone_output(&pb, &out);
  level23_args args = level23_args_for(&pb, &out);
  assert_true(level23_call(&fake, pb.routine, &pb.p, pb.fortran, &args));
  level23_verdict v;
  level23_judge(&pb, &out, &v);
  assert_int_equal(v.worst.base, BLAS_VERDICT_OK); /* the plain call shows no defect */
  long offset;
  const char *kind = level23_relation_check(&fake, &pb, c->relation, &out, &offset);
  blas_matrix_free(&out.store);
  level23_problem_free(&pb);
  active = CORRECT;
  return kind;
}

/* The correct fake satisfies the relation; the defective one breaks it with `kind`. */
static void expect_caught(const Mlf__Blas__Level23Case *c, defect d, const char *kind) {
  assert_null(relation_under(CORRECT, c));
  const char *got = relation_under(d, c);
  assert_non_null(got);
  assert_string_equal(got, kind);
}

#define GEMM MLF__BLAS__LEVEL23_CASE__ROUTINE__GEMM
#define GEMV MLF__BLAS__LEVEL23_CASE__ROUTINE__GEMV
#define REL(r) MLF__BLAS__LEVEL23_CASE__RELATION__##r

static void test_repeat(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMV, REL(REPEAT));
  expect_caught(&t.c, FLAKY, "relation-repeat");
}

static void test_other_interface(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMV, REL(OTHER_INTERFACE));
  expect_caught(&t.c, FORTRAN_REVERSED, "relation-other-interface");
}

static void test_layout_duality(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(LAYOUT_DUALITY));
  t.c.trans = MLF__BLAS__TRANSPOSE__TRANS;
  expect_caught(&t.c, ROW_MAJOR_REVERSED, "relation-layout-duality");
}

static void test_scale_pow2(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(SCALE_POW2));
  expect_caught(&t.c, ALPHA_PATH, "relation-scale-pow2");
}

static void test_ld_padding_judged(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(LD_PADDING));
  expect_caught(&t.c, ASSUMES_PACKED_LDA, "relation-ld-padding");
}

/* Padded already: the bit-exact tier catches a rounding-level difference. */
static void test_ld_padding_exact(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(LD_PADDING));
  for (int i = 0; i < 3; i++) t.fills[i].ld_padding = 1;
  expect_caught(&t.c, LDA_ORDER, "relation-ld-padding");
}

static void test_increment_sign(void **state) {
  (void)state;
  test_case t;
  for (int inc = 1; inc <= 2; inc++) { /* judged (unit stride) and bit-exact (strided) tiers */
    make_case(&t, GEMV, REL(INCREMENT_SIGN));
    t.c.incx = inc, t.c.incy = inc;
    expect_caught(&t.c, IGNORES_INC_SIGN, "relation-increment-sign");
  }
}

static void test_split_k(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(SPLIT_K));
  expect_caught(&t.c, BETA_ONE_AS_ZERO, "relation-split-k");
}

/* An overflowing gemm (alpha = 1e308): split-k runs and judges the split's results by the
 * allowed set; a beta = 1 path that clamps an overflow to the largest finite number (a value
 * outside the bound of an exact infinity or of a value near it) is caught. */
static void test_split_k_overflow(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(SPLIT_K));
  t.alpha.value = 1e308;
  expect_caught(&t.c, BETA_ONE_CLAMPS_INF, "relation-split-k");
}

/* A(0,0) = 0 and B(0,0) = NaN: C(0,0) is NaN; a transposed-transposed branch that skips zero
 * factors loses it in the follow-up only: the relation breaks, named by the semantics. */
static void test_transpose_identity_named(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(TRANSPOSE_IDENTITY));
  Mlf__Number zero = MLF__NUMBER__INIT, nan = MLF__NUMBER__INIT;
  zero.kind_case = MLF__NUMBER__KIND_VALUE, zero.value = 0;
  nan.kind_case = MLF__NUMBER__KIND_SPECIAL, nan.special = MLF__SPECIAL__QUIET_NAN;
  Mlf__Blas__Poke in_a = MLF__BLAS__POKE__INIT, in_b = MLF__BLAS__POKE__INIT;
  in_a.value = &zero, in_b.value = &nan;
  Mlf__Blas__Poke *pa[] = {&in_a}, *pb[] = {&in_b};
  t.fills[0].n_pokes = 1, t.fills[0].pokes = pa;
  t.fills[1].n_pokes = 1, t.fills[1].pokes = pb;
  expect_caught(&t.c, TT_ZERO_SKIP, "relation-transpose-identity-zero-skip");
}

static void test_transpose_identity(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(TRANSPOSE_IDENTITY));
  expect_caught(&t.c, TT_DROPS_LAST, "relation-transpose-identity");
}

static void test_linearity_alpha(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(LINEARITY_ALPHA));
  expect_caught(&t.c, BETA_ZERO_BIASED, "relation-linearity-alpha");
}

/* The large-beta path's defects: alpha 3 keeps |beta / alpha| below 1 when beta doubles. */
static void test_linearity_beta(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMV, REL(LINEARITY_BETA));
  t.alpha.value = 3;
  expect_caught(&t.c, LARGE_BETA_UNSIGNED, "relation-linearity-beta");
  make_case(&t, GEMM, REL(LINEARITY_BETA)); /* bit-exact: a rounding-level difference */
  t.alpha.value = 3;
  expect_caught(&t.c, LARGE_BETA_FUSED, "relation-linearity-beta");
}

/* Not run where the path may change (|beta / alpha| crosses 1 when beta doubles) or where C
 * does not halve exactly (the smallest subnormal poked in). */
static void test_linearity_beta_not_applicable(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMV, REL(LINEARITY_BETA));
  assert_null(relation_under(LARGE_BETA_UNSIGNED, &t.c)); /* alpha 1.25, beta -1.25 */
  make_case(&t, GEMV, REL(LINEARITY_BETA));
  t.alpha.value = 3;
  Mlf__Blas__Poke poke = MLF__BLAS__POKE__INIT, *pokes[1] = {&poke};
  Mlf__Number tiny = MLF__NUMBER__INIT;
  tiny.kind_case = MLF__NUMBER__KIND_VALUE, tiny.value = 0x1p-1074;
  poke.index = 4, poke.value = &tiny;
  t.fills[2].n_pokes = 1, t.fills[2].pokes = pokes;
  assert_null(relation_under(LARGE_BETA_UNSIGNED, &t.c));
}

/* Rows of op(A) and y (gemv), of op(A) and C with C's columns and op(B)'s (gemm), and
 * P A P^T with P x (symv, the stored triangle rebuilt) permuted: the last row, computed by the
 * defective tail kernel, then holds a row whose first term is negative. */
enum { PERMUTATION_SEED = 17, PERMUTATION_KNOB = 45 }; /* found by search: the plain calls hold */
static void test_permutation(void **state) {
  (void)state;
  test_case t;
  Mlf__Blas__Level23Case__Routine routines[] = {GEMV, GEMM, MLF__BLAS__LEVEL23_CASE__ROUTINE__SYMV};
  for (int r = 0; r < 3; r++)
    for (int trans = 0; trans < 2; trans++) {
      make_case(&t, routines[r], REL(PERMUTATION));
      t.c.trans = trans ? MLF__BLAS__TRANSPOSE__TRANS : MLF__BLAS__TRANSPOSE__NO_TRANS;
      t.c.lower = trans; /* symv: both triangles */
      t.fills[0].seed = PERMUTATION_SEED, t.c.relation_knob = PERMUTATION_KNOB;
      expect_caught(&t.c, TAIL_ROW_ABS, "relation-permutation");
    }
}

/* A relation that does not apply is not run: split-k needs k >= 2. */
static void test_not_applicable(void **state) {
  (void)state;
  test_case t;
  make_case(&t, GEMM, REL(SPLIT_K));
  t.c.k = 1;
  assert_null(relation_under(BETA_ONE_AS_ZERO, &t.c));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_repeat),           cmocka_unit_test(test_other_interface),
      cmocka_unit_test(test_layout_duality),   cmocka_unit_test(test_scale_pow2),
      cmocka_unit_test(test_ld_padding_judged), cmocka_unit_test(test_ld_padding_exact),
      cmocka_unit_test(test_increment_sign),   cmocka_unit_test(test_split_k),
      cmocka_unit_test(test_split_k_overflow),
      cmocka_unit_test(test_transpose_identity_named),
      cmocka_unit_test(test_transpose_identity), cmocka_unit_test(test_linearity_alpha),
      cmocka_unit_test(test_linearity_beta),   cmocka_unit_test(test_linearity_beta_not_applicable),
      cmocka_unit_test(test_permutation),      cmocka_unit_test(test_not_applicable),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
