/* Standalone reproducer (known finding mlf:annotest_libsvm:libsvm:svm_cross_validation:
 * cv-empty-training-fold) against Debian's libsvm3 3.24+ds-6: 2-fold stratified
 * cross-validation of four rows in four classes puts every row into the second fold (each
 * class's one row goes to fold (i+1)*1/2 - i*1/2 = 1), so that fold is trained on no rows and
 * svm_group_classes writes start[0] into malloc(0). Without sanitizers the write lands in the
 * allocator's slack; valgrind shows it:
 *   cc libsvm_cv_empty_training_fold.c -lsvm -o cv && valgrind ./cv   (Invalid write of size 4)
 * Without valgrind, the fold's predictions are no label of the training rows (expected: each
 * target one of -2, 1, 3, 0); exits 1 while one is not.
 * tags: mlf:annotest_libsvm:libsvm:svm_cross_validation:cv-empty-training-fold
 * link: -lsvm
 */
#include <libsvm/svm.h>
#include <stdio.h>

static void quiet(const char *s) { (void)s; }

int main(void) {
  struct svm_node x[4][2] = {{{1, 0.5}, {-1, 0}}, {{2, -1}, {-1, 0}}, {{1, 0.25}, {-1, 0}}, {{2, 0.5}, {-1, 0}}};
  struct svm_node *rows[4] = {x[0], x[1], x[2], x[3]};
  double y[4] = {-2, 1, 3, 0}, target[4];
  struct svm_problem prob = {4, y, rows};
  struct svm_parameter param = {.svm_type = C_SVC, .kernel_type = LINEAR, .cache_size = 100, .eps = 0.001, .C = 1};
  svm_set_print_string_function(quiet);
  printf("svm_check_parameter: %s\n", svm_check_parameter(&prob, &param) ? "error" : "NULL (feasible)");
  svm_cross_validation(&prob, &param, 2, target);
  printf("targets %g %g %g %g (expected: each one of -2, 1, 3, 0)\n", target[0], target[1], target[2], target[3]);
  int unlabelled = 0;
  for (int i = 0; i < 4; i++) unlabelled |= target[i] != y[0] && target[i] != y[1] && target[i] != y[2] && target[i] != y[3];
  return unlabelled;
}
