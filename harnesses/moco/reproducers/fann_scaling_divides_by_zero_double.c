/* The program of fann_scaling_divides_by_zero.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:fann_scale_train:non-finite-values
 * tags: mlf:moco_fann_double:fann:fann_scale_train_data:non-finite-values
 * link: -ldoublefann -lm
 */
#include <doublefann.h>
#include "fann_scaling_divides_by_zero.c"
