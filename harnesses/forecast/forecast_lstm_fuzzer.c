/* An LSTM forecaster (forecast_lstm.h) whose matrix work runs on the instrumented OpenBLAS
 * (cblas_sgemm, saxpy, snrm2), and oneDNN 2.6.3's LSTM primitive (forward inference, plain
 * or reordered weights) on the same trained weights.
 * Oracle: the relation the message names (forecast_relations.h: MR-1..MR-9 of the paper,
 * corrected, and MR-10..MR-12: the forward pass and the training step against the double
 * reference, the initial weights; exact where training is bit-deterministic, rounding-bounded
 * or a seed prediction interval otherwise); the status the data call for (a clear error on NaN,
 * too-short data, bad parameters, repeated stamps; never a crash); and the C inference and
 * oneDNN's each within a rigorous forward-error bound of a double reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "forecast.pb-c.h"
#include "forecast_case.h"
#include "forecast_dnnl.h"
#include "forecast_inference.h"
#include "mlf_feedback.h"
#include "mlf_target.h"

/* Windows handed to the inference differential: every validation window up to this many. */
#define MAX_INFERENCE_WINDOWS 64

static char dnnl_identity[160];

static void forecast_init(void) {
  if (mlf_onednn_open(dnnl_identity, sizeof dnnl_identity) != 0) {
    fprintf(stderr, "forecast_lstm: %s\n", dnnl_identity);
    exit(1);
  }
  if (getenv("MLF_VERBOSE")) fprintf(stderr, "forecast_lstm: %s\n", dnnl_identity);
}

typedef struct {
  const forecast_case *fc;
  int packed;
  mlf_run *run;
} source_ctx;

/* The inference differential on the source model's validation windows. */
static void check_source_model(forecast_status train, forecast_status valid,
                               const forecast_model *m, void *ctx_) {
  source_ctx *ctx = ctx_;
  mlf_feedback_hit(mlf_feature("forecast-status", (uint32_t)train, (uint32_t)valid));
  if (!m || valid != FORECAST_OK) return;
  size_t T = m->p.time_steps, H = m->p.horizon;
  size_t count = forecast_window_count(ctx->fc->valid.n, &m->p);
  float *x = malloc(count * T * sizeof(float)), *y = malloc(count * H * sizeof(float));
  if (x && y && forecast_windows(&ctx->fc->valid, &m->scaler, &m->p, x, y) == FORECAST_OK) {
    double worst = forecast_check_inference(
        m, x, count < MAX_INFERENCE_WINDOWS ? count : MAX_INFERENCE_WINDOWS, ctx->packed, ctx->run);
    /* How close to its bound an implementation came, in halvings: a new bucket is progress. */
    uint32_t closeness = worst > 0 ? (uint32_t)(40 + fmax(-40, fmin(10, log2(worst)))) : 0;
    mlf_feedback_hit(mlf_feature("forecast-inference", (uint32_t)ctx->packed, closeness));
  }
  free(x), free(y);
}

static void forecast_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Forecast__ForecastCase *c = (const Mlf__Forecast__ForecastCase *)msg;
  forecast_case fc;
  if (forecast_case_make(c, &fc) != 0) {
    mlf_log(run, "out of memory building the series");
    return;
  }
  source_ctx ctx = {&fc, c->dnnl_packed_weights, run};
  fc.o.source_hook = check_source_model;
  fc.o.source_ctx = &ctx;
  mlf_log(run, "%s; T=%u H=%u B=%u hidden=%u epochs=%u lr=%g seed=%llu; %zu training, %zu "
          "validation values%s", dnnl_identity, fc.p.time_steps, fc.p.horizon, fc.p.batch,
          fc.p.hidden, fc.p.epochs, fc.p.learning_rate, (unsigned long long)fc.p.seed,
          fc.train.n, fc.valid.n, fc.train.time ? ", shuffled rows with stamps" : "");
  int violated = forecast_check_relations_opts(&fc.train, &fc.valid, &fc.p, fc.relation, &fc.o, run);
  mlf_feedback_hit(mlf_feature(fc.relation, (uint32_t)violated, 0));
  forecast_case_free(&fc);
}

MLF_TARGET(forecast_lstm, mlf__forecast__forecast_case__descriptor, forecast_init, forecast_run)
