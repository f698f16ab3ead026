/* Names and transformation kinds of the gsl_statistics quantities (statistics_quantity.h). */
#include "statistics_quantity.h"

static const struct {
  const char *name;
  statistics_q_kind kind;
} table[SQ_COUNT] = {
    [SQ_MEAN] = {"mean", SQ_LOCATION},
    [SQ_VARIANCE] = {"variance", SQ_SQUARE},
    [SQ_VARIANCE_M] = {"variance_m", SQ_SQUARE},
    [SQ_SD] = {"sd", SQ_SPREAD},
    [SQ_SD_M] = {"sd_m", SQ_SPREAD},
    [SQ_VARIANCE_FIXED] = {"variance_with_fixed_mean", SQ_SQUARE},
    [SQ_SD_FIXED] = {"sd_with_fixed_mean", SQ_SPREAD},
    [SQ_TSS] = {"tss", SQ_SQUARE},
    [SQ_TSS_M] = {"tss_m", SQ_SQUARE},
    [SQ_ABSDEV] = {"absdev", SQ_SPREAD},
    [SQ_ABSDEV_M] = {"absdev_m", SQ_SPREAD},
    [SQ_SKEW] = {"skew", SQ_ODD},
    [SQ_SKEW_M_SD] = {"skew_m_sd", SQ_ODD},
    [SQ_KURTOSIS] = {"kurtosis", SQ_EVEN},
    [SQ_KURTOSIS_M_SD] = {"kurtosis_m_sd", SQ_EVEN},
    [SQ_LAG1] = {"lag1_autocorrelation", SQ_EVEN},
    [SQ_LAG1_M] = {"lag1_autocorrelation_m", SQ_EVEN},
    [SQ_WMEAN] = {"wmean", SQ_LOCATION},
    [SQ_WVARIANCE] = {"wvariance", SQ_SQUARE},
    [SQ_WVARIANCE_M] = {"wvariance_m", SQ_SQUARE},
    [SQ_WSD] = {"wsd", SQ_SPREAD},
    [SQ_WSD_M] = {"wsd_m", SQ_SPREAD},
    [SQ_WVARIANCE_FIXED] = {"wvariance_with_fixed_mean", SQ_SQUARE},
    [SQ_WSD_FIXED] = {"wsd_with_fixed_mean", SQ_SPREAD},
    [SQ_WTSS] = {"wtss", SQ_SQUARE},
    [SQ_WTSS_M] = {"wtss_m", SQ_SQUARE},
    [SQ_WABSDEV] = {"wabsdev", SQ_SPREAD},
    [SQ_WABSDEV_M] = {"wabsdev_m", SQ_SPREAD},
    [SQ_WSKEW] = {"wskew", SQ_ODD},
    [SQ_WSKEW_M_SD] = {"wskew_m_sd", SQ_ODD},
    [SQ_WKURTOSIS] = {"wkurtosis", SQ_EVEN},
    [SQ_WKURTOSIS_M_SD] = {"wkurtosis_m_sd", SQ_EVEN},
    [SQ_MAX] = {"max", SQ_LOCATION},
    [SQ_MIN] = {"min", SQ_LOCATION},
    [SQ_MINMAX_MIN] = {"minmax", SQ_LOCATION},
    [SQ_MINMAX_MAX] = {"minmax", SQ_LOCATION},
    [SQ_MAX_INDEX] = {"max_index", SQ_INDEX},
    [SQ_MIN_INDEX] = {"min_index", SQ_INDEX},
    [SQ_MINMAX_INDEX_MIN] = {"minmax_index", SQ_INDEX},
    [SQ_MINMAX_INDEX_MAX] = {"minmax_index", SQ_INDEX},
    [SQ_MEDIAN_SORTED] = {"median_from_sorted_data", SQ_LOCATION},
    [SQ_QUANTILE] = {"quantile_from_sorted_data", SQ_LOCATION},
    [SQ_MEDIAN] = {"median", SQ_LOCATION},
    [SQ_SELECT] = {"select", SQ_LOCATION},
    [SQ_TRMEAN] = {"trmean_from_sorted_data", SQ_LOCATION},
    [SQ_GASTWIRTH] = {"gastwirth_from_sorted_data", SQ_LOCATION},
    [SQ_SN0] = {"Sn0_from_sorted_data", SQ_SPREAD},
    [SQ_SN] = {"Sn_from_sorted_data", SQ_SPREAD},
    [SQ_QN0] = {"Qn0_from_sorted_data", SQ_SPREAD},
    [SQ_QN] = {"Qn_from_sorted_data", SQ_SPREAD},
};

