/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the jit eltwise
 * primitives on the one-layer LEMON models of corpora/lemon_model/regress/
 *   onednn-nan-lost-exp.textproto:  EXP of [NaN, 1, 2, 0.5]; IEEE (and the ref implementation)
 *     give NaN for the NaN, the jit ones +inf: the injector clamps exp's argument with max/min,
 *     which return the bound for a NaN;
 *   onednn-logsigmoid-cancellation.textproto:  LOGSIGMOID of [8, 9, 10.5, 12, 15, 11]; the jit
 *     ones compute -log(1 + e^-x) with the sum rounded to float first and lose the relative
 *     accuracy (8: -3.3569e-4 instead of -3.3541e-4), beyond benchdnn's acceptance (relative
 *     difference at most 4e-5 where |expected| > 1e-5, absolute below);
 *   onednn-soft-relu-cancellation.textproto:  SOFT_RELU of [-8, -9, -10.5, -12, -15, -11], the
 *     mirror image, log(1 + e^x) with the sum rounded first (-8: 3.35693e-4 instead of
 *     3.35406e-4).
 * Every implementation oneDNN offers for each (jit:avx512_core ... jit:sse41, ref:any) runs; the
 * expected values are computed in double here. Exits 1 while any implementation is wrong.
 *   cc dnnl_eltwise_jit_special_values.c -ldnnl -lm -o eltwise && ./eltwise
 * tags: mlf:lemon_model:onednn:*EXP:nan-lost mlf:lemon_model:onednn:*LOGSIGMOID:beyond-bound
 * tags: mlf:lemon_model:onednn:*SOFT_RELU:beyond-bound
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

#define MAX_N 8

/* Runs alg over x (n floats) with every implementation oneDNN has for it and compares each
 * result with expected: a NaN must stay NaN, a number must pass benchdnn's rule. Returns the
 * number of wrong outputs. */
static int check(dnnl_engine_t engine, dnnl_stream_t stream, const char *name, dnnl_alg_kind_t alg,
                 const float *x, const double *expected, int n) {
  dnnl_memory_desc_t md;
  dnnl_dims_t dims = {n};
  dnnl_memory_desc_init_by_tag(&md, 1, dims, dnnl_f32, dnnl_a);
  dnnl_eltwise_desc_t desc;
  dnnl_eltwise_forward_desc_init(&desc, dnnl_forward_inference, alg, &md, 0, 0);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &desc, NULL, engine, NULL) != dnnl_success) return 1;
  int wrong = 0;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    const char *impl = "?";
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    float in[MAX_N], out[MAX_N];
    for (int i = 0; i < n; i++) in[i] = x[i];
    dnnl_memory_t src, dst;
    dnnl_primitive_t prim;
    dnnl_memory_create(&src, &md, engine, in);
    dnnl_memory_create(&dst, &md, engine, out);
    dnnl_primitive_create(&prim, pd);
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    dnnl_primitive_execute(prim, stream, 2, args);
    dnnl_stream_wait(stream);
    for (int i = 0; i < n; i++) {
      double e = expected[i], diff = fabs(out[i] - e) / (fabs(e) > 1e-5 ? fabs(e) : 1);
      int bad = isnan(e) ? !isnan(out[i]) : !(diff <= 4e-5);
      printf("%-16s %-8s x = %-5g expected %-13.6g actual %-13.6g%s\n", impl, name, (double)x[i], e,
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
  const float exp_x[4] = {NAN, 1, 2, 0.5f}, logsigmoid_x[6] = {8, 9, 10.5f, 12, 15, 11};
  float soft_relu_x[6];
  double exp_expected[4], logsigmoid_expected[6], soft_relu_expected[6];
  for (int i = 0; i < 4; i++) exp_expected[i] = exp(exp_x[i]);
  for (int i = 0; i < 6; i++) {
    logsigmoid_expected[i] = -log1p(exp(-(double)logsigmoid_x[i]));
    soft_relu_x[i] = -logsigmoid_x[i];
    soft_relu_expected[i] = log1p(exp((double)soft_relu_x[i]));
  }
  int wrong = check(engine, stream, "exp", dnnl_eltwise_exp, exp_x, exp_expected, 4) +
              check(engine, stream, "logsigmoid", dnnl_eltwise_logsigmoid, logsigmoid_x, logsigmoid_expected, 6) +
              check(engine, stream, "soft_relu", dnnl_eltwise_soft_relu, soft_relu_x, soft_relu_expected, 6);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
