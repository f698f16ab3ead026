/* Ground truth for the MoCo XNNPACK target, written here: the tensors the harness hands
 * XNNPACK (from data_seed) and the outputs of the operators whose result IEEE 754 fixes
 * exactly (bit operations, a single correctly rounded operation per element, selections and
 * layout moves). Operators with approximations (sigmoid, ELU, hardswish, softmax) and sums
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

/* 1 when two elements agree: the same bits, or both NaN (IEEE 754 leaves NaN payloads open). */
int xnn_same_element(uint32_t a, uint32_t b, size_t element_size);
#endif
