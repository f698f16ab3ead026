/* Standalone reproducer (calls only FANN): fann_save_train writes a training value that rounds
 * to an integer at six decimals with "%d" of the value truncated instead of rounded
 * (fann_train_data.c:715-722 in 2.2.0), so 0.9999996 and -0.9999996 are saved as 0 and read
 * back as 0, an error of 1 where the "%f" used for every other value errs by at most 5e-7.
 * Values this close to +-1 are what fann_scale_train_data to [-1, 1] produces. Found by the
 * moco_fann target; seen on Debian's libfann2 2.2.0+ds-8 (installed) and the same source built
 * here.
 *   cc fann_save_train_truncation.c -lfann -lm -o repro && ./repro
 * Exits 1 when the values come back truncated.
 * tags: mlf:moco_fann:fann:fann_save_train:truncated-near-integer
 * tags: mlf:moco_fann_fixed:fann:fann_save_train:truncated-near-integer
 * link: -lfann -lm
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <fann.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  char path[] = "/tmp/fann-truncation-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  struct fann_train_data *d = fann_create_train(1, 2, 1);
  d->input[0][0] = 0.9999996f, d->input[0][1] = -0.9999996f, d->output[0][0] = 0.25f;
  fann_save_train(d, path);
  struct fann_train_data *e = fann_read_train_from_file(path);
  unlink(path);
  if (!e) return 2;
  printf("saved %.9g and %.9g, read back %.9g and %.9g\n", d->input[0][0], d->input[0][1], e->input[0][0],
         e->input[0][1]);
  int truncated = e->input[0][0] == 0 && e->input[0][1] == 0;
  fann_destroy_train(d);
  fann_destroy_train(e);
  return truncated;
}
