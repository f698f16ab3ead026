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

/* An index quantity q of x (NaN-free): the element there is the maximum (max) or minimum,
 * x_i >= x_j (x_i <= x_j) for all j as the manual defines them; for max_index and min_index
 * (first set) the first of several equal ones ("the first one is chosen"). The manual says
 * nothing about ties for minmax_index, so its indices need only be extreme. */
static void check_index(const statistics_problem *p, const statistics_values *v, statistics_q q,
                        int max, int first, statistics_relation_log *log) {
  double got = v->v[q];
  if (!(got >= 0 && got < (double)p->n && got == floor(got))) {
    statistics_log_failure(log, q, "index-not-extreme", "%.17g is no index of the %zu samples",
                           got, p->n);
    return;
  }
  size_t i = (size_t)got;
  for (size_t j = 0; j < p->n; j++)
    if (max ? p->x[j] > p->x[i] : p->x[j] < p->x[i]) {
      statistics_log_failure(log, q, "index-not-extreme", "x[%zu] = %.17g, but x[%zu] = %.17g",
                             i, p->x[i], j, p->x[j]);
      return;
    }
  for (size_t j = 0; first && j < i; j++)
    if (p->x[j] == p->x[i]) {
      statistics_log_failure(log, q, "index-not-first", "x[%zu] = %.17g, as is x[%zu]", i,
                             p->x[i], j);
      return;
    }
}

static void check_indices(const statistics_problem *p, const statistics_values *v,
                          statistics_relation_log *log) {
  check_index(p, v, SQ_MAX_INDEX, 1, 1, log);
  check_index(p, v, SQ_MIN_INDEX, 0, 1, log);
  check_index(p, v, SQ_MINMAX_INDEX_MAX, 1, 0, log);
  check_index(p, v, SQ_MINMAX_INDEX_MIN, 0, 0, log);
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

/* GSL 2.7.1's quantile_from_sorted_data (statistics/quantiles_source.c): index = fl(f (n - 1))
 * lies in [0, n - 1] (monotone rounding, f in [0, 1]), lhs is its integer part and delta =
 * index - lhs is exact (lhs = 0, or lhs <= index < 2 lhs: Sterbenz). lhs = n - 1 returns
 * s[n - 1]; delta = 0 gives fl(1 a) + fl(0 b) = a for finite b (a = s[lhs], b = s[lhs + 1]).
 * Otherwise, w = fl(1 - delta) = (1 - delta)(1 + e) and fl(fl(w a) + fl(delta b)) is off
 * (1 - delta) a + delta b, a point of [a, b], by at most u (2 + u)(1 - delta)|a| + u delta|b|
 * + 2^-1074 before the final, monotone rounding (u = 2^-53, 2^-1075 per underflowing product;
 * a fused multiply-add only drops a rounding), below D = 2^-55 (9 w|a| + 5 delta|b| + 2^-1018)
 * as evaluated in double (each rounding loses a factor 1 - u at most, the final scaling
 * 2^-1075). So the result lies in [fl(a - D), fl(b + D)] (about 2 ulps wide of [a, b]); [a, b]
 * alone does not hold: a = b = -0x1.e8a8b5430b7bbp-473, delta = 0x1.26d452193d1b4p-7 gives
 * b + 1 ulp. Returns 0 where there is no statement (an infinite a or b weighed in), 1 with
 * [lo, hi], 2 with an exact lo. */
static int quantile_interval(const double *s, size_t n, double f, double *lo, double *hi) {
  double index = f * (double)(n - 1);
  size_t lhs = (size_t)index;
  double delta = index - (double)lhs;
  if (lhs == n - 1) return *lo = *hi = s[lhs], 2;
  double a = s[lhs], b = s[lhs + 1];
  if (!isfinite(b)) return 0;
  if (delta == 0) return *lo = *hi = a, 2;
  if (!isfinite(a)) return 0;
  double d = 0x1p-55 * (9 * (1 - delta) * fabs(a) + 5 * delta * fabs(b) + 0x1p-1018);
  *lo = a - d, *hi = b + d;
  return 1;
}

/* NaN-free sorted s; the problem's f is in [0, 1] (statistics_problem.h). */
static void check_quantile(const statistics_problem *p, const double *s, const statistics_values *v,
                           statistics_relation_log *log) {
  double lo, hi, got = v->v[SQ_QUANTILE];
  int kind = quantile_interval(s, p->n, p->f, &lo, &hi);
  if (kind == 2 && got != lo)
    statistics_log_failure(log, SQ_QUANTILE, "not-exact",
                           "%.17g, but f (n - 1) = %.17g is whole: the element %.17g", got,
                           p->f * (double)(p->n - 1), lo);
  if (kind == 1)
    expect_within(log, SQ_QUANTILE, got, lo, hi, "the interpolated elements and rounding");
}

/* Gastwirth, finite sorted s: fl(fl(fl(c3 A) + fl(c4 B)) + fl(c3 C)), c3 = fl(0.3), c4 = fl(0.4),
 * A, C the quantiles at fl(1/3), fl(2/3), B the median. c3 + c4 + c3 = 1 exactly (2 *
 * 5404319552844595 + 7205759403792794 = 2^54 units of 2^-54), so c3 A + c4 B + c3 C lies in
 * [L, H], the hull of the intervals of A, B, C (quantile_interval; the median in [s[lo], s[hi]],
 * check_ranges), and three products and two sums add at most (3 + 4u) u m + 4 2^-1075, m =
 * max(|L|, |H|), below R = 2^-55 (13 m + 2^-1016) in double: within [fl(L - R), fl(H + R)].
 * Not within the data either: constant data -0x1.e8a8b5430b7bbp-473 gives 1 ulp below. */
static void check_gastwirth(const double *s, size_t n, const statistics_values *v,
                            statistics_relation_log *log) {
  double lo[3], hi[3];
  lo[1] = s[(n - 1) / 2], hi[1] = s[n / 2];
  if (!isfinite(lo[1] + hi[1])) return;
  quantile_interval(s, n, 1.0 / 3.0, &lo[0], &hi[0]);
  quantile_interval(s, n, 2.0 / 3.0, &lo[2], &hi[2]);
  double l = fmin(fmin(lo[0], lo[1]), lo[2]), h = fmax(fmax(hi[0], hi[1]), hi[2]);
  double r = 0x1p-55 * (13 * fmax(fabs(l), fabs(h)) + 0x1p-1016);
  expect_within(log, SQ_GASTWIRTH, v->v[SQ_GASTWIRTH], l - r, h + r,
                "the hull of its quantiles' intervals and rounding");
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
  check_gastwirth(s, n, v, log);
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
  check_indices(p, v, log);
  check_quantile(p, s, v, log);
  check_signs(p, v, finite, log);
  if (finite) {
    check_ranges(p, s, v, log);
    check_constant(p, v, log);
  }
  free(s);
}
