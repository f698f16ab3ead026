/* SeriesCase (mlf_common.proto) post-processor and domain mutators, shared by the statistics
 * family and the forecaster. The post-processor bounds the work (length, stride, explicit
 * values, pokes) and keeps the generator's parameters meaningful (coupling in [-1, 1], a
 * period of at least 2, finite offset and relation parameters); in false-alarm mode
 * (MLF_NO_SPECIALS=1) it also drops missing values, Cauchy data and extreme scales. It
 * leaves a valid message unchanged. The domain mutators make the changes statistics code
 * cares about in one step: a length at an edge (0, 1, 2, around powers of two), a special or
 * missing value poked in, perfect or zero coupling, a constant series, a new stride, a
 * relation parameter at or past the edge of its domain. */
#include <math.h>
#include <stdlib.h>
#include "mlf_special_number.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"
#include "mlf_common.pb-c.h"

#define SERIES_MAX_LENGTH 2048 /* every code path of the statistics; microseconds per call */
#define SERIES_MAX_STRIDE 4
#define SERIES_MAX_VALUES 64
#define SERIES_MAX_POKES 16
#define SERIES_MAX_EXPONENT 1023 /* 2^e times a value of order one stays finite or overflows once */
#define PLAIN_MAX_EXPONENT 16
#define PARAM_MAX 0x1p40         /* relation parameters: any scale a user would pass */

static double finite_or_zero(double v) { return isfinite(v) ? v : 0.0; }

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static void drop_pokes_from(Mlf__SeriesCase *c, size_t keep) {
  while (c->n_pokes > keep) protobuf_c_message_free_unpacked(&c->pokes[--c->n_pokes]->base, NULL);
}

/* False-alarm mode: no missing values, no Cauchy data, moderate scales. */
static void keep_plain(Mlf__SeriesCase *c) {
  size_t kept = 0;
  for (size_t i = 0; i < c->n_pokes; i++) {
    if (c->pokes[i]->missing) protobuf_c_message_free_unpacked(&c->pokes[i]->base, NULL);
    else c->pokes[kept++] = c->pokes[i];
  }
  c->n_pokes = kept;
  if (c->shape == MLF__SERIES_CASE__SHAPE__HEAVY_TAILED)
    c->shape = MLF__SERIES_CASE__SHAPE__NORMAL;
  if (abs(c->scale_exponent) > PLAIN_MAX_EXPONENT) c->scale_exponent %= PLAIN_MAX_EXPONENT + 1;
  if (fabs(c->offset) > 0x1p20) c->offset = copysign(0x1p20, c->offset);
  for (size_t i = 0; i < c->n_values; i++)
    if (fabs(c->values[i]) > 0x1p20) c->values[i] = copysign(0x1p20, c->values[i]);
}

static void bound_series(Mlf__SeriesCase *c) {
  if (c->length > SERIES_MAX_LENGTH) c->length %= SERIES_MAX_LENGTH + 1;
  if (c->stride == 0 || c->stride > SERIES_MAX_STRIDE) c->has_stride = 1, c->stride = 1 + c->stride % SERIES_MAX_STRIDE;
  if (c->period < 2) c->has_period = 1, c->period = 2 + c->period;
  if (c->scale_exponent > SERIES_MAX_EXPONENT || c->scale_exponent < -SERIES_MAX_EXPONENT)
    c->scale_exponent %= SERIES_MAX_EXPONENT + 1;
  c->offset = finite_or_zero(c->offset);
  c->coupling = clamp(finite_or_zero(c->coupling), -1.0, 1.0);
  for (size_t i = 0; i < c->n_values; i++) c->values[i] = finite_or_zero(c->values[i]);
  if (c->n_values > SERIES_MAX_VALUES) c->n_values = SERIES_MAX_VALUES;
  drop_pokes_from(c, SERIES_MAX_POKES);
  c->scale = clamp(finite_or_zero(c->scale), -PARAM_MAX, PARAM_MAX);
  c->shift = clamp(finite_or_zero(c->shift), -PARAM_MAX, PARAM_MAX);
  c->fraction = clamp(finite_or_zero(c->fraction), -1.0, 2.0);
  if (c->window > SERIES_MAX_LENGTH) c->window %= SERIES_MAX_LENGTH + 1;
  if (mlf_no_specials_enabled()) keep_plain(c);
}

static void post_process_series(ProtobufCMessage *msg) {
  bound_series((Mlf__SeriesCase *)msg);
}

/* Lengths where statistics change path: empty, one, two observations, and neighbours of
 * powers of two (FFT radices, blocking of sorts and windows). */
static const uint32_t edge_lengths[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                        63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 1024};

