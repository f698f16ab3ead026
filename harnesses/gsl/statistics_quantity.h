/* The quantities the gsl_statistics target computes on one data set: one per GSL statistics
 * call (the _m and _m_sd variants at GSL's own mean and sd, the _with_fixed_mean ones at the
 * problem's mu), and how each transforms when the data are scaled or negated. The order of
 * the enum is the order of the calls: every _m form comes after the mean and sd it takes. */
#ifndef STATISTICS_QUANTITY_H
#define STATISTICS_QUANTITY_H
#include <stddef.h>

typedef enum {
  SQ_MEAN,
  SQ_VARIANCE,
  SQ_VARIANCE_M,
  SQ_SD,
  SQ_SD_M,
  SQ_VARIANCE_FIXED,
  SQ_SD_FIXED,
  SQ_TSS,
  SQ_TSS_M,
  SQ_ABSDEV,
  SQ_ABSDEV_M,
  SQ_SKEW,
  SQ_SKEW_M_SD,
  SQ_KURTOSIS,
  SQ_KURTOSIS_M_SD,
  SQ_LAG1,
  SQ_LAG1_M,
  SQ_WMEAN,
  SQ_WVARIANCE,
  SQ_WVARIANCE_M,
  SQ_WSD,
  SQ_WSD_M,
  SQ_WVARIANCE_FIXED,
  SQ_WSD_FIXED,
  SQ_WTSS,
  SQ_WTSS_M,
  SQ_WABSDEV,
  SQ_WABSDEV_M,
  SQ_WSKEW,
  SQ_WSKEW_M_SD,
  SQ_WKURTOSIS,
  SQ_WKURTOSIS_M_SD,
  SQ_MAX,
  SQ_MIN,
  SQ_MINMAX_MIN,
  SQ_MINMAX_MAX,
  SQ_MAX_INDEX,
  SQ_MIN_INDEX,
  SQ_MINMAX_INDEX_MIN,
  SQ_MINMAX_INDEX_MAX,
  SQ_MEDIAN_SORTED,
  SQ_QUANTILE,
  SQ_MEDIAN,
  SQ_SELECT,
  SQ_TRMEAN,
  SQ_GASTWIRTH,
  SQ_SN0,
  SQ_SN,
  SQ_QN0,
  SQ_QN,
  SQ_COUNT
} statistics_q;

/* How a quantity follows x -> c * x (and mu -> c * mu), for c a power of two or -1. */
typedef enum {
  SQ_LOCATION, /* times c (mean, median, max ...) */
  SQ_SPREAD,   /* times |c| (sd, absdev, Sn, Qn) */
  SQ_SQUARE,   /* times c^2 (variance, tss) */
  SQ_ODD,      /* invariant under c > 0, sign flips with c < 0 (skew) */
  SQ_EVEN,     /* invariant (kurtosis, lag-1 autocorrelation) */
  SQ_INDEX     /* an index: invariant under c > 0 */
} statistics_q_kind;

/* The GSL function name without gsl_stats_ (as in finding tags). */
const char *statistics_q_name(statistics_q q);
statistics_q_kind statistics_q_kind_of(statistics_q q);
/* 1 for the quantities of the weighted functions. */
int statistics_q_weighted(statistics_q q);
/* The first quantity of q's family: a function with its _m / _m_sd forms, sd with variance,
 * minmax with max and min, the _0 forms with Sn and Qn. One finding per family and relation. */
statistics_q statistics_q_family(statistics_q q);
/* The variance whose square root (rounded to double first) q takes: the sds' own, and the
 * sample variance (weighted or not) under skew and kurtosis; SQ_COUNT for other quantities.
 * Scaling q is exact only while that variance is normal too. */
statistics_q statistics_q_variance_under(statistics_q q);
/* 1 for the order statistics that need data in ascending numerical order (the sorted-data
 * functions, select and median): no NaN, or their results mean nothing. */
int statistics_q_ordered(statistics_q q);
/* The quantity of x that q of -x equals (max <-> min, indices swapped), itself otherwise;
 * select and quantile map through the problem's k and f (see statistics_relations.c). */
statistics_q statistics_q_negation_partner(statistics_q q);
#endif
