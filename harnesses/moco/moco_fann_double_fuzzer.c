/* MoCo over FANN 2.2's double build (doublefann.c, fann_type = double, built here from its
 * Debian source with the sanitizers and coverage): moco_fann's programs, specification,
 * template and oracles (moco_fann_fuzzer.c) compiled for fann_type = double
 * (fann_*_double.c). Loaded networks must still give bit-identical outputs: fann_save writes
 * weights with "%.20e", 21 significant digits, enough for a double (17). */
#define FANN_FLAVOUR double
#include "fann_flavoured.h"
#include "mlf_target.h"

MLF_TARGET(moco_fann_double, mlf__moco__fann_program__descriptor, NULL, fann_program_run)
