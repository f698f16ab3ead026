/* The relation suite's entry (forecast_relations.h): the status the subject must return on
 * the data, derived here independently of the subject; the source run; then each relation. */
#include "forecast_relations.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_mr.h"

static const struct {
  const char *name;
  void (*check)(forecast_mr_ctx *c);
} relations[] = {
    {"mr1-shift-scale", forecast_mr1_shift_scale},
    {"mr2-validation-shift", forecast_mr2_validation_shift},
    {"mr3-train-lengths", forecast_mr3_train_lengths},
    {"mr4-valid-lengths", forecast_mr4_valid_lengths},
    {"mr5-time-order", forecast_mr5_time_order},
    {"mr6-zero-range-train", forecast_mr6_zero_range_train},
    {"mr7-zero-range-valid", forecast_mr7_zero_range_valid},
    {"mr8-time-steps", forecast_mr8_time_steps},
    {"mr9-robustness", forecast_mr9_robustness},
    {"mr10-reference", forecast_mr10_reference},
    {"mr11-gradient", forecast_mr11_gradient},
    {"mr12-initial-weights", forecast_mr12_initial_weights},
};
#define N_RELATIONS (sizeof relations / sizeof *relations)

size_t forecast_relation_count(void) { return N_RELATIONS; }

const char *forecast_relation_name(size_t i) { return i < N_RELATIONS ? relations[i].name : NULL; }

void forecast_relation_options_default(forecast_relation_options *o) {
  *o = (forecast_relation_options){.scale_exponent = 3, .scale = 1.0, .shift = 0x1p10,
                                   .interval_runs = 5, .shuffle_seed = 1, .constant = NAN,
                                   .epsilon = 0x1p-7, .attack_steps = 5};
}

/* Options within the ranges the header states (defaults for the rest). */
static forecast_relation_options bounded(const forecast_relation_options *o) {
  forecast_relation_options d, b;
  forecast_relation_options_default(&d);
  if (!o) return d;
  b = *o;
  if (b.scale_exponent == 0 || b.scale_exponent > 1023 || b.scale_exponent < -1023)
    b.scale_exponent = d.scale_exponent;
  if (!(b.scale > 0) || !isfinite(b.scale)) b.scale = d.scale;
  if (!isfinite(b.shift)) b.shift = d.shift;
  if (b.interval_runs < 3 || b.interval_runs > 16) b.interval_runs = d.interval_runs;
  if (!(b.epsilon > 0 && b.epsilon <= 0.25)) b.epsilon = d.epsilon;
  if (b.attack_steps < 1 || b.attack_steps > 16) b.attack_steps = d.attack_steps;
  return b;
}

static int params_valid(const forecast_params *p) {
  return p->time_steps >= 1 && p->time_steps <= FORECAST_MAX_TIME_STEPS && p->horizon >= 1 &&
         p->horizon <= FORECAST_MAX_HORIZON && p->batch >= 1 && p->batch <= FORECAST_MAX_BATCH &&
         p->hidden >= 1 && p->hidden <= FORECAST_MAX_HIDDEN && p->epochs <= FORECAST_MAX_EPOCHS &&
         p->learning_rate > 0 && p->learning_rate <= 1;
}

/* Status of the rows of s apart from scaling: NaN or infinite values or stamps, then a
 * repeated stamp, then too few values for a window (the precedence forecast_lstm.h keeps). */
static forecast_status rows_status(const forecast_series *s, const forecast_params *p) {
  for (size_t i = 0; i < s->n; i++)
    if (!isfinite(s->value[i]) || (s->time && !isfinite(s->time[i]))) return FORECAST_NOT_FINITE;
  for (size_t i = 0; s->time && i < s->n; i++)
    for (size_t j = i + 1; j < s->n; j++)
      if (s->time[i] == s->time[j]) return FORECAST_DUPLICATE_TIME;
  return s->n < (size_t)p->time_steps + p->horizon ? FORECAST_TOO_SHORT : FORECAST_OK;
}

/* What training must return. */
static forecast_status expected_train_status(const forecast_series *train,
                                             const forecast_params *p) {
  if (!params_valid(p)) return FORECAST_BAD_PARAMS;
  if (train->n == 0) return FORECAST_TOO_SHORT;
  forecast_status st = rows_status(train, p);
  if (st == FORECAST_NOT_FINITE) return st;
  double lo = train->value[0], hi = lo;
  for (size_t i = 0; i < train->n; i++) lo = fmin(lo, train->value[i]), hi = fmax(hi, train->value[i]);
  return isfinite(hi - lo) ? st : FORECAST_NOT_FINITE;
}

