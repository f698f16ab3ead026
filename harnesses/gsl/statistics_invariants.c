/* Semantic invariants of the gsl_statistics results (statistics_invariants.h). The arguments
 * rest on IEEE 754-2019 clause 4.3: every operation is the exact result rounded, and rounding
 * is monotone (a <= b gives fl(a) <= fl(b)) and leaves a representable value unchanged; on
 * x86-64 GSL's long double is the x87 format, correctly rounded. */
#include "statistics_invariants.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "statistics_order.h"

static int any_nan(const double *x, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isnan(x[i])) return 1;
  return 0;
}

static int is_element(double got, const double *x, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (memcmp(&got, &x[i], sizeof got) == 0) return 1;
  return 0;
}

/* max and min copy an element; select and median move elements about and return one; the
 * medians of odd n return the middle element without arithmetic. */
static void check_elements(const statistics_problem *p, const statistics_values *v,
                           statistics_relation_log *log) {
  static const statistics_q always[] = {SQ_MAX, SQ_MIN, SQ_MINMAX_MIN, SQ_MINMAX_MAX, SQ_SELECT};
  static const statistics_q odd_n[] = {SQ_MEDIAN, SQ_MEDIAN_SORTED};
  for (size_t i = 0; i < sizeof always / sizeof *always; i++)
    if (!is_element(v->v[always[i]], p->x, p->n))
      statistics_log_failure(log, always[i], "not-an-element", "%.17g is no element of the data",
                             v->v[always[i]]);
  for (size_t i = 0; p->n % 2 && i < sizeof odd_n / sizeof *odd_n; i++)
    if (!is_element(v->v[odd_n[i]], p->x, p->n))
      statistics_log_failure(log, odd_n[i], "not-an-element",
                             "%.17g (odd n) is no element of the data", v->v[odd_n[i]]);
}

static void expect_within(statistics_relation_log *log, statistics_q q, double got, double lo,
                          double hi, const char *what) {
  if (got >= lo && got <= hi) return;
  statistics_log_failure(log, q, "outside-data-range", "%.17g outside [%.17g, %.17g], %s", got,
                         lo, hi, what);
}

/* The weighted mean a += (x - a) (w / W) over w > 0 stays within the range of those x only if
 * the step never overshoots; fl(w / W) <= 1 (W >= w by monotonicity) but fl(x - a) may round
 * up, so this is the statement of the mathematics that the library must keep. No positive
 * weight, or an infinite one (w / W = Inf / Inf), has no range. */
static void check_weighted_mean(const statistics_problem *p, const statistics_values *v,
                                statistics_relation_log *log) {
  double lo = INFINITY, hi = -INFINITY;
  for (size_t i = 0; i < p->n; i++) {
    if (p->w[i] == INFINITY) return;
    if (p->w[i] > 0) lo = fmin(lo, p->x[i]), hi = fmax(hi, p->x[i]);
  }
  if (lo <= hi) expect_within(log, SQ_WMEAN, v->v[SQ_WMEAN], lo, hi, "the positively weighted data");
}

/* Finite data, s sorted. mean: a_1 = x_1 exactly; for k >= 2 a step fl(fl(x - a) / k) is at
 * most (hi - a)(1 + uL)^2 / k < hi - a, so a stays in [lo, hi], and so does the final rounding
 * to double. The trimmed mean is the same running average in double over the kept s[low..high]
 * (its x - mean is finite when s[high] - s[low] is). The medians: fl(fl(a + b) / 2) lies in
 * [a, b] when a + b does not overflow (fl(2a) = 2a). */
static void check_ranges(const statistics_problem *p, const double *s, const statistics_values *v,
                         statistics_relation_log *log) {
  size_t n = p->n, lo = (n - 1) / 2, hi = n / 2;
  expect_within(log, SQ_MEAN, v->v[SQ_MEAN], s[0], s[n - 1], "the data");
  check_weighted_mean(p, v, log);
  int median_finite = isfinite(s[lo] + s[hi]);
  if (median_finite) {
    expect_within(log, SQ_MEDIAN, v->v[SQ_MEDIAN], s[lo], s[hi], "the middle elements");
    expect_within(log, SQ_MEDIAN_SORTED, v->v[SQ_MEDIAN_SORTED], s[lo], s[hi],
                  "the middle elements");
  }
  if (p->trim >= 0.5) {
    if (median_finite)
      expect_within(log, SQ_TRMEAN, v->v[SQ_TRMEAN], s[lo], s[hi], "the middle elements");
    return;
  }
  size_t low = (size_t)floor(p->trim * (double)n), high = n - low - 1;
  if (isfinite(s[high] - s[low]))
    expect_within(log, SQ_TRMEAN, v->v[SQ_TRMEAN], s[low], s[high], "the kept samples");
}

