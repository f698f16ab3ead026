/* Moving statistics calls and their exact expectations (see movstat_stats.h). */
#include "movstat_stats.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_statistics_double.h>
#include "mlf_watchdog.h"
#include "movstat_window.h"

const movstat_stat_info movstat_stats[MOVSTAT_STAT_COUNT] = {
    {"mean", "gsl_movstat_mean", 1},     {"variance", "gsl_movstat_variance", 1},
    {"sd", "gsl_movstat_sd", 1},         {"sum", "gsl_movstat_sum", 1},
    {"min", "gsl_movstat_min", 1},       {"max", "gsl_movstat_max", 1},
    {"minmax", "gsl_movstat_minmax", 2}, {"median", "gsl_movstat_median", 1},
    {"mad", "gsl_movstat_mad", 2},       {"mad0", "gsl_movstat_mad0", 2},
    {"qqr", "gsl_movstat_qqr", 1},       {"Sn", "gsl_movstat_Sn", 1},
    {"Qn", "gsl_movstat_Qn", 1},         {"apply", "gsl_movstat_apply", 1},
};

static int dispatch(movstat_stat s, gsl_movstat_end_t end, const gsl_vector *x, gsl_vector *y,
                    gsl_vector *z, double q, gsl_movstat_workspace *w) {
  gsl_movstat_function digest = {movstat_window_digest, NULL};
  switch (s) {
    case MOVSTAT_MEAN: return gsl_movstat_mean(end, x, y, w);
    case MOVSTAT_VARIANCE: return gsl_movstat_variance(end, x, y, w);
    case MOVSTAT_SD: return gsl_movstat_sd(end, x, y, w);
    case MOVSTAT_SUM: return gsl_movstat_sum(end, x, y, w);
    case MOVSTAT_MIN: return gsl_movstat_min(end, x, y, w);
    case MOVSTAT_MAX: return gsl_movstat_max(end, x, y, w);
    case MOVSTAT_MINMAX: return gsl_movstat_minmax(end, x, y, z, w);
    case MOVSTAT_MEDIAN: return gsl_movstat_median(end, x, y, w);
    case MOVSTAT_MAD: return gsl_movstat_mad(end, x, y, z, w);
    case MOVSTAT_MAD0: return gsl_movstat_mad0(end, x, y, z, w);
    case MOVSTAT_QQR: return gsl_movstat_qqr(end, x, q, y, w);
    case MOVSTAT_SN: return gsl_movstat_Sn(end, x, y, w);
    case MOVSTAT_QN: return gsl_movstat_Qn(end, x, y, w);
    case MOVSTAT_APPLY: return gsl_movstat_apply(end, &digest, x, y, w);
    default: return -1;
  }
}

int movstat_call(movstat_stat s, gsl_movstat_end_t end, const gsl_vector *x, gsl_vector *y,
                 gsl_vector *z, double q, gsl_movstat_workspace *w) {
  int status = -1; /* kept when the call hangs and is abandoned */
  MLF_WATCHED(movstat_stats[s].function, status = dispatch(s, end, x, y, z, q, w));
  return status;
}

/* Robust scales need finite deviations: no infinity in the window either. */
static int needs_finite(movstat_stat s) {
  return s == MOVSTAT_MAD || s == MOVSTAT_MAD0;
}

/* GSL's Qn, this harness's reference for Qn, is wrong on sorted data holding an infinity (the
 * gsl_statistics qn0_from_sorted_data infinite-sample row: Inf - Inf in its counts) and may
 * write past its 3n workspace there (8 -Inf among 30 values): no expectation then. */
static int qn_reference_fails(movstat_stat s, unsigned flags) {
  return s == MOVSTAT_QN && (flags & MOVSTAT_HAS_INF);
}

int movstat_exact_want(movstat_stat s, const double *win, const double *sorted, size_t m,
                       double q, double *work, int *iwork, double want[2]) {
  unsigned flags = movstat_value_flags(win, m);
  if (s == MOVSTAT_APPLY) {
    memcpy(work, win, m * sizeof *work);
    want[0] = movstat_window_digest(m, work, NULL);
    return 1;
  }
  if ((flags & MOVSTAT_HAS_NAN) || m == 0 || qn_reference_fails(s, flags)) return 0;
  switch (s) {
    case MOVSTAT_MIN: want[0] = sorted[0]; return 1;
    case MOVSTAT_MAX: want[0] = sorted[m - 1]; return 1;
    case MOVSTAT_MINMAX: want[0] = sorted[0], want[1] = sorted[m - 1]; return 2;
    case MOVSTAT_MEDIAN: want[0] = gsl_stats_median_from_sorted_data(sorted, 1, m); return 1;
    case MOVSTAT_MAD:
    case MOVSTAT_MAD0:
      want[0] = gsl_stats_median_from_sorted_data(sorted, 1, m);
      if (needs_finite(s) && (flags & MOVSTAT_HAS_INF)) return 1;
      want[1] = s == MOVSTAT_MAD ? gsl_stats_mad(win, 1, m, work) : gsl_stats_mad0(win, 1, m, work);
      return 2;
    case MOVSTAT_QQR:
      want[0] = gsl_stats_quantile_from_sorted_data(sorted, 1, m, 1.0 - q) -
                gsl_stats_quantile_from_sorted_data(sorted, 1, m, q);
      return 1;
    case MOVSTAT_SN: want[0] = gsl_stats_Sn_from_sorted_data(sorted, 1, m, work); return 1;
    case MOVSTAT_QN: want[0] = gsl_stats_Qn_from_sorted_data(sorted, 1, m, work, iwork); return 1;
    default: return 0;
  }
}

/* Total order on bit patterns (sign-magnitude to two's complement), so NaNs and signed zeros
 * sort deterministically too. */
static uint64_t ordered_bits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b >> 63 ? ~b : b | 0x8000000000000000ull;
}

static int by_bits(const void *a, const void *b) {
  uint64_t x = ordered_bits(*(const double *)a), y = ordered_bits(*(const double *)b);
  return (x > y) - (x < y);
}

double movstat_window_digest(size_t n, double x[], void *params) {
  (void)params;
  qsort(x, n, sizeof *x, by_bits);
  uint64_t h = 0xcbf29ce484222325ull ^ n;
  for (size_t i = 0; i < n; i++) {
    h ^= ordered_bits(x[i]);
    h *= 0x100000001b3ull;
    h ^= h >> 29;
  }
  return (double)(h >> 12); /* 52 bits: exact */
}