/* What validation must return with the scaler of training data train. */
static forecast_status expected_valid_status(const forecast_series *train,
                                             const forecast_series *valid,
                                             const forecast_params *p) {
  forecast_status st = rows_status(valid, p);
  if (st != FORECAST_OK) return st;
  double lo = train->value[0], hi = lo;
  for (size_t i = 0; i < train->n; i++) lo = fmin(lo, train->value[i]), hi = fmax(hi, train->value[i]);
  double range = hi - lo > 0 ? hi - lo : 1.0;
  for (size_t i = 0; i < valid->n; i++)
    if (!(fabs((valid->value[i] - lo) / range) <= FLT_MAX)) return FORECAST_NOT_FINITE;
  return FORECAST_OK;
}

static void source_violation(forecast_mr_ctx *c, const char *kind, const char *what,
                             forecast_status got, forecast_status want) {
  c->relation = "source";
  forecast_mr_violation(c, kind, "%s returned %s, expected %s", what, forecast_status_name(got),
                        forecast_status_name(want));
}

/* Parameters just outside their limits must be refused with bad-params, whatever the data. */
static void check_refused_params(forecast_mr_ctx *c) {
  static const struct {
    const char *what;
    int field; /* 0 T, 1 H, 2 B, 3 hidden, 4 epochs, 5 learning rate */
    double value;
  } bad[] = {{"T = 0", 0, 0}, {"T above the limit", 0, FORECAST_MAX_TIME_STEPS + 1},
             {"H = 0", 1, 0}, {"H above the limit", 1, FORECAST_MAX_HORIZON + 1},
             {"B = 0", 2, 0}, {"B above the limit", 2, FORECAST_MAX_BATCH + 1},
             {"no hidden unit", 3, 0}, {"hidden above the limit", 3, FORECAST_MAX_HIDDEN + 1},
             {"epochs above the limit", 4, FORECAST_MAX_EPOCHS + 1},
             {"learning rate 0", 5, 0}, {"negative learning rate", 5, -0.5},
             {"learning rate above 1", 5, 1.5}, {"NaN learning rate", 5, NAN}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    forecast_params q = *c->p;
    unsigned *u[5] = {&q.time_steps, &q.horizon, &q.batch, &q.hidden, &q.epochs};
    if (bad[i].field < 5) *u[bad[i].field] = (unsigned)bad[i].value;
    else q.learning_rate = bad[i].value;
    forecast_model m;
    forecast_status st = forecast_train(c->train, &q, &m, NULL);
    if (st == FORECAST_OK) forecast_model_free(&m);
    if (st != FORECAST_BAD_PARAMS) {
      forecast_mr_violation(c, "bad-params-accepted", "%s: training returned %s, expected "
                            "bad-params", bad[i].what, forecast_status_name(st));
      return;
    }
  }
}

/* Parameters at their limits must be accepted: training on the first T + H values (one
 * window when there are enough) returns the status the data asks for, never bad-params. The
 * other sizes are 1 and one epoch (the least work: the limits are independent). */
static void check_limit_params(forecast_mr_ctx *c) {
  static const struct {
    const char *what;
    int field; /* as in check_refused_params */
    double value;
  } limit[] = {{"T = 1", 0, 1}, {"T at the limit", 0, FORECAST_MAX_TIME_STEPS},
               {"H = 1", 1, 1}, {"H at the limit", 1, FORECAST_MAX_HORIZON},
               {"B = 1", 2, 1}, {"B at the limit", 2, FORECAST_MAX_BATCH},
               {"one hidden unit", 3, 1}, {"hidden at the limit", 3, FORECAST_MAX_HIDDEN},
               {"epochs at the limit", 4, FORECAST_MAX_EPOCHS}, {"learning rate 1", 5, 1}};
  double *v = malloc(c->train->n * sizeof *v);
  if (!v) return;
  forecast_ordered(c->train, v);
  for (size_t i = 0; i < sizeof limit / sizeof *limit && !c->violated; i++) {
    forecast_params q = *c->p;
    q.time_steps = q.horizon = q.batch = q.hidden = q.epochs = 1;
    unsigned *u[5] = {&q.time_steps, &q.horizon, &q.batch, &q.hidden, &q.epochs};
    if (limit[i].field < 5) *u[limit[i].field] = (unsigned)limit[i].value;
    else q.learning_rate = limit[i].value;
    size_t span = (size_t)q.time_steps + q.horizon;
    forecast_series first = {v, NULL, c->train->n < span ? c->train->n : span};
    forecast_status want = expected_train_status(&first, &q);
    forecast_model m;
    forecast_status st = forecast_train(&first, &q, &m, NULL);
    if (st == FORECAST_OK) forecast_model_free(&m);
    if (st != want)
      forecast_mr_violation(c, "limit-params-refused", "%s on %zu values: training returned %s, "
                            "expected %s", limit[i].what, first.n, forecast_status_name(st),
                            forecast_status_name(want));
  }
  free(v);
}

