/* Standalone reproducer (known finding mlf:annotest_liblinear:liblinear:find_parameters:
 * find-parameters-zero-targets) against Debian's liblinear4 2.3.0+dfsg-5: find_parameters for
 * L2R_L2LOSS_SVR (-s 11) on a problem whose targets are all 0, with start_p > 0, divides start_p
 * by max_p / 20 with max_p = max |y| = 0 (linear.cpp:2736) and converts inf to int (undefined;
 * UBSan float-cast-overflow); on x86 the search loop then never runs and best_C and best_p are
 * left as the caller set them. Prints them; exits 1 while they are unset.
 *   cc liblinear_find_parameters_zero_targets.c -llinear -o fp && ./fp
 * tags: mlf:annotest_liblinear:liblinear:find_parameters:find-parameters-zero-targets
 * link: -llinear
 */
#include <linear.h>
#include <stdio.h>
static void quiet(const char *s) { (void)s; }
int main(void) {
  set_print_string_function(quiet);
  struct feature_node r0[] = {{1, 1}, {-1, 0}}, r1[] = {{1, -1}, {-1, 0}}, r2[] = {{1, 0.5}, {-1, 0}}, r3[] = {{1, -0.5}, {-1, 0}};
  struct feature_node *x[] = {r0, r1, r2, r3};
  double y[] = {0, 0, 0, 0};
  struct problem prob = {.l = 4, .n = 1, .y = y, .x = x, .bias = -1};
  struct parameter param = {.solver_type = L2R_L2LOSS_SVR, .eps = 0.001, .C = 1, .p = 0.1};
  const char *err = check_parameter(&prob, &param);
  double best_C = -1, best_p = -1, best_score = -1;
  find_parameters(&prob, &param, 2, 1, 0.25, &best_C, &best_p, &best_score);
  printf("check_parameter: %s; best_C %g best_p %g best_score %g (expected best_C > 0, best_p >= 0)\n",
         err ? err : "ok", best_C, best_p, best_score);
  return !(best_C > 0 && best_p >= 0);
}
