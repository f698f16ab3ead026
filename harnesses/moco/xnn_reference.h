/* Ground truth for the MoCo XNNPACK target, written here: the tensors the harness hands
 * XNNPACK (from data_seed) and the outputs of the operators whose result IEEE 754 fixes
 * exactly (bit operations, a single correctly rounded operation per element, selections and
 * layout moves: PReLU's one product per negative element, argmax pooling's selection and
 * index, unpooling's scatter, constant padding's copy). Operators with approximations (sigmoid, ELU, hardswish, softmax) and sums
 * whose order the library chooses (fully connected) have no reference: XNNPACK documents no
 * accuracy for them. The data are normal, non-zero floats of magnitude 2^-4 to 2^7, so that no
 * input or result of these operations is subnormal (XNNPACK runs its kernels with denormals
 * disabled: pthreadpool's PTHREADPOOL_FLAG_DISABLE_DENORMALS). This code is not under test. */
#ifndef XNN_REFERENCE_H
#define XNN_REFERENCE_H
#include <stddef.h>
#include <stdint.h>
#include "moco_xnn_spec.h"

/* n floats from seed: sign * (1 + m) * 2^e, e in [-4, 6]. */
void xnn_fill_f32(float *x, size_t n, uint64_t seed);
/* n half floats (their bits), the floats of xnn_fill_f32 rounded to half precision. */
void xnn_fill_f16(uint16_t *x, size_t n, uint64_t seed);
/* n floats of xnn_fill_f32 made pairwise distinct: the low 16 bits of each mantissa hold the
 * element's index (n <= 65536), so that a pooling window has one maximum and its index is
 * defined (neither xnnpack.h nor XNNPACK's test reference says which of equal maxima counts). */
void xnn_fill_distinct_f32(float *x, size_t n, uint64_t seed);
/* n pooling indices in [0, window) from seed. */
void xnn_fill_index(uint32_t *x, size_t n, uint32_t window, uint64_t seed);

/* The bounds a create block's output_min and output_range arguments stand for, as the harness
 * hands them to XNNPACK and the references clamp to: min rounded to float, max = min + range
 * added in float (not the double sum rounded, which can differ by one ulp: -1 + 2.57). */
void xnn_clamp_bounds(double min, double range, float *lo, float *hi);
/* Unary kind on `rows` rows of `channels` elements (element strides in, out); params: the
 * create block's arguments after the strides (clamp: min, range; leaky ReLU: slope). Element
 * sizes follow the kind (f16 for the converts' half side). Returns 0, writing nothing, for a
 * kind without a reference. */
int xnn_reference_unary(xnn_kind kind, const void *in, void *out, size_t rows, size_t channels,
                        size_t in_stride, size_t out_stride, const double *params);
/* Binary kind with NumPy broadcasting of two 3-d shapes into the dense output; output_min and
 * output_max clamp the four arithmetic kinds. */
void xnn_reference_binary(xnn_kind kind, const float *a, const size_t *a_shape, const float *b,
                          const size_t *b_shape, float *out, float output_min, float output_max);
/* Max pooling NHWC without padding: pool and dilation per axis, output pixel stride. */
void xnn_reference_max_pooling(const float *in, float *out, size_t batch, size_t height, size_t width,
                               size_t channels, size_t in_stride, size_t out_stride, const size_t *pool,
                               const size_t *stride, size_t dilation);
/* Channel shuffle: channel g * group_channels + c of a row becomes channel c * groups + g. */
void xnn_reference_channel_shuffle(const uint32_t *in, uint32_t *out, size_t rows, size_t groups,
                                   size_t group_channels, size_t in_stride, size_t out_stride);
/* Depth to space NHWC (DCR order): input channel (by * block + bx) * channels + c of pixel
 * (y, x) goes to pixel (y * block + by, x * block + bx), channel c. */
void xnn_reference_depth_to_space(const uint32_t *in, uint32_t *out, size_t batch, size_t height,
                                  size_t width, size_t channels, size_t block, size_t in_stride,
                                  size_t out_stride);

/* PReLU on `rows` rows of `channels` floats: x < 0 ? x * slope[channel] : x. */
void xnn_reference_prelu(const float *in, const float *slope, float *out, size_t rows, size_t channels,
                         size_t in_stride, size_t out_stride);

/* The geometry of an argmax pooling or unpooling: the pooled side (argmax's input, unpooling's
 * output) is height x width before padding, the window side (argmax's output, unpooling's
 * input) has one pixel per window; windows tile the padded pooled side. Pixel strides are of
 * the strided tensors (argmax: input and value output; unpooling: input and output); index
 * tensors are dense (channels per pixel). */
typedef struct {
  size_t batch, height, width, channels;
  size_t pool_height, pool_width;
  size_t pad_top, pad_left, pad_bottom, pad_right;
  size_t in_stride, out_stride;
} xnn_window_geometry;

/* Pixels of the window side of g: (pad_top + height + pad_bottom) / pool_height by the same
 * along the width (argmax pooling's output). */
size_t xnn_windows_high(const xnn_window_geometry *g);
size_t xnn_windows_wide(const xnn_window_geometry *g);
/* Argmax pooling, as XNNPACK's own test reference defines it (test/argmax-pooling-operator-
 * tester.h, upstream): each window's maximum over the input pixels inside it (padding takes
 * no part), and its index px * pool_height + py in the window, column by column; a maximum at
 * the window's first input pixel has index 0 even when padding precedes it (the reference
 * starts from that pixel with index 0). */
void xnn_reference_argmax_pooling(const float *in, float *out, uint32_t *index, const xnn_window_geometry *g);
/* The index xnn_reference_argmax_pooling gives for the input pixel that index `at` of index
 * element `element` names, or UINT32_MAX for an index outside the window. An index may name a
 * padding position: it stands for the nearest input pixel, the pixel unpooling puts its value
 * on (test/unpooling-operator-tester.h clamps padding positions into the output) and the pixel
 * the argmax test reference's index 0 names when padding precedes it; windows padded on both
 * axes, which upstream's tests do not pad, give other indices for the same pixel (the library
 * gives the first position, in index order, that stands for the maximum). */
uint32_t xnn_argmax_canonical_index(const xnn_window_geometry *g, size_t element, uint32_t at);
/* Unpooling (test/unpooling-operator-tester.h, upstream): height and width are of the input
 * here (one pixel per window); the output, (height * pool_height - pad_top - pad_bottom) by the
 * same along the width, is zero but for each input value at the position its index names in
 * its window, clamped into the output where that position is padding. */
void xnn_reference_unpooling(const uint32_t *in, const uint32_t *index, uint32_t *out, const xnn_window_geometry *g);
/* Constant padding of a dense tensor of n_dims dimensions: the input copied at offset pre in
 * every dimension, every other output element the padding value. */
void xnn_reference_constant_pad(const uint32_t *in, uint32_t *out, size_t n_dims, const size_t *shape,
                                const size_t *pre, const size_t *post, uint32_t value);

/* 1 when two elements agree: the same bits, or both NaN (IEEE 754 leaves NaN payloads open). */
int xnn_same_element(uint32_t a, uint32_t b, size_t element_size);
#endif
