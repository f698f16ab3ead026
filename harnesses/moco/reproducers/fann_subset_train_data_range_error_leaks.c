/* Standalone reproducer (calls only FANN): fann_subset_train_data refuses a subset past its
 * data with FANN_E_TRAIN_DATA_SUBSET, as documented, but it has already allocated the new
 * struct (fann_train_data.c:586-599) and returns NULL without freeing it; and fann_error's
 * error string on the source data is never freed, because fann_destroy_train frees the
 * arrays and the struct but not errstr. Found by the moco_fann target; seen on Debian's
 * libfann2 2.2.0+ds-8 (installed) and the same source built here.
 *   cc -fsanitize=address fann_subset_train_data_range_error_leaks.c -lfann -lm -o repro && ./repro
 * LeakSanitizer reports both blocks (sizeof(struct fann_train_data) and FANN_ERRSTR_MAX).
 * tags: mlf:moco_fann:fann:fann_subset_train_data:leak-on-range-error
 * tags: mlf:moco_fann_fixed:fann:fann_subset_train_data:leak-on-range-error
 * link: -fsanitize=address -lfann -lm
 */
#include <fann.h>
#include <stdio.h>

int main(void) {
  struct fann_train_data *d = fann_create_train(4, 2, 1);
  fann_set_error_log((struct fann_error *)d, NULL);
  struct fann_train_data *s = fann_subset_train_data(d, 0, 5);
  printf("subset %p, fann_errno %d\n", (void *)s, fann_get_errno((struct fann_error *)d));
  fann_destroy_train(d);
  return s != NULL;
}
