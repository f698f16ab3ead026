/* False-alarm mode (MLF_NO_SPECIALS=1): post-processors that keep every BLAS input on plain
 * values, for the long run that checks the oracles raise nothing on correct libraries. Named
 * specials other than zeros, ones, two, a half and the neighbours of one become one; explicit
 * numbers are kept between 2^-20 and 2^20 in magnitude (or zero); fills use no wide-exponent
 * distribution and scale by at most 2^8. Without the variable they change nothing. */
#include <math.h>
#include <stdlib.h>
#include "blas.pb-c.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"

int mlf_no_specials_enabled(void) {
  static int cached = -1;
  if (cached < 0) {
    const char *e = getenv("MLF_NO_SPECIALS");
    cached = e && *e && *e != '0';
  }
  return cached;
}

static int plain_special(Mlf__Blas__Special s) {
  switch (s) {
    case MLF__BLAS__SPECIAL__ZERO: case MLF__BLAS__SPECIAL__NEG_ZERO: case MLF__BLAS__SPECIAL__ONE:
    case MLF__BLAS__SPECIAL__MINUS_ONE: case MLF__BLAS__SPECIAL__ONE_PLUS_ULP:
    case MLF__BLAS__SPECIAL__ONE_MINUS_ULP: case MLF__BLAS__SPECIAL__TWO: case MLF__BLAS__SPECIAL__HALF:
      return 1;
    default:
      return 0;
  }
}

static void plain_number(ProtobufCMessage *msg) {
  Mlf__Blas__Number *n = (Mlf__Blas__Number *)msg;
  if (!mlf_no_specials_enabled()) return;
  if (n->kind_case == MLF__BLAS__NUMBER__KIND_SPECIAL && !plain_special(n->special))
    n->special = MLF__BLAS__SPECIAL__ONE;
  if (n->kind_case == MLF__BLAS__NUMBER__KIND_VALUE) {
    double v = n->value, a = fabs(v);
    if (!isfinite(v)) v = 1;
    else if (a > 0x1p20) v = copysign(0x1p20, v);
    else if (a != 0 && a < 0x1p-20) v = copysign(0x1p-20, v);
    n->value = v;
  }
}

static void plain_fill(ProtobufCMessage *msg) {
  Mlf__Blas__Fill *f = (Mlf__Blas__Fill *)msg;
  if (!mlf_no_specials_enabled()) return;
  if (f->distribution == MLF__BLAS__FILL__DISTRIBUTION__WIDE_EXPONENT)
    f->distribution = MLF__BLAS__FILL__DISTRIBUTION__UNIFORM;
  if (f->scale_exponent > 8 || f->scale_exponent < -8) f->scale_exponent %= 9;
}

__attribute__((constructor)) static void register_no_specials(void) {
  mlf_register_post_processor(&mlf__blas__number__descriptor, plain_number);
  mlf_register_post_processor(&mlf__blas__fill__descriptor, plain_fill);
}
