/* The inference differential: the C inference (forecast_infer) and oneDNN's LSTM primitive
 * on the same trained weights and scaled windows, each judged against the double reference
 * and its rigorous bound for the accuracy of its own sigmoid and tanh (forecast_reference.h). The one outside its bound is named: the
 * subject (an oracle or subject bug, ours) or oneDNN (a library finding). */
#ifndef FORECAST_INFERENCE_H
#define FORECAST_INFERENCE_H
#include <stddef.h>
#include "forecast_lstm.h"
#include "mlf_report.h"

/* Checks count windows x (count x T, scaled). packed: oneDNN reorders the weights into its
 * preferred layout. Findings: mlf:forecast_lstm:subject:inference:<kind> and
 * mlf:forecast_lstm:onednn:lstm:<kind>. Returns the worst error / bound ratio seen. */
double forecast_check_inference(const forecast_model *m, const float *x, size_t count,
                                int packed, mlf_run *run);
#endif
