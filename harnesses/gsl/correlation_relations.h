/* The ten correlation relations of the metamorphic-forecaster paper (MR-1..MR-10), corrected
 * where the paper is wrong, over any implementation of a correlation measure: GSL's
 * gsl_stats_correlation / gsl_stats_spearman / gsl_stats_covariance, or the plain Pearson
 * correlation the mutation-score evaluation mutates. */
#ifndef CORRELATION_RELATIONS_H
#define CORRELATION_RELATIONS_H
#include <stddef.h>
#include <stdint.h>
#include "mlf_report.h"

typedef enum { CORR_PEARSON, CORR_SPEARMAN, CORR_COVARIANCE } corr_measure;

/* The implementation under test: the measure of (x[i], y[i]), i < n, packed. */
typedef double (*corr_fn)(const double *x, const double *y, size_t n, void *ctx);

typedef struct {
  const char *name;    /* in finding tags: mlf:<target>:<name>:<relation>:<kind> */
  corr_measure measure;
  corr_fn fn;
  void *ctx;
  /* Unit roundoff of the subject's accumulations, which sets the rounding tolerances:
   * 0x1p-64 for GSL (long double sums), 0x1p-53 for a double implementation. */
  double roundoff;
  /* A defect of the subject already recorded in the known-findings registry: returns its
   * kind when the subject is known to fail on (x, y), else NULL (the member may be NULL).
   * A violation on such data is raised as mlf:<target>:<name>:<relation>:<kind>. */
  const char *(*known_defect)(const double *x, const double *y, size_t n);
} corr_subject;

/* 1 when r, a value of measure m, lies outside the range the mathematics fixes: [-1, 1] for
 * Pearson and Spearman (exactly: the bounds relation allows its rounding tolerance past
 * it); a covariance has none. NaN is not outside. */
int corr_outside_range(corr_measure m, double r);

/* Checks every relation of the subject's measure on the series (x, y) of length n (only the
 * relation named `only` when it names one), drawing permutations and constants from seed
 * and the affine constants (scale, shift) when they are usable. Violations are raised on run
 * with tag prefix `target`. Returns how many relations were violated. */
size_t corr_check_relations(const char *target, const corr_subject *s, const double *x,
                            const double *y, size_t n, double scale, double shift,
                            uint64_t seed, const char *only, mlf_run *run);
#endif
