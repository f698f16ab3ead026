/* Tensors of the DNNL_PRIMITIVES template (dnnl_data.h). */
#include "dnnl_data.h"
#include <math.h>
#include <string.h>
#include "mlf_rng.h"

size_t dnnl_data_elements(const dnnl_memory_desc_t *md) {
  if (md->ndims <= 0) return 0;
  size_t n = 1;
  for (int d = 0; d < md->ndims; d++) n *= md->dims[d] > 0 ? (size_t)md->dims[d] : 0;
  return n;
}

/* oneDNN's physical offset of a logical position in a blocked layout (the computation of its
 * memory_desc_wrapper::off_v): padded offsets added, inner blocks from the innermost out,
 * then the outer strides. */
size_t dnnl_data_offset(const dnnl_memory_desc_t *md, size_t e) {
  if (md->format_kind != dnnl_blocked) return SIZE_MAX;
  const dnnl_blocking_desc_t *blk = &md->format_desc.blocking;
  dnnl_dim_t pos[DNNL_MAX_NDIMS];
  for (int d = md->ndims - 1; d >= 0; d--) {
    pos[d] = (dnnl_dim_t)(e % (size_t)md->dims[d]) + md->padded_offsets[d];
    e /= (size_t)md->dims[d];
  }
  dnnl_dim_t phys = md->offset0, block_stride = 1;
  for (int i = blk->inner_nblks - 1; i >= 0; i--) {
    int d = (int)blk->inner_idxs[i];
    phys += (pos[d] % blk->inner_blks[i]) * block_stride;
    block_stride *= blk->inner_blks[i];
    pos[d] /= blk->inner_blks[i];
  }
  for (int d = 0; d < md->ndims; d++) phys += pos[d] * blk->strides[d];
  return (size_t)phys * dnnl_data_type_size(md->data_type);
}

/* Bit patterns of the binary16 integers 0..4 (sign bit 0x8000 for the negatives). */
static const uint16_t f16_small[5] = {0x0000, 0x3c00, 0x4000, 0x4200, 0x4400};

static void put_value(dnnl_data_type_t dt, unsigned char *at, int v) {
  float f = (float)v;
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  uint16_t half;
  int8_t s8 = (int8_t)v;
  int32_t s32 = v;
  switch (dt) {
    case dnnl_f32: memcpy(at, &f, 4); break;
    case dnnl_bf16: half = (uint16_t)(bits >> 16); memcpy(at, &half, 2); break;
    case dnnl_f16: half = (uint16_t)(f16_small[v < 0 ? -v : v] | (v < 0 ? 0x8000 : 0)); memcpy(at, &half, 2); break;
    case dnnl_s32: memcpy(at, &s32, 4); break;
    case dnnl_s8: memcpy(at, &s8, 1); break;
    case dnnl_u8: *at = (unsigned char)(v + 4); break;
    default: break;
  }
}

void dnnl_data_fill(const dnnl_memory_desc_t *md, void *buf, size_t size, uint64_t seed) {
  memset(buf, 0, size);
  size_t n = dnnl_data_elements(md), width = dnnl_data_type_size(md->data_type);
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t e = 0; e < n; e++) {
    size_t at = dnnl_data_offset(md, e);
    int v = (int)mlf_rng_below(&rng, 9) - 4;
    if (at != SIZE_MAX && at + width <= size) put_value(md->data_type, (unsigned char *)buf + at, v);
  }
}

size_t dnnl_data_first_difference(const dnnl_memory_desc_t *md_a, const void *a,
                                  const dnnl_memory_desc_t *md_b, const void *b) {
  size_t n = dnnl_data_elements(md_a), width = dnnl_data_type_size(md_a->data_type);
  for (size_t e = 0; e < n; e++)
    if (memcmp((const char *)a + dnnl_data_offset(md_a, e), (const char *)b + dnnl_data_offset(md_b, e), width))
      return e;
  return SIZE_MAX;
}

float dnnl_data_f32(const dnnl_memory_desc_t *md, const void *buf, size_t e) {
  float f;
  memcpy(&f, (const char *)buf + dnnl_data_offset(md, e), sizeof f);
  return f;
}

/* An IEEE binary16 value from its bits (subnormals, infinities and NaN included). */
static double half_value(uint16_t h) {
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double v = exponent == 0 ? ldexp(mantissa, -24) : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                                                  : ldexp(mantissa | 0x400, exponent - 25);
  return h & 0x8000 ? -v : v;
}

double dnnl_data_value(const dnnl_memory_desc_t *md, const void *buf, size_t e) {
  const unsigned char *at = (const unsigned char *)buf + dnnl_data_offset(md, e);
  uint16_t half;
  uint32_t bits;
  int32_t s32;
  float f;
  switch (md->data_type) {
    case dnnl_f32: memcpy(&f, at, 4); return f;
    case dnnl_bf16:
      memcpy(&half, at, 2);
      bits = (uint32_t)half << 16;
      memcpy(&f, &bits, 4);
      return f;
    case dnnl_f16: memcpy(&half, at, 2); return half_value(half);
    case dnnl_s32: memcpy(&s32, at, 4); return s32;
    case dnnl_s8: return (signed char)*at;
    case dnnl_u8: return *at;
    default: return NAN;
  }
}

int dnnl_data_eltwise_exact(dnnl_alg_kind_t alg) {
  return alg == dnnl_eltwise_relu || alg == dnnl_eltwise_abs || alg == dnnl_eltwise_square ||
         alg == dnnl_eltwise_clip || alg == dnnl_eltwise_clip_v2 || alg == dnnl_eltwise_bounded_relu ||
         alg == dnnl_eltwise_round;
}

float dnnl_data_eltwise_reference(dnnl_alg_kind_t alg, float alpha, float beta, float x) {
  switch (alg) {
    case dnnl_eltwise_relu: return x > 0 ? x : alpha * x;
    case dnnl_eltwise_abs: return fabsf(x);
    case dnnl_eltwise_square: return x * x;
    case dnnl_eltwise_clip:
    case dnnl_eltwise_clip_v2: return x <= alpha ? alpha : x > beta ? beta : x;
    case dnnl_eltwise_bounded_relu: return x <= 0 ? 0 : x > alpha ? alpha : x;
    case dnnl_eltwise_round: return nearbyintf(x);
    default: return NAN;
  }
}
