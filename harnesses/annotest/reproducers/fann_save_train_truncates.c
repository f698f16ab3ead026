/* Standalone reproducer (known finding mlf:annotest_fann:fann:*:save-train-truncates) against
 * Debian's libfann2 2.2.0+ds-8: fann_save_train prints a value x as "%d" of (int)x when
 * (int)floor(x + 0.5) * 1000000 == (int)floor(x * 1000000.0 + 0.5) (fann_train_data.c:715), true
 * for x within 5e-7 of an integer on either side; (int) truncates, so 0.99999976 is saved as 0
 * and 2.9999998 as 2, and fann_read_train_from_file reads those back:
 *   cc fann_save_train_truncates.c -lfloatfann -lm -o trunc && ./trunc
 * Exits 1 while a value read back differs from the value saved.
 * tags: mlf:annotest_fann:fann:*:save-train-truncates
 * link: -lfloatfann -lm
 */
#include <floatfann.h>
#include <stdio.h>

int main(void) {
  const char *path = "fann_save_train_truncates.data";
  struct fann_train_data *data = fann_create_train(2, 1, 1);
  data->input[0][0] = 0.99999976f, data->output[0][0] = 0;
  data->input[1][0] = 2.9999998f, data->output[1][0] = 1;
  if (fann_save_train(data, path) != 0) return 2;
  struct fann_train_data *read = fann_read_train_from_file(path);
  if (!read) return 2;
  int changed = 0;
  for (unsigned int i = 0; i < 2; i++) {
    printf("saved %.9g, read back %.9g\n", data->input[i][0], read->input[i][0]);
    changed |= read->input[i][0] != data->input[i][0];
  }
  remove(path);
  fann_destroy_train(read);
  fann_destroy_train(data);
  return changed;
}
