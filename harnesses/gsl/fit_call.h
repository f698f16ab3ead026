/* One call of a gsl_fit function on guard-page copies of the data at given strides (NaN
 * sentinels between the elements), outputs into a guard buffer, GSL's error handler captured.
 * gsl_fit_linear_est is called by the relations directly. */
#ifndef FIT_CALL_H
#define FIT_CALL_H
#include <stddef.h>
#include "fit_model.h"
#include "mlf_capture.h"
#include "mlf_guard.h"

typedef struct {
  double out[FIT_OUT_COUNT]; /* NaN where the function has no such output */
  int status;
  size_t errors;
  mlf_error_record first;
} fit_result;

/* Strides of x, y, w (0 allowed: outside the domain, one element is addressed then). */
typedef struct {
  size_t x, y, w;
} fit_strides;

/* Calls the gsl_fit function of k under the watchdog (mlf_watchdog.h): one that hangs is
 * abandoned (status -1) and the input's finding is mlf:gsl_fit:<function>:hang. */
void fit_call(fit_kind k, const fit_data *d, fit_strides s, mlf_guard_side side, fit_result *r);

/* 1 when two results agree bit for bit in every output the kind defines. */
int fit_same_bits(fit_kind k, const fit_result *a, const fit_result *b);
#endif
