/* Reference operators and data of the MoCo XNNPACK target (xnn_reference.h): ground truth,
 * not under test. */
#include "xnn_reference.h"
#include <immintrin.h>
#include <math.h>
#include <string.h>
#include "mlf_rng.h"

void xnn_fill_f32(float *x, size_t n, uint64_t seed) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t i = 0; i < n; i++) {
    float m = 1.0f + (float)mlf_rng_unit(&rng);
    int e = (int)mlf_rng_below(&rng, 11) - 4;
    x[i] = ldexpf(mlf_rng_chance(&rng, 50) ? -m : m, e);
  }
}

/* IEEE 754 binary16 conversions by the CPU's F16C instructions (VCVTPS2PH with round to
 * nearest even, VCVTPH2PS exact); every x86-64 CPU with AVX has them, and the AFL++ compiler
 * (clang 14) has no _Float16 on x86. */
__attribute__((target("f16c"))) static uint16_t half_bits(float f) {
  return (uint16_t)_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT);
}

__attribute__((target("f16c"))) static float half_value(uint16_t b) { return _cvtsh_ss(b); }

void xnn_fill_f16(uint16_t *x, size_t n, uint64_t seed) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t i = 0; i < n; i++) {
    float f;
    xnn_fill_f32(&f, 1, mlf_rng_next(&rng));
    x[i] = half_bits(f);
  }
}

void xnn_fill_distinct_f32(float *x, size_t n, uint64_t seed) {
  xnn_fill_f32(x, n, seed);
  for (size_t i = 0; i < n; i++) {
    uint32_t b;
    memcpy(&b, &x[i], sizeof b);
    b = (b & ~0xffffu) | (uint32_t)(i & 0xffffu);
    memcpy(&x[i], &b, sizeof b);
  }
}

void xnn_fill_index(uint32_t *x, size_t n, uint32_t window, uint64_t seed) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (size_t i = 0; i < n; i++) x[i] = (uint32_t)mlf_rng_below(&rng, window);
}

static uint32_t bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

