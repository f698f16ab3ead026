/* Ranges the mathematics fixes for level-1 results (see level1_range.h). */
#include "level1_range.h"
#include <math.h>

int level1_norm_in_range(level1_family family, double exact, double got) {
  if (family != L1(NRM2) && family != L1(ASUM)) return 1;
  return !(got < 0) && (!isnan(got) || isnan(exact));
}
