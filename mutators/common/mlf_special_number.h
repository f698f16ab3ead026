/* The mutation every numeric family shares: a named special value (mlf_common.proto's
 * Special) put into a Number slot. */
#ifndef MLF_SPECIAL_NUMBER_H
#define MLF_SPECIAL_NUMBER_H
#include "mlf_common.pb-c.h"
#include "mlf_rng.h"

/* Replaces *slot (which may be NULL) with a random named special value. */
void mlf_set_special(Mlf__Number **slot, mlf_rng *rng);
#endif
