/* The program of fann_cascade_candidate_scores_overflow.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:*:heap-overflow-candidate-scores
 * link: -fsanitize=address -ldoublefann -lm
 */
#include <doublefann.h>
#include "fann_cascade_candidate_scores_overflow.c"
