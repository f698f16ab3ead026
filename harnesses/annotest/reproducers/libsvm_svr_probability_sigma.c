/* Standalone reproducer (known finding mlf:annotest_libsvm:libsvm:svm_get_svr_probability:accessor)
 * against Debian's libsvm3 3.24+ds-6: the README says svm_get_svr_probability "outputs a value
 * sigma > 0" for a regression model with probability information (the scale of the Laplace
 * distribution e^(-|z|/sigma)/(2 sigma) of the prediction error), but svm_svr_probability makes
 * sigma the mean absolute residual of a 5-fold cross validation, so
 *   - epsilon-SVR (probability = 1) on ten rows with the same target: every residual is 0 and
 *     sigma = 0, where the density is undefined;
 *   - on one row: the folds are lowered to 1 ("Will use # folds = # data instead"), the fold
 *     trains on no rows (the cv-empty-training-fold row's defect) and sigma = NaN.
 *   cc libsvm_svr_probability_sigma.c -lsvm -o sigma && ./sigma
 * Exits 1 while either sigma is not a positive number.
 * tags: mlf:annotest_libsvm:libsvm:svm_get_svr_probability:accessor
 * link: -lsvm -lm
 */
#include <libsvm/svm.h>
#include <math.h>
#include <stdio.h>

static void quiet(const char *s) { (void)s; }

/* sigma of an epsilon-SVR model with probability information trained on rows x_i = i, y_i = 1. */
static double sigma_of(int rows) {
  struct svm_node x[10][2];
  struct svm_node *row[10];
  double y[10];
  for (int i = 0; i < rows; i++) {
    x[i][0] = (struct svm_node){1, i}, x[i][1] = (struct svm_node){-1, 0};
    row[i] = x[i], y[i] = 1;
  }
  struct svm_problem prob = {rows, y, row};
  struct svm_parameter param = {.svm_type = EPSILON_SVR, .kernel_type = RBF, .gamma = 0.5, .C = 1,
                                .p = 0.1, .eps = 0.001, .cache_size = 10, .shrinking = 1,
                                .probability = 1};
  struct svm_model *model = svm_train(&prob, &param);
  double sigma = svm_get_svr_probability(model);
  printf("epsilon-SVR, probability = 1, %d row%s, every target 1: sigma = %.17g (expected > 0)\n",
         rows, rows == 1 ? "" : "s", sigma);
  svm_free_and_destroy_model(&model);
  return sigma;
}

int main(void) {
  svm_set_print_string_function(quiet);
  double ten = sigma_of(10), one = sigma_of(1);
  int wrong = !(ten > 0 && isfinite(ten)) || !(one > 0 && isfinite(one));
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong;
}
