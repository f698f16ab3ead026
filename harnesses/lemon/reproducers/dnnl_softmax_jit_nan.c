/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): softmax and
 * log-softmax (softmax_v2) of the row [NaN, 2], the LEMON model of
 * corpora/lemon_model/regress/onednn-nan-lost-log-softmax.textproto. The normaliser
 * sum_j e^(x_j - max) involves every element, so IEEE (and the ref implementation) give NaN for
 * the whole row; the jit implementations give a number for the finite element (log-softmax
 * -inf, softmax 0): their exp clamps its argument with max/min, which return the bound for a
 * NaN (the eltwise exp defect of dnnl_eltwise_jit_special_values.c, inside softmax), so the
 * sum becomes +inf.
 * Every implementation oneDNN offers (jit:avx512_core ... jit:sse41, ref:any) runs. Exits 1
 * while any implementation returns a number for an element of a row holding a NaN.
 *   cc dnnl_softmax_jit_nan.c -ldnnl -lm -o softmax && ./softmax
 * tags: mlf:lemon_model:onednn:*SOFTMAX*:nan-lost
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

#define N 2

/* Runs alg over the row x with every implementation; returns the number of lost NaNs. */
static int check(dnnl_engine_t engine, dnnl_stream_t stream, const char *name, dnnl_alg_kind_t alg,
                 const float *x) {
  dnnl_memory_desc_t md;
  dnnl_dims_t dims = {1, N};
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
    float in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = x[i];
    dnnl_memory_t src, dst;
    dnnl_primitive_t prim;
    dnnl_memory_create(&src, &md, engine, in);
    dnnl_memory_create(&dst, &md, engine, out);
    dnnl_primitive_create(&prim, pd);
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    dnnl_primitive_execute(prim, stream, 2, args);
    dnnl_stream_wait(stream);
    for (int i = 0; i < N; i++) {
      int bad = !isnan(out[i]);
      printf("%-16s %-12s x = %-5g expected nan actual %-13.6g%s\n", impl, name, (double)x[i],
             (double)out[i], bad ? "  WRONG" : "");
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
  const float x[N] = {NAN, 2};
  int wrong = check(engine, stream, "softmax", dnnl_softmax_accurate, x) +
              check(engine, stream, "log-softmax", dnnl_softmax_log, x);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
