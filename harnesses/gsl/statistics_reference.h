/* Ground truth for the gsl_statistics target: for each quantity the exact statistic of the
 * documented formula (evaluated in long double, IEEE rules for NaN and infinities, so a NaN
 * or an infinity in the data gives the formula's NaN or infinity) and a bound on |GSL - exact|
 * proven for GSL 2.7.1's algorithm (read in the statistics directory of its source) plus the
 * reference's own rounding. u = 2^-53 (double), uL = 2^-64 (x87 long double, GSL's accumulators).
 * Bounds are first order in u and uL; the second-order terms are below n u <= 2^-42 of them and are
 * covered by the slack the constants carry.
 * Lemma RA (GSL's running average a += (t_k - a) / k in precision v, terms exact): the error
 * is at most 3 v sum|t_k| to first order (unrolled: sum_k (k / n) (2v (|t_k| + |a_k-1|) / k +
 * v |a_k|) with k |a_k| <= sum_{i<=k} |t_i|); the weighted form a += (t_k - a) (w_k / W_k)
 * with W_k summed in long double errs by at most (3n + 4) uL max|t_k|. The bounds use 4 and
 * (3n + 4). */
#ifndef STATISTICS_REFERENCE_H
#define STATISTICS_REFERENCE_H
#include "mlf_numeric.h"
#include "statistics_call.h"
#include "statistics_problem.h"

#define STAT_U 0x1p-53
#define STAT_UL 0x1p-64

typedef struct {
  mlf_expect e[SQ_COUNT];           /* value, bound, overflow_possible */
  unsigned char defined[SQ_COUNT];  /* 0: no expectation (outside the documented domain, an
                                       ill-conditioned case, or no reference at this size) */
  unsigned char by_value[SQ_COUNT]; /* 1: GSL must return value exactly (compared with ==, so
                                       +0 and -0 are equal; NaN equals NaN) */
} statistics_expected;

/* Every expectation for p; gsl supplies the mean, sd, weighted mean and weighted sd the _m
 * and _m_sd calls were given. */
void statistics_expect(const statistics_problem *p, const statistics_values *gsl,
                       statistics_expected *ex);

/* The parts, one per file. */
void statistics_expect_moments(const statistics_problem *p, const statistics_values *gsl,
                               statistics_expected *ex);
void statistics_expect_weighted(const statistics_problem *p, const statistics_values *gsl,
                                statistics_expected *ex);
void statistics_expect_order(const statistics_problem *p, statistics_expected *ex);

/* Helpers shared by the parts. */
void statistics_set(statistics_expected *ex, statistics_q q, long double value, long double bound,
                    int overflow_possible);
/* The expectation of sqrt(V) from that of V (monotone: the image of [V - B, V + B]) plus one
 * rounding of GSL's sqrt and of the reference. */
void statistics_set_sqrt(statistics_expected *ex, statistics_q q, statistics_q of);
/* Sums over the deviations d_i = x_i - c, in long double, of the samples with positive
 * weight (every sample when w is NULL). */
typedef struct {
  long double w, w2;         /* sum w, sum w^2 (n and n when unweighted) */
  long double t2, a1;        /* sum w d^2, sum w |d| */
  long double max2, max_abs; /* max d^2, max |d| */
  long double lag, lag_abs;  /* sum d_i-1 d_i, sum |d_i-1 d_i| (unweighted only) */
  size_t count;              /* samples with positive weight */
  int overflow;              /* some x_i - c overflows in double */
} statistics_deviations;
statistics_deviations statistics_deviations_at(const double *x, const double *w, size_t n,
                                               long double c);

/* The mean of x (weighted by w when not NULL, positive weights only) by the corrected two-pass
 * method, m1 = sum w x / W, m = m1 + sum w (x - m1) / W, in long double: exact for constant
 * data; *err bounds its error by 1.01 uL (|m| + (2n + 3) max|x - m1|). */
long double statistics_accurate_mean(const double *x, const double *w, size_t n, long double *err);

/* Weighted averages of the powers of z_i = (x_i - c) / s (and their maxima). */
typedef struct {
  long double z1abs, z2, z3, z3abs, z4, max3, max4;
  int overflow; /* some z_i, or x_i - c, near the top of the double range */
} statistics_powers;
statistics_powers statistics_powers_at(const double *x, const double *w, size_t n, long double c,
                                       long double s);
/* Bounds on |skew(m + a s, s (1 + b)) - skew(m, s)| and the same for kurtosis, for
 * |a|, |b| <= e <= 2^-10, from the powers at (m, s). */
long double statistics_skew_sensitivity(const statistics_powers *z, long double e);
long double statistics_kurtosis_sensitivity(const statistics_powers *z, long double e);

/* 1 when every value is finite. */
int statistics_all_finite(const double *v, size_t n);

/* The last part of a finding tag for a failed comparison: "nan-for-inf" when an infinity was
 * due and NaN came (GSL's running averages meet Inf - Inf), else mlf_cmp_kind_name(k). */
const char *statistics_kind_name(mlf_cmp_kind k, double got, double want);

/* 1 when got meets the expectation of q, or q has none. */
int statistics_within(const statistics_expected *ex, statistics_q q, double got);

/* Does GSL's result pass the expectation? Writes the reason on failure. */
mlf_cmp_kind statistics_check(const statistics_expected *ex, statistics_q q, double got,
                              char *reason, size_t len);
#endif
