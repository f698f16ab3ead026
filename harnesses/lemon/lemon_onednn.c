/* The oneDNN 2.6 C API as a LEMON backend (lemon_backend.h): one CPU engine and stream, the
 * model run layer by layer, each layer by one or a few primitives executed at once into the
 * caller's output buffer. The oracle (in the harness) compares the outputs with the
 * double-precision reference. Layers map to: DENSE inner product (rank 1) or matmul;
 * convolutions direct (deconvolution, grouped for depthwise) with layouts of oneDNN's
 * choice; pooling; batch/layer normalization; LRN; softmax v2; binary; concat; reorder
 * (FLATTEN); resampling; reduction; vanilla LSTM/GRU/RNN. Activations are eltwise post-ops
 * where the primitive accepts them, a separate eltwise primitive otherwise. The session
 * (engine, stream, one OpenMP thread) is the process's (libraries/onednn); oneDNN's primitive
 * cache is off (see onednn_init) and the backend keeps each variant's descriptors and
 * primitives across inputs itself (lemon_onednn_cache.h). */
#include <stdio.h>
#include <string.h>
#include <oneapi/dnnl/dnnl_debug.h>
#include "lemon_onednn_internal.h"
#include "mlf_guard.h"

static int onednn_init(char *identity, size_t len) {
  /* oneDNN 2.6.3's iterator looks each position up in the primitive cache and, on a hit,
   * does not advance past the implementation it found: once a primitive of an op
   * descriptor exists, iterating that descriptor again repeats implementations and never
   * reaches the later ones. Without the cache every variant gets its own implementation. */
  dnnl_set_primitive_cache_capacity(0);
  return mlf_onednn_open(identity, len);
}

/* Runs layer c->l by its kind. */
static void run_layer(onednn_ctx *c) {
  switch (c->l->kind) {
    case MLF__LEMON__LAYER_KIND__DENSE: onednn_dense(c); break;
    case MLF__LEMON__LAYER_KIND__CONV2D:
    case MLF__LEMON__LAYER_KIND__DEPTHWISE_CONV2D:
    case MLF__LEMON__LAYER_KIND__DECONV2D: onednn_conv(c); break;
    case MLF__LEMON__LAYER_KIND__MAX_POOL2D:
    case MLF__LEMON__LAYER_KIND__AVG_POOL2D:
    case MLF__LEMON__LAYER_KIND__GLOBAL_AVG_POOL2D: onednn_pool(c); break;
    case MLF__LEMON__LAYER_KIND__BATCH_NORM:
    case MLF__LEMON__LAYER_KIND__LAYER_NORM: onednn_norm(c); break;
    case MLF__LEMON__LAYER_KIND__LRN: onednn_lrn(c); break;
    case MLF__LEMON__LAYER_KIND__ACTIVATION:
      if (c->act_pending) onednn_eltwise(c, c->in[0], c->out);
      else onednn_copy(c);
      c->act_pending = 0;
      break;
    case MLF__LEMON__LAYER_KIND__SOFTMAX:
    case MLF__LEMON__LAYER_KIND__LOG_SOFTMAX: onednn_softmax(c); break;
    case MLF__LEMON__LAYER_KIND__ADD:
    case MLF__LEMON__LAYER_KIND__MULTIPLY:
    case MLF__LEMON__LAYER_KIND__MAXIMUM: onednn_binary(c); break;
    case MLF__LEMON__LAYER_KIND__CONCAT: onednn_concat(c); break;
    case MLF__LEMON__LAYER_KIND__FLATTEN: onednn_copy(c); break;
    case MLF__LEMON__LAYER_KIND__RESIZE: onednn_resize(c); break;
    case MLF__LEMON__LAYER_KIND__REDUCE_MEAN: onednn_reduce_mean(c); break;
    case MLF__LEMON__LAYER_KIND__LSTM:
    case MLF__LEMON__LAYER_KIND__GRU:
    case MLF__LEMON__LAYER_KIND__SIMPLE_RNN: onednn_rnn(c); break;
    default: onednn_check(c, dnnl_unimplemented, "unknown layer kind"); return;
  }
  onednn_finish_activation(c);
}

static lemon_status onednn_run(const lemon_graph *g, unsigned variant, float *const *outputs,
                               lemon_run_info *info) {
  memset(info, 0, sizeof *info);
  if (!mlf_onednn_stream) {
    snprintf(info->why, sizeof info->why, "oneDNN backend not initialised");
    return LEMON_FAILED;
  }
  onednn_ctx c = {.g = g, .variant = variant, .info = info, .outputs = outputs};
  size_t n_in = onednn_count(&g->input, g->batch);
  float *input = mlf_guard_alloc(n_in * sizeof(float), sizeof(float), MLF_GUARD_TAIL, "input");
  memcpy(input, g->input_data, n_in * sizeof(float));
  mlf_guard_set_readonly(input, 1);
  c.model_input = input;
  for (size_t i = 0; i < g->n_layers && onednn_fine(&c); i++) {
    c.layer = i;
    c.l = &g->layers[i];
    for (uint32_t k = 0; k < c.l->geo.n_inputs; k++)
      c.in[k] = LEMON_REF_DATA(g, c.model_input, outputs, c.l->geo.inputs[k]);
    c.out = outputs[i];
    dnnl_alg_kind_t alg;
    float alpha, beta;
    c.act_pending = onednn_eltwise_alg(c.l->act, c.l->act_alpha, c.l->act_beta, &alg, &alpha, &beta);
    run_layer(&c);
    onednn_release(&c);
  }
  mlf_guard_set_readonly(input, 0);
  mlf_guard_free(input);
  if (onednn_fine(&c)) return LEMON_RAN;
  snprintf(info->why, sizeof info->why, "layer %zu (%s): %s: %s", c.layer, lemon_kind_name(c.l->kind),
           c.failed_what, dnnl_status2str(c.st));
  return c.st == dnnl_unimplemented ? LEMON_UNSUPPORTED : LEMON_FAILED;
}

const lemon_backend lemon_onednn_backend = {"onednn", onednn_init, onednn_run};