/* Data training must refuse, on the first T + H training values in time order: a NaN or an
 * infinite last value, a range that overflows (-DBL_MAX .. DBL_MAX), one value too few, none
 * at all (in an allocation of its own, so that ASan sees a read of it). The status is the one
 * derived here; the model must be left empty (forecast_lstm.h). */
static void check_refused_data(forecast_mr_ctx *c) {
  size_t span = (size_t)c->p->time_steps + c->p->horizon;
  double *v = malloc(c->train->n * sizeof *v), *none = malloc(0);
  if (!v || !none) {
    free(v), free(none);
    return;
  }
  forecast_ordered(c->train, v);
  static const char *const what[] = {"a NaN", "an infinity", "a range past DBL_MAX",
                                     "one value too few", "no value"};
  for (size_t i = 0; i < sizeof what / sizeof *what && !c->violated; i++) {
    double first = v[0], last = v[span - 1];
    forecast_series s = {i == 4 ? none : v, NULL, i == 3 ? span - 1 : i == 4 ? 0 : span};
    if (i == 0) v[span - 1] = NAN;
    if (i == 1) v[span - 1] = INFINITY;
    if (i == 2) v[0] = -DBL_MAX, v[span - 1] = DBL_MAX;
    forecast_status want = expected_train_status(&s, c->p);
    forecast_model m;
    memset(&m, 0xa5, sizeof m); /* training must empty it, whatever it held */
    forecast_status st = forecast_train(&s, c->p, &m, NULL);
    v[0] = first, v[span - 1] = last;
    if (st == FORECAST_OK) forecast_model_free(&m);
    if (st != want)
      forecast_mr_violation(c, "refused-data", "%s: training returned %s, expected %s", what[i],
                            forecast_status_name(st), forecast_status_name(want));
    else if (m.param || m.n_param)
      forecast_mr_violation(c, "refused-data", "%s: training returned %s but left a model of %zu "
                            "parameters", what[i], forecast_status_name(st), m.n_param);
  }
  free(v), free(none);
}

/* Every status has a name of its own (findings and logs print them). */
static void check_status_names(forecast_mr_ctx *c) {
  for (int a = FORECAST_OK; a <= FORECAST_NO_MEMORY; a++) {
    const char *name = forecast_status_name((forecast_status)a);
    for (int b = FORECAST_OK; name && b < a; b++)
      if (strcmp(name, forecast_status_name((forecast_status)b)) == 0) name = NULL;
    if (!name || strcmp(name, "unknown") == 0) {
      forecast_mr_violation(c, "status-name", "status %d has no name of its own", a);
      return;
    }
  }
}

/* forecast_predict and forecast_validate must refuse, as not-finite, a window holding a NaN
 * or a value whose scaled float overflows (2^200 ranges above the minimum, or infinite); a
 * leak on that path shows under LeakSanitizer. */
static void check_unscalable_refused(forecast_mr_ctx *c) {
  const forecast_model *m = &c->source->model;
  size_t T = c->p->time_steps, span = T + c->p->horizon;
  double window[FORECAST_MAX_TIME_STEPS + FORECAST_MAX_HORIZON], out[FORECAST_MAX_HORIZON];
  const double bad[] = {NAN, m->scaler.min + m->scaler.range * 0x1p200};
  for (size_t i = 0; i < 2 * sizeof bad / sizeof *bad; i++) {
    for (size_t t = 0; t < span; t++) window[t] = m->scaler.min;
    window[T - 1] = bad[i / 2];
    forecast_validation v;
    forecast_series s = {window, NULL, span};
    forecast_status st = i % 2 ? forecast_validate(m, &s, &v) : forecast_predict(m, window, out);
    if (st != FORECAST_NOT_FINITE) {
      forecast_mr_violation(c, "unscalable-accepted", "%s of a window ending in %g returned %s, "
                            "expected not-finite", i % 2 ? "validation" : "prediction", bad[i / 2],
                            forecast_status_name(st));
      return;
    }
  }
}

