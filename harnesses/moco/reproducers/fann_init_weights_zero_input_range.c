/* Standalone reproducer (calls only FANN): fann_init_weights scales the weights it draws by
 * 1 / (largest input - smallest input) of the training data (fann.c:1144-1162 in 2.2.0), so on
 * data whose inputs are all the same value it divides by zero: the weights come out infinite or
 * NaN, the network's outputs NaN, and fann_save_to_fixed converts NaN to int (undefined).
 * Found by the moco_fann_fixed false-alarm run; seen on Debian's libfann2 2.2.0+ds-8
 * (installed) and the same source built here.
 *   cc fann_init_weights_zero_input_range.c -lfann -lm -o repro && ./repro
 * prints infinite and NaN weights (the output is computed from them).
 * Exits 1 while a weight is not finite.
 * tags: mlf:moco_fann:fann:fann_init_weights:zero-input-range
 * tags: mlf:moco_fann_fixed:fann:fann_init_weights:zero-input-range
 * link: -lfann -lm
 */
#include <fann.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  struct fann *ann = fann_create_standard(3, 1, 2, 1);
  struct fann_train_data *data = fann_create_train(3, 1, 1);
  for (unsigned r = 0; r < 3; r++) data->input[r][0] = 0.5f, data->output[r][0] = (fann_type)r / 2;
  fann_init_weights(ann, data);
  int non_finite = 0;
  for (unsigned i = 0; i < fann_get_total_connections(ann); i++) {
    printf("weight %u: %g (expected finite)\n", i, (double)ann->weights[i]);
    non_finite |= !isfinite(ann->weights[i]);
  }
  fann_type in[1] = {0.5f};
  printf("output: %g\n", (double)fann_run(ann, in)[0]);
  fann_destroy(ann);
  fann_destroy_train(data);
  return non_finite;
}
