/* ForecastCase post-processor and domain mutators. The post-processor bounds the work so one
 * input runs in a few tens of milliseconds: series lengths (96 training, 48 validation
 * values), T <= 12, H <= 4, B <= 32, hidden <= 8, epochs <= 12 and at most WORK_MAX
 * unit-steps of training per epoch budget, at most 5 seed runs for a prediction interval;
 * numbers are kept finite. Zero and out-of-range hyperparameters stay possible: the
 * forecaster must refuse them with a clear status. It leaves a valid message unchanged. The
 * SeriesCase inside gets its own post-processor and mutators (mutators/common/mlf_series_mutators.c).
 * Domain mutators: a series length at a window or batch boundary (T+H-1, T+H, B+T+H-2,
 * B+T+H-1, B+T+H), a hyperparameter at an edge, another relation, a special or missing
 * value where a window starts or ends, stamped and shuffled rows. */
#include <math.h>
#include <stdlib.h>
#include "mlf_special_number.h"
#include "forecast.pb-c.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"

#define MAX_TRAIN 96
#define MAX_VALID 48
#define MAX_T 12
#define MAX_H 4
#define MAX_B 32
#define MAX_HIDDEN 8
#define MAX_EPOCHS 12
/* Training work per input in window x step x unit x epoch: about 5 ms under ASan. */
#define WORK_MAX 16000
#define MAX_INTERVAL_RUNS 5
#define MAX_ATTACK_STEPS 8
#define PARAM_MAX 0x1p40
#define MAX_SCALE_EXPONENT 1023 /* as forecast_relations.h states */
#define PLAIN_PARAM_MAX 0x1p20

typedef Mlf__Forecast__ForecastCase forecast_msg;

static double finite_or(double v, double fallback) { return isfinite(v) ? v : fallback; }

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static void bound_length(Mlf__SeriesCase *s, uint32_t max) {
  if (s && s->length > max) s->has_length = 1, s->length %= max + 1;
}

static void bound_uint(uint32_t *v, protobuf_c_boolean *has, uint32_t max) {
  if (*v > max) *has = 1, *v %= max + 1;
}

/* Epochs within the work budget for the training series' windows. */
static void bound_work(forecast_msg *c) {
  uint32_t n = c->train ? c->train->length : 0, span = c->time_steps + c->horizon;
  uint64_t windows = n >= span ? n - span + 1 : 0;
  uint64_t per_epoch = windows * (c->time_steps ? c->time_steps : 1) * (c->hidden ? c->hidden : 1);
  if (per_epoch && (uint64_t)c->epochs * per_epoch > WORK_MAX)
    c->has_epochs = 1, c->epochs = (uint32_t)(WORK_MAX / per_epoch);
}

static void bound_forecast(forecast_msg *c) {
  double param_max = mlf_no_specials_enabled() ? PLAIN_PARAM_MAX : PARAM_MAX;
  bound_length(c->train, MAX_TRAIN);
  bound_length(c->valid, MAX_VALID);
  bound_uint(&c->time_steps, &c->has_time_steps, MAX_T);
  bound_uint(&c->horizon, &c->has_horizon, MAX_H);
  bound_uint(&c->batch, &c->has_batch, MAX_B);
  bound_uint(&c->hidden, &c->has_hidden, MAX_HIDDEN);
  bound_uint(&c->epochs, &c->has_epochs, MAX_EPOCHS);
  bound_work(c);
  c->learning_rate = clamp(finite_or(c->learning_rate, 0.1), -1.0, 2.0);
  /* mr1's 2^e over double's whole exponent range: the relation itself skips a scaling that
   * leaves [2^-500, 2^500] (forecast_mr_shift_scale.c), so the training stays bounded */
  if (c->scale_exponent > MAX_SCALE_EXPONENT || c->scale_exponent < -MAX_SCALE_EXPONENT)
    c->scale_exponent %= MAX_SCALE_EXPONENT + 1;
  c->scale = clamp(finite_or(c->scale, 1.0), -param_max, param_max);
  c->shift = clamp(finite_or(c->shift, 0.0), -param_max, param_max);
  c->constant = clamp(finite_or(c->constant, 0.0), -param_max, param_max);
  c->epsilon = clamp(finite_or(c->epsilon, 0x1p-7), -1.0, 1.0);
  if (c->interval_runs > MAX_INTERVAL_RUNS) c->interval_runs = 3 + c->interval_runs % 3;
  bound_uint(&c->attack_steps, &c->has_attack_steps, MAX_ATTACK_STEPS);
}

