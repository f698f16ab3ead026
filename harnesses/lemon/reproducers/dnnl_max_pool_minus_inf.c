/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): max pooling of a
 * window whose elements are all -inf, or all NaN, returns -FLT_MAX (-3.40282347e+38), a value
 * that is not in the window. oneDNN's documented formula is dst = max over the window of src
 * (doc/primitives/pooling.md): the maximum of {-inf, ..., -inf} is -inf, and of NaNs only it
 * is NaN under both IEEE 754-2019 9.6 maxima (maximum and maximumNumber). The implementations
 * start their running maximum at numeric_limits<float>::lowest() = -FLT_MAX instead of the
 * first element, and neither -inf nor NaN compares greater, so the start value stays.
 * The LEMON model of corpora/lemon_model/regress/onednn-max-pool-minus-inf.textproto reaches
 * it from plain data: RELU gives 0, LOG gives log(0) = -inf, and a max pool of such elements
 * (an LRN of -inf then gives NaN: the libFuzzer run's second case). Here: a 1 x 1 x 4 x 4
 * input (one channel, NHWC), 2 x 2 windows, stride 2: two windows of -inf, one of NaN, one
 * holding a number; every implementation oneDNN offers runs. Exits 1 while an output differs
 * from the maximum of its window (double computation here; NaN for the window of NaNs).
 *   cc dnnl_max_pool_minus_inf.c -ldnnl -lm -o pool && ./pool
 * tags: mlf:lemon_model:onednn:MAX_POOL2D*:lowest-for-window-without-numbers
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

enum { H = 4, W = 4, OH = 2, OW = 2 };

/* The same value, NaN counting as equal to NaN. */
static int same(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

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
    wrong += !same(y[i], expected[i]);
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
  x[2 * W] = x[2 * W + 1] = x[3 * W] = x[3 * W + 1] = NAN; /* window 2: NaN only */
  x[2 * W + 2] = 0.5f;                                     /* window 3: its maximum is 0.5 */
  double expected[OH * OW];
  for (int oh = 0; oh < OH; oh++)
    for (int ow = 0; ow < OW; ow++) {
      double m = x[2 * oh * W + 2 * ow]; /* fmax drops NaN only beside a number */
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
