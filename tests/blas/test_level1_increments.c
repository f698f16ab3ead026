/* The increments of the level-1 routines of one vector (nrm2, asum, i?amax, scal), which the
 * reference BLAS 3.11 defines for every value: the post-processor keeps zero and negative ones
 * (it used to force them positive), and the oracle follows the reference's rules for them:
 * asum 0, i?amax 0 and x unchanged for incx <= 0 (dasum.f:94, idamax.f:93, dscal.f:103), nrm2
 * of x walked backwards or of x(1) counted n times (dnrm2.f90:144). A library's wrong result
 * there is named with -nonpositive-incx: OpenBLAS 0.3.21's 0 for nrm2 must be caught, BLIS
 * 0.9.0's sum for asum too. Written vectors (axpy, copy, swap, rot, rotm) keep zero
 * increments too: the reference updates the one element n times in order (level1_sequence.h),
 * and a library that does not is named with -zero-inc-written. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/level1_judge.h"
#include "blas/level1_reference.h"
#include "blas/level1_sequence.h"
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

static void written_vectors_keep_zero_increments(void **state) {
  (void)state;
  const Mlf__Blas__Level1Case__Routine routines[] = {R(AXPY), R(COPY), R(SWAP), R(ROT), R(ROTM)};
  for (size_t r = 0; r < sizeof routines / sizeof *routines; r++) {
    int32_t x, y;
    post_processed(routines[r], 0, 0, &x, &y);
    assert_int_equal(x, 0);
    assert_int_equal(y, 0);
    post_processed(routines[r], -3, 0, &x, &y);
    assert_int_equal(x, -3);
    assert_int_equal(y, 0);
  }
}

/* rotmg's infinite d1 and d2 are kept (level1_rotmg_never_returns predicts the reference's
 * hangs on them: tests/blas/test_level1_rotmg_hang.c). */
static void rotmg_keeps_infinite_scalings(void **state) {
  (void)state;
  Mlf__Number d1, d2;
  mlf__number__init(&d1), mlf__number__init(&d2);
  d1.kind_case = MLF__NUMBER__KIND_SPECIAL, d1.special = MLF__SPECIAL__POS_INF;
  d2.kind_case = MLF__NUMBER__KIND_VALUE, d2.value = -INFINITY;
  Mlf__Blas__Level1Case c;
  mlf__blas__level1_case__init(&c);
  c.has_routine = c.has_n = 1, c.routine = R(ROTMG), c.n = 1;
  c.d1 = &d1, c.d2 = &d2;
  mlf_post_process(&c.base);
  assert_int_equal(d1.special, MLF__SPECIAL__POS_INF);
  assert_true(isinf(d2.value) && d2.value < 0);
}

/* A fill whose logical elements are v[0..2] (slot: 0 for x, 1 for y; static storage). */
static Mlf__Blas__Fill *fill_of(const double v[3], int slot) {
  static Mlf__Number values[2][3];
  static Mlf__Blas__Fill fills[2];
  static Mlf__Blas__Poke pokes[2][3];
  static Mlf__Blas__Poke *poke_list[2][3];
  mlf__blas__fill__init(&fills[slot]);
  for (int i = 0; i < 3; i++) {
    mlf__number__init(&values[slot][i]);
    values[slot][i].kind_case = MLF__NUMBER__KIND_VALUE, values[slot][i].value = v[i];
    mlf__blas__poke__init(&pokes[slot][i]);
    pokes[slot][i].has_index = 1, pokes[slot][i].index = (uint32_t)i;
    pokes[slot][i].value = &values[slot][i];
    poke_list[slot][i] = &pokes[slot][i];
  }
  fills[slot].has_distribution = 1, fills[slot].distribution = MLF__BLAS__FILL__DISTRIBUTION__ZEROS;
  fills[slot].n_pokes = 3, fills[slot].pokes = poke_list[slot];
  return &fills[slot];
}

/* A double problem of family f, n = 3, on x = (3, -4, 12) and y = (1, 2, 5) stored with
 * increments incx and incy (with a zero increment the storage is one element: the last the
 * fill wrote), alpha = 2, c = 0.6, s = 0.8, rotm's H = [0.5 2; -3 0.25] (flag -1). */
