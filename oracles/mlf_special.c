/* Named special values as numbers (see mlf_special.h). */
#include "mlf_special.h"
#include <float.h>
#include <math.h>

double mlf_special_value(Mlf__Special s, int is_double) {
  double tiny = is_double ? 0x1p-1074 : 0x1p-149, min_normal = is_double ? DBL_MIN : FLT_MIN;
  double max = is_double ? DBL_MAX : FLT_MAX, u = is_double ? 0x1p-53 : 0x1p-24;
  switch (s) {
    case MLF__SPECIAL__NEG_ZERO: return -0.0;
    case MLF__SPECIAL__ONE: return 1.0;
    case MLF__SPECIAL__MINUS_ONE: return -1.0;
    case MLF__SPECIAL__POS_INF: return INFINITY;
    case MLF__SPECIAL__NEG_INF: return -INFINITY;
    case MLF__SPECIAL__QUIET_NAN: return NAN;
    case MLF__SPECIAL__SUBNORMAL_MIN: return tiny;
    case MLF__SPECIAL__SUBNORMAL_MAX: return min_normal - tiny;
    case MLF__SPECIAL__NORMAL_MIN: return min_normal;
    case MLF__SPECIAL__NORMAL_MAX: return max;
    case MLF__SPECIAL__NEG_NORMAL_MAX: return -max;
    case MLF__SPECIAL__ONE_PLUS_ULP: return 1.0 + 2 * u;
    case MLF__SPECIAL__ONE_MINUS_ULP: return 1.0 - u;
    case MLF__SPECIAL__TWO: return 2.0;
    case MLF__SPECIAL__HALF: return 0.5;
    default: return 0.0;
  }
}
