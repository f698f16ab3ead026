/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): max pooling of a
 * window whose elements are all -inf returns -FLT_MAX (-3.40282347e+38), a value that is not
 * in the window. oneDNN's documented formula is dst = max over the window of src
 * (doc/primitives/pooling.md), and the maximum of {-inf, ..., -inf} is -inf; the
 * implementations start their running maximum at numeric_limits<float>::lowest() = -FLT_MAX
 * instead of -inf (or the first element), so max(-FLT_MAX, -inf) keeps the start value.
 * The LEMON model of corpora/lemon_model/regress/onednn-max-pool-minus-inf.textproto reaches
 * it from plain data: RELU gives 0, LOG gives log(0) = -inf, and a 2 x 2 max pool of four
 * such elements. Here: a 1 x 1 x 4 x 4 input (one channel, NHWC) of -inf except the last
 * window, 2 x 2 window, stride 2; every implementation oneDNN offers runs. Exits 1 while an
 * output differs from the maximum of its window (double computation here).
 *   cc dnnl_max_pool_minus_inf.c -ldnnl -o pool && ./pool
 * tags: mlf:lemon_model:onednn:MAX_POOL2D*:lowest-for-minus-inf-window
 * link: -ldnnl
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

enum { H = 4, W = 4, OH = 2, OW = 2 };

/* Creates and runs one implementation; returns the number of outputs unequal to expected. */
static int run(dnnl_primitive_desc_t pd, dnnl_engine_t engine, dnnl_stream_t stream, const dnnl_memory_desc_t *src_md,
               const dnnl_memory_desc_t *dst_md, float *x, const double *expected) {
  const char *impl = "?";
  dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
  float y[OH * OW];
  dnnl_memory_t src, dst;
  dnnl_primitive_t prim;
  dnnl_memory_create(&src, src_md, engine, x);
  dnnl_memory_create(&dst, dst_md, engine, y);
  if (dnnl_primitive_create(&prim, pd) != dnnl_success) return printf("%-22s refused\n", impl), 1;
  dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
  dnnl_primitive_execute(prim, stream, 2, args);
  dnnl_stream_wait(stream);
  int wrong = 0;
  for (int i = 0; i < OH * OW; i++) {
    printf("%-22s window %d: expected %g, actual %.9g\n", impl, i, expected[i], (double)y[i]);
    wrong += y[i] != expected[i];
  }
  dnnl_primitive_destroy(prim);
  dnnl_memory_destroy(src), dnnl_memory_destroy(dst);
  return wrong;
}

int main(void) {
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return 2;
  float x[H * W];
  for (int i = 0; i < H * W; i++) x[i] = -INFINITY;
  x[(2 * W) + 2] = 0.5f; /* the last window holds one number: its maximum is 0.5 */
  double expected[OH * OW];
  for (int oh = 0; oh < OH; oh++)
    for (int ow = 0; ow < OW; ow++) {
      double m = -INFINITY;
      for (int kh = 0; kh < 2; kh++)
        for (int kw = 0; kw < 2; kw++) m = fmax(m, x[(2 * oh + kh) * W + 2 * ow + kw]);
      expected[oh * OW + ow] = m;
    }
  dnnl_memory_desc_t src_md, dst_md;
  dnnl_memory_desc_init_by_tag(&src_md, 4, (dnnl_dims_t){1, 1, H, W}, dnnl_f32, dnnl_nhwc);
  dnnl_memory_desc_init_by_tag(&dst_md, 4, (dnnl_dims_t){1, 1, OH, OW}, dnnl_f32, dnnl_nhwc);
  dnnl_pooling_desc_t desc;
  dnnl_pooling_forward_desc_init(&desc, dnnl_forward_inference, dnnl_pooling_max, &src_md, &dst_md,
                                 (dnnl_dims_t){2, 2}, (dnnl_dims_t){2, 2}, (dnnl_dims_t){0, 0}, (dnnl_dims_t){0, 0});
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &desc, NULL, engine, NULL) != dnnl_success) return 2;
  int wrong = 0;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    wrong += run(pd, engine, stream, &src_md, &dst_md, x, expected);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  dnnl_primitive_desc_iterator_destroy(it);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
