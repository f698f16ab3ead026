/* The level-2/3 BLAS relations (harnesses/blas/level23_relations.c) against a fake BLAS written
 * here: a correct naive dgemm and dgemv (CBLAS, and a Fortran dgemv) satisfy every relation,
 * and each relation catches the defect meant for it, a defect the plain call does not show:
 * a result that changes between two calls, a Fortran interface summing otherwise, a row-major
 * path summing otherwise, a summation order chosen by |alpha| > 2, a kernel assuming lda = m,
 * one ignoring the sign of incx, beta = 1 taken as 0, an off-by-one in the
 * transposed-transposed branch, a bias on the beta = 0 path, and, for the bit-exact tier of
 * ld-padding, a summation order chosen by lda. */
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
  IGNORES_INC_SIGN, BETA_ONE_AS_ZERO, TT_DROPS_LAST, BETA_ZERO_BIASED, LDA_ORDER
} defect;
static defect active;

/* Element (i, l) of op(X) for column-major X with leading dimension ld. */
static double op_at(const double *x, int ld, int trans, int i, int l) {
  return trans ? x[l + (size_t)i * ld] : x[i + (size_t)l * ld];
}

/* sum_l op(A)(i, l) op(B)(l, j), forwards or backwards over l. */
static double dot(int reverse, int k, const double *a, int lda, int ta, const double *b, int ldb,
                  int tb, int i, int j) {
  double s = 0;
  for (int q = 0; q < k; q++) {
    int l = reverse ? k - 1 - q : q;
    s += op_at(a, lda, ta, i, l) * op_at(b, ldb, tb, l, j);
  }
  return s;
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
      double s = alpha * dot(reverse, terms, a, lda, ta, b, ldb, tb, i, j);
      if (active == BETA_ZERO_BIASED && beta == 0) s += 0x1p-30;
      c[i + (size_t)j * ldc] = beta == 0 ? s : s + beta * c[i + (size_t)j * ldc];
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
      s += op_at(a, lda, t, i, l) * x0[(ptrdiff_t)l * incx];
    }
    double *yi = y0 + (ptrdiff_t)i * incy;
    *yi = beta == 0 ? alpha * s : alpha * s + beta * *yi;
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

static blas_backend fake;

static int setup(void **state) {
  (void)state;
  fake.name = "fake";
  fake.cblas[BLAS_FN_dgemm] = (void (*)(void))fake_dgemm;
  fake.cblas[BLAS_FN_dgemv] = (void (*)(void))fake_dgemv;
  fake.fortran[BLAS_FN_dgemv] = (void (*)(void))fake_dgemv_fortran;
  return 0;
}

/* A plain double case: uniform data, alpha 1.25 and beta -1.25 (doubled, or alpha times 4
 * with knob 1, they keep their path), the given relation. */
typedef struct {
  Mlf__Blas__Level23Case c;
  Mlf__Blas__Number alpha, beta;
  Mlf__Blas__Scalar alpha_s, beta_s;
  Mlf__Blas__Fill fills[3];
} test_case;

static void make_case(test_case *t, Mlf__Blas__Level23Case__Routine routine,
                      Mlf__Blas__Level23Case__Relation relation) {
  static const Mlf__Blas__Level23Case init = MLF__BLAS__LEVEL23_CASE__INIT;
  static const Mlf__Blas__Number number = MLF__BLAS__NUMBER__INIT;
  static const Mlf__Blas__Scalar scalar = MLF__BLAS__SCALAR__INIT;
  static const Mlf__Blas__Fill fill = MLF__BLAS__FILL__INIT;
  t->c = init;
  t->alpha = t->beta = number;
  t->alpha.kind_case = t->beta.kind_case = MLF__BLAS__NUMBER__KIND_VALUE;
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
      cmocka_unit_test(test_transpose_identity), cmocka_unit_test(test_linearity_alpha),
      cmocka_unit_test(test_not_applicable),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