/* The source run's own consistency: window and batch counts, finite non-negative losses,
 * the parameter limits (just outside refused, at them accepted), data training must refuse,
 * the statuses' names and the refusal of windows prediction and validation cannot scale. */
static void check_source(forecast_mr_ctx *c) {
  const forecast_outcome *s = c->source;
  const forecast_params *p = c->p;
  size_t windows = c->train->n - p->time_steps - p->horizon + 1;
  size_t vwindows = c->valid->n - p->time_steps - p->horizon + 1;
  c->relation = "source";
  if (s->training.windows != windows || s->training.batches != (windows + p->batch - 1) / p->batch)
    forecast_mr_violation(c, "window-count", "training: %zu windows in %zu batches, expected %zu "
                          "in %zu", s->training.windows, s->training.batches, windows,
                          (windows + p->batch - 1) / p->batch);
  if (s->validation.windows != vwindows)
    forecast_mr_violation(c, "window-count", "validation: %zu windows, expected %zu",
                          s->validation.windows, vwindows);
  if (!(s->training.loss >= 0 && s->training.initial_loss >= 0 && s->validation.loss >= 0) ||
      !isfinite(s->training.loss + s->training.initial_loss + s->validation.loss))
    forecast_mr_violation(c, "loss", "losses: training %g -> %g, validation %g",
                          s->training.initial_loss, s->training.loss, s->validation.loss);
  check_refused_params(c);
  check_limit_params(c);
  check_refused_data(c);
  check_status_names(c);
  check_unscalable_refused(c);
}

int forecast_check_relations_opts(const forecast_series *train, const forecast_series *valid,
                                  const forecast_params *p, const char *only,
                                  const forecast_relation_options *o, mlf_run *run) {
  forecast_relation_options opts = bounded(o);
  forecast_outcome source;
  forecast_outcome_run(train, valid, p, &source);
  forecast_mr_ctx c = {train, valid, p, &opts, &source, "source", run, 0};
  forecast_status want = expected_train_status(train, p);
  forecast_status want_valid =
      want == FORECAST_OK ? expected_valid_status(train, valid, p) : FORECAST_BAD_PARAMS;
  mlf_log(run, "source: training %s (expected %s), validation %s (expected %s), loss %.6g -> "
          "%.6g, validation loss %.6g, first forecast %.6g", forecast_status_name(source.status),
          forecast_status_name(want), forecast_status_name(source.valid_status),
          forecast_status_name(want_valid), source.training.initial_loss, source.training.loss,
          source.validation.loss, source.validation.first[0]);
  if (opts.source_hook)
    opts.source_hook(source.status, source.valid_status,
                     source.status == FORECAST_OK ? &source.model : NULL, opts.source_ctx);
  int violated = 0;
  if (source.status != want) {
    source_violation(&c, "train-status", "training", source.status, want);
  } else if (want == FORECAST_OK && source.valid_status != want_valid) {
    source_violation(&c, "validate-status", "validation", source.valid_status, want_valid);
  } else if (want == FORECAST_OK && want_valid == FORECAST_OK) {
    check_source(&c);
    violated += c.violated;
    for (size_t i = 0; i < N_RELATIONS; i++) {
      if (only && *only && strncmp(relations[i].name, only, strlen(only)) != 0) continue;
      c.relation = relations[i].name;
      c.violated = 0;
      relations[i].check(&c);
      if (!c.violated) mlf_log(run, "%s: holds", relations[i].name);
      violated += c.violated;
    }
    forecast_outcome_free(&source);
    return violated;
  }
  forecast_outcome_free(&source);
  return c.violated;
}

int forecast_check_relations(const forecast_series *train, const forecast_series *valid,
                             const forecast_params *p, const char *only, mlf_run *run) {
  return forecast_check_relations_opts(train, valid, p, only, NULL, run);
}
