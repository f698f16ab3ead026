/* Order-statistic references (statistics_order.h): max, min and their indices by a scan with
 * the documented NaN rule, the sorted-data functions on our sort, Sn and Qn by their O(n^2)
 * definitions. Data with a NaN cannot be in "ascending numerical order", so the sorted-data
 * functions, select and median have no expectation then (statistics_domain.c still calls
 * them: they must not crash). */
#include "statistics_order.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "statistics_reference.h"

#define U STAT_U
#define UL STAT_UL
#define TINY 0x1p-1073L /* absolute rounding error of a result in the subnormal range */
#define NAIVE_MAX_N 160 /* the O(n^2) Sn and Qn references: 13k differences at most */

static int total_order(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  if (isnan(x) || isnan(y)) return (isnan(x) != 0) - (isnan(y) != 0);
  if (x == y) return signbit(y) - signbit(x); /* -0 before +0 */
  return (x > y) - (x < y);
}

void statistics_sort(double *v, size_t n) { qsort(v, n, sizeof *v, total_order); }

static void set_exact(statistics_expected *ex, statistics_q q, double value) {
  ex->e[q] = (mlf_expect){value, 0, 0};
  ex->defined[q] = ex->by_value[q] = 1;
}

/* Documented: a NaN in the data makes max and min NaN and their indices the first NaN's; else
 * the largest (smallest) value, and the first index holding it. */
static void expect_extremes(const double *x, size_t n, statistics_expected *ex) {
  size_t first_nan = n, hi = 0, lo = 0;
  for (size_t i = 0; i < n && first_nan == n; i++) {
    if (isnan(x[i])) first_nan = i;
    if (x[i] > x[hi]) hi = i;
    if (x[i] < x[lo]) lo = i;
  }
  if (first_nan < n) hi = lo = first_nan;
  set_exact(ex, SQ_MAX, x[hi]), set_exact(ex, SQ_MINMAX_MAX, x[hi]);
  set_exact(ex, SQ_MIN, x[lo]), set_exact(ex, SQ_MINMAX_MIN, x[lo]);
  set_exact(ex, SQ_MAX_INDEX, (double)hi), set_exact(ex, SQ_MINMAX_INDEX_MAX, (double)hi);
  set_exact(ex, SQ_MIN_INDEX, (double)lo), set_exact(ex, SQ_MINMAX_INDEX_MIN, (double)lo);
}

/* Median: the middle element, or the mean of the two middle ones; GSL's (a + b) / 2 rounds
 * once (u, TINY when subnormal), our long-double sum once (uL). No legitimate overflow: the
 * mean of two doubles is a double. */
static void expect_median(const double *s, size_t n, statistics_expected *ex, statistics_q q) {
  long double a = s[(n - 1) / 2], b = s[n / 2], m = (a + b) / 2;
  statistics_set(ex, q, m, (U + 2 * UL) * fabsl(m) + TINY, 0);
}

/* Quantile as documented, with the index computed as GSL and the formula does in double:
 * t = fl(f (n - 1)), i = floor(t), delta = t - i (exact). delta = 0 or i = n - 1 give x_i
 * (the other term vanishes: f = 0 is the minimum, f = 1 the maximum); otherwise GSL's
 * fl(fl(1 - delta) x_i) + fl(delta x_i+1) errs by gamma_3(u) (|(1 - delta) x_i| +
 * |delta x_i+1|) and ours by 3 uL of the same. Returns that sum of magnitudes. */
static long double quantile_of(const double *s, size_t n, double f, long double *q) {
  double t = f * (double)(n - 1), i = floor(t), delta = t - i;
  size_t lhs = (size_t)i;
  if (lhs >= n - 1 || delta == 0) {
    *q = s[lhs < n ? lhs : n - 1];
    return 0;
  }
  long double a = (1.0L - delta) * s[lhs], b = (long double)delta * s[lhs + 1];
  *q = a + b;
  return fabsl(a) + fabsl(b);
}

static void expect_quantile(const double *s, size_t n, double f, statistics_expected *ex) {
  long double q, mag = quantile_of(s, n, f, &q);
  long double bound = (mlf_gamma(3, U) + 3 * UL) * mag * 1.01L + TINY;
  statistics_set(ex, SQ_QUANTILE, q, bound, mag * (1 + mlf_gamma(3, U)) >= DBL_MAX);
}

/* Gastwirth: 0.3 Q(1/3) + 0.4 Q(1/2) + 0.3 Q(2/3) with the double constants GSL uses; each
 * quantile within its bound, three products and two sums in double (gamma_3(u)). */
static void expect_gastwirth(const double *s, size_t n, statistics_expected *ex) {
  const double f[3] = {1.0 / 3.0, 0.5, 2.0 / 3.0}, c[3] = {0.3, 0.4, 0.3};
  long double g = 0, mags = 0, bound = 0;
  for (int j = 0; j < 3; j++) {
    long double q, mag = quantile_of(s, n, f[j], &q);
    if (j == 1) { /* GSL takes the median from median_from_sorted_data */
      q = ((long double)s[(n - 1) / 2] + s[n / 2]) / 2;
      mag = fabsl(q);
    }
    g += c[j] * q, mags += c[j] * fabsl(q);
    bound += c[j] * ((mlf_gamma(3, U) + 3 * UL) * mag * 1.01L + TINY);
  }
  bound += (mlf_gamma(3, U) + 4 * UL) * mags * 1.01L + TINY;
  statistics_set(ex, SQ_GASTWIRTH, g, bound, (mags + bound) >= DBL_MAX);
}

