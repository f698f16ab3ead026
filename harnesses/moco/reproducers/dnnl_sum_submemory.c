/* Standalone reproducer (known finding mlf:moco_dnnl:onednn:dnnl_primitive_execute:
 * sum-of-submemory-crashes) against Debian's libdnnl 2.6.3-1: a sum of two sources that are
 * submemories (dnnl_memory_desc_init_submemory, dims 3x5x3 at offset 1,1,1 of a 4x6x4 abc
 * parent) into a destination of the same type. f32 runs; f16, bf16, s32, s8 and u8 (data type
 * 1, 2, 4, 5, 6) pick ref:any and crash in dnnl_primitive_execute (SIGSEGV, a read near
 * address 0 under ASan). Without an offset (second argument 0) every type runs.
 *   cc dnnl_sum_submemory.c -ldnnl -o s && ./s 1 1; echo $?   (139)
 * Arguments: data type and 1 for a submemory (default 1 1, f16 submemories).
 * tags: mlf:moco_dnnl:onednn:dnnl_primitive_execute:sum-of-submemory-crashes
 * link: -ldnnl
 */
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Creates and runs a sum of two copies of src (a submemory when sub) of data type dt. */
static int try(dnnl_engine_t e, dnnl_stream_t st, dnnl_data_type_t dt, int sub) {
  dnnl_memory_desc_t parent, src, dst; dnnl_dims_t d = {4, 6, 4}, sd = {3, 5, 3}, off = {1, 1, 1};
  dnnl_memory_desc_init_by_tag(&parent, 3, d, dt, dnnl_abc);
  if (sub) dnnl_memory_desc_init_submemory(&src, &parent, sd, off); else src = parent;
  dnnl_memory_desc_init_by_tag(&dst, 3, sub ? sd : d, dt, dnnl_format_tag_any);
  dnnl_memory_desc_t srcs[2] = {src, src}; float scales[2] = {1, 1};
  dnnl_primitive_desc_t pd; int s = dnnl_sum_primitive_desc_create(&pd, &dst, 2, scales, srcs, NULL, e);
  printf("dt %d sub %d: pd %d", dt, sub, s); fflush(stdout);
  if (s) { printf("\n"); return s; }
  const char *impl; dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl); printf(" impl %s", impl); fflush(stdout);
  dnnl_primitive_t p; s = dnnl_primitive_create(&p, pd); printf(" prim %d", s); fflush(stdout);
  const dnnl_memory_desc_t *dm = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
  void *b0 = calloc(1, 4096), *b1 = calloc(1, 4096), *b2 = calloc(1, 4096);
  dnnl_memory_t m0, m1, m2; dnnl_memory_create(&m0, &src, e, b0); dnnl_memory_create(&m1, &src, e, b1); dnnl_memory_create(&m2, dm, e, b2);
  dnnl_exec_arg_t args[3] = {{DNNL_ARG_MULTIPLE_SRC, m0}, {DNNL_ARG_MULTIPLE_SRC + 1, m1}, {DNNL_ARG_DST, m2}};
  s = dnnl_primitive_execute(p, st, 3, args); printf(" exec %d", s); fflush(stdout); s = dnnl_stream_wait(st); printf(" wait %d\n", s);
  return 0;
}
int main(int argc, char **argv) { dnnl_engine_t e; dnnl_engine_create(&e, dnnl_cpu, 0); dnnl_stream_t st; dnnl_stream_create(&st, e, dnnl_stream_default_flags);
  try(e, st, argc > 2 ? atoi(argv[1]) : dnnl_f16, argc > 2 ? atoi(argv[2]) : 1); return 0; }
