/* ForecastCase -> rows, parameters, relation (forecast_case.h). */
#include "forecast_case.h"
#include <stdlib.h>
#include <string.h>
#include "mlf_rng.h"
#include "mlf_series.h"

#define DEFAULT_LEARNING_RATE 0.1

/* The x series of sc (empty when sc is absent), as rows with stamps 0, 1, ... shuffled by
 * seed when stamped. */
static int make_rows(const Mlf__SeriesCase *sc, int stamped, uint64_t seed, double **value,
                     double **time, size_t *n) {
  mlf_series s = {0};
  Mlf__SeriesCase empty = MLF__SERIES_CASE__INIT;
  if (mlf_series_make(sc ? sc : &empty, &s) != 0) return -1;
  *n = s.n;
  *value = malloc((s.n ? s.n : 1) * sizeof(double));
  *time = stamped ? malloc((s.n ? s.n : 1) * sizeof(double)) : NULL;
  if (!*value || (stamped && !*time)) {
    mlf_series_free(&s);
    return -1;
  }
  memcpy(*value, s.v[MLF_SERIES_X], s.n * sizeof(double));
  mlf_series_free(&s);
  if (!stamped) return 0;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t i = 0; i < *n; i++) (*time)[i] = (double)i;
  for (size_t i = *n; i > 1; i--) {
    size_t j = (size_t)mlf_rng_below(&rng, i);
    double v = (*value)[i - 1], t = (*time)[i - 1];
    (*value)[i - 1] = (*value)[j], (*time)[i - 1] = (*time)[j];
    (*value)[j] = v, (*time)[j] = t;
  }
  return 0;
}

int forecast_case_make(const Mlf__Forecast__ForecastCase *c, forecast_case *fc) {
  memset(fc, 0, sizeof *fc);
  size_t n[2];
  const Mlf__SeriesCase *sc[2] = {c->train, c->valid};
  for (int k = 0; k < 2; k++)
    if (make_rows(sc[k], c->time_stamps, c->row_order_seed + (uint64_t)k, &fc->value[k],
                  &fc->time[k], &n[k]) != 0) {
      forecast_case_free(fc);
      return -1;
    }
  fc->train = (forecast_series){fc->value[0], fc->time[0], n[0]};
  fc->valid = (forecast_series){fc->value[1], fc->time[1], n[1]};
  fc->p = (forecast_params){c->time_steps, c->horizon, c->batch, c->hidden, c->epochs,
                            c->has_learning_rate ? c->learning_rate : DEFAULT_LEARNING_RATE,
                            c->seed};
  forecast_relation_options_default(&fc->o);
  if (c->has_scale_exponent) fc->o.scale_exponent = c->scale_exponent;
  if (c->has_scale) fc->o.scale = c->scale;
  if (c->has_shift) fc->o.shift = c->shift;
  if (c->has_interval_runs) fc->o.interval_runs = c->interval_runs;
  if (c->has_shuffle_seed) fc->o.shuffle_seed = c->shuffle_seed;
  if (c->has_constant) fc->o.constant = c->constant;
  if (c->has_epsilon) fc->o.epsilon = c->epsilon;
  if (c->has_attack_steps) fc->o.attack_steps = c->attack_steps;
  size_t r = (size_t)c->relation < forecast_relation_count() ? (size_t)c->relation : 0;
  fc->relation = forecast_relation_name(r);
  return 0;
}

void forecast_case_free(forecast_case *fc) {
  for (int k = 0; k < 2; k++) free(fc->value[k]), free(fc->time[k]);
  memset(fc, 0, sizeof *fc);
}
