/* The ranges the LSTM mathematics fixes for its states, beside the reference's bounds: from a
 * zero initial state, with sigmoid gates in [0, 1] and tanh in [-1, 1], the cell state
 * c_t = f c_t-1 + i g has |c_t| <= t and the hidden state h_t = o tanh(c_t) has |h_t| <= 1.
 * Float evaluation keeps both: rounding is monotone (IEEE 754-2019, 4.3) and 1 and t are
 * representable, so an implementation whose sigmoid and tanh stay in range cannot leave them,
 * while the reference's bound near saturation lets 1 + its bound through. */
#ifndef FORECAST_RANGE_H
#define FORECAST_RANGE_H
#include <stddef.h>

/* The first i < n with |v[i]| > limit, or n (NaN is the bound judgement's business). */
size_t forecast_outside_range(const float *v, size_t n, double limit);
#endif
