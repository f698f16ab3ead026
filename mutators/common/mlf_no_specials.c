/* False-alarm mode (MLF_NO_SPECIALS=1): post-processors keep every input on plain values,
 * for the long run that checks the oracles raise nothing on correct libraries. Here the
 * switch and the Number post-processor every numeric family shares: named specials other
 * than zeros, ones, two, a half and the neighbours of one become one; explicit numbers are
 * kept between 2^-20 and 2^20 in magnitude (or zero). Without the variable it changes
 * nothing; each family's post-processors keep the rest of its messages plain. */
#include "mlf_no_specials.h"
#include <math.h>
#include <stdlib.h>
#include "mlf_common.pb-c.h"
#include "mlf_mutator.h"

int mlf_no_specials_enabled(void) {
  static int cached = -1;
  if (cached < 0) {
    const char *e = getenv("MLF_NO_SPECIALS");
    cached = e && *e && *e != '0';
  }
  return cached;
}

static int plain_special(Mlf__Special s) {
  switch (s) {
    case MLF__SPECIAL__ZERO: case MLF__SPECIAL__NEG_ZERO: case MLF__SPECIAL__ONE:
    case MLF__SPECIAL__MINUS_ONE: case MLF__SPECIAL__ONE_PLUS_ULP:
    case MLF__SPECIAL__ONE_MINUS_ULP: case MLF__SPECIAL__TWO: case MLF__SPECIAL__HALF:
      return 1;
    default:
      return 0;
  }
}

static void plain_number(ProtobufCMessage *msg) {
  Mlf__Number *n = (Mlf__Number *)msg;
  if (!mlf_no_specials_enabled()) return;
  if (n->kind_case == MLF__NUMBER__KIND_SPECIAL && !plain_special(n->special))
    n->special = MLF__SPECIAL__ONE;
  if (n->kind_case == MLF__NUMBER__KIND_VALUE) {
    double v = n->value, a = fabs(v);
    if (!isfinite(v)) v = 1;
    else if (a > 0x1p20) v = copysign(0x1p20, v);
    else if (a != 0 && a < 0x1p-20) v = copysign(0x1p-20, v);
    n->value = v;
  }
}

__attribute__((constructor)) static void register_plain_number(void) {
  mlf_register_post_processor(&mlf__number__descriptor, plain_number);
}
