/* The LSTM forecaster: the reference subject of the metamorphic relations
 * (forecast_relations.h), after the sales forecaster of the paper
 * (../shared/papers/metamorphic-forecaster-met19.txt, Section III).
 *
 * Data: rows (time stamp, value); rows are sorted by time first. Sliding windows: window w
 * takes the values w .. w+T-1 as input and w+T .. w+T+H-1 as target, so n values give
 * n - T - H + 1 windows (none when n < T + H: FORECAST_TOO_SHORT). Values are min-max scaled
 * with the minimum and range of the TRAINING data only: s = (x - min) / range; training data
 * of zero range scale with range 1 (s = x - min, all zero), a documented choice that keeps
 * every value finite. Model: one LSTM layer (gates i, f, g, o), then a dense layer from the
 * last hidden state to the H scaled forecasts. Training: mini-batches of B windows in an
 * order shuffled per epoch, backpropagation through time of the batch's mean squared error,
 * plain SGD with the gradient clipped to norm 1. Everything random comes from the seed
 * (mlf_rng.h), so training is bit-deterministic. Forecasts are de-scaled: x = s * range + min.
 *
 * forecast_lstm.c is self-contained apart from the BLAS (forecast_blas.h) so that the
 * mutation-score evaluation can replace it by a mutant. */
#ifndef FORECAST_LSTM_H
#define FORECAST_LSTM_H
#include <stddef.h>
#include <stdint.h>

/* Limits of the parameters the forecaster accepts (FORECAST_BAD_PARAMS beyond them). */
#define FORECAST_MAX_TIME_STEPS 64
#define FORECAST_MAX_HORIZON 16
#define FORECAST_MAX_BATCH 256
#define FORECAST_MAX_HIDDEN 32
#define FORECAST_MAX_EPOCHS 1000

typedef struct {
  const double *value; /* n observations */
  const double *time;  /* their time stamps, or NULL: the rows are in time order */
  size_t n;
} forecast_series;

typedef struct {
  unsigned time_steps;  /* T: values in a window's input */
  unsigned horizon;     /* H: values forecast from a window */
  unsigned batch;       /* B: windows per gradient step */
  unsigned hidden;      /* LSTM units */
  unsigned epochs;      /* passes over the training windows (0: the initial weights) */
  double learning_rate; /* SGD step, > 0 and at most 1 */
  uint64_t seed;        /* weight initialisation and window order */
} forecast_params;

typedef enum {
  FORECAST_OK = 0,
  FORECAST_TOO_SHORT,      /* fewer than T + H values: no window */
  FORECAST_BAD_PARAMS,     /* a parameter is zero or beyond its limit */
  FORECAST_NOT_FINITE,     /* a value or time stamp is NaN or infinite, the range or a scaled
                              value overflows, or training produced a non-finite loss */
  FORECAST_DUPLICATE_TIME, /* two rows share a time stamp: their order is undefined */
  FORECAST_NO_MEMORY
} forecast_status;

const char *forecast_status_name(forecast_status s);

typedef struct {
  double min, range; /* s = (x - min) / range; range is 1 for zero-range training data */
} forecast_scaler;

/* A trained model. The parameters are one float array in the order w, b, wd, bd:
 *   w:  (1 + hidden) x (4 hidden), row-major; row 0 multiplies the input value, rows 1..hidden
 *       the previous hidden state; column g * hidden + j is unit j of gate g (0 i, 1 f, 2 g,
 *       3 o), so w[input][gate][unit] is oneDNN's ldigo layout with L = D = 1;
 *   b:  4 hidden (gate-major, like the columns of w);
 *   wd: hidden x horizon, row-major;   bd: horizon. */
typedef struct {
  forecast_params p;
  forecast_scaler scaler;
  float *param;         /* all of them (owned) */
  size_t n_param;
  float *w, *b, *wd, *bd; /* views into param */
} forecast_model;

typedef struct {
  size_t windows;      /* training windows */
  size_t batches;      /* gradient steps per epoch */
  double initial_loss; /* mean squared error (scaled units) over all windows, initial weights */
  double loss;         /* the same after training */
} forecast_training;

typedef struct {
  size_t windows;                     /* validation windows */
  double loss;                        /* mean squared error (scaled units) over them */
  double first[FORECAST_MAX_HORIZON]; /* de-scaled forecast of the first window (H values) */
} forecast_validation;

/* Number of windows n values give: n - T - H + 1, or 0 when n < T + H. */
size_t forecast_window_count(size_t n, const forecast_params *p);

/* FORECAST_OK when p is within the limits above. */
forecast_status forecast_check_params(const forecast_params *p);

/* Minimum and range of s's values (zero range gives range 1). */
forecast_status forecast_fit_scaler(const forecast_series *s, forecast_scaler *sc);
double forecast_scale(const forecast_scaler *sc, double x);
double forecast_descale(const forecast_scaler *sc, double s);

/* The windows of s, in time order, scaled with sc: inputs (count x T floats, row per window)
 * and targets (count x H); both hold forecast_window_count(s->n, p) rows. */
forecast_status forecast_windows(const forecast_series *s, const forecast_scaler *sc,
                                 const forecast_params *p, float *inputs, float *targets);

/* Fits the scaler on train, initialises the weights from p->seed and trains. On success m
 * owns its parameters (forecast_model_free); on failure m is empty. t may be NULL. */
forecast_status forecast_train(const forecast_series *train, const forecast_params *p,
                               forecast_model *m, forecast_training *t);
void forecast_model_free(forecast_model *m);

/* Loss over the windows of valid (scaled with the model's training scaler) and the
 * de-scaled forecast of its first window. */
forecast_status forecast_validate(const forecast_model *m, const forecast_series *valid,
                                  forecast_validation *v);

/* Scaled forecasts (count x H) and last hidden states (count x hidden; may be NULL) of count
 * scaled input windows (count x T): the model's inference. */
forecast_status forecast_infer(const forecast_model *m, const float *inputs, size_t count,
                               float *hidden_last, float *out);

/* De-scaled forecast (H values) of one window of T values in original units, time order. */
forecast_status forecast_predict(const forecast_model *m, const double *window, double *out);

/* Derivative of forecast value k of the window with respect to each of its T values
 * (backpropagation through time; scaling cancels, so it holds in original and scaled units). */
forecast_status forecast_input_gradient(const forecast_model *m, const double *window,
                                        unsigned k, double *grad);
#endif