const char *statistics_q_name(statistics_q q) { return q < SQ_COUNT ? table[q].name : "?"; }

statistics_q_kind statistics_q_kind_of(statistics_q q) { return table[q].kind; }

int statistics_q_weighted(statistics_q q) { return q >= SQ_WMEAN && q <= SQ_WKURTOSIS_M_SD; }

statistics_q statistics_q_negation_partner(statistics_q q) {
  switch (q) {
    case SQ_MAX:
      return SQ_MIN;
    case SQ_MIN:
      return SQ_MAX;
    case SQ_MINMAX_MIN:
      return SQ_MINMAX_MAX;
    case SQ_MINMAX_MAX:
      return SQ_MINMAX_MIN;
    case SQ_MAX_INDEX:
      return SQ_MIN_INDEX;
    case SQ_MIN_INDEX:
      return SQ_MAX_INDEX;
    case SQ_MINMAX_INDEX_MIN:
      return SQ_MINMAX_INDEX_MAX;
    case SQ_MINMAX_INDEX_MAX:
      return SQ_MINMAX_INDEX_MIN;
    default:
      return q;
  }
}

statistics_q statistics_q_variance_under(statistics_q q) {
  statistics_q family = statistics_q_family(q);
  if (statistics_q_kind_of(q) == SQ_SPREAD && statistics_q_kind_of(family) == SQ_SQUARE)
    return family; /* an sd */
  if (family == SQ_SKEW || family == SQ_KURTOSIS) return SQ_VARIANCE;
  if (family == SQ_WSKEW || family == SQ_WKURTOSIS) return SQ_WVARIANCE;
  return SQ_COUNT;
}

int statistics_q_ordered(statistics_q q) { return q >= SQ_MEDIAN_SORTED && q <= SQ_QN; }

statistics_q statistics_q_family(statistics_q q) {
  switch (q) {
    case SQ_VARIANCE_M:
    case SQ_SD:
    case SQ_SD_M:
      return SQ_VARIANCE;
    case SQ_SD_FIXED:
      return SQ_VARIANCE_FIXED;
    case SQ_TSS_M:
      return SQ_TSS;
    case SQ_ABSDEV_M:
      return SQ_ABSDEV;
    case SQ_SKEW_M_SD:
      return SQ_SKEW;
    case SQ_KURTOSIS_M_SD:
      return SQ_KURTOSIS;
    case SQ_LAG1_M:
      return SQ_LAG1;
    case SQ_WVARIANCE_M:
    case SQ_WSD:
    case SQ_WSD_M:
      return SQ_WVARIANCE;
    case SQ_WSD_FIXED:
      return SQ_WVARIANCE_FIXED;
    case SQ_WTSS_M:
      return SQ_WTSS;
    case SQ_WABSDEV_M:
      return SQ_WABSDEV;
    case SQ_WSKEW_M_SD:
      return SQ_WSKEW;
    case SQ_WKURTOSIS_M_SD:
      return SQ_WKURTOSIS;
    case SQ_MIN:
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
      return SQ_MAX;
    case SQ_MIN_INDEX:
    case SQ_MINMAX_INDEX_MIN:
    case SQ_MINMAX_INDEX_MAX:
      return SQ_MAX_INDEX;
    case SQ_SN:
      return SQ_SN0;
    case SQ_QN:
      return SQ_QN0;
    default:
      return q;
  }
}
