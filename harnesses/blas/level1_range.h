/* Ranges the mathematics fixes for level-1 results, checked beside the numeric bounds. */
#ifndef LEVEL1_RANGE_H
#define LEVEL1_RANGE_H
#include "level1_problem.h"

/* nrm2 and asum are sums of magnitudes: never negative in any evaluation order (|x| >= 0, and
 * sums and square roots of non-negatives stay non-negative under rounding, IEEE 754-2019 4.3),
 * and NaN only where the exact value is (a NaN input), so an overflow that the expectation
 * allows can only reach +Inf. 1 when got keeps that (always for other families). */
int level1_norm_in_range(level1_family family, double exact, double got);
#endif
