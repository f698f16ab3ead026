/* Batch reference of the moment statistics of a sample in long double, each turned into a
 * tracked double (tracked_arith.h) whose bound covers the long-double rounding, the mean's
 * error in the central moments and the final rounding to double. Ground truth for the moving
 * sum, mean, variance, sd and for gsl_rstat's moments. */
#ifndef MOVSTAT_REFERENCE_H
#define MOVSTAT_REFERENCE_H
#include <stddef.h>
#include "tracked_arith.h"

typedef struct {
  tracked_double sum, mean;
  tracked_double m2, m3, m4; /* sum over i of (x_i - mean)^k */
} movstat_moments;

/* Moments of v[0..m) up to the central moment of the given order (2 or 4; the others are
 * left zero); m == 0 gives zeros. */
void movstat_moments_of(const double *v, size_t m, int order, movstat_moments *out);

/* A long-double value with an absolute bound as a tracked double (adds the conversion). */
tracked_double movstat_from_long(long double v, long double bound);
#endif
