/* MR-5: rows arrive in any order with their time stamps; the forecaster orders them by time.
 * Shuffling the training rows, or the validation rows, or dropping the stamps of rows that
 * are already in order, gives the same time-ordered data, and training is bit-deterministic:
 * every output must be bit-identical (tolerance 0; the paper's "approximately, subject to
 * default variation" for training came from its unseeded shuffling). A repeated stamp makes
 * the order undefined and must be refused with duplicate-time, a NaN stamp with not-finite. */
#include <math.h>
#include <stdlib.h>
#include "forecast_mr.h"
#include "mlf_rng.h"

/* Rows of s with stamps (0, 1, ... when s has none), permuted by the seed (never the
 * identity when there are two rows or more). */
static int shuffled(const forecast_series *s, uint64_t seed, forecast_buffer *b) {
  if (forecast_buffer_copy(s, s->n, 1, b) != 0) return -1;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  int moved = 0;
  for (size_t i = b->n; i > 1; i--) {
    size_t j = (size_t)mlf_rng_below(&rng, i);
    double v = b->value[i - 1], t = b->time[i - 1];
    b->value[i - 1] = b->value[j], b->time[i - 1] = b->time[j];
    b->value[j] = v, b->time[j] = t;
    moved |= j != i - 1;
  }
  if (!moved && b->n > 1) {
    double v = b->value[0], t = b->time[0];
    b->value[0] = b->value[1], b->time[0] = b->time[1];
    b->value[1] = v, b->time[1] = t;
  }
  return 0;
}

static void shuffled_training(forecast_mr_ctx *c) {
  forecast_buffer b;
  if (shuffled(c->train, c->o->shuffle_seed, &b) != 0) return;
  forecast_series s = forecast_buffer_series(&b);
  forecast_outcome f;
  forecast_outcome_run(&s, c->valid, c->p, &f);
  forecast_mr_expect_identical(c, "shuffled-training", c->source, &f, 1);
  forecast_outcome_free(&f);
  forecast_buffer_free(&b);
}

static void shuffled_validation(forecast_mr_ctx *c) {
  forecast_buffer b;
  if (shuffled(c->valid, c->o->shuffle_seed + 1, &b) != 0) return;
  forecast_series s = forecast_buffer_series(&b);
  forecast_outcome f = *c->source; /* the same model; only the validation runs again */
  f.valid_status = forecast_validate(&c->source->model, &s, &f.validation);
  forecast_mr_expect_identical(c, "shuffled-validation", c->source, &f, 0);
  forecast_buffer_free(&b);
}

/* Stamped source rows, time-ordered and without stamps, must train the same model. */
static void stamps_dropped(forecast_mr_ctx *c) {
  forecast_buffer b;
  if (forecast_buffer_copy(c->train, c->train->n, 0, &b) != 0) return;
  forecast_ordered(c->train, b.value);
  free(b.time);
  b.time = NULL;
  forecast_series s = forecast_buffer_series(&b);
  forecast_outcome f;
  forecast_outcome_run(&s, c->valid, c->p, &f);
  forecast_mr_expect_identical(c, "stamps-dropped", c->source, &f, 1);
  forecast_outcome_free(&f);
  forecast_buffer_free(&b);
}

/* Row 1 takes row 0's stamp (or a NaN stamp): training and validation must refuse the
 * rows with duplicate-time (not-finite). */
static void bad_stamp(forecast_mr_ctx *c, const forecast_series *s, int training, int nan) {
  forecast_buffer b;
  if (s->n < 2 || forecast_buffer_copy(s, s->n, 1, &b) != 0) return;
  b.time[1] = nan ? NAN : b.time[0];
  forecast_status want = nan ? FORECAST_NOT_FINITE : FORECAST_DUPLICATE_TIME;
  forecast_series d = forecast_buffer_series(&b);
  forecast_model m;
  forecast_validation v;
  forecast_status st = training ? forecast_train(&d, c->p, &m, NULL)
                                : forecast_validate(&c->source->model, &d, &v);
  if (training && st == FORECAST_OK) forecast_model_free(&m);
  if (st != want)
    forecast_mr_violation(c, nan ? "nan-time-accepted" : "duplicate-time-accepted",
                          "%s rows with a %s stamp returned %s, expected %s",
                          training ? "training" : "validation", nan ? "NaN" : "repeated",
                          forecast_status_name(st), forecast_status_name(want));
  forecast_buffer_free(&b);
}

void forecast_mr5_time_order(forecast_mr_ctx *c) {
  shuffled_training(c);
  if (!c->violated) shuffled_validation(c);
  if (!c->violated && c->train->time) stamps_dropped(c);
  for (int nan = 0; nan < 2; nan++) {
    if (!c->violated) bad_stamp(c, c->train, 1, nan);
    if (!c->violated) bad_stamp(c, c->valid, 0, nan);
  }
}
