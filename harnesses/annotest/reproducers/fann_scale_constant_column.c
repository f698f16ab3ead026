/* Standalone reproducer (known finding mlf:annotest_fann:fann:*:scale-constant-column) against
 * Debian's libfann2 2.2.0+ds-8: fann_set_input_scaling_params stores a column's standard
 * deviation and fann_scale_input divides by it (fann_train_data.c:922-963) without checking for 0.
 * On training data of one pattern (input 0.5, so the deviation is 0) the setter returns 0
 * (success) and fann_scale_input turns 0.5 into NaN (0 / 0); expected is a value in the asked
 * range [-1, 1], or a refusal by the setter. Exits 1 while the scaled value is not finite.
 * tags: mlf:annotest_fann:fann:*:scale-constant-column
 * link: -lfloatfann -lm
 */
#include <floatfann.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  struct fann *ann = fann_create_standard(2, 1, 1);
  struct fann_train_data *data = fann_create_train(1, 1, 1);
  data->input[0][0] = 0.5f, data->output[0][0] = 0.5f;
  int rc = fann_set_input_scaling_params(ann, data, -1, 1);
  fann_type input[1] = {0.5f};
  fann_scale_input(ann, input);
  printf("fann_set_input_scaling_params returns %d; fann_scale_input(0.5) = %g (expected a value in [-1, 1])\n", rc,
         input[0]);
  int broken = rc == 0 && !isfinite(input[0]);
  fann_destroy_train(data);
  fann_destroy(ann);
  return broken;
}
