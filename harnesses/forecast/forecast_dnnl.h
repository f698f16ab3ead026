/* The forecaster's LSTM layer through oneDNN 2.6.3's LSTM primitive (C API, forward
 * inference, f32, one thread) with the model's trained weights: the second implementation
 * of the inference, compared with the C one (forecast_infer) against the double reference. */
#ifndef FORECAST_DNNL_H
#define FORECAST_DNNL_H
#include <stddef.h>
#include "forecast_lstm.h"
#include "libraries/onednn/mlf_onednn_session.h" /* open the session (mlf_onednn_open) first */

/* Runs the LSTM layer on count scaled windows x (count x T): h receives the hidden state of
 * every step (T x count x hidden, step-major: oneDNN's tnc), c_last the last cell state
 * (count x hidden). any_weights: the weights go through oneDNN's reorder into the layout it
 * prefers (its optimised kernels) instead of plain ldigo (its reference kernel). *impl names
 * the implementation oneDNN chose. Returns 0, or oneDNN's
 * status (a dnnl_status_t) when it refuses or fails. */
int forecast_dnnl_lstm(const forecast_model *m, const float *x, size_t count, int any_weights,
                       float *h, float *c_last, const char **impl);
#endif