static int mutate_edge_length(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__SeriesCase *c = (Mlf__SeriesCase *)msg;
  c->has_length = 1;
  c->length = edge_lengths[mlf_rng_below(rng, sizeof edge_lengths / sizeof *edge_lengths)];
  return 1;
}

static Mlf__SeriesPoke *new_poke(Mlf__SeriesCase *c, mlf_rng *rng) {
  if (c->n_pokes >= SERIES_MAX_POKES) return NULL;
  Mlf__SeriesPoke **pokes = realloc(c->pokes, (c->n_pokes + 1) * sizeof *pokes);
  Mlf__SeriesPoke *p = malloc(sizeof *p);
  if (!pokes || !p) abort();
  c->pokes = pokes;
  mlf__series_poke__init(p);
  p->has_index = p->has_series = 1;
  p->index = (uint32_t)mlf_rng_below(rng, c->length ? c->length : 1);
  p->series = (uint32_t)mlf_rng_below(rng, 3);
  c->pokes[c->n_pokes++] = p;
  return p;
}

static int mutate_poke_special(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__SeriesPoke *p = new_poke((Mlf__SeriesCase *)msg, rng);
  if (!p) return 0;
  mlf_set_special(&p->value, rng);
  return 1;
}

static int mutate_poke_missing(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__SeriesPoke *p = new_poke((Mlf__SeriesCase *)msg, rng);
  if (!p) return 0;
  p->has_missing = 1, p->missing = 1;
  return 1;
}

/* Perfect positive or negative, zero or partial coupling of y to x. */
static int mutate_coupling(ProtobufCMessage *msg, mlf_rng *rng) {
  static const double couplings[] = {1.0, -1.0, 0.0, 0.5, -0.5, 0.99, 1e-8};
  Mlf__SeriesCase *c = (Mlf__SeriesCase *)msg;
  c->has_coupling = 1;
  c->coupling = couplings[mlf_rng_below(rng, sizeof couplings / sizeof *couplings)];
  return 1;
}

/* A new shape; constant data (zero variance, zero range) comes up often on purpose. */
static int mutate_shape(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__SeriesCase *c = (Mlf__SeriesCase *)msg;
  c->has_shape = 1;
  c->shape = mlf_rng_chance(rng, 30) ? MLF__SERIES_CASE__SHAPE__CONSTANT
                                     : (Mlf__SeriesCase__Shape)mlf_rng_below(rng, 8);
  return 1;
}

static int mutate_stride(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__SeriesCase *c = (Mlf__SeriesCase *)msg;
  c->has_stride = 1;
  c->stride = 1 + (uint32_t)mlf_rng_below(rng, SERIES_MAX_STRIDE);
  return 1;
}

/* A relation parameter at the edge of its domain or just past it: fractions 0, 1 and beyond,
 * scales of zero, negative and power-of-two, a window of 0, 1 or longer than the data. */
static int mutate_parameter_edge(ProtobufCMessage *msg, mlf_rng *rng) {
  static const double fractions[] = {0.0, 1.0, 0.5, -0.25, 1.25, 0x1p-53, 1.0 - 0x1p-53};
  static const double scales[] = {0.0, -1.0, 2.0, 0.5, -0x1p30, 0x1p-30, 3.0};
  Mlf__SeriesCase *c = (Mlf__SeriesCase *)msg;
  switch (mlf_rng_below(rng, 3)) {
    case 0:
      c->has_fraction = 1;
      c->fraction = fractions[mlf_rng_below(rng, sizeof fractions / sizeof *fractions)];
      break;
    case 1:
      c->has_scale = 1;
      c->scale = scales[mlf_rng_below(rng, sizeof scales / sizeof *scales)];
      break;
    default:
      c->has_window = 1;
      c->window = (uint32_t)mlf_rng_below(rng, 3) == 0 ? c->length + 1 : (uint32_t)mlf_rng_below(rng, 4);
  }
  return 1;
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation). */
__attribute__((constructor)) static void register_series_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__series_case__descriptor;
  mlf_register_post_processor(d, post_process_series);
  mlf_register_domain_mutator(d, "series:edge-length", mutate_edge_length, 10);
  mlf_register_domain_mutator(d, "series:poke-special", mutate_poke_special, 10);
  mlf_register_domain_mutator(d, "series:poke-missing", mutate_poke_missing, 5);
  mlf_register_domain_mutator(d, "series:coupling", mutate_coupling, 6);
  mlf_register_domain_mutator(d, "series:shape", mutate_shape, 6);
  mlf_register_domain_mutator(d, "series:stride", mutate_stride, 5);
  mlf_register_domain_mutator(d, "series:parameter-edge", mutate_parameter_edge, 8);
}
