/* The LSTM state ranges (forecast_range.h). */
#include "forecast_range.h"
#include <math.h>

size_t forecast_outside_range(const float *v, size_t n, double limit) {
  for (size_t i = 0; i < n; i++)
    if (fabs((double)v[i]) > limit) return i;
  return n;
}
