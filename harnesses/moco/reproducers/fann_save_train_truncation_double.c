/* The program of fann_save_train_truncation.c on FANN's double build (the same source compiled with
 * fann_type double, Debian's libdoublefann 2.2.0+ds-8): its fann.h include comes after doublefann.h.
 * tags: mlf:moco_fann_double:fann:fann_save_train:truncated-near-integer
 * link: -ldoublefann -lm
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, before any header */
#include <doublefann.h>
#include "fann_save_train_truncation.c"
