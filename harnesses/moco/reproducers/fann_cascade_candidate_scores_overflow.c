/* Standalone reproducer (calls only FANN): fann_train_candidates allocates the network's cascade
 * candidate scores once, for fann_get_cascade_num_candidates(ann) at that time
 * (fann_cascade.c:502-505 in 2.2.0); fann_set_cascade_activation_functions (and the steepness
 * and group setters) change that count without resizing them. After the count grew, fann_copy
 * copies the new count of scores out of the old array (fann.c:917-925, heap-buffer-overflow
 * read) and a second fann_cascadetrain_on_data writes past it. Found by the moco_fann target;
 * seen on Debian's libfann2 2.2.0+ds-8 (installed) and the same source built here.
 *   cc -fsanitize=address fann_cascade_candidate_scores_overflow.c -lfann -lm -o repro && ./repro
 * ASan reports the overflow in fann_copy's memcpy.
 * tags: mlf:moco_fann:fann:*:heap-overflow-candidate-scores
 * tags: mlf:moco_fann_fixed:fann:*:heap-overflow-candidate-scores
 * link: -fsanitize=address -lfann -lm
 */
#include <fann.h>
#include <stdio.h>

int main(void) {
  const unsigned sizes[2] = {2, 1};
  struct fann *ann = fann_create_shortcut_array(2, sizes);
  struct fann_train_data *data = fann_create_train(4, 2, 1);
  for (unsigned r = 0; r < 4; r++) {
    data->input[r][0] = (r & 1) ? 1 : -1, data->input[r][1] = (r & 2) ? 1 : -1;
    data->output[r][0] = ((r & 1) ^ (r >> 1)) ? 1 : -1;
  }
  fann_set_cascade_max_out_epochs(ann, 5);
  fann_set_cascade_max_cand_epochs(ann, 5);
  fann_cascadetrain_on_data(ann, data, 1, 0, 0.0f);
  unsigned before = fann_get_cascade_num_candidates(ann);
  enum fann_activationfunc_enum functions[12] = {
      FANN_SIGMOID, FANN_SIGMOID_SYMMETRIC, FANN_GAUSSIAN, FANN_GAUSSIAN_SYMMETRIC, FANN_ELLIOT, FANN_ELLIOT_SYMMETRIC,
      FANN_SIN_SYMMETRIC, FANN_COS_SYMMETRIC, FANN_SIN, FANN_COS, FANN_LINEAR_PIECE, FANN_LINEAR_PIECE_SYMMETRIC};
  fann_set_cascade_activation_functions(ann, functions, 12);
  printf("scores allocated for %u candidates, now %u\n", before, fann_get_cascade_num_candidates(ann));
  fflush(stdout);
  struct fann *copy = fann_copy(ann);
  fann_destroy(copy);
  fann_destroy(ann);
  fann_destroy_train(data);
  return 0;
}
