/* Preconditions of the known GSL 2.7.1 statistics crashes (statistics_known.h); each was seen
 * with the instrumented build (ASan SEGV at the guard page, or UBSan float-cast-overflow). */
#include "statistics_known.h"
#include <math.h>

/* 1 unless some element is smaller than the last element before it that is not NaN (a NaN is
 * skipped, not taken as in order: 0.0167, 0.0426, NaN, -0.0657 is unsorted for Qn). */
static int ascending(const double *s, size_t n, size_t stride) {
  double last = NAN;
  for (size_t i = 0; i < n; i++) {
    double v = s[i * stride];
    if (isnan(v)) continue;
    if (v < last) return 0;
    last = v;
  }
  return 1;
}

const char *statistics_known_crash(statistics_q q, const statistics_args *a) {
  size_t n = a->n;
  switch (q) {
    /* data[0] read before the loop over n: minmax_source.c (the _index forms too, though
     * clang drops their unused load; Debian's gcc build keeps it), lag1_source.c; Sn0 forms
     * sorted_data[n / 2] - sorted_data[0] and writes work[n - 1]; trmean with alpha < 0.5
     * keeps [floor(alpha n), n - floor(alpha n) - 1] = [0, SIZE_MAX] */
    case SQ_MAX:
    case SQ_MIN:
    case SQ_MINMAX_MIN:
    case SQ_MINMAX_MAX:
    case SQ_MAX_INDEX:
    case SQ_MIN_INDEX:
    case SQ_MINMAX_INDEX_MIN:
    case SQ_MINMAX_INDEX_MAX:
    case SQ_LAG1:
    case SQ_LAG1_M:
    case SQ_SN0:
    case SQ_SN:
      return n == 0 ? "empty-read-past-end" : NULL;
    case SQ_TRMEAN:
      if (n == 0) return a->trim < 0.5 ? "empty-read-past-end" : NULL;
      /* (size_t) floor(alpha n) of a negative or NaN alpha n: undefined */
      return isnan(a->trim) || floor(a->trim * (double)n) < 0 ? "negative-trim-undefined-cast"
                                                              : NULL;
    case SQ_QUANTILE:
      /* (int) of f (n - 1): NaN, or with n - 1 = SIZE_MAX past INT_MAX, is undefined */
      if (isnan(a->f)) return "nan-fraction-undefined-cast";
      return n == 0 && a->f >= 0 && a->f <= 1 && a->f * 18446744073709551615.0 >= 2147483648.0
                 ? "empty-fraction-undefined-cast"
                 : NULL;
    case SQ_SELECT: /* no check of k < n: returns data[k * stride] */
      return n > 0 && a->k >= n ? "rank-read-past-end" : NULL;
    case SQ_QN0:
    case SQ_QN: /* the q[] search runs j past the data, or never ends, when they are unsorted */
      return n > 0 && !ascending(a->sorted, n, a->stride) ? "unsorted-read-past-end" : NULL;
    default:
      return NULL;
  }
}
