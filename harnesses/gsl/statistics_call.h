/* Every GSL statistics function of the gsl_statistics target, one quantity at a time: each
 * array in a guard-page buffer (read-only where GSL takes it const) with mlf_series NaN
 * sentinels between the elements, GSL errors captured per call. An evaluation calls them all
 * on a problem at a stride: the _m and _m_sd variants get GSL's own mean and sd of the same
 * evaluation, the sorted-data functions a copy sorted by statistics_sort, select and median
 * a fresh writable copy each, Sn and Qn workspaces of exactly the documented sizes. Each call
 * runs under the watchdog (mlf_watchdog.h): one that never returns is the input's finding
 * mlf:gsl_statistics:<quantity's function>:hang. */
#ifndef STATISTICS_CALL_H
#define STATISTICS_CALL_H
#include <stdint.h>
#include "mlf_capture.h"
#include "statistics_problem.h"
#include "statistics_quantity.h"

/* The arguments of one call. */
typedef struct {
  const double *x, *w, *sorted; /* guarded strided arrays of n elements ("sorted" is what the
                                   sorted-data functions get, sorted or not) */
  const double *packed_x;       /* x packed: select and median copy it */
  size_t n, stride, k;
  double mu, f, trim;          /* fixed mean, quantile fraction, trimming fraction */
  double mean, sd, wmean, wsd; /* what the _m and _m_sd forms get */
} statistics_args;

typedef struct {
  double value;               /* indices converted to double */
  unsigned char errors;       /* GSL errors the call reported (saturating) */
  unsigned char gaps_written; /* select / median wrote a slot between elements */
  unsigned char not_permuted; /* select / median left data that are not a permutation */
  mlf_error_record error;     /* the first error */
} statistics_result;

/* The arguments of p at stride: data, weights and sorted copies in read-only guard-page
 * buffers, p's parameters, and zero for the means and sds the _m forms get (set them after). */
statistics_args statistics_guarded_args(const statistics_problem *p, const double *weights,
                                        const double *sorted, size_t stride);

void statistics_call_one(statistics_q q, const statistics_args *a, statistics_result *r);

typedef struct {
  double v[SQ_COUNT];
  unsigned char errors[SQ_COUNT];
  unsigned char gaps_written[SQ_COUNT];
  unsigned char not_permuted[SQ_COUNT];
  mlf_error_record first_error; /* the first GSL error of the evaluation */
  statistics_q first_error_q;   /* and the call that reported it (SQ_COUNT: none) */
} statistics_values;

/* Every quantity (for statistics_evaluate's mask). */
#define STATISTICS_ALL ((1ull << SQ_COUNT) - 1)
/* A mask of the quantities first..last. */
#define STATISTICS_RANGE(first, last) (((2ull << (last)) - 1) & ~((1ull << (first)) - 1))

/* Sn and Qn are evaluated up to this n: GSL's Qn sorts its candidates again and again
 * (tens of milliseconds per call at n = 2048 with the sanitizers), and their code has no
 * path that only larger data reach. */
#define STATISTICS_ROBUST_MAX_N 1024

/* Calls the functions of the quantities in mask on p (n >= 1) at stride (>= 1); the mean,
 * sd, weighted mean and sd the _m forms need are always computed, Sn and Qn only up to
 * STATISTICS_ROBUST_MAX_N. */
void statistics_evaluate(const statistics_problem *p, size_t stride, uint64_t mask,
                         statistics_values *out);

/* A guard-page buffer (tail guard) holding v[0..n) at the stride, sentinels in the gaps;
 * (n - 1) * stride + 1 doubles, none when n == 0; read-only when asked. Free with
 * mlf_guard_free. */
double *statistics_guarded_copy(const double *v, size_t n, size_t stride, int read_only,
                                const char *label);

/* 1 when the n doubles of a and b are the same multiset of bit patterns. */
int statistics_same_multiset(const double *a, const double *b, size_t n);
#endif