/* Squares, absolute values and pairwise differences of sorted data are >= 0; GSL averages or
 * sums them (a running average of terms >= 0 stays >= 0: a + fl(fl(t - a) r) >= a - fl(a r)
 * >= 0 for r in [0, 1]) and multiplies by factors >= 0, so no spread is negative. Sn and Qn
 * only on finite sorted data (x - x of an infinity is NaN). */
static void check_signs(const statistics_problem *p, const statistics_values *v, int finite,
                        statistics_relation_log *log) {
  static const statistics_q spreads[] = {
      SQ_VARIANCE,  SQ_VARIANCE_M,  SQ_SD,          SQ_SD_M,   SQ_VARIANCE_FIXED,  SQ_SD_FIXED,
      SQ_TSS,       SQ_TSS_M,       SQ_ABSDEV,      SQ_ABSDEV_M, SQ_WVARIANCE,     SQ_WVARIANCE_M,
      SQ_WSD,       SQ_WSD_M,       SQ_WVARIANCE_FIXED, SQ_WSD_FIXED, SQ_WTSS,      SQ_WTSS_M,
      SQ_WABSDEV,   SQ_WABSDEV_M,   SQ_SN0,         SQ_SN,     SQ_QN0,             SQ_QN};
  static const statistics_q kurtoses[] = {SQ_KURTOSIS, SQ_KURTOSIS_M_SD, SQ_WKURTOSIS,
                                          SQ_WKURTOSIS_M_SD};
  for (size_t i = 0; i < sizeof spreads / sizeof *spreads; i++) {
    statistics_q q = spreads[i];
    if (q >= SQ_SN0 && (!finite || p->n > STATISTICS_ROBUST_MAX_N)) continue;
    if (v->v[q] < 0)
      statistics_log_failure(log, q, "negative", "%.17g below 0", v->v[q]);
  }
  for (size_t i = 0; i < sizeof kurtoses / sizeof *kurtoses; i++)
    if (v->v[kurtoses[i]] < -3)
      statistics_log_failure(log, kurtoses[i], "below-minus-three",
                             "%.17g: an average of fourth powers minus 3", v->v[kurtoses[i]]);
}

/* Constant finite data c, n >= 2: GSL's mean is c exactly (a_1 = c, then c - c = 0), every
 * deviation is 0, so the unweighted variances, sds, tss and absdevs are 0 exactly. */
static void check_constant(const statistics_problem *p, const statistics_values *v,
                           statistics_relation_log *log) {
  static const statistics_q spreads[] = {SQ_VARIANCE, SQ_VARIANCE_M, SQ_SD,     SQ_SD_M,
                                         SQ_TSS,      SQ_TSS_M,      SQ_ABSDEV, SQ_ABSDEV_M};
  if (p->n < 2 || !isfinite(p->x[0])) return;
  for (size_t i = 1; i < p->n; i++)
    if (p->x[i] != p->x[0]) return;
  for (size_t i = 0; i < sizeof spreads / sizeof *spreads; i++)
    if (v->v[spreads[i]] != 0)
      statistics_log_failure(log, spreads[i], "nonzero-for-constant-data",
                             "%.17g for data all %.17g", v->v[spreads[i]], p->x[0]);
}

void statistics_check_invariants(const statistics_problem *p, const statistics_values *v,
                                 statistics_relation_log *log) {
  if (p->n == 0 || any_nan(p->x, p->n)) return;
  double *s = malloc(p->n * sizeof *s);
  if (!s) abort();
  memcpy(s, p->x, p->n * sizeof *s);
  statistics_sort(s, p->n);
  int finite = isfinite(s[0]) && isfinite(s[p->n - 1]);
  check_elements(p, v, log);
  check_signs(p, v, finite, log);
  if (finite) {
    check_ranges(p, s, v, log);
    check_constant(p, v, log);
  }
  free(s);
}
