/* Running statistics (gsl_rstat_*) against batch computations of the data added so far:
 * n, min and max exactly; mean, variance, sd, sd_mean, rms, skew and kurtosis within the
 * running error bound of GSL's single-pass updates (replayed, tracked_arith.h) plus the
 * long-double reference's bound; the median and a p-quantile by the P^2 algorithm's nature
 * (exact from sorted data while n <= 5, then between min and max); reset returning the
 * workspace to its initial state (bit for bit what a fresh workspace gives). */
#ifndef MOVSTAT_RSTAT_H
#define MOVSTAT_RSTAT_H
#include <stddef.h>
#include "mlf_report.h"

/* Adds x[0..n) and checks at several counts, then resets and adds y[0..n) (y may be NULL).
 * p is the quantile fraction (outside [0, 1] only in movstat_rstat_domain). */
void movstat_rstat_check(const double *x, const double *y, size_t n, double p, mlf_run *run);

/* A quantile workspace for a fraction outside [0, 1] or NaN, fed x: no crash. */
void movstat_rstat_domain(const double *x, size_t n, double p, mlf_run *run);
/* The median of an empty workspace (undefined behaviour in GSL 2.7.1: a known finding,
 * raised and not called unless MLF_REPORT_KNOWN is set). */
void movstat_rstat_empty(mlf_run *run);
#endif
