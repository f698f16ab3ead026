/* Semantic invariants of the gsl_statistics results, beside the numeric bounds of
 * statistics_reference.h: what the mathematics fixes and GSL 2.7.1's arithmetic keeps
 * exactly (each argued in statistics_invariants.c from the source and from IEEE 754's
 * monotone rounding), where the bound alone would let a result past it:
 *  - "not-an-element": max, min, minmax, select and the odd-n medians are data elements,
 *    bit for bit (NaN-free data);
 *  - "outside-data-range": mean and trimmed mean within the data (kept) range, weighted
 *    mean within the range of the positively weighted data, the medians within the two
 *    middle elements (finite data); the quantile within its two interpolated elements and
 *    Gastwirth within the hull of its three quantiles, each widened by a proven rounding
 *    allowance (IEEE rounding takes them an ulp past the elements);
 *  - "not-exact": the quantile is the element itself where f (n - 1) is whole or n - 1;
 *  - "index-not-extreme", "index-not-first": max_index, min_index and minmax_index name a
 *    maximum (minimum); max_index and min_index the first of equal ones, as documented;
 *  - "negative": variances, sds, tss, absdevs (weighted too), Sn and Qn never below 0;
 *  - "below-minus-three": kurtosis never below -3 (an average of fourth powers minus 3);
 *  - "nonzero-for-constant-data": the unweighted spreads of constant finite data are 0. */
#ifndef STATISTICS_INVARIANTS_H
#define STATISTICS_INVARIANTS_H
#include "statistics_call.h"
#include "statistics_problem.h"
#include "statistics_relations.h"

/* Logs every broken invariant of v, GSL's results on p (packed data as in p), under its
 * quantity. */
void statistics_check_invariants(const statistics_problem *p, const statistics_values *v,
                                 statistics_relation_log *log);
#endif
