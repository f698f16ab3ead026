/* Order statistics for the gsl_statistics target: the sort that makes its sorted data, and
 * the exact references of max, min, their indices, median, quantile, select, trimmed mean,
 * Gastwirth's estimator, Sn and Qn (statistics_expect_order in statistics_reference.h). */
#ifndef STATISTICS_ORDER_H
#define STATISTICS_ORDER_H
#include <stddef.h>

/* Sorts ascending in a total order: -Inf < ... < -0 < +0 < ... < +Inf < NaN. */
void statistics_sort(double *v, size_t n);
#endif
