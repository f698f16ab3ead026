/* Tensors of the DNNL_PRIMITIVES template as the harness sees them: where each logical
 * element of a memory descriptor lies (blocked layouts, padding, submemory offsets), the
 * values a memory is filled with (small integers from a seed, so that every value is exact in
 * every data type and no arithmetic on them rounds), element-wise comparison, and the
 * reference of the eltwise algorithms whose result is exact (ground truth written here). */
#ifndef DNNL_DATA_H
#define DNNL_DATA_H
#include <stddef.h>
#include <stdint.h>
#include <oneapi/dnnl/dnnl.h>

/* The number of logical elements of md (0 for a zero descriptor). */
size_t dnnl_data_elements(const dnnl_memory_desc_t *md);
/* The byte offset of logical element e (row-major over md's dims) in a buffer of md, or
 * SIZE_MAX when md is not a blocked layout. */
size_t dnnl_data_offset(const dnnl_memory_desc_t *md, size_t e);
/* Zeroes size bytes of buf (padding included), then gives every logical element a small
 * integer from the generator seeded by seed (f32, bf16, f16: -4..4; s8, s32: -4..4; u8: 0..8). */
void dnnl_data_fill(const dnnl_memory_desc_t *md, void *buf, size_t size, uint64_t seed);
/* The first logical element where a (laid out by md_a) and b (by md_b, same dims and data
 * type) differ byte for byte, or SIZE_MAX when none does. */
size_t dnnl_data_first_difference(const dnnl_memory_desc_t *md_a, const void *a,
                                  const dnnl_memory_desc_t *md_b, const void *b);
/* Logical element e of an f32 buffer laid out by md. */
float dnnl_data_f32(const dnnl_memory_desc_t *md, const void *buf, size_t e);
/* Logical element e of a buffer laid out by md, of any data type oneDNN 2.6 has (f32, bf16,
 * f16, s32, s8, u8), exactly as a double; NaN for another type. */
double dnnl_data_value(const dnnl_memory_desc_t *md, const void *buf, size_t e);

/* 1 when eltwise algorithm alg computes each element with at most one IEEE operation
 * (relu, abs, square, clip, clip_v2, bounded_relu, round), so that its f32 result is the
 * reference's exactly: tolerance 0. */
int dnnl_data_eltwise_exact(dnnl_alg_kind_t alg);
/* Reference of an exact algorithm (dnnl_data_eltwise_exact), from the formulas of oneDNN's
 * eltwise developer guide (doc/primitives/eltwise.md, forward column). Ground truth written
 * here, in single precision as the primitive computes. */
float dnnl_data_eltwise_reference(dnnl_alg_kind_t alg, float alpha, float beta, float x);
#endif
