/* Standalone reproducer (calls only FANN): both ways FANN 2.2.0 scales training data divide by
 * zero on data whose values are all equal, and every scaled value becomes NaN without an error.
 * 1. fann_set_scaling_params takes each column's mean and standard deviation (SCALE_SET_PARAM,
 *    fann_train_data.c) and fann_scale_train divides by the deviation: a constant column (any
 *    single row) gives (x - mean) / 0 = 0 / 0.
 * 2. fann_scale_train_data (fann_scale_data, fann_train_data.c:349-390) divides the new span by
 *    the old one: outputs that are all equal (one row, one output) give 0 * (2 / 0) = NaN.
 * fann_save_train then converts NaN to int ((int)floor(x + 0.5), fann_train_data.c:715),
 * undefined behaviour (UBSan in the instrumented build). Found by the moco_fann target; seen on
 * Debian's libfann2 2.2.0+ds-8 (installed) and the same source built here.
 *   cc fann_scaling_divides_by_zero.c -lfann -lm -o repro && ./repro
 * Exits 1 when both give NaN.
 * tags: mlf:moco_fann:fann:fann_scale_train:non-finite-values
 * tags: mlf:moco_fann_fixed:fann:fann_scale_train:non-finite-values
 * tags: mlf:moco_fann:fann:fann_scale_train_data:non-finite-values
 * tags: mlf:moco_fann_fixed:fann:fann_scale_train_data:non-finite-values
 * link: -lfann -lm
 */
#include <fann.h>
#include <math.h>
#include <stdio.h>

static struct fann_train_data *one_row(void) {
  struct fann_train_data *d = fann_create_train(1, 2, 1);
  d->input[0][0] = 0.5f, d->input[0][1] = -0.25f, d->output[0][0] = 0.75f;
  return d;
}

int main(void) {
  const unsigned sizes[3] = {2, 3, 1};
  struct fann *ann = fann_create_standard_array(3, sizes);
  struct fann_train_data *d = one_row();
  fann_set_scaling_params(ann, d, -1, 1, -1, 1);
  fann_scale_train(ann, d);
  printf("fann_scale_train:      %g %g -> %g\n", d->input[0][0], d->input[0][1], d->output[0][0]);
  int nan = isnan(d->input[0][0]) && isnan(d->output[0][0]);
  fann_destroy_train(d);
  d = one_row();
  fann_scale_train_data(d, -1, 1);
  printf("fann_scale_train_data: %g %g -> %g\n", d->input[0][0], d->input[0][1], d->output[0][0]);
  nan &= isnan(d->output[0][0]);
  fann_destroy_train(d);
  fann_destroy(ann);
  return nan;
}
