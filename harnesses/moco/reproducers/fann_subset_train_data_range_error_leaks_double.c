/* The program of fann_subset_train_data_range_error_leaks.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:fann_subset_train_data:leak-on-range-error
 * link: -fsanitize=address -ldoublefann -lm
 */
#include <doublefann.h>
#include "fann_subset_train_data_range_error_leaks.c"
