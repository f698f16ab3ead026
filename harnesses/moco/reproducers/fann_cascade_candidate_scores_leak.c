/* Standalone reproducer (calls only FANN): fann_cascadetrain_on_data allocates the network's
 * cascade candidate scores (fann_train_candidates, fann_cascade.c:502-505 in 2.2.0) and
 * fann_destroy (fann.c:776-800) frees every other array of the network but not that one.
 * Found by the moco_fann target; seen on Debian's libfann2 2.2.0+ds-8 (installed) and the same
 * source built here; upstream's fann_destroy frees it (libfann/fann master).
 *   cc -fsanitize=address fann_cascade_candidate_scores_leak.c -lfann -lm -o repro && ./repro
 * LeakSanitizer reports the leak (fann_get_cascade_num_candidates(ann) floats) at exit.
 * tags: mlf:moco_fann:fann:fann_destroy:leak-cascade-candidate-scores
 * tags: mlf:moco_fann_fixed:fann:fann_destroy:leak-cascade-candidate-scores
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
  fann_set_cascade_max_out_epochs(ann, 10);
  fann_set_cascade_max_cand_epochs(ann, 10);
  fann_cascadetrain_on_data(ann, data, 1, 0, 0.0f);
  printf("candidate scores %p, %u floats, left to fann_destroy\n", (void *)ann->cascade_candidate_scores,
         fann_get_cascade_num_candidates(ann));
  fann_destroy(ann);
  fann_destroy_train(data);
  return 0;
}
