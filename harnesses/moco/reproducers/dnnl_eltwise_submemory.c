/* Standalone reproducer (known finding mlf:moco_dnnl:onednn:dnnl_primitive_execute:
 * eltwise-on-submemory-not-computed) against Debian's libdnnl 2.6.3-1: eltwise abs on a
 * submemory descriptor (3 floats at offset 1 of 4) is created (ref:any) and executes with
 * dnnl_success, but writes nothing, out of place or in place.
 * Exits 1 while either run's destination is not abs of the source (1 2 3).
 * tags: mlf:moco_dnnl:onednn:dnnl_primitive_execute:eltwise-on-submemory-not-computed
 * link: -ldnnl
 */
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
/* Runs abs on a 3-element submemory at offset 1 of a 4-float buffer, out of place and in place. */
int main(void){ dnnl_engine_t e; dnnl_engine_create(&e, dnnl_cpu, 0); dnnl_stream_t st; dnnl_stream_create(&st, e, dnnl_stream_default_flags);
 dnnl_memory_desc_t p, s; dnnl_dims_t d={4}, sd={3}, off={1}; dnnl_memory_desc_init_by_tag(&p,1,d,dnnl_f32,dnnl_a); dnnl_memory_desc_init_submemory(&s,&p,sd,off);
 dnnl_eltwise_desc_t ed; dnnl_eltwise_forward_desc_init(&ed,dnnl_forward_inference,dnnl_eltwise_abs,&s,0,0);
 dnnl_primitive_desc_t pd; printf("pd %d\n", dnnl_primitive_desc_create(&pd,&ed,NULL,e,NULL)); const char *impl; dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl); printf("impl %s\n", impl);
 const dnnl_memory_desc_t *dm = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0); printf("dst off0 %ld eq %d\n", (long)dm->offset0, dnnl_memory_desc_equal(dm,&s));
 float in[4] = {100, -1, -2, -3}, out[4] = {-7, -7, -7, -7};
 dnnl_memory_t mi, mo; dnnl_memory_create(&mi,&s,e,in); dnnl_memory_create(&mo,dm,e,out);
 dnnl_primitive_t pr; dnnl_primitive_create(&pr,pd); dnnl_exec_arg_t a[2]={{DNNL_ARG_SRC,mi},{DNNL_ARG_DST,mo}};
 printf("exec %d\n", dnnl_primitive_execute(pr,st,2,a)); dnnl_stream_wait(st);
 printf("out %g %g %g %g (expected -7 1 2 3)\n", out[0], out[1], out[2], out[3]);
 dnnl_exec_arg_t b[2]={{DNNL_ARG_SRC,mi},{DNNL_ARG_DST,mi}}; dnnl_primitive_execute(pr,st,2,b); dnnl_stream_wait(st);
 printf("in place %g %g %g %g (expected 100 1 2 3)\n", in[0], in[1], in[2], in[3]);
 return !(out[1] == 1 && out[2] == 2 && out[3] == 3 && in[1] == 1 && in[2] == 2 && in[3] == 3);}
