/* Standalone reproducer (calls only FANN): fann_set_scaling_params computes each column's
 * mean and standard deviation over the training data (SCALE_SET_PARAM, fann_train_data.c), and
 * fann_scale_train / fann_scale_input divide by the deviation without a check: data whose
 * column is constant (any single row) gets deviation 0 and every scaled value becomes NaN
 * (0 / 0). fann_save_train then converts NaN to int ((int)floor(x + 0.5),
 * fann_train_data.c:715), undefined behaviour (UBSan: "-nan is outside the range of
 * representable values of type 'int'" in the instrumented build). Found by the moco_fann
 * target; seen on Debian's libfann2 2.2.0+ds-8 (installed) and the same source built here.
 *   cc fann_scale_train_zero_deviation.c -lfann -lm -o repro && ./repro
 * Exits 1 when the scaled values are NaN. */
#include <floatfann.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  const unsigned sizes[3] = {2, 3, 1};
  struct fann *ann = fann_create_standard_array(3, sizes);
  struct fann_train_data *d = fann_create_train(1, 2, 1);
  d->input[0][0] = 0.5f, d->input[0][1] = -0.25f, d->output[0][0] = 0.75f;
  fann_set_scaling_params(ann, d, -1, 1, -1, 1);
  fann_scale_train(ann, d);
  printf("scaled row: %g %g -> %g\n", d->input[0][0], d->input[0][1], d->output[0][0]);
  int nan = isnan(d->input[0][0]) && isnan(d->output[0][0]);
  fann_destroy_train(d);
  fann_destroy(ann);
  return nan;
}
