/* The documented identities of one evaluation (statistics_identities.h). */
#include "statistics_identities.h"
#include <math.h>
#include <string.h>

static int same(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

static void expect_same(statistics_relation_log *log, statistics_q q, double got, double want,
                        const char *what) {
  if (same(got, want)) return;
  const char *kind = got == want                 ? "bits-mismatch"
                     : isnan(got) || isnan(want) ? "nan-mismatch"
                     : isinf(got) || isinf(want) ? "inf-mismatch"
                                                 : "value-mismatch";
  statistics_log_failure(log, q, kind, "%.17g but %s is %.17g", got, what, want);
}

void statistics_check_identities(const statistics_values *v, const statistics_expected *ex,
                                 statistics_relation_log *log) {
  static const statistics_q same_as[][2] = {{SQ_VARIANCE, SQ_VARIANCE_M},
                                            {SQ_SD, SQ_SD_M},
                                            {SQ_TSS, SQ_TSS_M},
                                            {SQ_ABSDEV, SQ_ABSDEV_M},
                                            {SQ_SKEW, SQ_SKEW_M_SD},
                                            {SQ_KURTOSIS, SQ_KURTOSIS_M_SD},
                                            {SQ_LAG1, SQ_LAG1_M},
                                            {SQ_WVARIANCE, SQ_WVARIANCE_M},
                                            {SQ_WSD, SQ_WSD_M},
                                            {SQ_WTSS, SQ_WTSS_M},
                                            {SQ_WABSDEV, SQ_WABSDEV_M},
                                            {SQ_WSKEW, SQ_WSKEW_M_SD},
                                            {SQ_WKURTOSIS, SQ_WKURTOSIS_M_SD},
                                            {SQ_MINMAX_MIN, SQ_MIN},
                                            {SQ_MINMAX_MAX, SQ_MAX},
                                            {SQ_MINMAX_INDEX_MIN, SQ_MIN_INDEX},
                                            {SQ_MINMAX_INDEX_MAX, SQ_MAX_INDEX}};
  static const statistics_q root_of[][2] = {
      {SQ_SD, SQ_VARIANCE},   {SQ_SD_M, SQ_VARIANCE_M},   {SQ_SD_FIXED, SQ_VARIANCE_FIXED},
      {SQ_WSD, SQ_WVARIANCE}, {SQ_WSD_M, SQ_WVARIANCE_M}, {SQ_WSD_FIXED, SQ_WVARIANCE_FIXED}};
  for (size_t i = 0; i < sizeof same_as / sizeof *same_as; i++)
    expect_same(log, same_as[i][0], v->v[same_as[i][0]], v->v[same_as[i][1]],
                statistics_q_name(same_as[i][1]));
  for (size_t i = 0; i < sizeof root_of / sizeof *root_of; i++)
    expect_same(log, root_of[i][0], v->v[root_of[i][0]], sqrt(v->v[root_of[i][1]]),
                "the square root of the variance");
  /* median by quickselect vs from the sorted data: equal values (the middle elements may be
   * -0 and +0 in either order) */
  if (ex->defined[SQ_MEDIAN_SORTED] && v->v[SQ_MEDIAN] != v->v[SQ_MEDIAN_SORTED] &&
      !(isnan(v->v[SQ_MEDIAN]) && isnan(v->v[SQ_MEDIAN_SORTED])))
    statistics_log_failure(log, SQ_MEDIAN, "value-mismatch",
                           "%.17g but median_from_sorted_data "
                           "is %.17g",
                           v->v[SQ_MEDIAN], v->v[SQ_MEDIAN_SORTED]);
}
