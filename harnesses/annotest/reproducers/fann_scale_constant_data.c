/* Standalone reproducer (known finding mlf:annotest_fann:fann:*:scale-constant-data) against
 * Debian's libfann2 2.2.0+ds-8: fann_scale_input_train_data ("Scales the inputs in the training
 * data to the specified range", fann_train.h) computes factor = new_span / old_span
 * (fann_scale_data, fann_train_data.c:374) with old_span = max - min = 0 when every input is
 * equal, and (x - min) * inf = 0 * inf = NaN passes both clamping tests. Here two patterns with
 * input 3, scaled to [-1, 1]: both become NaN. Exits 1 while a scaled value is outside [-1, 1].
 * tags: mlf:annotest_fann:fann:*:scale-constant-data
 * link: -lfloatfann -lm
 */
#include <floatfann.h>
#include <stdio.h>

int main(void) {
  struct fann_train_data *data = fann_create_train(2, 1, 1);
  data->input[0][0] = data->input[1][0] = 3, data->output[0][0] = 0, data->output[1][0] = 1;
  fann_scale_input_train_data(data, -1, 1);
  int outside = 0;
  for (unsigned int i = 0; i < 2; i++) {
    printf("input %u: 3 scaled to [-1, 1] is %g\n", i, data->input[i][0]);
    outside |= !(data->input[i][0] >= -1 && data->input[i][0] <= 1);
  }
  fann_destroy_train(data);
  return outside;
}
