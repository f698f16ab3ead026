/* A named special value put into a number slot (mlf_special_number.h). */
#include "mlf_special_number.h"
#include <stdlib.h>

void mlf_set_special(Mlf__Number **slot, mlf_rng *rng) {
  if (*slot) protobuf_c_message_free_unpacked(&(*slot)->base, NULL);
  Mlf__Number *n = malloc(sizeof *n);
  if (!n) abort();
  mlf__number__init(n);
  n->kind_case = MLF__NUMBER__KIND_SPECIAL;
  n->special = (Mlf__Special)mlf_rng_below(rng, MLF__SPECIAL__HALF + 1);
  *slot = n;
}
