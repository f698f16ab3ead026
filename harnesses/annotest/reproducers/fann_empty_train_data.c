/* Standalone reproducer (known finding mlf:annotest_fann:fann:*:empty-train-data) against
 * Debian's libfann2 2.2.0+ds-8: training data of no patterns, made by fann_create_train(0, ...)
 * or fann_subset_train_data(data, pos, 0), has row arrays of calloc(0) bytes, and
 * fann_destroy_train reads input[0] and output[0] from them (fann_train_data.c:73-75). Without
 * sanitizers the read lands in the allocator's slack; valgrind shows it:
 *   cc fann_empty_train_data.c -lfloatfann -lm -o empty && valgrind ./empty   (Invalid read of size 8)
 * Linked with Electric Fence (Debian electric-fence; EF_ALLOW_MALLOC_0=1 lets calloc(0) succeed and
 * puts its block against an inaccessible page), the read is a SIGSEGV in fann_destroy_train.
 * tags: mlf:annotest_fann:fann:*:empty-train-data
 * link: -lfloatfann -lm -lefence
 * env: EF_ALLOW_MALLOC_0=1
 */
#include <floatfann.h>
#include <stdio.h>

int main(void) {
  struct fann_train_data *one = fann_create_train(1, 1, 1);
  one->input[0][0] = 0.5f, one->output[0][0] = 0.5f;
  struct fann_train_data *empty = fann_subset_train_data(one, 0, 0);
  printf("subset of length 0: %p, %u patterns\n", (void *)empty, empty ? empty->num_data : 0);
  fann_destroy_train(empty);
  struct fann_train_data *created = fann_create_train(0, 1, 1);
  printf("fann_create_train(0, 1, 1): %p\n", (void *)created);
  fann_destroy_train(created);
  fann_destroy_train(one);
  printf("no invalid read: fixed\n");
  return 0;
}
