/* Standalone reproducer (calls only FANN): the parameters fann_copy and fann_save lose. In
 * FANN 2.2.0, fann_copy (fann.c) copies every training parameter but the training algorithm
 * and the four SARPROP parameters, and fann_save (fann_io.c, fann_save_internal_fd) writes no
 * SARPROP parameter, though fann_io.h promises "an exact copy of the neural network and all of
 * the parameters". Found by the moco_fann target; seen on Debian's libfann2 2.2.0+ds-8
 * (installed) and the same source built here.
 *   cc fann_copy_and_save_drop_parameters.c -lfann -lm -o repro && ./repro
 * Prints each parameter as set, as copied and as loaded; exits 1 when one differs.
 * tags: mlf:moco_fann:fann:fann_copy:copy-mismatch-training_algorithm
 * tags: mlf:moco_fann_fixed:fann:fann_copy:copy-mismatch-training_algorithm
 * tags: mlf:moco_fann:fann:fann_copy:copy-mismatch-sarprop_*
 * tags: mlf:moco_fann_fixed:fann:fann_copy:copy-mismatch-sarprop_*
 * tags: mlf:moco_fann:fann:fann_create_from_file:round-trip-mismatch-sarprop_*
 * tags: mlf:moco_fann_fixed:fann:fann_create_from_file:round-trip-mismatch-sarprop_*
 * link: -lfann -lm
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <fann.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int report(const char *name, double set, double copied, double loaded) {
  printf("%-34s set %-10g copy %-10g loaded %g\n", name, set, copied, loaded);
  return set != copied || set != loaded;
}

int main(void) {
  char path[] = "/tmp/fann-parameters-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  const unsigned sizes[3] = {2, 3, 1};
  struct fann *ann = fann_create_standard_array(3, sizes);
  fann_set_training_algorithm(ann, FANN_TRAIN_BATCH);
  fann_set_sarprop_weight_decay_shift(ann, -5.0f);
  fann_set_sarprop_step_error_threshold_factor(ann, 0.25f);
  fann_set_sarprop_step_error_shift(ann, 2.5f);
  fann_set_sarprop_temperature(ann, 0.05f);
  struct fann *copy = fann_copy(ann);
  fann_save(ann, path);
  struct fann *loaded = fann_create_from_file(path);
  unlink(path);
  if (!copy || !loaded) return 2;
  int lost = report("training_algorithm", fann_get_training_algorithm(ann), fann_get_training_algorithm(copy),
                    fann_get_training_algorithm(loaded));
  lost |= report("sarprop_weight_decay_shift", fann_get_sarprop_weight_decay_shift(ann),
                 fann_get_sarprop_weight_decay_shift(copy), fann_get_sarprop_weight_decay_shift(loaded));
  lost |= report("sarprop_step_error_threshold_factor", fann_get_sarprop_step_error_threshold_factor(ann),
                 fann_get_sarprop_step_error_threshold_factor(copy),
                 fann_get_sarprop_step_error_threshold_factor(loaded));
  lost |= report("sarprop_step_error_shift", fann_get_sarprop_step_error_shift(ann),
                 fann_get_sarprop_step_error_shift(copy), fann_get_sarprop_step_error_shift(loaded));
  lost |= report("sarprop_temperature", fann_get_sarprop_temperature(ann), fann_get_sarprop_temperature(copy),
                 fann_get_sarprop_temperature(loaded));
  fann_destroy(ann);
  fann_destroy(copy);
  fann_destroy(loaded);
  return lost;
}
