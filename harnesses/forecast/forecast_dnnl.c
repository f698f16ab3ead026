/* oneDNN's LSTM primitive on the forecaster's weights (forecast_dnnl.h). Layouts: oneDNN's
 * gate order is i, f, c~ (our g), o, as in the model; weights are ldigo (layer, direction,
 * input channel, gate, output channel), which with one layer and direction is the model's
 * w[input][gate][unit] row-major: row 0 is weights_layer (1 input channel), rows 1..U are
 * weights_iter; bias is ldgo. Sequences are tnc. Every buffer handed to the library sits
 * against a guard page, the inputs read-only, because the library is binary-only.
 * Weights are handed over either in ldigo as they are (oneDNN then picks its reference
 * implementation) or in the layout oneDNN prefers, reordered by oneDNN (its JIT kernels).
 * The primitive for the last shape is kept and reused. */
#include "forecast_dnnl.h"
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <string.h>
#include "mlf_capture.h"
#include "mlf_guard.h"

enum { SRC, W_LAYER, W_ITER, BIAS, DST, DST_ITER, DST_ITER_C, N_ARGS };
static const int arg_ids[N_ARGS] = {DNNL_ARG_SRC_LAYER, DNNL_ARG_WEIGHTS_LAYER,
                                    DNNL_ARG_WEIGHTS_ITER, DNNL_ARG_BIAS,
                                    DNNL_ARG_DST_LAYER, DNNL_ARG_DST_ITER,
                                    DNNL_ARG_DST_ITER_C};

/* The primitive of the last shape, and for weights in the primitive's own layout (chosen by
 * oneDNN when asked with format "any") the reorders from the user's ldigo. */
static struct {
  dnnl_primitive_desc_t pd;
  dnnl_primitive_t prim;
  dnnl_memory_desc_t md[N_ARGS];  /* the user's layouts */
  dnnl_primitive_t reorder[N_ARGS]; /* W_LAYER, W_ITER: ldigo -> the primitive's, or NULL */
  size_t T, N, U;
  int any;
} cached;

static void md_init(dnnl_memory_desc_t *md, int nd, dnnl_dim_t d0, dnnl_dim_t d1, dnnl_dim_t d2,
                    dnnl_dim_t d3, dnnl_dim_t d4, dnnl_format_tag_t tag) {
  dnnl_dims_t dims = {d0, d1, d2, d3, d4};
  dnnl_memory_desc_init_by_tag(md, nd, dims, dnnl_f32, tag);
}

static void release_cached(void) {
  for (int a = 0; a < N_ARGS; a++)
    if (cached.reorder[a]) dnnl_primitive_destroy(cached.reorder[a]), cached.reorder[a] = NULL;
  if (cached.prim) dnnl_primitive_destroy(cached.prim), cached.prim = NULL;
  if (cached.pd) dnnl_primitive_desc_destroy(cached.pd), cached.pd = NULL;
}

/* The reorder of weights argument a from the user's layout to the primitive's, when they
 * differ. */
static dnnl_status_t reorder_for(int a) {
  const dnnl_memory_desc_t *want =
      dnnl_primitive_desc_query_md(cached.pd, dnnl_query_exec_arg_md, arg_ids[a]);
  if (!want || dnnl_memory_desc_equal(want, &cached.md[a])) return dnnl_success;
  dnnl_primitive_desc_t rpd;
  dnnl_status_t st = dnnl_reorder_primitive_desc_create(&rpd, &cached.md[a], mlf_onednn_engine, want,
                                                        mlf_onednn_engine, NULL);
  if (st != dnnl_success) return st;
  st = dnnl_primitive_create(&cached.reorder[a], rpd);
  dnnl_primitive_desc_destroy(rpd);
  return st;
}

/* The primitive for T steps, N windows, U units, weights in ldigo or in the layout oneDNN
 * prefers (any): cached. */
