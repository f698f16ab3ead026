/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the one-layer LEMON
 * model of corpora/lemon_model/regress/onednn-nan-lost-logistic.textproto, DENSE (inner product,
 * 4 inputs -> 3 units) with a LOGISTIC activation fused as an eltwise post-op, on the input
 * [NaN, 1, 2, 0.5]. Every output involves the NaN, so IEEE (and the double computation here)
 * gives NaN; the reference implementation ref:any returns 0 for it, where the jit ones give NaN:
 * its logistic guards exp's overflow with a comparison that is false for NaN. The weights are
 * literal values here (the harness draws its own): with a NaN input every weight gives a NaN.
 * Every implementation oneDNN offers runs. Exits 1 while any of them loses the NaN.
 *   cc dnnl_inner_product_ref_logistic_nan.c -ldnnl -lm -o ip && ./ip
 * tags: mlf:lemon_model:onednn:*LOGISTIC:nan-lost
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

enum { IN = 4, OUT = 3 };

int main(void) {
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return 2;
  float x[IN] = {NAN, 1, 2, 0.5f}, bias[OUT] = {0.1f, -0.2f, 0.3f};
  float w[OUT * IN] = {0.5f, -0.25f, 0.75f, 0.125f, -0.5f, 0.25f, 1, -1, 0.2f, 0.4f, -0.6f, 0.8f}; /* [out][in] */
  double expected[OUT];
  for (int o = 0; o < OUT; o++) {
    double z = bias[o];
    for (int i = 0; i < IN; i++) z += (double)w[o * IN + i] * x[i];
    expected[o] = 1 / (1 + exp(-z));
  }
  dnnl_memory_desc_t src_md, w_md, b_md, dst_md;
  dnnl_memory_desc_init_by_tag(&src_md, 2, (dnnl_dims_t){1, IN}, dnnl_f32, dnnl_nc);
  dnnl_memory_desc_init_by_tag(&w_md, 2, (dnnl_dims_t){OUT, IN}, dnnl_f32, dnnl_oi);
  dnnl_memory_desc_init_by_tag(&b_md, 1, (dnnl_dims_t){OUT}, dnnl_f32, dnnl_x);
  dnnl_memory_desc_init_by_tag(&dst_md, 2, (dnnl_dims_t){1, OUT}, dnnl_f32, dnnl_nc);
  dnnl_inner_product_desc_t desc;
  dnnl_inner_product_forward_desc_init(&desc, dnnl_forward_inference, &src_md, &w_md, &b_md, &dst_md);
  dnnl_post_ops_t post_ops;
  dnnl_primitive_attr_t attr;
  dnnl_post_ops_create(&post_ops);
  dnnl_post_ops_append_eltwise(post_ops, 1, dnnl_eltwise_logistic, 0, 0);
  dnnl_primitive_attr_create(&attr);
  dnnl_primitive_attr_set_post_ops(attr, post_ops);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &desc, attr, engine, NULL) != dnnl_success) return 2;
  int wrong = 0;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    const char *impl = "?";
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    /* an implementation may want its own weights layout: reorder-free only when it takes oi */
    if (!dnnl_memory_desc_equal(dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0), &w_md)) {
      printf("%-28s skipped (wants another weights layout)\n", impl);
      dnnl_primitive_desc_destroy(pd);
      continue;
    }
    float y[OUT];
    dnnl_memory_t src, wm, bm, dst;
    dnnl_memory_create(&src, &src_md, engine, x);
    dnnl_memory_create(&wm, &w_md, engine, w);
    dnnl_memory_create(&bm, &b_md, engine, bias);
    dnnl_memory_create(&dst, &dst_md, engine, y);
    dnnl_primitive_t prim;
    dnnl_primitive_create(&prim, pd);
    dnnl_exec_arg_t args[4] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_BIAS, bm}, {DNNL_ARG_DST, dst}};
    dnnl_primitive_execute(prim, stream, 4, args);
    dnnl_stream_wait(stream);
    for (int o = 0; o < OUT; o++) {
      int bad = isnan(expected[o]) ? !isnan(y[o]) : !(fabs(y[o] - expected[o]) <= 1e-5);
      printf("%-28s unit %d: expected %g, actual %g%s\n", impl, o, expected[o], (double)y[o], bad ? "  WRONG" : "");
      wrong += bad;
    }
    dnnl_primitive_destroy(prim);
    dnnl_memory_destroy(src), dnnl_memory_destroy(wm), dnnl_memory_destroy(bm), dnnl_memory_destroy(dst);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  dnnl_primitive_desc_iterator_destroy(it);
  dnnl_primitive_attr_destroy(attr);
  dnnl_post_ops_destroy(post_ops);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
