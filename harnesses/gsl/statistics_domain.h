/* Every GSL statistics function called outside its documented domain: no data (n = 0),
 * quantile fractions outside [0, 1] and NaN, select ranks k >= n, trimming fractions below 0
 * and NaN, negative, NaN, infinite and all-zero weights, unsorted or NaN data given to the
 * sorted-data functions, stride 0. A GSL error through the error handler, or a value the
 * call can mean (a location estimate within the data's range, an element of the data for
 * select), is correct; a crash, an access outside the guard-page buffers, a write to const
 * data or to the slots between elements is a bug. Calls known to crash
 * (statistics_known.h) are not made unless MLF_REPORT_KNOWN=1; their tag is logged. */
#ifndef STATISTICS_DOMAIN_H
#define STATISTICS_DOMAIN_H
#include <stdint.h>
#include "statistics_relations.h"

/* Runs one situation's out-of-domain calls, chosen by choice (n = 0 has two: the moments and
 * the order statistics; otherwise also parameters, weights, unsorted data, stride 0: one per
 * input keeps the known findings of an input few), derived from c (its data, weights,
 * stride) and the message's raw fraction and window; logs what broke, per quantity. */
void statistics_check_domain(const statistics_case *c, double raw_fraction, size_t raw_window,
                             uint64_t choice, statistics_relation_log *log);
#endif
