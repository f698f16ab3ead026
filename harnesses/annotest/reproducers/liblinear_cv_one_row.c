/* Standalone reproducer (known finding mlf:annotest_liblinear:liblinear:*:cv-one-row) against
 * Debian's liblinear4 2.3.0+dfsg-5: cross_validation (and find_parameters) of a one-row problem
 * lowers nr_fold to 1 and trains that fold on no rows; group_classes writes start[0] into
 * malloc(0). Without sanitizers the write lands in the allocator's slack; valgrind shows it:
 *   cc liblinear_cv_one_row.c -llinear -o cv1 && valgrind ./cv1   (Invalid write of size 4)
 * Without valgrind, the prediction is no label (expected: 1, the one row's label); exits 1 while
 * it is not.
 * tags: mlf:annotest_liblinear:liblinear:*:cv-one-row
 * link: -llinear
 */
#include <linear.h>
#include <stdio.h>

static void quiet(const char *s) { (void)s; }

int main(void) {
  struct feature_node x[2] = {{1, 0.5}, {-1, 0}};
  struct feature_node *rows[1] = {x};
  double y[1] = {1}, target[1], best_C, best_p, best_score;
  struct problem prob = {1, 1, y, rows, -1};
  struct parameter param = {.solver_type = L2R_LR, .eps = 0.01, .C = 1};
  set_print_string_function(quiet);
  printf("check_parameter: %s\n", check_parameter(&prob, &param) ? "error" : "NULL (feasible)");
  cross_validation(&prob, &param, 2, target);
  printf("target %g\n", target[0]);
  find_parameters(&prob, &param, 2, -1, -1, &best_C, &best_p, &best_score);
  printf("best_C %g best_score %g\n", best_C, best_score);
  printf("expected: target 1 (the only label)\n");
  return target[0] != y[0];
}
