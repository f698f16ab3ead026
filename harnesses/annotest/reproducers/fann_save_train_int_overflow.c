/* Standalone reproducer (known finding mlf:annotest_fann:fann:*:save-train-int-overflow) against
 * Debian's libfann2 2.2.0+ds-8: fann_save_train (fann_save_train_internal_fd,
 * fann_train_data.c:715 and :740) prints a value x as "%d" of (int)x when
 * (int)floor(x + 0.5) * 1000000 == (int)floor(x * 1000000.0 + 0.5). For |x| >= 2147.4836 the int
 * product overflows (undefined; UBSan signed-integer-overflow) and the double-to-int conversion
 * is out of range (undefined; INT_MIN on x86). Both sides are INT_MIN on x86 when round(x) is an
 * odd multiple of 2^25, so x = 33554432.25 is saved as "33554432". In the float library
 * (floatfann, the harness's build) such an x is an integer anyway; here the double library
 * (libdoublefann, same source and package) shows the lost fraction. Exits 1 while the value read
 * back differs from the value saved.
 * tags: mlf:annotest_fann:fann:*:save-train-int-overflow
 * link: -ldoublefann -lm
 */
#include <doublefann.h>
#include <stdio.h>

int main(void) {
  const char *path = "fann_save_train_int_overflow.data";
  struct fann_train_data *data = fann_create_train(1, 1, 1);
  data->input[0][0] = 33554432.25, data->output[0][0] = 1;
  if (fann_save_train(data, path) != 0) return 2;
  struct fann_train_data *read = fann_read_train_from_file(path);
  remove(path);
  if (!read) return 2;
  printf("saved %.17g, read back %.17g\n", data->input[0][0], read->input[0][0]);
  int changed = read->input[0][0] != data->input[0][0];
  fann_destroy_train(read);
  fann_destroy_train(data);
  return changed;
}
