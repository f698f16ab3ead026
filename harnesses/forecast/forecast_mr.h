/* Internals shared by the forecaster's relations (forecast_mr_*.c): a run of the subject
 * (train, then validate) and its outcome, series the relations build, the context a
 * relation reports through, and the comparisons and tolerances they share. */
#ifndef FORECAST_MR_H
#define FORECAST_MR_H
#include <stddef.h>
#include "forecast_lstm.h"
#include "forecast_reference.h"
#include "forecast_relations.h"

/* One run of the subject: training on a series, then validation on another. */
typedef struct {
  forecast_status status;       /* of training */
  forecast_status valid_status; /* of validation (FORECAST_BAD_PARAMS when not trained) */
  forecast_model model;         /* owned when status is FORECAST_OK */
  forecast_training training;
  forecast_validation validation;
} forecast_outcome;

void forecast_outcome_run(const forecast_series *train, const forecast_series *valid,
                          const forecast_params *p, forecast_outcome *out);
void forecast_outcome_free(forecast_outcome *o);

/* A series a relation owns (time may be NULL). */
typedef struct {
  double *value, *time;
  size_t n;
} forecast_buffer;

/* Room for n values (and stamps when with_time), uninitialised. 0, or -1 out of memory. */
int forecast_buffer_alloc(size_t n, int with_time, forecast_buffer *b);
/* Copies the first n values of s (n <= s->n) with their time stamps; stamps 0, 1, ... when
 * s has none and with_time is set. Returns 0, or -1 when out of memory. */
int forecast_buffer_copy(const forecast_series *s, size_t n, int with_time, forecast_buffer *b);
forecast_series forecast_buffer_series(const forecast_buffer *b);
void forecast_buffer_free(forecast_buffer *b);

/* Windows of the time-ordered values v (count of them) scaled by the documented formula
 * s = (x - min) / range with sc, rounded to float: inputs x (count x T), targets y (count x H).
 * The relations' own windowing, independent of the subject's. */
void forecast_mr_windows(const forecast_scaler *sc, const forecast_params *p, const double *v,
                         size_t count, float *x, float *y);

/* The values of s in time order (rows sorted by stamp; s must have valid, distinct stamps):
 * the relations' own ordering, independent of the subject's. */
void forecast_ordered(const forecast_series *s, double *out);

typedef struct {
  const forecast_series *train, *valid;
  const forecast_params *p;
  const forecast_relation_options *o;
  const forecast_outcome *source;
  const char *relation; /* the running relation's name */
  mlf_run *run;
  int violated;         /* set by forecast_mr_violation */
} forecast_mr_ctx;

/* Raises mlf:forecast_lstm:subject:<relation>:<kind> with the detail, and marks c violated. */
void forecast_mr_violation(forecast_mr_ctx *c, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Checks that a run the relation expected to succeed did; reports "<what>-failed". */
int forecast_mr_expect_ok(forecast_mr_ctx *c, const char *what, forecast_status st);

/* Bitwise equality of two doubles (the same NaN counts as equal). */
int forecast_same_bits(double a, double b);
/* got == want (the same infinity included: a de-scaled forecast may overflow), or within tol. */
int forecast_close(double got, double want, double tol);

/* Run b must equal run a bit for bit: statuses, window counts, losses (the training ones only
 * when with_training) and the first forecast. Reports <what>-differs. */
void forecast_mr_expect_identical(forecast_mr_ctx *c, const char *what, const forecast_outcome *a,
                                  const forecast_outcome *b, int with_training);

/* The largest difference two float inferences of model m may show on the scaled window x
 * (T values), per forecast value (H values into tol, scaled units): twice the rigorous bound
 * of forecast_reference.h, since each lies within it of the exact value. Returns 0, or -1 when
 * out of memory. */
int forecast_mr_inference_tolerance(const forecast_model *m, const float *x, double *tol);

/* The scaled windows (sc) of series s in time order, at most max_count of them: malloc'ed
 * inputs x (count x T) and targets y (count x H). Returns 0, or -1 when out of memory. */
int forecast_mr_series_windows(const forecast_series *s, const forecast_scaler *sc,
                               const forecast_params *p, size_t max_count, float **x, float **y,
                               size_t *count);

/* Mean squared error, in double, of the reference's forecasts r->out over the n targets y. */
double forecast_mr_squared_error(const forecast_reference *r, const float *y, size_t n);

/* Mean squared error of model m's forecasts on count scaled windows (x, y) by the double
 * reference (forecast_reference.h), and (bound may be NULL) how far the same mean computed in
 * double from any float inference within the reference's bound may lie from it.
 * Returns 0, or -1 when out of memory. */
int forecast_mr_reference_loss(const forecast_model *m, const float *x, const float *y,
                               size_t count, double *loss, double *bound);

/* Prediction interval at 99.9 % for one more run from n runs x (n >= 3): mean +- t(n-1)
 * sd sqrt(1 + 1/n), widened to at least floor. */
typedef struct {
  double mean, half;
} forecast_interval;
void forecast_interval_of(const double *x, size_t n, double floor, forecast_interval *iv);
int forecast_interval_contains(const forecast_interval *iv, double v);

/* MR-3 on training data s whose count windows form one batch: the model learns them. */
void forecast_mr_one_batch(forecast_mr_ctx *c, const forecast_series *s, size_t count);

/* The relations. */
void forecast_mr1_shift_scale(forecast_mr_ctx *c);
void forecast_mr2_validation_shift(forecast_mr_ctx *c);
void forecast_mr3_train_lengths(forecast_mr_ctx *c);
void forecast_mr4_valid_lengths(forecast_mr_ctx *c);
void forecast_mr5_time_order(forecast_mr_ctx *c);
void forecast_mr6_zero_range_train(forecast_mr_ctx *c);
void forecast_mr7_zero_range_valid(forecast_mr_ctx *c);
void forecast_mr8_time_steps(forecast_mr_ctx *c);
void forecast_mr9_robustness(forecast_mr_ctx *c);
void forecast_mr10_reference(forecast_mr_ctx *c);
void forecast_mr11_gradient(forecast_mr_ctx *c);
void forecast_mr12_initial_weights(forecast_mr_ctx *c);
#endif
