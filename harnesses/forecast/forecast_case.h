/* A ForecastCase (proto/forecast.proto) made concrete: the training and validation rows
 * (generated series, shuffled with time stamps when the case asks), the hyperparameters and
 * the relation with its options. */
#ifndef FORECAST_CASE_H
#define FORECAST_CASE_H
#include "forecast.pb-c.h"
#include "forecast_lstm.h"
#include "forecast_relations.h"

typedef struct {
  double *value[2], *time[2]; /* 0 = training, 1 = validation (time NULL without stamps) */
  forecast_series train, valid;
  forecast_params p;
  forecast_relation_options o;
  const char *relation; /* the relation's name */
} forecast_case;

/* Builds fc from c (as the post-processor left it). Returns 0, or -1 when out of memory. */
int forecast_case_make(const Mlf__Forecast__ForecastCase *c, forecast_case *fc);
void forecast_case_free(forecast_case *fc);
#endif
