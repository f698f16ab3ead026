/* False-alarm mode (MLF_NO_SPECIALS=1, mlf_no_specials.h) for the BLAS fills: no
 * wide-exponent distribution and a scale of at most 2^8 (the numbers poked into them are
 * kept plain by the Number post-processor in mlf_no_specials.c). Without the variable it
 * changes nothing. */
#include "blas.pb-c.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"

static void plain_fill(ProtobufCMessage *msg) {
  Mlf__Blas__Fill *f = (Mlf__Blas__Fill *)msg;
  if (!mlf_no_specials_enabled()) return;
  if (f->distribution == MLF__BLAS__FILL__DISTRIBUTION__WIDE_EXPONENT)
    f->distribution = MLF__BLAS__FILL__DISTRIBUTION__UNIFORM;
  if (f->scale_exponent > 8 || f->scale_exponent < -8) f->scale_exponent %= 9;
}

__attribute__((constructor)) static void register_no_specials(void) {
  mlf_register_post_processor(&mlf__blas__fill__descriptor, plain_fill);
}
