/* The GSL statistics calls (statistics_call.h). */
#include "statistics_call.h"
#include <gsl/gsl_statistics_double.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_guard.h"
#include "mlf_series.h"
#include "mlf_watchdog.h"
#include "statistics_order.h"

double *statistics_guarded_copy(const double *v, size_t n, size_t stride, int read_only,
                                const char *label) {
  size_t len = n ? (n - 1) * stride + 1 : 0;
  double *g = mlf_guard_alloc(len * sizeof(double), sizeof(double), MLF_GUARD_TAIL, label);
  if (n) {
    double *pattern = mlf_series_strided(v, n, stride);
    if (!pattern) abort();
    memcpy(g, pattern, len * sizeof(double));
    free(pattern);
  }
  if (read_only && mlf_guard_set_readonly(g, 1) != 0) abort();
  return g;
}

static int compare_bits(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

int statistics_same_multiset(const double *a, const double *b, size_t n) {
  uint64_t *ca = malloc((n ? n : 1) * sizeof *ca), *cb = malloc((n ? n : 1) * sizeof *cb);
  if (!ca || !cb) abort();
  memcpy(ca, a, n * sizeof *ca);
  memcpy(cb, b, n * sizeof *cb);
  qsort(ca, n, sizeof *ca, compare_bits);
  qsort(cb, n, sizeof *cb, compare_bits);
  int same = memcmp(ca, cb, n * sizeof *ca) == 0;
  free(ca);
  free(cb);
  return same;
}

/* select (rank k) or median on a fresh writable copy; afterwards the gaps must still hold
 * their sentinels and the elements must be a permutation of the input. */
static double selection(statistics_q q, const statistics_args *a, statistics_result *r) {
  size_t n = a->n, st = a->stride;
  double *d = statistics_guarded_copy(a->packed_x, n, st, 0, statistics_q_name(q));
  double v = q == SQ_SELECT ? gsl_stats_select(d, st, n, a->k) : gsl_stats_median(d, st, n);
  r->gaps_written = !mlf_series_sentinels_intact(d, n, st);
  double *packed = malloc((n ? n : 1) * sizeof *packed);
  if (!packed) abort();
  for (size_t i = 0; i < n; i++) packed[i] = d[i * st];
  r->not_permuted = !statistics_same_multiset(packed, a->packed_x, n);
  free(packed);
  mlf_guard_free(d);
  return v;
}

static double sn(statistics_q q, const statistics_args *a) {
  double *work = mlf_guard_alloc(a->n * sizeof(double), sizeof(double), MLF_GUARD_TAIL, "Sn work");
  double v = q == SQ_SN ? gsl_stats_Sn_from_sorted_data(a->sorted, a->stride, a->n, work)
                        : gsl_stats_Sn0_from_sorted_data(a->sorted, a->stride, a->n, work);
  mlf_guard_free(work);
  return v;
}

static double qn(statistics_q q, const statistics_args *a) {
  double *work =
      mlf_guard_alloc(3 * a->n * sizeof(double), sizeof(double), MLF_GUARD_TAIL, "Qn work");
  int *iwork = mlf_guard_alloc(5 * a->n * sizeof(int), sizeof(int), MLF_GUARD_TAIL, "Qn work_int");
  double v = q == SQ_QN ? gsl_stats_Qn_from_sorted_data(a->sorted, a->stride, a->n, work, iwork)
                        : gsl_stats_Qn0_from_sorted_data(a->sorted, a->stride, a->n, work, iwork);
  mlf_guard_free(iwork);
  mlf_guard_free(work);
  return v;
}

static double minmax(statistics_q q, const statistics_args *a) {
  double lo = 0, hi = 0;
  size_t lo_i = 0, hi_i = 0;
  if (q == SQ_MINMAX_MIN || q == SQ_MINMAX_MAX) {
    gsl_stats_minmax(&lo, &hi, a->x, a->stride, a->n);
    return q == SQ_MINMAX_MIN ? lo : hi;
  }
  gsl_stats_minmax_index(&lo_i, &hi_i, a->x, a->stride, a->n);
  return (double)(q == SQ_MINMAX_INDEX_MIN ? lo_i : hi_i);
}

static double call(statistics_q q, const statistics_args *a, statistics_result *r) {
  const double *x = a->x, *w = a->w, *s = a->sorted;
  size_t st = a->stride, n = a->n;
  switch (q) {
    case SQ_MEAN:
      return gsl_stats_mean(x, st, n);
    case SQ_VARIANCE:
      return gsl_stats_variance(x, st, n);
    case SQ_VARIANCE_M:
      return gsl_stats_variance_m(x, st, n, a->mean);
    case SQ_SD:
      return gsl_stats_sd(x, st, n);
    case SQ_SD_M:
      return gsl_stats_sd_m(x, st, n, a->mean);
    case SQ_VARIANCE_FIXED:
      return gsl_stats_variance_with_fixed_mean(x, st, n, a->mu);
    case SQ_SD_FIXED:
      return gsl_stats_sd_with_fixed_mean(x, st, n, a->mu);
    case SQ_TSS:
      return gsl_stats_tss(x, st, n);
    case SQ_TSS_M:
      return gsl_stats_tss_m(x, st, n, a->mean);
    case SQ_ABSDEV:
      return gsl_stats_absdev(x, st, n);
    case SQ_ABSDEV_M:
      return gsl_stats_absdev_m(x, st, n, a->mean);
    case SQ_SKEW:
      return gsl_stats_skew(x, st, n);
    case SQ_SKEW_M_SD:
      return gsl_stats_skew_m_sd(x, st, n, a->mean, a->sd);
    case SQ_KURTOSIS:
      return gsl_stats_kurtosis(x, st, n);
    case SQ_KURTOSIS_M_SD:
      return gsl_stats_kurtosis_m_sd(x, st, n, a->mean, a->sd);
    case SQ_LAG1:
      return gsl_stats_lag1_autocorrelation(x, st, n);
    case SQ_LAG1_M:
      return gsl_stats_lag1_autocorrelation_m(x, st, n, a->mean);
    case SQ_WMEAN:
      return gsl_stats_wmean(w, st, x, st, n);
    case SQ_WVARIANCE:
      return gsl_stats_wvariance(w, st, x, st, n);
    case SQ_WVARIANCE_M:
      return gsl_stats_wvariance_m(w, st, x, st, n, a->wmean);
    case SQ_WSD:
      return gsl_stats_wsd(w, st, x, st, n);
    case SQ_WSD_M:
      return gsl_stats_wsd_m(w, st, x, st, n, a->wmean);
    case SQ_WVARIANCE_FIXED:
      return gsl_stats_wvariance_with_fixed_mean(w, st, x, st, n, a->mu);
    case SQ_WSD_FIXED:
      return gsl_stats_wsd_with_fixed_mean(w, st, x, st, n, a->mu);
    case SQ_WTSS:
      return gsl_stats_wtss(w, st, x, st, n);
    case SQ_WTSS_M:
      return gsl_stats_wtss_m(w, st, x, st, n, a->wmean);
    case SQ_WABSDEV:
      return gsl_stats_wabsdev(w, st, x, st, n);
    case SQ_WABSDEV_M:
      return gsl_stats_wabsdev_m(w, st, x, st, n, a->wmean);
    case SQ_WSKEW:
      return gsl_stats_wskew(w, st, x, st, n);
    case SQ_WSKEW_M_SD:
      return gsl_stats_wskew_m_sd(w, st, x, st, n, a->wmean, a->wsd);
    case SQ_WKURTOSIS:
      return gsl_stats_wkurtosis(w, st, x, st, n);
    case SQ_WKURTOSIS_M_SD:
      return gsl_stats_wkurtosis_m_sd(w, st, x, st, n, a->wmean, a->wsd);
    case SQ_MAX:
      return gsl_stats_max(x, st, n);
    case SQ_MIN:
      return gsl_stats_min(x, st, n);
    case SQ_MAX_INDEX:
      return (double)gsl_stats_max_index(x, st, n);
    case SQ_MIN_INDEX:
      return (double)gsl_stats_min_index(x, st, n);
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
    case SQ_MINMAX_INDEX_MIN:
    case SQ_MINMAX_INDEX_MAX:
      return minmax(q, a);
    case SQ_MEDIAN_SORTED:
      return gsl_stats_median_from_sorted_data(s, st, n);
    case SQ_QUANTILE:
      return gsl_stats_quantile_from_sorted_data(s, st, n, a->f);
    case SQ_TRMEAN:
      return gsl_stats_trmean_from_sorted_data(a->trim, s, st, n);
    case SQ_GASTWIRTH:
      return gsl_stats_gastwirth_from_sorted_data(s, st, n);
    case SQ_MEDIAN:
    case SQ_SELECT:
      return selection(q, a, r);
    case SQ_SN0:
    case SQ_SN:
      return sn(q, a);
    case SQ_QN0:
    case SQ_QN:
      return qn(q, a);
    case SQ_COUNT:
      break;
  }
  abort();
}

void statistics_call_one(statistics_q q, const statistics_args *a, statistics_result *r) {
  memset(r, 0, sizeof *r);
  mlf_capture_begin("gsl");
  MLF_WATCHED(statistics_q_name(q), r->value = call(q, a, r)); /* a hang: abandoned */
  size_t errors = mlf_capture_end(&r->error);
  r->errors = errors > 255 ? 255 : (unsigned char)errors;
}

statistics_args statistics_guarded_args(const statistics_problem *p, const double *weights,
                                        const double *sorted, size_t stride) {
  return (statistics_args){statistics_guarded_copy(p->x, p->n, stride, 1, "data"),
                           statistics_guarded_copy(weights, p->n, stride, 1, "weights"),
                           statistics_guarded_copy(sorted, p->n, stride, 1, "sorted data"),
                           p->x,
                           p->n,
                           stride,
                           p->k,
                           p->mu,
                           p->f,
                           p->trim,
                           0,
                           0,
                           0,
                           0};
}

void statistics_evaluate(const statistics_problem *p, size_t stride, uint64_t mask,
                         statistics_values *out) {
  mask |= 1ull << SQ_MEAN | 1ull << SQ_SD | 1ull << SQ_WMEAN | 1ull << SQ_WSD;
  if (p->n > STATISTICS_ROBUST_MAX_N) mask &= ~STATISTICS_RANGE(SQ_SN0, SQ_QN);
  memset(out, 0, sizeof *out);
  out->first_error_q = SQ_COUNT;
  double *sorted = malloc(p->n * sizeof *sorted);
  if (!sorted) abort();
  memcpy(sorted, p->x, p->n * sizeof *sorted);
  statistics_sort(sorted, p->n);
  statistics_args a = statistics_guarded_args(p, p->w, sorted, stride);
  free(sorted);
  for (statistics_q q = 0; q < SQ_COUNT; q++) {
    if (!(mask & (1ull << q))) continue;
    statistics_result r;
    statistics_call_one(q, &a, &r);
    out->v[q] = r.value;
    out->errors[q] = r.errors, out->gaps_written[q] = r.gaps_written;
    out->not_permuted[q] = r.not_permuted;
    if (r.errors && out->first_error_q == SQ_COUNT)
      out->first_error = r.error, out->first_error_q = q;
    if (q == SQ_MEAN) a.mean = r.value; /* the enum orders every _m form after its inputs */
    if (q == SQ_SD) a.sd = r.value;
    if (q == SQ_WMEAN) a.wmean = r.value;
    if (q == SQ_WSD) a.wsd = r.value;
  }
  mlf_guard_free((void *)a.sorted);
  mlf_guard_free((void *)a.w);
  mlf_guard_free((void *)a.x);
}
