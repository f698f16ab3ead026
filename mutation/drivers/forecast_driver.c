/* Mutation-score driver of the LSTM forecaster: runs the forecaster's relations
 * (harnesses/forecast/forecast_relations.h, MR-1..MR-9) on the linked forecast_lstm.c -- the
 * original or one of its mutants -- over a fixed set of series.
 * Oracle: every relation holds on every case (mutant_driver.h gives the verdict).
 *
 * The cases (values generated with mlf_rng from seed 100 + case index; validation data is
 * the continuation of the training data; small models so that a run stays short):
 *   seasonal  50 + 10 sin(2 pi t / 12) + 0.3 t + noise    40 train, 12 valid  T 4 H 2 B 4
 *   walk      random walk, time stamps given in reverse    29 train,  9 valid  T 3 H 1 B 5
 *   trend     -20 + 0.5 t + noise (negative values)        23 train,  8 valid  T 5 H 3 B 3
 * every case with 4 hidden units, 6 epochs, learning rate 0.05 and weight seed 7. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "forecast_relations.h"
#include "mlf_rng.h"
#include "mutant_driver.h"

enum { SEASONAL, WALK, TREND };

typedef struct {
  const char *name;
  int shape;
  size_t n_train, n_valid;
  int reversed_stamps; /* rows handed over newest first, with their time stamps */
  unsigned time_steps, horizon, batch;
} forecast_case;

static const forecast_case cases[] = {
    {"seasonal", SEASONAL, 40, 12, 0, 4, 2, 4},
    {"walk", WALK, 29, 9, 1, 3, 1, 5},
    {"trend", TREND, 23, 8, 0, 5, 3, 3},
};
#define CASES (sizeof cases / sizeof *cases)
#define MAX_VALUES 52

static double value_at(int shape, size_t t, double *walk, mlf_rng *r) {
  double noise = 2.0 * mlf_rng_unit(r) - 1.0;
  switch (shape) {
  case SEASONAL: return 50.0 + 10.0 * sin(2.0 * M_PI * (double)t / 12.0) + 0.3 * (double)t + noise;
  case WALK: return *walk += noise;
  default: return -20.0 + 0.5 * (double)t + 0.5 * noise;
  }
}

/* Runs the relations (those named by `only`, unless NULL) on case k; returns the number of
 * violations printed. */
static size_t run_case(size_t k, const char *only, mlf_run *run) {
  const forecast_case *c = &cases[k];
  size_t n = c->n_train + c->n_valid;
  double value[MAX_VALUES], stamp[MAX_VALUES], walk = 0.0;
  mlf_rng rng;
  mlf_rng_seed(&rng, 100 + k);
  for (size_t t = 0; t < n; t++) {
    size_t row = c->reversed_stamps ? (t < c->n_train ? c->n_train - 1 - t : n - 1 - (t - c->n_train)) : t;
    value[row] = value_at(c->shape, t, &walk, &rng);
    stamp[row] = (double)t;
  }
  const double *time = c->reversed_stamps ? stamp : NULL;
  forecast_series train = {value, time, c->n_train};
  forecast_series valid = {value + c->n_train, time ? time + c->n_train : NULL, c->n_valid};
  forecast_params p = {c->time_steps, c->horizon, c->batch, 4, 6, 0.05, 7};
  mlf_run_reset(run);
  forecast_check_relations(&train, &valid, &p, only, run);
  return mutant_print_violations(c->name, run);
}

int main(int argc, char **argv) {
  mutant_args args;
  if (!mutant_parse_args(argc, argv, &args)) return MUTANT_USAGE;
  if (args.list) {
    for (size_t i = 0; i < forecast_relation_count(); i++) puts(forecast_relation_name(i));
    return MUTANT_SURVIVED;
  }
  size_t i = 0;
  while (args.only && i < forecast_relation_count() && strcmp(forecast_relation_name(i), args.only))
    i++;
  if (args.only && i == forecast_relation_count()) {
    fprintf(stderr, "no relation named %s (--list-relations)\n", args.only);
    return MUTANT_USAGE;
  }
  static mlf_run run;
  size_t violations = 0;
  for (size_t k = 0; k < CASES; k++) violations += run_case(k, args.only, &run);
  return violations ? MUTANT_KILLED : MUTANT_SURVIVED;
}