static dnnl_status_t primitive_for(size_t T, size_t N, size_t U, int any) {
  if (cached.prim && cached.T == T && cached.N == N && cached.U == U && cached.any == any)
    return dnnl_success;
  release_cached();
  dnnl_memory_desc_t *md = cached.md, w_layer, w_iter;
  md_init(&md[SRC], 3, (dnnl_dim_t)T, (dnnl_dim_t)N, 1, 0, 0, dnnl_tnc);
  md_init(&md[W_LAYER], 5, 1, 1, 1, 4, (dnnl_dim_t)U, dnnl_ldigo);
  md_init(&md[W_ITER], 5, 1, 1, (dnnl_dim_t)U, 4, (dnnl_dim_t)U, dnnl_ldigo);
  md_init(&md[BIAS], 4, 1, 1, 4, (dnnl_dim_t)U, 0, dnnl_ldgo);
  md_init(&md[DST], 3, (dnnl_dim_t)T, (dnnl_dim_t)N, (dnnl_dim_t)U, 0, 0, dnnl_tnc);
  md_init(&md[DST_ITER], 4, 1, 1, (dnnl_dim_t)N, (dnnl_dim_t)U, 0, dnnl_ldnc);
  md_init(&md[DST_ITER_C], 4, 1, 1, (dnnl_dim_t)N, (dnnl_dim_t)U, 0, dnnl_ldnc);
  md_init(&w_layer, 5, 1, 1, 1, 4, (dnnl_dim_t)U, any ? dnnl_format_tag_any : dnnl_ldigo);
  md_init(&w_iter, 5, 1, 1, (dnnl_dim_t)U, 4, (dnnl_dim_t)U, any ? dnnl_format_tag_any : dnnl_ldigo);
  dnnl_rnn_desc_t desc;
  dnnl_status_t st = dnnl_lstm_forward_desc_init(
      &desc, dnnl_forward_inference, dnnl_unidirectional_left2right, &md[SRC], NULL, NULL,
      &w_layer, &w_iter, &md[BIAS], &md[DST], &md[DST_ITER], &md[DST_ITER_C],
      dnnl_rnn_flags_undef);
  if (st == dnnl_success) st = dnnl_primitive_desc_create(&cached.pd, &desc, NULL, mlf_onednn_engine, NULL);
  if (st == dnnl_success) st = dnnl_primitive_create(&cached.prim, cached.pd);
  if (st == dnnl_success) st = reorder_for(W_LAYER);
  if (st == dnnl_success) st = reorder_for(W_ITER);
  if (st != dnnl_success) {
    release_cached();
    return st;
  }
  cached.T = T, cached.N = N, cached.U = U, cached.any = any;
  return dnnl_success;
}

/* Runs reorder a from the user's memory into a library-allocated memory of the primitive's
 * layout (*packed, to destroy after the execution). */
static dnnl_status_t run_reorder(int a, dnnl_memory_t user, dnnl_memory_t *packed) {
  const dnnl_memory_desc_t *want =
      dnnl_primitive_desc_query_md(cached.pd, dnnl_query_exec_arg_md, arg_ids[a]);
  dnnl_status_t st = dnnl_memory_create(packed, want, mlf_onednn_engine, DNNL_MEMORY_ALLOCATE);
  if (st != dnnl_success) return st;
  dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, user}, {DNNL_ARG_TO, *packed}};
  return dnnl_primitive_execute(cached.reorder[a], mlf_onednn_stream, 2, args);
}

int forecast_dnnl_lstm(const forecast_model *m, const float *x, size_t count, int any_weights,
                       float *h, float *c_last, const char **impl) {
  size_t T = m->p.time_steps, U = m->p.hidden, G = 4 * U;
  *impl = "none";
  if (!mlf_onednn_stream || count == 0) return dnnl_invalid_arguments;
  dnnl_status_t st = primitive_for(T, count, U, any_weights);
  if (st != dnnl_success) return st;
  dnnl_primitive_desc_query(cached.pd, dnnl_query_impl_info_str, 0, impl);
  const size_t sizes[N_ARGS] = {T * count, G, U * G, G, T * count * U, count * U, count * U};
  static const char *labels[N_ARGS] = {"src_layer", "weights_layer", "weights_iter", "bias",
                                       "dst_layer", "dst_iter", "dst_iter_c"};
  float *buf[N_ARGS];
  for (int a = 0; a < N_ARGS; a++)
    buf[a] = mlf_guard_alloc(sizes[a] * sizeof(float), sizeof(float), MLF_GUARD_TAIL, labels[a]);
  for (size_t t = 0; t < T; t++)
    for (size_t n = 0; n < count; n++) buf[SRC][t * count + n] = x[n * T + t];
  memcpy(buf[W_LAYER], m->w, G * sizeof(float));
  memcpy(buf[W_ITER], m->w + G, U * G * sizeof(float));
  memcpy(buf[BIAS], m->b, G * sizeof(float));
  dnnl_memory_t mem[N_ARGS] = {0}, packed[N_ARGS] = {0};
  dnnl_exec_arg_t args[N_ARGS];
  mlf_capture_begin("onednn");
  for (int a = 0; a < N_ARGS && st == dnnl_success; a++) {
    if (a <= BIAS) mlf_guard_set_readonly(buf[a], 1);
    st = dnnl_memory_create(&mem[a], &cached.md[a], mlf_onednn_engine, buf[a]);
    if (st == dnnl_success && cached.reorder[a]) st = run_reorder(a, mem[a], &packed[a]);
    args[a] = (dnnl_exec_arg_t){arg_ids[a], packed[a] ? packed[a] : mem[a]};
  }
  if (st == dnnl_success) {
    st = dnnl_primitive_execute(cached.prim, mlf_onednn_stream, N_ARGS, args);
    if (st == dnnl_success) st = dnnl_stream_wait(mlf_onednn_stream);
  }
  mlf_capture_end(NULL);
  if (st == dnnl_success) {
    memcpy(h, buf[DST], T * count * U * sizeof(float));
    memcpy(c_last, buf[DST_ITER_C], count * U * sizeof(float));
  }
  for (int a = 0; a < N_ARGS; a++) {
    if (mem[a]) dnnl_memory_destroy(mem[a]);
    if (packed[a]) dnnl_memory_destroy(packed[a]);
    if (a <= BIAS) mlf_guard_set_readonly(buf[a], 0);
    mlf_guard_free(buf[a]);
  }
  return st;
}
