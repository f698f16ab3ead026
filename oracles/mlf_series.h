/* The series of a SeriesCase (proto/mlf_common.proto): x, y and weights generated from the seeded
 * shape, scaled and offset, explicit values and pokes applied, missing slots marked; and
 * strided copies with NaN sentinels between the elements. Shared by the statistics family
 * and the forecaster. */
#ifndef MLF_SERIES_H
#define MLF_SERIES_H
#include <stddef.h>
#include "mlf_common.pb-c.h"

enum { MLF_SERIES_X, MLF_SERIES_Y, MLF_SERIES_W, MLF_SERIES_COUNT };

typedef struct {
  size_t n;                                /* observations per series */
  double *v[MLF_SERIES_COUNT];             /* x, y, weights: n packed doubles each */
  unsigned char *missing[MLF_SERIES_COUNT];/* 1 where a poke marked a missing value (NaN) */
} mlf_series;

/* Builds the series of c (its length taken as is; bound it with the post-processor).
 * y = coupling * x + sqrt(1 - coupling^2) * independent noise of the same shape; weights are
 * uniform in [0, 1) before pokes. Returns 0, or -1 when out of memory (s is then empty). */
int mlf_series_make(const Mlf__SeriesCase *c, mlf_series *s);
void mlf_series_free(mlf_series *s);

/* A copy of v[0..n) at the given stride (stride >= 1): element i at [i * stride], the slots
 * between hold a NaN sentinel (mlf_series_is_sentinel). Free with free(); NULL when out of
 * memory. */
double *mlf_series_strided(const double *v, size_t n, size_t stride);
int mlf_series_is_sentinel(double d);
/* Every sentinel slot of a strided copy still holds the sentinel (nothing wrote there). */
int mlf_series_sentinels_intact(const double *strided, size_t n, size_t stride);
#endif
