/* The program of fann_copy_and_save_drop_parameters.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:fann_copy:copy-mismatch-training_algorithm
 * tags: mlf:moco_fann_double:fann:fann_copy:copy-mismatch-sarprop_*
 * tags: mlf:moco_fann_double:fann:fann_create_from_file:round-trip-mismatch-sarprop_*
 * link: -ldoublefann -lm
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, before any header */
#include <doublefann.h>
#include "fann_copy_and_save_drop_parameters.c"
