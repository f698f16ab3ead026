/* Standalone reproducer against Debian's libdnnl2 2.6.3-1 (oneDNN 2.6.3): the one-layer LEMON
 * model of corpora/lemon_model/regress/onednn-reduce-mean-1x1.textproto, REDUCE_MEAN (the
 * mean over H and W) of a 1 x 1 x 3 NHWC input. oneDNN's reduction is asked for the mean of
 * src [N, C, H, W] = [1, 3, 1, 1] into dst [1, 3, 1, 1]. The Reduction page of the developer
 * guide defines dst(f) = sum_r src(r) / R over the reduction dimensions (those of size 1 in dst)
 * and requires only equal ranks and size-1 reduction dimensions in dst, both met here: the
 * result is dst = src (R = 1); no version of the guide or of dnnl.h lists a restriction.
 * dnnl_reduction_desc_init nevertheless answers dnnl_invalid_arguments (src/common/
 * reduction.cpp: "reduction primitive doesn't support identity operation", src dims == dst
 * dims). The same call over H = 2 (a real reduction) succeeds, as the control. Before any
 * implementation is chosen, so on every ISA level. Exits 1 while the valid call is refused or
 * gives a wrong mean, 0 once it gives dst = src.
 *   cc dnnl_reduction_identity_refused.c -ldnnl -o red && ./red
 * tags: mlf:lemon_model:onednn:REDUCE_MEAN*:error
 * link: -ldnnl
 */
#include <oneapi/dnnl/dnnl.h>
#include <oneapi/dnnl/dnnl_debug.h>
#include <stdio.h>

enum { C = 3 };

/* Mean over H x W of an NHWC [1, H, W, C] tensor into [1, 1, 1, C] by dnnl_reduction_mean;
 * returns the status of the first failing call. */
static dnnl_status_t reduce_mean(dnnl_engine_t engine, dnnl_stream_t stream, int h, int w,
                                 float *src_data, float *dst_data) {
  dnnl_memory_desc_t src_md, dst_md;
  dnnl_dims_t src_dims = {1, C, h, w}, dst_dims = {1, C, 1, 1};
  dnnl_memory_desc_init_by_tag(&src_md, 4, src_dims, dnnl_f32, dnnl_nhwc);
  dnnl_memory_desc_init_by_tag(&dst_md, 4, dst_dims, dnnl_f32, dnnl_nhwc);
  dnnl_reduction_desc_t desc;
  dnnl_status_t st = dnnl_reduction_desc_init(&desc, dnnl_reduction_mean, &src_md, &dst_md, 0.0f, 0.0f);
  if (st != dnnl_success) return st;
  dnnl_primitive_desc_t pd;
  if ((st = dnnl_primitive_desc_create(&pd, &desc, NULL, engine, NULL)) != dnnl_success) return st;
  dnnl_primitive_t prim;
  dnnl_memory_t src, dst;
  if ((st = dnnl_primitive_create(&prim, pd)) == dnnl_success &&
      (st = dnnl_memory_create(&src, &src_md, engine, src_data)) == dnnl_success &&
      (st = dnnl_memory_create(&dst, &dst_md, engine, dst_data)) == dnnl_success) {
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    if ((st = dnnl_primitive_execute(prim, stream, 2, args)) == dnnl_success) st = dnnl_stream_wait(stream);
    dnnl_memory_destroy(src), dnnl_memory_destroy(dst);
    dnnl_primitive_destroy(prim);
  }
  dnnl_primitive_desc_destroy(pd);
  return st;
}

int main(void) {
  dnnl_engine_t engine;
  dnnl_stream_t stream;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success)
    return 2;
  float x[2 * C] = {0.5f, -1.0f, 2.0f, 1.5f, 3.0f, -4.0f}, y[C];
  /* control: H = 2, W = 1, a real reduction: the mean of the two rows */
  dnnl_status_t st = reduce_mean(engine, stream, 2, 1, x, y);
  printf("mean over H = 2: %s", dnnl_status2str(st));
  for (int i = 0; st == dnnl_success && i < C; i++) printf(" %g", y[i]);
  printf(" (expected 1 1 -1)\n");
  /* H = W = 1: the mean over one element, dst = src */
  st = reduce_mean(engine, stream, 1, 1, x, y);
  printf("mean over H = W = 1: %s, expected success with dst = src = 0.5 -1 2\n", dnnl_status2str(st));
  int bad = st != dnnl_success;
  for (int i = 0; !bad && i < C; i++) {
    printf("  dst[%d] = %g, expected %g\n", i, y[i], x[i]);
    bad |= y[i] != x[i];
  }
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return bad;
}
