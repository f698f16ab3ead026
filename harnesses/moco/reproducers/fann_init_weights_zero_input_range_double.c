/* The program of fann_init_weights_zero_input_range.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:fann_init_weights:zero-input-range
 * link: -ldoublefann -lm
 */
#include <doublefann.h>
#include "fann_init_weights_zero_input_range.c"
