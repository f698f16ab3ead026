/* Standalone reproducer (known finding mlf:moco_dnnl:onednn:dnnl_primitive_desc_query_md:
 * unneeded-arg-md-not-zero) against Debian's libdnnl 2.6.3-1: a convolution with one eltwise
 * post-op, queried for the execution argument DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1.
 * dnnl.h documents "A pointer to a zero memory descriptor if the parameter is not needed"; oneDNN
 * returns the eltwise entry's never-initialized binary.src1_desc.
 *   cc dnnl_query_md_eltwise_post_op.c -ldnnl -o q && valgrind --track-origins=yes ./q
 *   clang -fsanitize=address dnnl_query_md_eltwise_post_op.c -ldnnl -o qa && ASAN_OPTIONS=detect_leaks=0 ./qa
 * (ASan's malloc fill makes post-op 0 read ndims -1094795586, 0xbebebebe; valgrind reports the
 * uninitialised value created by dnnl_post_ops_append_eltwise.) glibc's MALLOC_PERTURB_ fills new
 * blocks the same way without ASan. Exits 1 while the descriptor is not zero.
 * tags: mlf:moco_dnnl:onednn:dnnl_primitive_desc_query_md:unneeded-arg-md-not-zero
 * link: -ldnnl
 * env: MALLOC_PERTURB_=190
 */
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

int main(void) {
  dnnl_engine_t e;
  if (dnnl_engine_create(&e, dnnl_cpu, 0) != dnnl_success) return 2;
  dnnl_memory_desc_t s, w, d, b;
  dnnl_dims_t sd = {1, 3, 8, 8}, wd = {8, 3, 3, 3}, dd = {1, 8, 8, 8}, bd = {8}, st = {1, 1}, pd = {1, 1};
  dnnl_memory_desc_init_by_tag(&s, 4, sd, dnnl_f32, dnnl_nchw);
  dnnl_memory_desc_init_by_tag(&w, 4, wd, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&d, 4, dd, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&b, 1, bd, dnnl_f32, dnnl_format_tag_any);
  dnnl_convolution_desc_t cd;
  dnnl_convolution_forward_desc_init(&cd, dnnl_forward_inference, dnnl_convolution_direct, &s, &w, &b, &d, st, pd, pd);
  dnnl_post_ops_t po;
  dnnl_post_ops_create(&po);
  dnnl_post_ops_append_eltwise(po, 1.f, dnnl_eltwise_relu, 0, 0);
  dnnl_primitive_attr_t a;
  dnnl_primitive_attr_create(&a);
  dnnl_primitive_attr_set_post_ops(a, po);
  dnnl_primitive_desc_t p;
  if (dnnl_primitive_desc_create(&p, &cd, a, e, NULL) != dnnl_success) return 2;
  const dnnl_memory_desc_t *m =
      dnnl_primitive_desc_query_md(p, dnnl_query_exec_arg_md, DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1);
  printf("post-op 0 (eltwise) source: ndims %d, data type %d (documented: a zero descriptor, 0 and 0)\n",
         m ? m->ndims : -1, m ? (int)m->data_type : -1);
  int bug = m && m->ndims != 0;
  dnnl_primitive_desc_destroy(p);
  dnnl_primitive_attr_destroy(a);
  dnnl_post_ops_destroy(po);
  dnnl_engine_destroy(e);
  return bug;
}
