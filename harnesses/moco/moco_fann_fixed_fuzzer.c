/* MoCo over FANN 2.2's fixed-point build (fixedfann.c, fann_type = int, built here from its
 * Debian source with the sanitizers and coverage) the way fann_io.h describes its use:
 * "training a network in floating points, and then later executing it in fixed point". The
 * programs are moco_fann's, run on the float build (the fixed build has no training, fann.h's
 * #ifndef FIXEDFANN); every network a program saves with fann_save is also saved with
 * fann_save_to_fixed, loaded by the fixed build and checked there (fann_fixed.h): its decimal
 * point, multiplier and shape, and bit-identical outputs after a fixed fann_save and
 * fann_create_from_file and after fann_copy. */
#include "fann_flavoured.h"
#include "mlf_target.h"

MLF_TARGET(moco_fann_fixed, mlf__moco__fann_program__descriptor, NULL, fann_program_run_with_fixed)
