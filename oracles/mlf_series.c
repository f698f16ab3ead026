/* Series of a SeriesCase (see mlf_series.h). */
#include "mlf_series.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_rng.h"
#include "mlf_special.h"

/* Sentinel between strided elements: a NaN with a payload no arithmetic produces. */
static const uint64_t sentinel_bits = 0x7ff4a5a5a5a5a5a5ull;

static double normal(mlf_rng *r) {
  double u1 = mlf_rng_unit(r), u2 = mlf_rng_unit(r);
  return sqrt(-2.0 * log1p(-u1)) * cos(2 * M_PI * u2);
}

/* One series of the case's shape, before scaling, from its own generator. */
static void generate(const Mlf__SeriesCase *c, mlf_rng *r, double *v, size_t n) {
  double walk = 0.0;
  unsigned period = c->period >= 2 ? c->period : 2;
  for (size_t i = 0; i < n; i++) {
    switch (c->shape) {
      case MLF__SERIES_CASE__SHAPE__UNIFORM: v[i] = 2.0 * mlf_rng_unit(r) - 1.0; break;
      case MLF__SERIES_CASE__SHAPE__SMALL_INTEGERS: v[i] = (double)mlf_rng_below(r, 17) - 8.0; break;
      case MLF__SERIES_CASE__SHAPE__TREND: v[i] = (double)i / (double)n + 0.1 * normal(r); break;
      case MLF__SERIES_CASE__SHAPE__SEASONAL:
        v[i] = sin(2 * M_PI * (double)(i % period) / period) + 0.1 * normal(r);
        break;
      case MLF__SERIES_CASE__SHAPE__RANDOM_WALK: v[i] = walk += normal(r); break;
      case MLF__SERIES_CASE__SHAPE__CONSTANT: v[i] = 0.0; break;
      case MLF__SERIES_CASE__SHAPE__HEAVY_TAILED: {
        double d = normal(r);
        v[i] = d != 0.0 ? normal(r) / d : 0.0;
        break;
      }
      default: v[i] = normal(r); break;
    }
  }
}

/* The coupling as a usable correlation target: finite and within [-1, 1]. */
static double coupling_of(const Mlf__SeriesCase *c) {
  double k = c->coupling;
  if (!isfinite(k)) return 0.0;
  return k > 1.0 ? 1.0 : k < -1.0 ? -1.0 : k;
}

static void apply_pokes(const Mlf__SeriesCase *c, mlf_series *s) {
  for (size_t i = 0; i < c->n_pokes; i++) {
    const Mlf__SeriesPoke *p = c->pokes[i];
    size_t which = p->series % MLF_SERIES_COUNT, at = p->index % s->n;
    double value = 0.0;
    if (p->value && p->value->kind_case == MLF__NUMBER__KIND_SPECIAL)
      value = mlf_special_value(p->value->special, 1);
    else if (p->value && p->value->kind_case == MLF__NUMBER__KIND_VALUE)
      value = p->value->value;
    s->v[which][at] = p->missing ? NAN : value;
    s->missing[which][at] = p->missing ? 1 : 0;
  }
}

int mlf_series_make(const Mlf__SeriesCase *c, mlf_series *s) {
  size_t n = c->length;
  memset(s, 0, sizeof *s);
  s->n = n;
  for (int k = 0; k < MLF_SERIES_COUNT; k++) {
    s->v[k] = calloc(n ? n : 1, sizeof(double));
    s->missing[k] = calloc(n ? n : 1, 1);
    if (!s->v[k] || !s->missing[k]) { mlf_series_free(s); return -1; }
  }
  if (n == 0) return 0;
  mlf_rng rx, ry, rw;
  mlf_rng_seed(&rx, c->seed);
  mlf_rng_seed(&ry, c->seed ^ 0x5eed0001u);
  mlf_rng_seed(&rw, c->seed ^ 0x5eed0002u);
  double *x = s->v[MLF_SERIES_X], *y = s->v[MLF_SERIES_Y], *w = s->v[MLF_SERIES_W];
  generate(c, &rx, x, n);
  generate(c, &ry, y, n);
  double k = coupling_of(c), noise = sqrt(1.0 - k * k);
  double scale = ldexp(1.0, c->scale_exponent);
  for (size_t i = 0; i < n; i++) {
    y[i] = (k * x[i] + noise * y[i]) * scale + c->offset;
    x[i] = x[i] * scale + c->offset;
    w[i] = mlf_rng_unit(&rw);
  }
  for (size_t i = 0; i < c->n_values && i < n; i++) x[i] = c->values[i];
  apply_pokes(c, s);
  return 0;
}

void mlf_series_free(mlf_series *s) {
  for (int k = 0; k < MLF_SERIES_COUNT; k++) free(s->v[k]), free(s->missing[k]);
  memset(s, 0, sizeof *s);
}

int mlf_series_is_sentinel(double d) {
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return bits == sentinel_bits;
}

double *mlf_series_strided(const double *v, size_t n, size_t stride) {
  if (stride == 0) stride = 1;
  size_t len = n ? (n - 1) * stride + 1 : 1;
  double *out = malloc(len * sizeof(double));
  if (!out) return NULL;
  for (size_t i = 0; i < len; i++) memcpy(&out[i], &sentinel_bits, sizeof(double));
  for (size_t i = 0; i < n; i++) out[i * stride] = v[i];
  return out;
}

int mlf_series_sentinels_intact(const double *strided, size_t n, size_t stride) {
  if (stride <= 1 || n == 0) return 1;
  for (size_t i = 0; i + 1 < n; i++)
    for (size_t j = 1; j < stride; j++)
      if (!mlf_series_is_sentinel(strided[i * stride + j])) return 0;
  return 1;
}
