/* MoCo over FANN 2.2 (float build, built here from its Debian source with the sanitizers and
 * coverage): programs of FANN calls in the FANN_NETWORK template (fann_template.h), derived by
 * the AR, RG, BC, insert and delete operators (mutators/moco/), run by fann_program.c.
 * Oracle (fann_judge.h): a positive program raises no FANN error, every getter reports what its
 * setter set, a copy and a saved-and-loaded network give the same parameters and bit-identical
 * outputs (loaded parameters within the precision fann_save writes them with), saved-and-read
 * training data is bit-identical; a negative one (an argument past a boundary FANN documents
 * as refused) sets fann_errno and leaves FANN usable: a plain XOR network still trains. Leaks
 * are LeakSanitizer's. moco_fann_double runs the same programs on the double build,
 * moco_fann_fixed adds the fixed build. */
#include "fann_flavoured.h"
#include "mlf_target.h"

MLF_TARGET(moco_fann, mlf__moco__fann_program__descriptor, NULL, fann_program_run)
