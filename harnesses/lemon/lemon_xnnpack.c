/* LEMON backend on XNNPACK (Debian 12's 2022-02-16 snapshot), through its subgraph API (and
 * copy operators for CONCAT, lemon_xnnpack_plan.c): the model input and every layer's output
 * are external values in guarded buffers with XNN_EXTRA_BYTES of slack, copied to the caller's
 * outputs after the run; a write into the slack is reported as a failure. Variants: 0 the
 * runtime on the calling thread, 1 on a pthreadpool of 2 threads (other tiling; its idle
 * workers sleep instead of spinning, lemon_xnnpack_yield.c). The sparse
 * inference hint is no variant: it rewrites clusters of NCHW-capable nodes whose intermediate
 * values are internal, and every layer output is external here. FP16 inference is another
 * precision. */
#include <stdio.h>
#include <string.h>
#include <pthreadpool.h>
#include "lemon_xnnpack_internal.h"
#include "mlf_profile.h"

#define LX_VARIANTS 2

/* Variant 1's pool, created by the first run that needs it, never by the init: AFL++'s fork
 * server forks after the init, and a child would inherit a pool without its threads (the
 * first parallel run then waits for them forever: every resnet or mobilenet input a hang). */
static pthreadpool_t pool;
static int ready;

static const char *cpu_level(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return "avx512f";
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "avx2+fma";
  if (__builtin_cpu_supports("avx")) return "avx";
  return "sse2";
}

static int xnnpack_init(char *identity, size_t len) {
  const char *name = "XNNPACK 2022-02-16 (Debian 0.0~git20220216.ae108ef)";
  if (!ready) {
    enum xnn_status s = xnn_initialize(NULL);
    if (s != xnn_status_success) {
      snprintf(identity, len, "%s: xnn_initialize: xnn_status_%s (cpu %s)", name, lx_status_name(s),
               cpu_level());
      return -1;
    }
    ready = 1;
  }
  snprintf(identity, len, "%s cpu %s supported", name, cpu_level());
  return 0;
}

/* Elements per input of the value a reference names (0 the input, i + 1 layer i). */
static size_t elements(const lemon_graph *g, size_t ref) {
  return lemon_shape_elements(ref ? &g->layers[ref - 1].geo.out : &g->input);
}

static lemon_status xnnpack_run(const lemon_graph *g, unsigned variant, float *const *outputs,
                                lemon_run_info *info) {
  lx_ctx c = {.g = g, .status = LEMON_RAN, .why = info->why, .why_len = sizeof info->why};
  if (variant >= LX_VARIANTS) variant = LX_VARIANTS - 1;
  info->why[0] = 0;
  info->more_variants = variant + 1 < LX_VARIANTS;
  snprintf(info->impls, sizeof info->impls, "%u:subgraph:%s", variant,
           variant ? "pthreadpool2" : "caller-thread");
  if (!ready) {
    snprintf(info->why, sizeof info->why, "XNNPACK not initialized");
    return LEMON_FAILED;
  }
  if (variant && !pool && !(pool = pthreadpool_create(2))) {
    snprintf(info->why, sizeof info->why, "harness: pthreadpool_create(2) failed");
    return LEMON_FAILED;
  }
  c.pool = variant ? pool : NULL;
  c.layer = g->n_layers;
  if (g->n_layers > LEMON_MAX_LAYERS) return lx_failed(&c, "harness: too many layers"), c.status;
  for (size_t ref = 0; ref <= g->n_layers && c.status == LEMON_RAN; ref++)
    c.data[ref] = lx_buffer(&c, g->batch * elements(g, ref), ref ? "layer output" : "model input");
  if (c.status == LEMON_RAN) {
    memcpy(c.data[0], g->input_data, g->batch * elements(g, 0) * sizeof(float));
    /* Library time: the subgraph's definition, runtime creation and invocation (the
     * harness's share of lx_execute is bookkeeping). */
    double t0 = mlf_profile_begin();
    if (lx_execute(&c) < 0 && c.sg) xnn_delete_subgraph(c.sg);
    mlf_profile_end(t0);
  }
  for (size_t i = 0; i < g->n_layers && c.status == LEMON_RAN; i++) {
    size_t n = g->batch * elements(g, i + 1);
    if (!lx_slack_intact(c.data[i + 1], n)) {
      c.layer = i;
      lx_failed(&c, "XNNPACK wrote past the end of the output tensor (into XNN_EXTRA_BYTES)");
    } else {
      memcpy(outputs[i], c.data[i + 1], n * sizeof(float));
    }
  }
  lx_free_buffers(&c);
  return c.status;
}

const lemon_backend lemon_xnnpack_backend = {"xnnpack", xnnpack_init, xnnpack_run};
