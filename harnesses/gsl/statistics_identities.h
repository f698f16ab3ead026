/* Identities the GSL manual states between its statistics functions on one data set, checked
 * on one evaluation: a plain function equals its _m / _m_sd form at GSL's own mean and sd
 * ("computes the mean via a call to gsl_stats_mean"), sd = sqrt(variance) ("the square root
 * of the corresponding variance"), minmax = (min, max) and minmax_index = (min_index,
 * max_index) ("in a single pass"), median = median_from_sorted_data of the sorted data. Each
 * is exact: the same double operations on the same values. NaN results count as equal. */
#ifndef STATISTICS_IDENTITIES_H
#define STATISTICS_IDENTITIES_H
#include "statistics_call.h"
#include "statistics_reference.h"
#include "statistics_relations.h"

/* Logs every broken identity under its first quantity; ex says whether the data are
 * sortable (no NaN) for the median identity. */
void statistics_check_identities(const statistics_values *v, const statistics_expected *ex,
                                 statistics_relation_log *log);
#endif