static void post_process_forecast(ProtobufCMessage *msg) { bound_forecast((forecast_msg *)msg); }

static Mlf__SeriesCase *series_of(forecast_msg *c, int valid) {
  Mlf__SeriesCase **s = valid ? &c->valid : &c->train;
  if (!*s) {
    *s = malloc(sizeof **s);
    if (!*s) abort();
    mlf__series_case__init(*s);
  }
  return *s;
}

/* A series length where the window or batch count changes. */
static int mutate_batch_boundary(ProtobufCMessage *msg, mlf_rng *rng) {
  forecast_msg *c = (forecast_msg *)msg;
  int64_t span = (int64_t)c->time_steps + c->horizon, B = c->batch;
  int64_t lengths[] = {span - 2, span - 1, span, span + 1, B + span - 2, B + span - 1, B + span};
  int64_t n = lengths[mlf_rng_below(rng, sizeof lengths / sizeof *lengths)];
  Mlf__SeriesCase *s = series_of(c, mlf_rng_chance(rng, 50));
  s->has_length = 1;
  s->length = n > 0 ? (uint32_t)n : 0;
  bound_forecast(c);
  return 1;
}

/* T, H or B at an edge: zero (refused), one, two, one more or less, the largest. */
static int mutate_hyperparameter_edge(ProtobufCMessage *msg, mlf_rng *rng) {
  forecast_msg *c = (forecast_msg *)msg;
  uint32_t *v[3] = {&c->time_steps, &c->horizon, &c->batch};
  protobuf_c_boolean *has[3] = {&c->has_time_steps, &c->has_horizon, &c->has_batch};
  uint32_t max[3] = {MAX_T, MAX_H, MAX_B};
  size_t k = (size_t)mlf_rng_below(rng, 3);
  uint32_t edges[] = {0, 1, 2, *v[k] + 1, *v[k] ? *v[k] - 1 : 0, max[k]};
  *has[k] = 1;
  *v[k] = edges[mlf_rng_below(rng, sizeof edges / sizeof *edges)];
  bound_forecast(c);
  return 1;
}

static int mutate_relation(ProtobufCMessage *msg, mlf_rng *rng) {
  forecast_msg *c = (forecast_msg *)msg;
  c->has_relation = 1;
  c->relation = (Mlf__Forecast__ForecastCase__Relation)mlf_rng_below(rng, 12);
  return 1;
}

/* A special (or missing) value at the first or last training value or the first
 * validation value, where windows begin and end. */
static int mutate_special_at_edge(ProtobufCMessage *msg, mlf_rng *rng) {
  forecast_msg *c = (forecast_msg *)msg;
  int valid = mlf_rng_chance(rng, 35);
  Mlf__SeriesCase *s = series_of(c, valid);
  if (s->n_pokes >= 16) return 0;
  Mlf__SeriesPoke **pokes = realloc(s->pokes, (s->n_pokes + 1) * sizeof *pokes);
  Mlf__SeriesPoke *p = malloc(sizeof *p);
  if (!pokes || !p) abort();
  s->pokes = pokes;
  mlf__series_poke__init(p);
  p->has_index = 1;
  p->index = valid || mlf_rng_chance(rng, 50) ? 0 : (s->length ? s->length - 1 : 0);
  if (mlf_rng_chance(rng, 20)) p->has_missing = 1, p->missing = 1;
  else mlf_set_special(&p->value, rng);
  s->pokes[s->n_pokes++] = p;
  return 1;
}

static int mutate_row_order(ProtobufCMessage *msg, mlf_rng *rng) {
  forecast_msg *c = (forecast_msg *)msg;
  c->has_time_stamps = 1, c->time_stamps = !c->time_stamps || mlf_rng_chance(rng, 50);
  c->has_row_order_seed = 1, c->row_order_seed = mlf_rng_next(rng);
  return 1;
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation). */
__attribute__((constructor)) static void register_forecast_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__forecast__forecast_case__descriptor;
  mlf_register_post_processor(d, post_process_forecast);
  mlf_register_domain_mutator(d, "forecast:batch-boundary", mutate_batch_boundary, 12);
  mlf_register_domain_mutator(d, "forecast:hyperparameter-edge", mutate_hyperparameter_edge, 8);
  mlf_register_domain_mutator(d, "forecast:relation", mutate_relation, 10);
  mlf_register_domain_mutator(d, "forecast:special-at-edge", mutate_special_at_edge, 6);
  mlf_register_domain_mutator(d, "forecast:row-order", mutate_row_order, 4);
}
