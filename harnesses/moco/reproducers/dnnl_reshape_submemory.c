/* Standalone reproducer (known finding mlf:moco_dnnl:onednn:dnnl_memory_desc_reshape:
 * layout-mismatch) against Debian's libdnnl 2.6.3-1: a 3x1x7 submemory (offsets 0) of a 4x2x8
 * bf16 tensor in aBc8b, reshaped to 1x3x1x7 (a unit dimension added: "always possible",
 * dnnl.h). Element (1, 0, 0) lies at byte 128 by the submemory's descriptor (as in the parent:
 * one 8-channel block of 8 x 8 elements further), but the reshaped descriptor keeps the block
 * on dimension 1 (now the 3) and puts it at byte 2. Prints both offsets, exits 1 when they
 * differ.
 *   cc dnnl_reshape_submemory.c -ldnnl -o r && ./r
 * tags: mlf:moco_dnnl:onednn:dnnl_memory_desc_reshape:layout-mismatch
 * link: -ldnnl
 */
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>

/* The byte offset of a logical position of a blocked descriptor (oneDNN's off_v). */
static long offset(const dnnl_memory_desc_t *md, const dnnl_dim_t *idx) {
  const dnnl_blocking_desc_t *b = &md->format_desc.blocking;
  dnnl_dim_t pos[DNNL_MAX_NDIMS], phys = md->offset0, stride = 1;
  for (int d = 0; d < md->ndims; d++) pos[d] = idx[d] + md->padded_offsets[d];
  for (int i = b->inner_nblks - 1; i >= 0; i--) {
    int d = (int)b->inner_idxs[i];
    phys += (pos[d] % b->inner_blks[i]) * stride;
    stride *= b->inner_blks[i];
    pos[d] /= b->inner_blks[i];
  }
  for (int d = 0; d < md->ndims; d++) phys += pos[d] * b->strides[d];
  return (long)phys * (long)dnnl_data_type_size(md->data_type);
}

int main(void) {
  dnnl_memory_desc_t parent, sub, reshaped;
  dnnl_dims_t dims = {4, 2, 8}, sub_dims = {3, 1, 7}, offsets = {0, 0, 0}, new_dims = {1, 3, 1, 7};
  dnnl_memory_desc_init_by_tag(&parent, 3, dims, dnnl_bf16, dnnl_aBc8b);
  if (dnnl_memory_desc_init_submemory(&sub, &parent, sub_dims, offsets) != dnnl_success) return 2;
  if (dnnl_memory_desc_reshape(&reshaped, &sub, 4, new_dims) != dnnl_success) return 2;
  dnnl_dim_t in_parent[3] = {1, 0, 0}, in_reshaped[4] = {0, 1, 0, 0};
  long p = offset(&parent, in_parent), s = offset(&sub, in_parent), r = offset(&reshaped, in_reshaped);
  printf("element (1, 0, 0): parent byte %ld, submemory byte %ld, reshaped byte %ld\n", p, s, r);
  return r != s;
}