static float value(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

void xnn_clamp_bounds(double min, double range, float *lo, float *hi) {
  *lo = (float)min;
  *hi = *lo + (float)range;
}

/* One element of an exact unary kind, on bits (f32 or x32 in, f32 or x32 or f16 out). */
static uint32_t unary_element(xnn_kind kind, uint32_t x, const double *params) {
  float f = value(x);
  switch (kind) {
    case XNN_ABS: return x & 0x7fffffffu;
    case XNN_NEGATE: return x ^ 0x80000000u;
    case XNN_SQUARE: return bits(f * f);
    case XNN_SQUARE_ROOT: return bits(sqrtf(f));
    case XNN_FLOOR: return bits(floorf(f));
    case XNN_CEILING: return bits(ceilf(f));
    case XNN_TRUNCATION: return bits(truncf(f));
    case XNN_BANKERS_ROUNDING: return bits(nearbyintf(f)); /* default mode: to nearest even */
    case XNN_COPY: return x;
    case XNN_CONVERT_F32_F16: return half_bits(f);
    case XNN_CONVERT_F16_F32: return bits(half_value((uint16_t)x));
    case XNN_CLAMP: {
      float lo, hi;
      xnn_clamp_bounds(params[0], params[1], &lo, &hi);
      return bits(f < lo ? lo : f > hi ? hi : f);
    }
    case XNN_LEAKY_RELU: return bits(f < 0 ? f * (float)params[0] : f);
    default: return x;
  }
}

static int has_unary_reference(xnn_kind kind) {
  return kind != XNN_SIGMOID && kind != XNN_HARDSWISH && kind != XNN_SOFTMAX && kind != XNN_ELU &&
         kind != XNN_PRELU && XNN_UNARY(kind); /* PReLU's slopes: xnn_reference_prelu */
}

int xnn_reference_unary(xnn_kind kind, const void *in, void *out, size_t rows, size_t channels,
                        size_t in_stride, size_t out_stride, const double *params) {
  if (!has_unary_reference(kind)) return 0;
  for (size_t r = 0; r < rows; r++)
    for (size_t c = 0; c < channels; c++) {
      size_t i = r * in_stride + c, o = r * out_stride + c;
      uint32_t x = kind == XNN_CONVERT_F16_F32 ? ((const uint16_t *)in)[i] : ((const uint32_t *)in)[i];
      uint32_t y = unary_element(kind, x, params);
      if (kind == XNN_CONVERT_F32_F16) ((uint16_t *)out)[o] = (uint16_t)y;
      else ((uint32_t *)out)[o] = y;
    }
  return 1;
}

static float binary_element(xnn_kind kind, float a, float b) {
  switch (kind) {
    case XNN_ADD: return a + b;
    case XNN_SUBTRACT: return a - b;
    case XNN_MULTIPLY: return a * b;
    case XNN_DIVIDE: return a / b;
    case XNN_MAXIMUM: return a > b ? a : b;
    case XNN_MINIMUM: return a < b ? a : b;
    default: { float d = a - b; return d * d; }
  }
}

void xnn_reference_binary(xnn_kind kind, const float *a, const size_t *a_shape, const float *b,
                          const size_t *b_shape, float *out, float output_min, float output_max) {
  size_t shape[3], n = 0;
  for (int d = 0; d < 3; d++) shape[d] = a_shape[d] > b_shape[d] ? a_shape[d] : b_shape[d];
  for (size_t i = 0; i < shape[0]; i++)
    for (size_t j = 0; j < shape[1]; j++)
      for (size_t k = 0; k < shape[2]; k++) {
        size_t ia = ((i % a_shape[0]) * a_shape[1] + j % a_shape[1]) * a_shape[2] + k % a_shape[2];
        size_t ib = ((i % b_shape[0]) * b_shape[1] + j % b_shape[1]) * b_shape[2] + k % b_shape[2];
        float y = binary_element(kind, a[ia], b[ib]);
        if (kind <= XNN_DIVIDE) y = y < output_min ? output_min : y > output_max ? output_max : y;
        out[n++] = y;
      }
}

/* Output size along one axis without padding: (input - window) / stride + 1. */
static size_t pooled(size_t input, size_t pool, size_t stride, size_t dilation) {
  return (input - ((pool - 1) * dilation + 1)) / stride + 1;
}

void xnn_reference_max_pooling(const float *in, float *out, size_t batch, size_t height, size_t width,
                               size_t channels, size_t in_stride, size_t out_stride, const size_t *pool,
                               const size_t *stride, size_t dilation) {
  size_t oh = pooled(height, pool[0], stride[0], dilation), ow = pooled(width, pool[1], stride[1], dilation);
  for (size_t n = 0; n < batch; n++)
    for (size_t y = 0; y < oh; y++)
      for (size_t x = 0; x < ow; x++)
        for (size_t c = 0; c < channels; c++) {
          float m = -INFINITY;
          for (size_t py = 0; py < pool[0]; py++)
            for (size_t px = 0; px < pool[1]; px++) {
              size_t iy = y * stride[0] + py * dilation, ix = x * stride[1] + px * dilation;
              float v = in[((n * height + iy) * width + ix) * in_stride + c];
              if (v > m) m = v;
            }
          out[((n * oh + y) * ow + x) * out_stride + c] = m;
        }
}

void xnn_reference_channel_shuffle(const uint32_t *in, uint32_t *out, size_t rows, size_t groups,
                                   size_t group_channels, size_t in_stride, size_t out_stride) {
  for (size_t r = 0; r < rows; r++)
    for (size_t g = 0; g < groups; g++)
      for (size_t c = 0; c < group_channels; c++)
        out[r * out_stride + c * groups + g] = in[r * in_stride + g * group_channels + c];
}

void xnn_reference_depth_to_space(const uint32_t *in, uint32_t *out, size_t batch, size_t height,
                                  size_t width, size_t channels, size_t block, size_t in_stride,
                                  size_t out_stride) {
  size_t ow = width * block;
  for (size_t n = 0; n < batch; n++)
    for (size_t y = 0; y < height; y++)
      for (size_t x = 0; x < width; x++)
        for (size_t by = 0; by < block; by++)
          for (size_t bx = 0; bx < block; bx++)
            for (size_t c = 0; c < channels; c++)
              out[((n * height * block + y * block + by) * ow + x * block + bx) * out_stride + c] =
                  in[((n * height + y) * width + x) * in_stride + (by * block + bx) * channels + c];
}

void xnn_reference_prelu(const float *in, const float *slope, float *out, size_t rows, size_t channels,
                         size_t in_stride, size_t out_stride) {
  for (size_t r = 0; r < rows; r++)
    for (size_t c = 0; c < channels; c++) {
      float x = in[r * in_stride + c];
      out[r * out_stride + c] = x < 0 ? x * slope[c] : x;
    }
}

size_t xnn_windows_high(const xnn_window_geometry *g) {
  return (g->pad_top + g->height + g->pad_bottom) / g->pool_height;
}

size_t xnn_windows_wide(const xnn_window_geometry *g) {
  return (g->pad_left + g->width + g->pad_right) / g->pool_width;
}

/* The first input coordinate of window w along an axis: the window's first, or the first
 * input pixel when padding precedes it. */
static size_t first_inside(size_t w, size_t pool, size_t pad) { return (w * pool > pad ? w * pool : pad) - pad; }

void xnn_reference_argmax_pooling(const float *in, float *out, uint32_t *index, const xnn_window_geometry *g) {
  size_t oh = xnn_windows_high(g), ow = xnn_windows_wide(g);
  for (size_t n = 0; n < g->batch; n++)
    for (size_t oy = 0; oy < oh; oy++)
      for (size_t ox = 0; ox < ow; ox++)
        for (size_t c = 0; c < g->channels; c++) {
          size_t top = first_inside(oy, g->pool_height, g->pad_top), left = first_inside(ox, g->pool_width, g->pad_left);
          float max = in[((n * g->height + top) * g->width + left) * g->in_stride + c];
          uint32_t at = 0;
          for (size_t py = 0; py < g->pool_height; py++)
            for (size_t px = 0; px < g->pool_width; px++) {
              size_t iy = oy * g->pool_height + py - g->pad_top, ix = ox * g->pool_width + px - g->pad_left;
              if (oy * g->pool_height + py < g->pad_top || ox * g->pool_width + px < g->pad_left ||
                  iy >= g->height || ix >= g->width)
                continue; /* padding */
              float v = in[((n * g->height + iy) * g->width + ix) * g->in_stride + c];
              if (v > max) max = v, at = (uint32_t)(px * g->pool_height + py);
            }
          size_t o = (n * oh + oy) * ow + ox;
          out[o * g->out_stride + c] = max;
          index[o * g->channels + c] = at;
        }
}

/* The pixel, along an axis of the pooled side (`size` pixels), that position p of window w
 * stands for: its own less the padding, or the nearest pixel for a padding position. */
static size_t nearest_inside(size_t w, size_t pool, size_t p, size_t pad, size_t size) {
  size_t at = w * pool + p > pad ? w * pool + p - pad : 0;
  return at < size ? at : size - 1;
}

uint32_t xnn_argmax_canonical_index(const xnn_window_geometry *g, size_t element, uint32_t at) {
  size_t ow = xnn_windows_wide(g), oh = xnn_windows_high(g), pixel = element / g->channels;
  if (at >= g->pool_height * g->pool_width || ow == 0 || oh == 0) return UINT32_MAX;
  size_t ox = pixel % ow, oy = pixel / ow % oh;
  size_t iy = nearest_inside(oy, g->pool_height, at % g->pool_height, g->pad_top, g->height);
  size_t ix = nearest_inside(ox, g->pool_width, at / g->pool_height, g->pad_left, g->width);
  if (iy == first_inside(oy, g->pool_height, g->pad_top) && ix == first_inside(ox, g->pool_width, g->pad_left)) return 0;
  return (uint32_t)((ix + g->pad_left - ox * g->pool_width) * g->pool_height + iy + g->pad_top - oy * g->pool_height);
}

void xnn_reference_unpooling(const uint32_t *in, const uint32_t *index, uint32_t *out, const xnn_window_geometry *g) {
  size_t pad_h = g->pad_top + g->pad_bottom, pad_w = g->pad_left + g->pad_right;
  size_t oh = g->height * g->pool_height > pad_h ? g->height * g->pool_height - pad_h : 0;
  size_t ow = g->width * g->pool_width > pad_w ? g->width * g->pool_width - pad_w : 0;
  if (oh == 0 || ow == 0) return;
  for (size_t i = 0; i < g->batch * oh * ow; i++)
    for (size_t c = 0; c < g->channels; c++) out[i * g->out_stride + c] = 0;
  for (size_t n = 0; n < g->batch; n++)
    for (size_t iy = 0; iy < g->height; iy++)
      for (size_t ix = 0; ix < g->width; ix++)
        for (size_t c = 0; c < g->channels; c++) {
          size_t i = (n * g->height + iy) * g->width + ix;
          uint32_t at = index[i * g->channels + c];
          size_t oy = nearest_inside(iy, g->pool_height, at % g->pool_height, g->pad_top, oh);
          size_t ox = nearest_inside(ix, g->pool_width, at / g->pool_height, g->pad_left, ow);
          out[((n * oh + oy) * ow + ox) * g->out_stride + c] = in[i * g->in_stride + c];
        }
}

/* Constant padding of dimensions d.. of the tensor: in and out point at the first element of
 * the current sub-tensor of each. */
static void pad_dimension(const uint32_t *in, uint32_t *out, size_t d, size_t n_dims, const size_t *shape,
                          const size_t *pre, const size_t *post, uint32_t value) {
  size_t in_inner = 1, out_inner = 1;
  for (size_t e = d + 1; e < n_dims; e++) in_inner *= shape[e], out_inner *= pre[e] + shape[e] + post[e];
  size_t out_size = pre[d] + shape[d] + post[d];
  for (size_t i = 0; i < out_size; i++) {
    uint32_t *o = out + i * out_inner;
    if (i < pre[d] || i >= pre[d] + shape[d]) {
      for (size_t j = 0; j < out_inner; j++) o[j] = value;
    } else if (d + 1 == n_dims) {
      *o = in[i - pre[d]];
    } else {
      pad_dimension(in + (i - pre[d]) * in_inner, o, d + 1, n_dims, shape, pre, post, value);
    }
  }
}

void xnn_reference_constant_pad(const uint32_t *in, uint32_t *out, size_t n_dims, const size_t *shape,
                                const size_t *pre, const size_t *post, uint32_t value) {
  if (n_dims == 0) *out = *in; /* a scalar */
  else pad_dimension(in, out, 0, n_dims, shape, pre, post, value);
}

int xnn_same_element(uint32_t a, uint32_t b, size_t element_size) {
  if (a == b) return 1;
  if (element_size == 2) return (a & 0x7c00u) == 0x7c00u && (a & 0x3ffu) && (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu);
  return isnan(value(a)) && isnan(value(b));
}
