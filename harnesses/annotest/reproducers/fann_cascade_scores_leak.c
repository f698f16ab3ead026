/* Standalone reproducer (known finding mlf:annotest_fann:fann:fann_cascadetrain_on_data:
 * cascade-scores-leak) against Debian's libfann2 2.2.0+ds-8: cascade training allocates
 * ann->cascade_candidate_scores (fann_train_candidates, fann_cascade.c:502-505) and
 * fann_destroy never frees it. valgrind shows the block lost:
 *   cc fann_cascade_scores_leak.c -lfloatfann -lm -o leak && valgrind --leak-check=full ./leak
 *   (16 bytes definitely lost, allocated in fann_train_candidates). Linked with ASan, LeakSanitizer
 *   reports the block at exit and the program exits non-zero (23) while the leak is there.
 * tags: mlf:annotest_fann:fann:fann_cascadetrain_on_data:cascade-scores-leak
 * link: -g -fsanitize=address -lfloatfann -lm
 */
#include <floatfann.h>
#include <stdio.h>

int main(void) {
  static const float xor_in[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, xor_out[4] = {0, 1, 1, 0};
  enum fann_activationfunc_enum functions[2] = {FANN_SIGMOID, FANN_GAUSSIAN};
  fann_type steepnesses[2] = {0.5f, 1.0f};
  struct fann_train_data *data = fann_create_train(4, 2, 1);
  for (int i = 0; i < 4; i++) data->input[i][0] = xor_in[i][0], data->input[i][1] = xor_in[i][1], data->output[i][0] = xor_out[i];
  struct fann *ann = fann_create_shortcut(2, 2, 1);
  fann_set_cascade_activation_functions(ann, functions, 2);
  fann_set_cascade_activation_steepnesses(ann, steepnesses, 2);
  fann_set_cascade_num_candidate_groups(ann, 1);
  fann_cascadetrain_on_data(ann, data, 2, 0, 0);
  printf("after cascade training: %u neurons, candidate scores at %p (fann_destroy does not free them)\n",
         fann_get_total_neurons(ann), (void *)ann->cascade_candidate_scores);
  fann_destroy(ann);
  fann_destroy_train(data);
  return 0;
}
