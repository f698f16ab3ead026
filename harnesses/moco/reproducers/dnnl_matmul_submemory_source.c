/* Standalone reproducer (calls only oneDNN): a matmul whose source is a submemory (dims
 * 1x1x1x2 at offset (1, 0, 0, 1) of a 2x1x1x3 f32 tensor, offset0 4) computes from the start of
 * the buffer: with weights of ones the destination should be 5 + 6 = 11 and is 1 + 2 = 3.
 * (dnnl_memory_desc_get_size answers 0 for it, as oneDNN intends: issue #1429.) Found by the
 * moco_dnnl bench; seen on Debian's libdnnl2 2.6.3-1 (gemm:jit on avx512_core_amx and, with
 * ONEDNN_MAX_CPU_ISA=AVX2, on avx2).
 * Exits 1 while the destination is not 11.
 * tags: mlf:moco_dnnl:onednn:dnnl_primitive_execute:matmul-submemory-source-offset-ignored
 * link: -ldnnl
 */
#include <dnnl.h>
#include <stdio.h>
#define OK(x) do { dnnl_status_t s_ = (x); if (s_) { printf("%s: %d\n", #x, s_); return 1; } } while (0)
int main(void) {
  dnnl_engine_t eng; dnnl_stream_t st;
  OK(dnnl_engine_create(&eng, dnnl_cpu, 0)); OK(dnnl_stream_create(&st, eng, dnnl_stream_default_flags));
  dnnl_memory_desc_t parent, sub, wei, dst;
  dnnl_dims_t pd = {2, 1, 1, 3}, sd = {1, 1, 1, 2}, so = {1, 0, 0, 1}, wd = {1, 1, 2, 4}, dd = {1, 1, 1, 4};
  OK(dnnl_memory_desc_init_by_tag(&parent, 4, pd, dnnl_f32, dnnl_abcd));
  OK(dnnl_memory_desc_init_submemory(&sub, &parent, sd, so));
  printf("parent size %zu, submemory size %zu, offset0 %lld\n", dnnl_memory_desc_get_size(&parent), dnnl_memory_desc_get_size(&sub), (long long)sub.offset0);
  OK(dnnl_memory_desc_init_by_tag(&wei, 4, wd, dnnl_f32, dnnl_abcd));
  OK(dnnl_memory_desc_init_by_tag(&dst, 4, dd, dnnl_f32, dnnl_abcd));
  dnnl_matmul_desc_t md; OK(dnnl_matmul_desc_init(&md, &sub, &wei, NULL, &dst));
  dnnl_primitive_desc_t p; OK(dnnl_primitive_desc_create(&p, &md, NULL, eng, NULL));
  const char *impl; dnnl_primitive_desc_query(p, dnnl_query_impl_info_str, 0, &impl); printf("impl %s\n", impl);
  dnnl_primitive_t prim; OK(dnnl_primitive_create(&prim, p));
  float src[6] = {1, 2, 3, 4, 5, 6}, w[8] = {1, 1, 1, 1, 1, 1, 1, 1}, out[4] = {-1, -1, -1, -1};
  dnnl_memory_t ms, mw, mdst;
  OK(dnnl_memory_create(&ms, &sub, eng, src)); OK(dnnl_memory_create(&mw, &wei, eng, w)); OK(dnnl_memory_create(&mdst, &dst, eng, out));
  dnnl_exec_arg_t args[3] = {{DNNL_ARG_SRC, ms}, {DNNL_ARG_WEIGHTS, mw}, {DNNL_ARG_DST, mdst}};
  OK(dnnl_primitive_execute(prim, st, 3, args)); OK(dnnl_stream_wait(st));
  printf("dst %g %g %g %g (submemory elements are src[4], src[5] = 5, 6: expected 11 each)\n", out[0], out[1], out[2], out[3]);
  for (int i = 0; i < 4; i++)
    if (out[i] != 11) return 1;
  return 0;
}
