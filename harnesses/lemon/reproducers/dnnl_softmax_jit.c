/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the jit softmax_v2
 * implementations (softmax and log-softmax) on two LEMON findings.
 *  - corpora/lemon_model/regress/onednn-nan-lost-log-softmax.textproto: the row [NaN, 2]. The
 *    normaliser sum_j e^(x_j - max) involves every element, so IEEE (and the ref
 *    implementation) give NaN for the whole row; the jit ones give a number for the finite
 *    element (log-softmax -inf, softmax 0): their exp clamps its argument with max/min, which
 *    return the bound for a NaN (the eltwise exp defect of dnnl_eltwise_jit_special_values.c,
 *    inside softmax), so the sum becomes +inf.
 *  - corpora/lemon_model/regress/onednn-log-softmax-positive.textproto: log-softmax over an
 *    axis of one element, x - max - log(e^0) = 0 exactly, and never above 0 on any axis (the
 *    normaliser is at least e^0 = 1); jit:avx512_core and jit:avx2 return 1.43e-6 whatever
 *    the input (jit:sse41 and ref:any 0), their approximations of exp(0) and log(1) not
 *    meeting: within benchdnn's tolerance, but a log-probability above 0 (a probability
 *    above 1).
 * Every implementation oneDNN offers (jit:avx512_core ... jit:sse41, ref:any) runs. Exits 1
 * while any implementation returns a number for an element of a row holding a NaN, or a
 * log-softmax above 0.
 *   cc dnnl_softmax_jit.c -ldnnl -lm -o softmax && ./softmax
 * tags: mlf:lemon_model:onednn:*SOFTMAX*:nan-lost mlf:lemon_model:onednn:LOG_SOFTMAX*:outside-range
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

#define MAX_N 8

/* Runs alg over rows of x (rows x n, softmax along n) with every implementation; an output is
 * wrong when a NaN is lost (nan_row) or, for log-softmax, when it is above 0. Returns the
 * number of wrong outputs. */
static int check(dnnl_engine_t engine, dnnl_stream_t stream, const char *name, dnnl_alg_kind_t alg,
                 const float *x, int rows, int n, int nan_row) {
  dnnl_memory_desc_t md;
  dnnl_dims_t dims = {rows, n};
  dnnl_memory_desc_init_by_tag(&md, 2, dims, dnnl_f32, dnnl_ab);
  dnnl_softmax_v2_desc_t desc;
  dnnl_softmax_v2_forward_desc_init(&desc, dnnl_forward_inference, alg, &md, &md, 1);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &desc, NULL, engine, NULL) != dnnl_success) return 1;
  int wrong = 0;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    const char *impl = "?";
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    float in[MAX_N], out[MAX_N];
    for (int i = 0; i < rows * n; i++) in[i] = x[i];
    dnnl_memory_t src, dst;
    dnnl_primitive_t prim;
    dnnl_memory_create(&src, &md, engine, in);
    dnnl_memory_create(&dst, &md, engine, out);
    dnnl_primitive_create(&prim, pd);
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    dnnl_primitive_execute(prim, stream, 2, args);
    dnnl_stream_wait(stream);
    for (int i = 0; i < rows * n; i++) {
      int bad = nan_row ? !isnan(out[i]) : alg == dnnl_softmax_log && out[i] > 0;
      printf("%-16s %-12s x = %-9g expected %-8s actual %-13.6g%s\n", impl, name, (double)x[i],
             nan_row ? "nan" : "<= 0", (double)out[i], bad ? "  WRONG" : "");
      wrong += bad;
    }
    dnnl_primitive_destroy(prim);
    dnnl_memory_destroy(src);
    dnnl_memory_destroy(dst);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  dnnl_primitive_desc_iterator_destroy(it);
  return wrong;
}

int main(void) {
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return 2;
  const float nan_row[2] = {NAN, 2}, singles[MAX_N] = {0.1f, -0.37f, 1.5f, 2.25f, -3, 0, 7.5f, -0.01f};
  int wrong = check(engine, stream, "softmax", dnnl_softmax_accurate, nan_row, 1, 2, 1) +
              check(engine, stream, "log-softmax", dnnl_softmax_log, nan_row, 1, 2, 1) +
              check(engine, stream, "log-softmax", dnnl_softmax_log, singles, MAX_N, 1, 0);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