static level1_problem problem2(Mlf__Blas__Level1Case__Routine f, int incx, int incy) {
  Mlf__Blas__Level1Case c;
  mlf__blas__level1_case__init(&c);
  c.has_routine = c.has_precision = c.has_n = c.has_incx = c.has_incy = 1;
  c.routine = f, c.precision = MLF__BLAS__PRECISION__DOUBLE, c.n = 3, c.incx = incx, c.incy = incy;
  c.x = fill_of((const double[3]){3, -4, 12}, 0);
  c.y = fill_of((const double[3]){1, 2, 5}, 1);
  level1_problem pr;
  level1_problem_from(&pr, &c);
  pr.alpha[0] = 2, pr.c = 0.6, pr.s = 0.8;
  const double param[5] = {-1, 0.5, -3, 2, 0.25};
  memcpy(pr.param, param, sizeof param);
  level1_vector_make(&pr.x, c.x, &pr.p, pr.n, pr.incx, 1, MLF_GUARD_TAIL, "x");
  level1_vector_make(&pr.y, c.y, &pr.p, pr.n, pr.incy, 2, MLF_GUARD_TAIL, "y");
  return pr;
}

/* A double problem of family f on x = (3, -4, 12) stored with increment inc. */
static level1_problem problem(Mlf__Blas__Level1Case__Routine f, int inc) {
  level1_problem pr = problem2(f, inc, 1);
  level1_vector_free(&pr.y);
  return pr;
}

/* The kind as the harness's raise_finding tags it (level1_finding_kind of the problem the
 * judge names). */
static char raised[64];
static void note(void *ctx, const level1_problem *pr, const char *kind, const char *detail) {
  (void)ctx, (void)detail;
  level1_finding_kind(pr, kind, raised, sizeof raised);
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
  int from_i;
  pr = problem(R(SCAL), 0);
  assert_int_equal(level1_copied_from(&pr, 0, 1, &from_i), 0); /* x must come back unchanged */
  assert_int_equal(from_i, 1);
  level1_vector_free(&pr.x);
  pr = problem(R(SCAL), 2);
  assert_int_equal(level1_copied_from(&pr, 0, 1, &from_i), -1);
  level1_vector_free(&pr.x);
}

/* The judge's verdict on the outputs x_out (x) and y_out (y) of pr as a library wrote them:
 * the output vectors are pr's with logical elements replaced (all n where given). */
static int judge_vectors(const level1_problem *pr, const double *x_out, const double *y_out) {
  level1_expected ex;
  level1_expected_compute(pr, &ex);
  level1_outcome o;
  memset(&o, 0, sizeof o);
  unsigned f = level1_family_flags(pr->family);
  const double *outs[2] = {x_out, y_out};
  for (int w = 0; w < 2; w++) {
    if (!(f & (w ? L1_WRITES_Y : L1_WRITES_X))) continue;
    level1_vector *v = w ? &o.y : &o.x;
    level1_vector_clone(v, w ? &pr->y : &pr->x, &pr->p, MLF_GUARD_TAIL, "out");
    *(w ? &o.has_y : &o.has_x) = 1;
    for (int i = 0; i < pr->n && outs[w]; i++) level1_vector_put(v, &pr->p, i, (double[2]){outs[w][i], 0});
  }
  level1_verdict v;
  raised[0] = '\0';
  int correct = level1_judge(pr, &ex, &o, note, NULL, &v);
  level1_outcome_free(&o);
  return correct;
}

/* Stored element of a zero-increment vector (what the fill left in its one slot). */
static double first(const level1_vector *v, const blas_precision *p) {
  double e[2];
  level1_vector_get(v, p, 0, e);
  return e[0];
}

static void free_problem(level1_problem *pr) {
  level1_vector_free(&pr->x);
  level1_vector_free(&pr->y);
}

/* axpy with incy = 0: y(1) + alpha (x1 + x2 + x3) in order (daxpy.f); the last update alone
 * (a kernel that writes each lane's y(1) + alpha x(i) and keeps the last) is caught. */
