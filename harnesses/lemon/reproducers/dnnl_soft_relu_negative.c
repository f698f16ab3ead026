/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the jit eltwise
 * soft_relu returns negative numbers. soft_relu(x) = log(1 + e^x) is positive for every x, and
 * rounding a positive result to float cannot give a negative one (IEEE 754-2019 4.3), yet the
 * jit implementation gives -2^-19 for x = -31.5381584 (and for 92,419 of 2,000,000 evenly
 * spaced x in [-90, 0) on avx512_core). Same cause as the beyond-bound row of
 * dnnl_eltwise_jit_special_values.c: n ln2 + ln(2^-n + e^r) for x = n ln2 + r cancels, here
 * past zero. Every implementation oneDNN offers for the primitive runs (jit ones, ref:any).
 * Exits 1 while one of them returns a negative value.
 *   cc dnnl_soft_relu_negative.c -ldnnl -lm -o soft_relu && ./soft_relu
 * tags: mlf:lemon_model:onednn:*SOFT_RELU:outside-range
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

int main(void) {
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return fprintf(stderr, "no oneDNN CPU engine\n"), 2;
  float x = -0x1.f89c4cp+4f, y = 0;
  dnnl_dims_t dims = {1};
  dnnl_memory_desc_t md;
  dnnl_eltwise_desc_t ed;
  dnnl_memory_desc_init_by_tag(&md, 1, dims, dnnl_f32, dnnl_a);
  dnnl_eltwise_forward_desc_init(&ed, dnnl_forward_inference, dnnl_eltwise_soft_relu, &md, 0, 0);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &ed, NULL, engine, NULL) != dnnl_success)
    return fprintf(stderr, "soft_relu: no implementation\n"), 2;
  int wrong = 0;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    const char *impl = "?";
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    dnnl_primitive_t p;
    dnnl_memory_t src, dst;
    dnnl_primitive_create(&p, pd);
    dnnl_memory_create(&src, &md, engine, &x);
    dnnl_memory_create(&dst, &md, engine, &y);
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    dnnl_primitive_execute(p, stream, 2, args);
    dnnl_stream_wait(stream);
    printf("%-18s soft_relu(%.9g): expected %.9g (> 0), actual %.9g%s\n", impl, x,
           log1p(exp((double)x)), y, y < 0 ? "  <- negative" : "");
    wrong += y < 0;
    dnnl_memory_destroy(src), dnnl_memory_destroy(dst), dnnl_primitive_destroy(p);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  dnnl_primitive_desc_iterator_destroy(it);
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong ? 1 : 0;
}
