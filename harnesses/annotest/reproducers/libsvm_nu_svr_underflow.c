/* Standalone reproducer (known finding mlf:annotest_libsvm:libsvm:*:nu-svr-underflow) against
 * Debian's libsvm3 3.24+ds-6: nu-SVR with C = 0.02 and nu = 1e-323 (accepted by
 * svm_check_parameter) on four rows trains a model with rho = NaN, because C nu l / 2 underflows
 * to 0 in solve_nu_svr; nu = 1e-320 trains normally.
 *   cc libsvm_nu_svr_underflow.c -lsvm -o nu && ./nu
 * Exits 1 while the model of nu = 1e-323 has a NaN rho.
 * tags: mlf:annotest_libsvm:libsvm:*:nu-svr-underflow
 * link: -lsvm -lm
 */
#include <libsvm/svm.h>
#include <math.h>
#include <stdio.h>

static void quiet(const char *s) { (void)s; }

int main(void) {
  struct svm_node x[4][2] = {{{1, 1}, {-1, 0}}, {{1, 1}, {-1, 0}}, {{2, 0.5}, {-1, 0}}, {{1, -1}, {-1, 0}}};
  struct svm_node *rows[4] = {x[0], x[1], x[2], x[3]};
  double y[4] = {1, 1, -1, -2}, nus[2] = {1e-323, 1e-320};
  struct svm_problem prob = {4, y, rows};
  svm_set_print_string_function(quiet);
  int nan_rho = 0;
  for (int i = 0; i < 2; i++) {
    struct svm_parameter param = {.svm_type = NU_SVR, .kernel_type = LINEAR, .cache_size = 100, .eps = 0.001,
                                  .C = 0.02, .nu = nus[i]};
    const char *error = svm_check_parameter(&prob, &param);
    struct svm_model *model = svm_train(&prob, &param);
    printf("nu = %g: svm_check_parameter %s, rho = %g, prediction of row 0 = %g\n", nus[i], error ? error : "NULL",
           model->rho[0], svm_predict(model, x[0]));
    nan_rho |= i == 0 && isnan(model->rho[0]);
    svm_free_and_destroy_model(&model);
  }
  printf("expected: a finite rho for both\n");
  return nan_rho;
}
