/* The moving statistics under test: how to call each through GSL and, for the exact ones
 * (order statistics, robust scales, the user function of gsl_movstat_apply), the value the
 * batch computation gives on one window. */
#ifndef MOVSTAT_STATS_H
#define MOVSTAT_STATS_H
#include <stddef.h>
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_vector.h>

typedef enum {
  MOVSTAT_MEAN, MOVSTAT_VARIANCE, MOVSTAT_SD, MOVSTAT_SUM,             /* running updates */
  MOVSTAT_MIN, MOVSTAT_MAX, MOVSTAT_MINMAX, MOVSTAT_MEDIAN, MOVSTAT_MAD, MOVSTAT_MAD0,
  MOVSTAT_QQR, MOVSTAT_SN, MOVSTAT_QN, MOVSTAT_APPLY,                  /* exact */
  MOVSTAT_STAT_COUNT
} movstat_stat;

typedef struct {
  const char *name;     /* relation name in messages: "mean", "minmax", ... */
  const char *function; /* the GSL function, for finding tags */
  int outputs;          /* 2 for minmax (min, max) and mad/mad0 (median, mad) */
} movstat_stat_info;

extern const movstat_stat_info movstat_stats[MOVSTAT_STAT_COUNT];

static inline int movstat_is_running(movstat_stat s) { return s <= MOVSTAT_SUM; }

/* Calls the statistic: y gets the first output, z (NULL for one output) the second; q is
 * the quantile of qqr. Returns GSL's status (-1 when the call hung: under the watchdog,
 * mlf_watchdog.h, it is abandoned and the input's finding is mlf:gsl_movstat:<function>:hang). */
int movstat_call(movstat_stat s, gsl_movstat_end_t end, const gsl_vector *x, gsl_vector *y,
                 gsl_vector *z, double q, gsl_movstat_workspace *w);

/* The exact statistic's outputs on one window: win[0..m) in window order, sorted its sorted
 * copy, work room for 3 m doubles and 5 m ints (gsl_stats_Qn_from_sorted_data). Returns 0 when the window's values leave the
 * result undefined (NaN anywhere; NaN or infinite deviations for mad), else the number of
 * outputs written to want. */
int movstat_exact_want(movstat_stat s, const double *win, const double *sorted, size_t m,
                       double q, double *work, int *iwork, double want[2]);

/* The function gsl_movstat_apply is called with: a digest of the window's multiset of values
 * (it sorts its argument in place, which the manual allows) exactly representable in double. */
double movstat_window_digest(size_t n, double x[], void *params);
#endif
