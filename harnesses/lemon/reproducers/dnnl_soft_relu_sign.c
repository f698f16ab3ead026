/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the jit eltwise
 * soft_relu returns negative numbers, and logsigmoid (= -soft_relu(-x)) positive ones.
 * soft_relu(x) = log(1 + e^x) is positive and logsigmoid(x) = -log(1 + e^-x) negative for every
 * x, and rounding cannot move a result across 0 (IEEE 754-2019 4.3), yet the jit
 * implementations give soft_relu(-31.5381584) = -2^-19 (and negative values for 92,419 of
 * 2,000,000 evenly spaced x in [-90, 0) on avx512_core) and logsigmoid(31.5381584) = +2^-19.
 * Same cause as the beyond-bound row of dnnl_eltwise_jit_special_values.c: n ln2 +
 * ln(2^-n + e^r) for x = n ln2 + r cancels, here past zero. Every implementation oneDNN
 * offers for the primitive runs (jit ones, ref:any). Argument: soft_relu (default) or
 * logsigmoid. Exits 1 while one of them returns a value of the wrong sign.
 *   cc dnnl_soft_relu_sign.c -ldnnl -lm -o soft_relu_sign && ./soft_relu_sign logsigmoid
 * case: soft_relu mlf:lemon_model:onednn:*SOFT_RELU:outside-range
 * case: logsigmoid mlf:lemon_model:onednn:*LOGSIGMOID:outside-range
 * link: -ldnnl -lm
 */
#include <math.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int logsigmoid = argc > 1 && strcmp(argv[1], "logsigmoid") == 0;
  if (argc > 1 && !logsigmoid && strcmp(argv[1], "soft_relu") != 0)
    return fprintf(stderr, "usage: %s [soft_relu | logsigmoid]\n", argv[0]), 2;
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return fprintf(stderr, "no oneDNN CPU engine\n"), 2;
  float x = logsigmoid ? 0x1.f89c4cp+4f : -0x1.f89c4cp+4f, y = 0;
  const char *name = logsigmoid ? "logsigmoid" : "soft_relu";
  dnnl_dims_t dims = {1};
  dnnl_memory_desc_t md;
  dnnl_eltwise_desc_t ed;
  dnnl_memory_desc_init_by_tag(&md, 1, dims, dnnl_f32, dnnl_a);
  dnnl_alg_kind_t alg = logsigmoid ? dnnl_eltwise_logsigmoid : dnnl_eltwise_soft_relu;
  dnnl_eltwise_forward_desc_init(&ed, dnnl_forward_inference, alg, &md, 0, 0);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &ed, NULL, engine, NULL) != dnnl_success)
    return fprintf(stderr, "%s: no implementation\n", name), 2;
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
    double exact = logsigmoid ? -log1p(exp(-(double)x)) : log1p(exp((double)x));
    int bad = logsigmoid ? y > 0 : y < 0;
    printf("%-18s %s(%.9g): expected %.9g (%s 0), actual %.9g%s\n", impl, name, x, exact,
           logsigmoid ? "<" : ">", y, bad ? "  <- wrong sign" : "");
    wrong += bad;
    dnnl_memory_destroy(src), dnnl_memory_destroy(dst), dnnl_primitive_destroy(p);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  dnnl_primitive_desc_iterator_destroy(it);
  printf(wrong ? "the bug is present\n" : "the bug is absent\n");
  return wrong ? 1 : 0;
}