/* Trimmed mean as documented: floor(alpha n) samples dropped at each end (alpha n computed
 * in double, as GSL does), alpha >= 0.5 the median. GSL averages the rest by a running
 * average in double (RA: 4 u sum|x|); ours sums in long double. GSL's x - mean may overflow
 * only when the kept range does. */
static void expect_trmean(const double *s, size_t n, double trim, statistics_expected *ex) {
  if (trim >= 0.5) {
    expect_median(s, n, ex, SQ_TRMEAN);
    return;
  }
  size_t low = (size_t)floor(trim * (double)n), high = n - low - 1, m = high - low + 1;
  long double sum = 0, abs_sum = 0;
  for (size_t i = low; i <= high; i++) sum += s[i], abs_sum += fabsl(s[i]);
  long double mean = sum / m;
  int kept_finite = isfinite(s[low]) && isfinite(s[high]);
  statistics_set(ex, SQ_TRMEAN, mean, 4.04L * U * abs_sum + (m + 2.0L) * UL * abs_sum + TINY,
                 kept_finite && isinf(s[high] - s[low]));
}

static int compare_plain(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The k-th smallest (0-based) of v[0..m), by sorting (v is scratch). */
static double kth(double *v, size_t m, size_t k) {
  qsort(v, m, sizeof *v, compare_plain);
  return v[k];
}

/* Sn0 = lomed_i himed_j |x_i - x_j| (Croux and Rousseeuw; GSL's docstring): for each i the
 * (floor(n/2) + 1)-th smallest of the n differences (j = i included, the distance 0 to
 * itself), then the ((n + 1) / 2)-th smallest of those. Differences are
 * fl(x_later - x_earlier) >= 0, as GSL forms them, so the result is exact. n = 1: 0. */
static double naive_sn0(const double *s, size_t n, double *scratch, double *inner) {
  if (n == 1) return 0.0;
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < n; j++) scratch[j] = j == i ? 0.0 : j > i ? s[j] - s[i] : s[i] - s[j];
    inner[i] = kth(scratch, n, n / 2);
  }
  return kth(inner, n, (n + 1) / 2 - 1);
}

/* Qn0 = the k-th smallest of {x_j - x_i, i < j}, k = C(floor(n/2) + 1, 2); n < 2: 0 (GSL's
 * quick return; the order statistic of no pairs is undefined). */
static double naive_qn0(const double *s, size_t n, double *pairs) {
  if (n < 2) return 0.0;
  size_t h = n / 2 + 1, k = h * (h - 1) / 2, m = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++) pairs[m++] = s[j] - s[i];
  return kth(pairs, m, k - 1);
}

/* Sn = 1.1926 c_n Sn0 and Qn = 2.21914 d_n Qn0 with the small-sample factors of Croux and
 * Rousseeuw (c_n) and R's robustbase (d_n), which the GSL manual names. GSL forms the factor
 * and the products in a few double operations without cancellation: 16u bounds them. */
static double sn_factor(size_t n) {
  static const double c[10] = {1, 1, 0.743, 1.851, 0.954, 1.351, 0.993, 1.198, 1.005, 1.131};
  if (n <= 9) return c[n];
  return n % 2 ? (double)n / (n - 0.9) : 1.0;
}

static double qn_factor(size_t n) {
  static const double d[13] = {1,      1,      .399356, .99365, .51321, .84401, .61220,
                               .85877, .66993, .87344,  .72014, .88906, .75743};
  if (n <= 12) return d[n];
  double dn =
      n % 2 ? 1.60188 + (-2.1284 - 5.172 / n) / n : 3.67561 + (1.9654 + (6.987 - 77.0 / n) / n) / n;
  return 1.0 / (dn / (double)n + 1.0);
}

static void expect_robust_scales(const double *s, size_t n, statistics_expected *ex) {
  if (n > NAIVE_MAX_N) return;
  for (size_t i = 1; i < n; i++) /* x - x of equal infinities is NaN: no order statistic */
    if (isinf(s[i]) && s[i] == s[i - 1]) return;
  size_t pairs = n * (n - 1) / 2;
  double *scratch = malloc((2 * n + pairs + 1) * sizeof *scratch);
  if (!scratch) abort();
  double sn0 = naive_sn0(s, n, scratch, scratch + n), qn0 = naive_qn0(s, n, scratch + 2 * n);
  free(scratch);
  if (n > 1 || isfinite(s[0])) /* one infinite sample: its distance to itself is Inf - Inf */
    set_exact(ex, SQ_SN0, sn0);
  set_exact(ex, SQ_QN0, qn0);
  long double sn = 1.1926L * sn_factor(n) * sn0, qn = 2.21914L * qn_factor(n) * qn0;
  if (ex->defined[SQ_SN0]) statistics_set(ex, SQ_SN, sn, 16 * U * fabsl(sn) + TINY, 0);
  statistics_set(ex, SQ_QN, qn, 16 * U * fabsl(qn) + TINY, 0);
}

void statistics_expect_order(const statistics_problem *p, statistics_expected *ex) {
  size_t n = p->n;
  expect_extremes(p->x, n, ex);
  double *s = malloc(n * sizeof *s);
  if (!s) abort();
  memcpy(s, p->x, n * sizeof *s);
  statistics_sort(s, n);
  if (!isnan(s[n - 1])) { /* NaN sorts last */
    expect_median(s, n, ex, SQ_MEDIAN_SORTED);
    expect_median(s, n, ex, SQ_MEDIAN);
    expect_quantile(s, n, p->f, ex);
    expect_gastwirth(s, n, ex);
    expect_trmean(s, n, p->trim, ex);
    set_exact(ex, SQ_SELECT, s[p->k]);
    expect_robust_scales(s, n, ex);
  }
  free(s);
}
