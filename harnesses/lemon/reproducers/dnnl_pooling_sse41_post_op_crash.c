/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the one-layer LEMON
 * model of corpora/lemon_model/regress/onednn-sse41-pooling-post-op.textproto, MAX_POOL2D
 * (2 x 2 window, stride 2) of a 4 x 4 x 4 NHWC input with a RELU activation fused as an eltwise
 * post-op. oneDNN offers the jit:sse41 pooling implementation for it (the first choice on an
 * SSE4.1-only CPU or under DNNL_MAX_CPU_ISA=SSE41), and dnnl_primitive_create segfaults in its
 * JIT kernel generator; every other implementation takes the same post-op and computes the
 * expected max(0, max of the window) (double computation here), and jit:sse41 without the
 * post-op works. Every implementation runs, jit:sse41 last; a SIGSEGV handler reports the
 * fault. Exits 1 on the fault or a wrong output, 0 when every implementation is right.
 *   cc dnnl_pooling_sse41_post_op_crash.c -ldnnl -o pool && ./pool
 * tags: mlf:lemon_model:onednn:*POOL2D+*:sse41-pooling-post-op-crash
 * link: -ldnnl
 */
#define _DEFAULT_SOURCE
#include <oneapi/dnnl/dnnl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { H = 4, W = 4, C = 4, OH = 2, OW = 2 };

static void on_fault(int sig) {
  (void)sig;
  static const char msg[] = "jit:sse41: segmentation fault inside dnnl_primitive_create (expected: a primitive)\n";
  (void)!write(1, msg, sizeof msg - 1);
  _exit(1);
}

/* Creates and runs one implementation; returns the number of wrong outputs. */
static int run(dnnl_primitive_desc_t pd, const char *impl, dnnl_engine_t engine, dnnl_stream_t stream,
               const dnnl_memory_desc_t *src_md, const dnnl_memory_desc_t *dst_md, float *x, const double *expected) {
  float y[OH * OW * C];
  dnnl_memory_t src, dst;
  dnnl_memory_create(&src, src_md, engine, x);
  dnnl_memory_create(&dst, dst_md, engine, y);
  printf("%-20s dnnl_primitive_create ...\n", impl);
  fflush(stdout);
  dnnl_primitive_t prim;
  if (dnnl_primitive_create(&prim, pd) != dnnl_success) return printf("%-20s refused\n", impl), 1;
  dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
  dnnl_primitive_execute(prim, stream, 2, args);
  dnnl_stream_wait(stream);
  int wrong = 0;
  for (int i = 0; i < OH * OW * C; i++) wrong += y[i] != expected[i];
  printf("%-20s %d of %d outputs differ from max(0, max of the window)\n", impl, wrong, OH * OW * C);
  dnnl_primitive_destroy(prim);
  dnnl_memory_destroy(src), dnnl_memory_destroy(dst);
  return wrong;
}

int main(void) {
  signal(SIGSEGV, on_fault);
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return 2;
  float x[H * W * C] = { /* NHWC: the LEMON model's input (9 significant digits, exact in float) */
      0.750660539f, 0.112096958f, 0.525083303f, -0.334522098f, 0.403227001f, 0.650599122f,
      0.145714864f, 0.055115588f, -0.735354006f, -0.165182784f, 0.0867787898f, 0.832631409f,
      -0.313459665f, -0.0280901305f, -0.267851025f, 0.207560062f, -0.860674798f, 0.140858427f,
      0.761696517f, -0.82907635f, -0.0403216481f, 0.702963352f, -0.624087751f, -0.15884836f,
      0.271781087f, -0.953281999f, -0.890438259f, 0.622845888f, 0.837955177f, -0.109145448f,
      -0.764649272f, -0.215250239f, -0.841453552f, -0.118968852f, -0.400456876f, 0.973961413f,
      -0.984457433f, 0.683362782f, -0.38838464f, 0.656611979f, -0.202297911f, 0.0504932068f,
      -0.345205545f, -0.0181052703f, -0.0212961044f, -0.135381281f, 0.753473997f, -0.632547021f,
      0.879458606f, -0.0378010347f, -0.930246592f, -0.175573632f, -0.994179487f, 0.313880742f,
      0.754164338f, -0.739651859f, -0.610822856f, -0.520735681f, -0.88775152f, 0.236698925f,
      0.280753672f, -0.943798244f, 0.636187911f, -0.514898777f,
  };
  double expected[OH * OW * C];
  for (int oh = 0; oh < OH; oh++)
    for (int ow = 0; ow < OW; ow++)
      for (int c = 0; c < C; c++) {
        double m = -1e30;
        for (int kh = 0; kh < 2; kh++)
          for (int kw = 0; kw < 2; kw++) {
            double v = x[((2 * oh + kh) * W + 2 * ow + kw) * C + c];
            m = v > m ? v : m;
          }
        expected[(oh * OW + ow) * C + c] = m > 0 ? m : 0;
      }
  dnnl_memory_desc_t src_md, dst_md;
  dnnl_memory_desc_init_by_tag(&src_md, 4, (dnnl_dims_t){1, C, H, W}, dnnl_f32, dnnl_nhwc);
  dnnl_memory_desc_init_by_tag(&dst_md, 4, (dnnl_dims_t){1, C, OH, OW}, dnnl_f32, dnnl_nhwc);
  dnnl_pooling_desc_t desc;
  dnnl_pooling_forward_desc_init(&desc, dnnl_forward_inference, dnnl_pooling_max, &src_md, &dst_md,
                                 (dnnl_dims_t){2, 2}, (dnnl_dims_t){2, 2}, (dnnl_dims_t){0, 0}, (dnnl_dims_t){0, 0});
  dnnl_post_ops_t post_ops;
  dnnl_primitive_attr_t attr;
  dnnl_post_ops_create(&post_ops);
  dnnl_post_ops_append_eltwise(post_ops, 1, dnnl_eltwise_relu, 0, 0);
  dnnl_primitive_attr_create(&attr);
  dnnl_primitive_attr_set_post_ops(attr, post_ops);
  dnnl_primitive_desc_iterator_t it;
  if (dnnl_primitive_desc_iterator_create(&it, &desc, attr, engine, NULL) != dnnl_success) return 2;
  int wrong = 0, saw_sse41 = 0;
  dnnl_primitive_desc_t sse41 = NULL;
  do {
    dnnl_primitive_desc_t pd = dnnl_primitive_desc_iterator_fetch(it);
    const char *impl = "?";
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    if (strcmp(impl, "jit:sse41") == 0) {
      sse41 = pd, saw_sse41 = 1; /* last: its fault ends the program */
      continue;
    }
    wrong += run(pd, impl, engine, stream, &src_md, &dst_md, x, expected);
    dnnl_primitive_desc_destroy(pd);
  } while (dnnl_primitive_desc_iterator_next(it) == dnnl_success);
  if (sse41) {
    wrong += run(sse41, "jit:sse41", engine, stream, &src_md, &dst_md, x, expected);
    dnnl_primitive_desc_destroy(sse41);
  }
  if (!saw_sse41) printf("oneDNN offered no jit:sse41 pooling here (this CPU lacks SSE4.1?)\n");
  dnnl_primitive_desc_iterator_destroy(it);
  dnnl_primitive_attr_destroy(attr);
  dnnl_post_ops_destroy(post_ops);
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return wrong > 0;
}