static void axpy_sums_into_one_element(void **state) {
  (void)state;
  level1_problem pr = problem2(R(AXPY), 1, 0);
  assert_true(level1_sequential(&pr));
  double y0 = first(&pr.y, &pr.p), sum = ((y0 + 2 * 3) + 2 * -4) + 2 * 12;
  assert_true(judge_vectors(&pr, NULL, (double[3]){sum, sum, sum}));
  double last = y0 + 2 * 12;
  assert_false(judge_vectors(&pr, NULL, (double[3]){last, last, last}));
  assert_string_equal(raised, "value-mismatch-zero-inc-written");
  double off = sum * (1 + 0x1p-40);
  assert_false(judge_vectors(&pr, NULL, (double[3]){off, off, off}));
  free_problem(&pr);
}

/* copy with incy = 0 leaves x's last element; swap with incx = 0 leaves y's last element in
 * x(1) and shifts y down one place behind x(1)'s old value. */
static void copy_and_swap_shift(void **state) {
  (void)state;
  level1_problem pr = problem2(R(COPY), 1, 0);
  assert_true(judge_vectors(&pr, NULL, (double[3]){12, 12, 12}));
  assert_false(judge_vectors(&pr, NULL, (double[3]){3, 3, 3}));
  assert_string_equal(raised, "data-mismatch-zero-inc-written");
  free_problem(&pr);
  pr = problem2(R(SWAP), 0, 1);
  double x0 = first(&pr.x, &pr.p);
  assert_true(judge_vectors(&pr, (double[3]){5, 5, 5}, (double[3]){x0, 1, 2}));
  assert_false(judge_vectors(&pr, (double[3]){5, 5, 5}, (double[3]){x0, x0, x0}));
  assert_string_equal(raised, "data-mismatch-zero-inc-written");
  free_problem(&pr);
  pr = problem2(R(SWAP), 0, 0); /* three exchanges: swapped */
  double y0 = first(&pr.y, &pr.p);
  assert_true(judge_vectors(&pr, (double[3]){y0, y0, y0}, (double[3]){x0, x0, x0}));
  assert_false(judge_vectors(&pr, (double[3]){x0, x0, x0}, (double[3]){y0, y0, y0}));
  free_problem(&pr);
}

/* rot with incy = 0, c = 1e308, s = 0: y(1) = 5 is scaled three times, the first already past
 * the overflow threshold: every order gives +Inf (rounding keeps the sign, no Inf - Inf), so
 * -Inf and NaN are caught (any non-finite result stood before); a finite 5e308 never is. */
static void map_overflow_keeps_its_sign(void **state) {
  (void)state;
  level1_problem pr = problem2(R(ROT), 1, 0);
  pr.c = 1e308, pr.s = 0;
  mlf_expect e[2];
  level1_expect_sequence_element(&pr, L1_EXACT, 1, 0, e);
  assert_int_equal(mlf_check_expect(INFINITY, &e[0]), MLF_CMP_OK);
  assert_int_equal(mlf_check_expect(-INFINITY, &e[0]), MLF_CMP_INF);
  assert_int_equal(mlf_check_expect(NAN, &e[0]), MLF_CMP_NAN);
  assert_int_not_equal(mlf_check_expect(0x1.fffffffffffffp1023, &e[0]), MLF_CMP_OK);
  pr.s = 1e308; /* y' = c y - s x with x = 3 > 0 and y > 0: both signs, so NaN may arise */
  level1_expect_sequence_element(&pr, L1_EXACT, 1, 0, e);
  assert_int_equal(mlf_check_expect(NAN, &e[0]), MLF_CMP_OK);
  free_problem(&pr);
  /* both increments 0 (x = 12, y = 5 stored), c = -Inf, s = 1e308: x' = -Inf + 5e308, where the
   * second product overflows to +Inf in double: NaN stands beside -Inf (OpenBLAS 0.3.21's srot
   * gave it for the float analogue), +Inf does not */
  pr = problem2(R(ROT), 0, 0);
  pr.n = 1, pr.c = -INFINITY, pr.s = 1e308; /* one step (a second would meet -Inf with +Inf) */
  level1_expect_sequence_element(&pr, L1_EXACT, 0, 0, e);
  assert_int_equal(mlf_check_expect(-INFINITY, &e[0]), MLF_CMP_OK);
  assert_int_equal(mlf_check_expect(NAN, &e[0]), MLF_CMP_OK);
  assert_int_not_equal(mlf_check_expect(INFINITY, &e[0]), MLF_CMP_OK);
  free_problem(&pr);
}

