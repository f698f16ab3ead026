/* Double-precision reference of the forecaster's inference (the LSTM layer and the dense
 * head on the model's float weights) with a rigorous bound on how far any float
 * implementation of the same arithmetic may lie from it: the ground truth that the C
 * inference (forecast_infer) and oneDNN's LSTM primitive are both judged against. */
#ifndef FORECAST_REFERENCE_H
#define FORECAST_REFERENCE_H
#include <stddef.h>
#include "forecast_lstm.h"

/* Absolute error allowed to an implementation's sigmoid and tanh on float arguments: 2^-20,
 * 16 float ulps of 1. glibc's expf is within 1 ulp, and a sigmoid or tanh assembled from it
 * (forecast_lstm.c) within 4 ulps of 1; oneDNN's were measured within 1.6 ulps of 1 (its
 * reference and brgemm kernels, 10^6 arguments each; tests/forecast/test_forecast.c checks it). */
#define FORECAST_ACTIVATION_ERROR 0x1p-20

/* The accuracy granted to an implementation's sigmoid and tanh: |error| <= rel |value| + abs. */
typedef struct {
  double rel, abs;
} forecast_accuracy;

/* The C inference's (FORECAST_ACTIVATION_ERROR absolute: its tanh, 1 - 2 / (e^2a + 1), loses
 * relative accuracy near 0) and oneDNN's LSTM cells' (libraries/onednn/
 * mlf_onednn_rnn_accuracy.h, relative). */
extern const forecast_accuracy forecast_subject_accuracy, forecast_onednn_accuracy;

/* Per value: the reference in double and the bound on |float implementation - reference|. */
typedef struct {
  double *h, *h_err;     /* T x count x hidden: hidden state after each step (step-major) */
  double *c, *c_err;     /* T x count x hidden: cell state after each step */
  double *out, *out_err; /* count x horizon: scaled forecasts */
} forecast_reference;

/* Runs the reference on count scaled windows x (count x T), the bound for an implementation
 * of the given accuracy. Returns 0, or -1 when out of memory (r is then empty). */
int forecast_reference_run_for(const forecast_model *m, const float *x, size_t count,
                               forecast_accuracy accuracy, forecast_reference *r);
/* The same for the C inference (forecast_subject_accuracy). */
int forecast_reference_run(const forecast_model *m, const float *x, size_t count,
                           forecast_reference *r);
void forecast_reference_free(forecast_reference *r);
#endif
