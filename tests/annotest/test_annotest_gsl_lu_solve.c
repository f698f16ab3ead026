/* The GSL target's LU-solve residual oracle (annotest_check_LU_solve, gsl_oracles.c) called
 * directly on GSL's own factors and solutions (Debian's libgsl): a 1 x 1 system whose solution
 * underflows (u = 26.37, b = 5.56e-309: x = b / u is subnormal, and u x misses b by 10
 * DBL_TRUE_MIN, past the slack before it scaled with |L||U|: four findings of a rediscover run)
 * and a well-scaled 3 x 3 system raise nothing; planted wrong solutions are still caught: the
 * 3 x 3 solution with one component off by one part in 10^10, and the subnormal one off by 100
 * DBL_TRUE_MIN. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "annotations/gsl.h"

typedef struct {
  gsl_matrix *lu;
  gsl_permutation *p;
  gsl_vector *b, *x;
} system_t;

/* A factored n x n system A x = b (row-major a) with GSL's solution. */
static system_t solved(size_t n, const double *a, const double *b) {
  system_t s = {gsl_matrix_alloc(n, n), gsl_permutation_alloc(n), gsl_vector_alloc(n), gsl_vector_alloc(n)};
  int sign;
  for (size_t i = 0; i < n; i++) {
    gsl_vector_set(s.b, i, b[i]);
    for (size_t j = 0; j < n; j++) gsl_matrix_set(s.lu, i, j, a[i * n + j]);
  }
  assert_int_equal(gsl_linalg_LU_decomp(s.lu, s.p, &sign), GSL_SUCCESS);
  assert_int_equal(gsl_linalg_LU_solve(s.lu, s.p, s.b, s.x), GSL_SUCCESS);
  return s;
}

static void release(system_t *s) {
  gsl_matrix_free(s->lu), gsl_permutation_free(s->p), gsl_vector_free(s->b), gsl_vector_free(s->x);
}

/* The findings the residual oracle raises on s. */
static size_t residual_findings(const system_t *s) {
  mlf_run run;
  at_function_stats stats = {.name = "gsl_linalg_LU_solve"};
  at_ctx ctx;
  mlf_run_reset(&run);
  at_ctx_init(&ctx, &run, "annotest_gsl", "gsl", annotest_gsl_blame);
  ctx.stats = &stats;
  annotest_check_LU_solve(&ctx, GSL_SUCCESS, s->lu, s->p, s->b, s->x, s->lu, s->p, s->b, s->x);
  for (size_t i = 0; i < run.n_findings; i++)
    assert_string_equal(run.findings[i].tag, "mlf:annotest_gsl:gsl:gsl_linalg_LU_solve:residual");
  return run.n_findings;
}

static void gsl_solutions_pass(void **state) {
  (void)state;
  static const double tiny_a[1] = {26.37}, tiny_b[1] = {5.5626846000000008e-309};
  system_t tiny = solved(1, tiny_a, tiny_b);
  double x = gsl_vector_get(tiny.x, 0);
  assert_true(x < DBL_MIN && fabs(26.37 * x - tiny_b[0]) >= 8 * DBL_TRUE_MIN);
  assert_int_equal(residual_findings(&tiny), 0);
  static const double a[9] = {4, -2, 1, 3, 6, -4, 2, 1, 8}, b[3] = {12, -25, 32};
  system_t three = solved(3, a, b);
  assert_int_equal(residual_findings(&three), 0);
  release(&tiny), release(&three);
}

static void wrong_solutions_are_caught(void **state) {
  (void)state;
  static const double a[9] = {4, -2, 1, 3, 6, -4, 2, 1, 8}, b[3] = {12, -25, 32};
  system_t three = solved(3, a, b);
  gsl_vector_set(three.x, 1, gsl_vector_get(three.x, 1) * (1 + 1e-10));
  assert_int_equal(residual_findings(&three), 1);
  static const double tiny_a[1] = {26.37}, tiny_b[1] = {5.5626846000000008e-309};
  system_t tiny = solved(1, tiny_a, tiny_b);
  gsl_vector_set(tiny.x, 0, gsl_vector_get(tiny.x, 0) + 100 * DBL_TRUE_MIN);
  assert_int_equal(residual_findings(&tiny), 1);
  release(&tiny), release(&three);
}

int main(void) {
  gsl_set_error_handler_off();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(gsl_solutions_pass),
      cmocka_unit_test(wrong_solutions_are_caught),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
