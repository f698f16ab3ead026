/* One moving statistic under one window configuration (end type, H, J): GSL's outputs on the
 * packed series against the batch reference of every documented window, and the same call
 * at a stride and in place (x = y, which the manual allows) bit for bit equal to it. */
#ifndef MOVSTAT_MOVING_H
#define MOVSTAT_MOVING_H
#include <stddef.h>
#include "mlf_guard.h"
#include "mlf_report.h"
#include "movstat_reference.h"
#include "movstat_running.h"
#include "movstat_stats.h"

/* A configuration with its windows computed once for every statistic. */
typedef struct {
  movstat_layout layout;      /* packed x, n >= 1, H, J, end type */
  gsl_movstat_workspace *w;   /* allocated for H, J */
  char label[64];             /* "padvalue H=4 J=1", for reports */
  size_t K;                   /* H + J + 1 */
  double *windows, *sorted;   /* n windows of K slots, in window order and sorted */
  size_t *sizes;              /* each window's size */
  unsigned *flags;            /* movstat_value_flags of each window */
  movstat_running_out *running; /* the running-update replay per output */
  movstat_moments *moments;   /* each window's reference sum, mean and M2 */
} movstat_config;

/* Computes the windows and the replay. Returns 0, or -1 when out of memory. */
int movstat_config_prepare(movstat_config *c);
void movstat_config_release(movstat_config *c);

typedef struct {
  size_t stride;        /* stride of the strided call (1: none) */
  mlf_guard_side side;  /* where the guard page sits */
  int in_place;         /* also run with y = x */
  double q;             /* qqr's quantile, in [0, 0.5] */
} movstat_variant;

/* Checks statistic s on configuration c; findings go to run. Returns the worst ratio of
 * error to bound of a running statistic (0 for exact ones), for feedback. */
double movstat_check(movstat_stat s, const movstat_config *c, const movstat_variant *v,
                     mlf_run *run);
#endif
