/* The increments of the level-1 routines of one vector (nrm2, asum, i?amax, scal), which the
 * reference BLAS 3.11 defines for every value: the post-processor keeps zero and negative ones
 * (it used to force them positive), and the oracle follows the reference's rules for them:
 * asum 0, i?amax 0 and x unchanged for incx <= 0 (dasum.f:94, idamax.f:93, dscal.f:103), nrm2
 * of x walked backwards or of x(1) counted n times (dnrm2.f90:144). A library's wrong result
 * there is named with -nonpositive-incx: OpenBLAS 0.3.21's 0 for nrm2 must be caught, BLIS
 * 0.9.0's sum for asum too. Routines that write a second vector keep nonzero increments. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/level1_judge.h"
#include "blas/level1_reference.h"
#include "mlf_mutator.h"

#define R(name) MLF__BLAS__LEVEL1_CASE__ROUTINE__##name

/* level1_problem_from names the routine after its Fortran symbol; the test loads no BLAS
 * (blas_backends.c would), and the name is not under test. */
const char *blas_fortran_symbol(blas_fn fn) {
  (void)fn;
  return "blas_";
}

/* The increments a post-processed message keeps. */
static void post_processed(Mlf__Blas__Level1Case__Routine routine, int32_t incx, int32_t incy,
                           int32_t *out_x, int32_t *out_y) {
  Mlf__Blas__Level1Case c;
  mlf__blas__level1_case__init(&c);
  c.has_routine = c.has_n = c.has_incx = c.has_incy = 1;
  c.routine = routine, c.n = 5, c.incx = incx, c.incy = incy;
  mlf_post_process(&c.base);
  *out_x = c.incx, *out_y = c.incy;
}

static void one_vector_routines_keep_every_increment(void **state) {
  (void)state;
  const Mlf__Blas__Level1Case__Routine routines[] = {R(NRM2), R(ASUM), R(IAMAX), R(SCAL), R(SCAL_REAL)};
  for (size_t r = 0; r < sizeof routines / sizeof *routines; r++)
    for (int32_t inc = -8; inc <= 8; inc++) {
      int32_t x, y;
      post_processed(routines[r], inc, 1, &x, &y);
      assert_int_equal(x, inc);
    }
}

static void written_vectors_keep_nonzero_increments(void **state) {
  (void)state;
  int32_t x, y;
  post_processed(R(AXPY), 0, 0, &x, &y);
  assert_int_equal(x, 0); /* read only */
  assert_int_equal(y, 1); /* written: zero is still kept out (README: open) */
  post_processed(R(SWAP), 0, -3, &x, &y);
  assert_int_equal(x, 1);
  assert_int_equal(y, -3);
}

/* A double problem of family f on x = (3, -4, 12) stored with increment inc (with inc = 0 the
 * storage is one element). */
static level1_problem problem(Mlf__Blas__Level1Case__Routine f, int inc) {
  static Mlf__Number values[3];
  static Mlf__Number *value_list[3];
  static Mlf__Blas__Fill fill;
  static Mlf__Blas__Poke pokes[3];
  static Mlf__Blas__Poke *poke_list[3];
  const double v[3] = {3, -4, 12};
  mlf__blas__fill__init(&fill);
  for (int i = 0; i < 3; i++) {
    mlf__number__init(&values[i]);
    values[i].kind_case = MLF__NUMBER__KIND_VALUE, values[i].value = v[i];
    mlf__blas__poke__init(&pokes[i]);
    pokes[i].has_index = 1, pokes[i].index = (uint32_t)i, pokes[i].value = &values[i];
    poke_list[i] = &pokes[i], value_list[i] = &values[i];
  }
  fill.has_distribution = 1, fill.distribution = MLF__BLAS__FILL__DISTRIBUTION__ZEROS;
  fill.n_pokes = 3, fill.pokes = poke_list;
  Mlf__Blas__Level1Case c;
  mlf__blas__level1_case__init(&c);
  c.has_routine = c.has_precision = c.has_n = c.has_incx = 1;
  c.routine = f, c.precision = MLF__BLAS__PRECISION__DOUBLE, c.n = 3, c.incx = inc;
  c.x = &fill;
  level1_problem pr;
  level1_problem_from(&pr, &c);
  level1_vector_make(&pr.x, c.x, &pr.p, pr.n, pr.incx, 1, MLF_GUARD_TAIL, "x");
  return pr;
}

static char raised[64];
static void note(void *ctx, const char *kind, const char *detail) {
  (void)ctx, (void)detail;
  snprintf(raised, sizeof raised, "%s", kind);
}

/* The judge's verdict on a scalar result `got` (raised[] holds the kind, "" when correct). */
static int judge_scalar(const level1_problem *pr, double got) {
  level1_expected ex;
  level1_expected_compute(pr, &ex);
  level1_outcome o;
  memset(&o, 0, sizeof o);
  o.value[0] = got;
  level1_verdict v;
  raised[0] = '\0';
  return level1_judge(pr, &ex, &o, note, NULL, &v);
}

static void nrm2_follows_the_reference(void **state) {
  (void)state;
  for (int inc = -2; inc <= 1; inc++) {
    level1_problem pr = problem(R(NRM2), inc);
    /* a negative increment: the same norm (13); zero: the one stored element counted three
     * times (its storage holds one element: the last the fill wrote) */
    double x1[2];
    level1_vector_get(&pr.x, &pr.p, 0, x1);
    double want = inc == 0 ? sqrt(3.0) * fabs(x1[0]) : 13;
    assert_true(judge_scalar(&pr, want));
    assert_false(judge_scalar(&pr, 0)); /* OpenBLAS 0.3.21, GSL 2.7.1 */
    assert_string_equal(raised, inc <= 0 ? "value-mismatch-nonpositive-incx" : "value-mismatch");
    level1_vector_free(&pr.x);
  }
}

static void asum_returns_at_once(void **state) {
  (void)state;
  for (int inc = -2; inc <= 1; inc++) {
    level1_problem pr = problem(R(ASUM), inc);
    assert_int_equal(level1_quick_return(&pr), inc <= 0);
    double x1[2];
    level1_vector_get(&pr.x, &pr.p, 0, x1);
    double sum = inc == 0 ? 3 * fabs(x1[0]) : 19; /* what BLIS 0.9.0 returns */
    assert_true(judge_scalar(&pr, inc <= 0 ? 0 : 19));
    if (inc <= 0) {
      assert_false(judge_scalar(&pr, sum)); /* BLIS 0.9.0 */
      assert_string_equal(raised, "value-mismatch-nonpositive-incx");
    }
    level1_vector_free(&pr.x);
  }
}

static void iamax_and_scal_return_at_once(void **state) {
  (void)state;
  level1_problem pr = problem(R(IAMAX), -1);
  assert_true(level1_quick_return(&pr));
  level1_vector_free(&pr.x);
  pr = problem(R(SCAL), 0);
  assert_int_equal(level1_moved_from(&pr, 0), 0); /* x must come back unchanged */
  level1_vector_free(&pr.x);
  pr = problem(R(SCAL), 2);
  assert_int_equal(level1_moved_from(&pr, 0), -1);
  level1_vector_free(&pr.x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_vector_routines_keep_every_increment),
      cmocka_unit_test(written_vectors_keep_nonzero_increments),
      cmocka_unit_test(nrm2_follows_the_reference),
      cmocka_unit_test(asum_returns_at_once),
      cmocka_unit_test(iamax_and_scal_return_at_once),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