/* rot with both increments 0, x = y = 0, c = DBL_MAX, s = 0, n = 20: every step maps (0, 0) to
 * exactly (0, 0), so the bound stays 0 (no product with a zero factor underflows, and |s| times
 * a bound grown past the long double range is not 0 * Inf = NaN, as the netlib zdrot input of a
 * campaign made it); anything but 0 is caught. */
static void zero_maps_keep_an_exact_zero(void **state) {
  (void)state;
  level1_problem pr = problem2(R(ROT), 0, 0);
  pr.n = 20, pr.c = 0x1.fffffffffffffp1023, pr.s = 0;
  level1_vector_put(&pr.x, &pr.p, 0, (double[2]){0, 0});
  level1_vector_put(&pr.y, &pr.p, 0, (double[2]){0, 0});
  mlf_expect e[2];
  for (int w = 0; w < 2; w++) {
    level1_expect_sequence_element(&pr, L1_EXACT, w, 19, e);
    assert_true(e[0].value == 0 && e[0].bound == 0);
    assert_int_equal(mlf_check_expect(0, &e[0]), MLF_CMP_OK);
    assert_int_not_equal(mlf_check_expect(0x1p-1074, &e[0]), MLF_CMP_OK);
  }
  free_problem(&pr);
}

/* rot and rotm with a zero increment: n 2x2 maps in sequence, each reading what the last
 * wrote; the double evaluation of that sequence is within the bound, a result 2^-40 off is
 * not, nor one that applies each map to the original element. */
static void maps_run_in_sequence(void **state) {
  (void)state;
  const Mlf__Blas__Level1Case__Routine routines[] = {R(ROT), R(ROTM)};
  const int incs[3][2] = {{0, 1}, {1, 0}, {0, 0}};
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < 3; k++) {
      level1_problem pr = problem2(routines[r], incs[k][0], incs[k][1]);
      double h[4] = {0.6, 0.8, -0.8, 0.6};
      if (routines[r] == R(ROTM)) level1_rotm_matrix(&pr, h);
      double x[3], y[3], xs[3], ys[3], parallel_x[3], parallel_y[3];
      for (int i = 0; i < 3; i++) {
        double a[2], b[2];
        level1_vector_get(&pr.x, &pr.p, i, a), level1_vector_get(&pr.y, &pr.p, i, b);
        x[i] = a[0], y[i] = b[0];
      }
      double cx = x[0], cy = y[0]; /* the carried zero-increment elements */
      for (int i = 0; i < 3; i++) {
        double a = incs[k][0] ? x[i] : cx, b = incs[k][1] ? y[i] : cy;
        xs[i] = h[0] * a + h[1] * b, ys[i] = h[2] * a + h[3] * b;
        if (!incs[k][0]) cx = xs[i];
        if (!incs[k][1]) cy = ys[i];
        parallel_x[i] = h[0] * x[i] + h[1] * y[i], parallel_y[i] = h[2] * x[i] + h[3] * y[i];
      }
      for (int i = 0; i < 3; i++) { /* a zero-increment output holds its final value */
        if (!incs[k][0]) xs[i] = cx, parallel_x[i] = parallel_x[2];
        if (!incs[k][1]) ys[i] = cy, parallel_y[i] = parallel_y[2];
      }
      assert_true(judge_vectors(&pr, xs, ys));
      assert_false(judge_vectors(&pr, parallel_x, parallel_y));
      assert_string_equal(raised, "value-mismatch-zero-inc-written");
      double off[3];
      for (int i = 0; i < 3; i++) off[i] = xs[i] * (1 + 0x1p-40);
      assert_false(judge_vectors(&pr, off, ys));
      free_problem(&pr);
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_vector_routines_keep_every_increment),
      cmocka_unit_test(written_vectors_keep_zero_increments),
      cmocka_unit_test(rotmg_keeps_infinite_scalings),
      cmocka_unit_test(nrm2_follows_the_reference),
      cmocka_unit_test(asum_returns_at_once),
      cmocka_unit_test(iamax_and_scal_return_at_once),
      cmocka_unit_test(axpy_sums_into_one_element),
      cmocka_unit_test(zero_maps_keep_an_exact_zero),
      cmocka_unit_test(copy_and_swap_shift),
      cmocka_unit_test(maps_run_in_sequence),
      cmocka_unit_test(map_overflow_keeps_its_sign),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
