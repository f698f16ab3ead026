/* The XNNPACK calls of moco_xnn per operator kind (xnn_operators.h). Every tensor handed to
 * XNNPACK is guard-paged (oracles/mlf_guard.h): inputs read-only with XNN_EXTRA_BYTES of
 * readable slack after their data ("The caller must allocate at least this many extra bytes
 * after the tensor data passed to XNNPACK", xnnpack.h), outputs likewise with a canary in the
 * slack (xnn_template.c checks it). */
#include "xnn_operators.h"
#include <math.h>
#include <string.h>
#include "mlf_guard.h"
#include "xnn_reference.h"

static double arg(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  return moco_arg_number(k, i, r);
}

static size_t count(double x) { return x > 0 ? (size_t)x : 0; }

typedef enum xnn_status (*create_nc_fn)(size_t, size_t, size_t, uint32_t, xnn_operator_t *);
typedef enum xnn_status (*setup_nc_fn)(xnn_operator_t, size_t, const void *, void *, pthreadpool_t);
typedef enum xnn_status (*create_minmax_fn)(float, float, uint32_t, xnn_operator_t *);
typedef enum xnn_status (*create_plain_fn)(uint32_t, xnn_operator_t *);
typedef enum xnn_status (*setup_nd_fn)(xnn_operator_t, size_t, const size_t *, size_t, const size_t *,
                                       const float *, const float *, float *, pthreadpool_t);

static const create_nc_fn create_nc[XNN_KINDS] = {
    [XNN_ABS] = xnn_create_abs_nc_f32, [XNN_NEGATE] = xnn_create_negate_nc_f32,
    [XNN_SQUARE] = xnn_create_square_nc_f32, [XNN_SQUARE_ROOT] = xnn_create_square_root_nc_f32,
    [XNN_FLOOR] = xnn_create_floor_nc_f32, [XNN_CEILING] = xnn_create_ceiling_nc_f32,
    [XNN_TRUNCATION] = xnn_create_truncation_nc_f32, [XNN_BANKERS_ROUNDING] = xnn_create_bankers_rounding_nc_f32,
    [XNN_SIGMOID] = xnn_create_sigmoid_nc_f32, [XNN_HARDSWISH] = xnn_create_hardswish_nc_f32,
    [XNN_SOFTMAX] = xnn_create_softmax_nc_f32, [XNN_COPY] = xnn_create_copy_nc_x32,
    [XNN_CONVERT_F32_F16] = xnn_create_convert_nc_f32_f16, [XNN_CONVERT_F16_F32] = xnn_create_convert_nc_f16_f32,
};

/* Setups of the (op, batch, input, output) shape; the f32 ones cast to the untyped pointers. */
static const setup_nc_fn setup_nc[XNN_KINDS] = {
    [XNN_ABS] = (setup_nc_fn)xnn_setup_abs_nc_f32, [XNN_NEGATE] = (setup_nc_fn)xnn_setup_negate_nc_f32,
    [XNN_SQUARE] = (setup_nc_fn)xnn_setup_square_nc_f32, [XNN_SQUARE_ROOT] = (setup_nc_fn)xnn_setup_square_root_nc_f32,
    [XNN_FLOOR] = (setup_nc_fn)xnn_setup_floor_nc_f32, [XNN_CEILING] = (setup_nc_fn)xnn_setup_ceiling_nc_f32,
    [XNN_TRUNCATION] = (setup_nc_fn)xnn_setup_truncation_nc_f32,
    [XNN_BANKERS_ROUNDING] = (setup_nc_fn)xnn_setup_bankers_rounding_nc_f32,
    [XNN_SIGMOID] = (setup_nc_fn)xnn_setup_sigmoid_nc_f32, [XNN_HARDSWISH] = (setup_nc_fn)xnn_setup_hardswish_nc_f32,
    [XNN_SOFTMAX] = (setup_nc_fn)xnn_setup_softmax_nc_f32, [XNN_COPY] = xnn_setup_copy_nc_x32,
    [XNN_CONVERT_F32_F16] = (setup_nc_fn)xnn_setup_convert_nc_f32_f16,
    [XNN_CONVERT_F16_F32] = (setup_nc_fn)xnn_setup_convert_nc_f16_f32,
    [XNN_CLAMP] = (setup_nc_fn)xnn_setup_clamp_nc_f32, [XNN_ELU] = (setup_nc_fn)xnn_setup_elu_nc_f32,
    [XNN_LEAKY_RELU] = (setup_nc_fn)xnn_setup_leaky_relu_nc_f32, [XNN_PRELU] = (setup_nc_fn)xnn_setup_prelu_nc_f32,
    [XNN_FULLY_CONNECTED] = (setup_nc_fn)xnn_setup_fully_connected_nc_f32,
    [XNN_CHANNEL_SHUFFLE] = xnn_setup_channel_shuffle_nc_x32,
};

static const create_minmax_fn create_minmax[XNN_KINDS] = {
    [XNN_ADD] = xnn_create_add_nd_f32, [XNN_SUBTRACT] = xnn_create_subtract_nd_f32,
    [XNN_MULTIPLY] = xnn_create_multiply_nd_f32, [XNN_DIVIDE] = xnn_create_divide_nd_f32,
};
static const create_plain_fn create_plain[XNN_KINDS] = {
    [XNN_MAXIMUM] = xnn_create_maximum_nd_f32, [XNN_MINIMUM] = xnn_create_minimum_nd_f32,
    [XNN_SQUARED_DIFFERENCE] = xnn_create_squared_difference_nd_f32,
};
static const setup_nd_fn setup_nd[XNN_KINDS] = {
    [XNN_ADD] = xnn_setup_add_nd_f32, [XNN_SUBTRACT] = xnn_setup_subtract_nd_f32,
    [XNN_MULTIPLY] = xnn_setup_multiply_nd_f32, [XNN_DIVIDE] = xnn_setup_divide_nd_f32,
    [XNN_MAXIMUM] = xnn_setup_maximum_nd_f32, [XNN_MINIMUM] = xnn_setup_minimum_nd_f32,
    [XNN_SQUARED_DIFFERENCE] = xnn_setup_squared_difference_nd_f32,
};

/* A guard-paged array of n floats from the seed with XNN_EXTRA_BYTES of slack, for weights
 * XNNPACK packs at creation (the caller frees it right after). */
static float *new_weights(size_t n, uint64_t seed, const char *label) {
  float *w = mlf_guard_alloc((n + 1) * sizeof(float) + XNN_EXTRA_BYTES, sizeof(float), MLF_GUARD_TAIL, label);
  xnn_fill_f32(w, n, seed);
  return w;
}

/* A fully connected op's kernel (output_channels x input_channels) and bias from the seed. */
static enum xnn_status create_fully_connected(const Mlf__Moco__Block *k, const moco_results *r,
                                              uint64_t seed, xnn_operator_t *op) {
  size_t ic = (size_t)arg(k, 0, r), oc = (size_t)arg(k, 1, r);
  float *kernel = new_weights(ic * oc, seed, "kernel"), *bias = new_weights(oc, seed + 1, "bias");
  float lo, hi;
  xnn_clamp_bounds(arg(k, 4, r), arg(k, 5, r), &lo, &hi);
  enum xnn_status s = xnn_create_fully_connected_nc_f32(ic, oc, (size_t)arg(k, 2, r), (size_t)arg(k, 3, r), kernel,
                                                        bias, lo, hi, 0, op);
  mlf_guard_free(kernel), mlf_guard_free(bias);
  return s;
}

/* A PReLU op's slopes (one per channel) from the seed; XNNPACK packs them at creation
 * (measured: slopes changed after creation do not change the output). */
static enum xnn_status create_prelu(const Mlf__Moco__Block *k, const moco_results *r, uint64_t seed,
                                    xnn_operator_t *op) {
  size_t channels = count(arg(k, 0, r));
  float *slope = new_weights(channels, seed, "slope");
  enum xnn_status s = xnn_create_prelu_nc_f32(channels, count(arg(k, 1, r)), count(arg(k, 2, r)), slope, 0, op);
  mlf_guard_free(slope);
  return s;
}

/* A constant-padding op whose padding value (a float's bits, four bytes flush against a guard
 * page) XNNPACK copies at creation. */
static enum xnn_status create_constant_pad(const Mlf__Moco__Block *k, const moco_results *r, xnn_operator_t *op) {
  float value = (float)arg(k, 0, r);
  void *bits = mlf_guard_alloc(sizeof value, sizeof value, MLF_GUARD_TAIL, "padding value");
  memcpy(bits, &value, sizeof value);
  enum xnn_status s = xnn_create_constant_pad_nd_x32(bits, 0, op);
  mlf_guard_free(bits);
  return s;
}

/* Argmax pooling and unpooling: paddings per axis, window, channels, pixel strides. */
static enum xnn_status create_tiled_window(xnn_kind kind, const Mlf__Moco__Block *k, const moco_results *r,
                                           xnn_operator_t *op) {
  uint32_t pad_h = (uint32_t)arg(k, 0, r), pad_w = (uint32_t)arg(k, 1, r);
  uint32_t pool_h = (uint32_t)arg(k, 2, r), pool_w = (uint32_t)arg(k, 3, r);
  size_t channels = count(arg(k, 4, r)), in_stride = count(arg(k, 5, r)), out_stride = count(arg(k, 6, r));
  if (kind == XNN_UNPOOLING)
    return xnn_create_unpooling2d_nhwc_x32(pad_h, pad_w, pad_h, pad_w, pool_h, pool_w, channels, in_stride,
                                           out_stride, 0, op);
  uint32_t flags = arg(k, 7, r) == 1 ? XNN_FLAG_TENSORFLOW_SAME_PADDING : 0;
  return xnn_create_argmax_pooling2d_nhwc_f32(pad_h, pad_w, pad_h, pad_w, pool_h, pool_w, channels, in_stride,
                                              out_stride, flags, op);
}

enum xnn_status xnn_op_create(xnn_kind kind, const Mlf__Moco__Block *k, const moco_results *r, uint64_t seed,
                              xnn_operator_t *op) {
  /* The first three arguments as counts; the binary kinds' first two are reals (read below). */
  size_t a0 = count(arg(k, 0, r)), a1 = count(arg(k, 1, r)), a2 = count(arg(k, 2, r));
  if (create_nc[kind]) return create_nc[kind](a0, a1, a2, 0, op);
  switch (kind) {
    case XNN_CLAMP: {
      float lo, hi;
      xnn_clamp_bounds(arg(k, 3, r), arg(k, 4, r), &lo, &hi);
      return xnn_create_clamp_nc_f32(a0, a1, a2, lo, hi, 0, op);
    }
    case XNN_ELU: return xnn_create_elu_nc_f32(a0, a1, a2, (float)arg(k, 3, r), 0, op);
    case XNN_LEAKY_RELU: return xnn_create_leaky_relu_nc_f32(a0, a1, a2, (float)arg(k, 3, r), 0, op);
    case XNN_PRELU: return create_prelu(k, r, seed, op);
    case XNN_MAX_POOLING:
      return xnn_create_max_pooling2d_nhwc_f32(0, 0, 0, 0, (uint32_t)a0, (uint32_t)a1, (uint32_t)a2,
                                               (uint32_t)arg(k, 3, r), (uint32_t)arg(k, 4, r), (uint32_t)arg(k, 4, r),
                                               (size_t)arg(k, 5, r), (size_t)arg(k, 6, r), (size_t)arg(k, 7, r),
                                               -INFINITY, INFINITY, 0, op);
    case XNN_FULLY_CONNECTED: return create_fully_connected(k, r, seed, op);
    case XNN_CHANNEL_SHUFFLE: return xnn_create_channel_shuffle_nc_x32(a0, a1, a2, (size_t)arg(k, 3, r), 0, op);
    case XNN_DEPTH_TO_SPACE: return xnn_create_depth_to_space_nhwc_x32(a0, a1, a2, (uint32_t)arg(k, 3, r), 0, op);
    case XNN_ARGMAX_POOLING:
    case XNN_UNPOOLING: return create_tiled_window(kind, k, r, op);
    case XNN_CONSTANT_PAD: return create_constant_pad(k, r, op);
    default: break;
  }
  if (create_minmax[kind]) {
    float lo, hi;
    xnn_clamp_bounds(arg(k, 0, r), arg(k, 1, r), &lo, &hi);
    return create_minmax[kind](lo, hi, 0, op);
  }
  return create_plain[kind](0, op);
}

/* How an input's elements are made from the seed. */
typedef enum { FILL_F32, FILL_F16, FILL_DISTINCT_F32 } fill_kind;

/* A read-only guard-paged input of n elements from the seed, XNN_EXTRA_BYTES readable after. */
static void *new_input(size_t n, fill_kind fill, uint64_t seed) {
  size_t size = fill == FILL_F16 ? 2 : 4;
  void *x = mlf_guard_alloc(n * size + XNN_EXTRA_BYTES, size, MLF_GUARD_TAIL, "input");
  if (fill == FILL_F16) xnn_fill_f16(x, n, seed);
  else if (fill == FILL_DISTINCT_F32) xnn_fill_distinct_f32(x, n, seed);
  else xnn_fill_f32(x, n, seed);
  mlf_guard_set_readonly(x, 1);
  return x;
}

/* Unpooling's indices: n of them in [0, window), read-only, guard-paged like an input. */
static void *new_index_input(size_t n, uint32_t window, uint64_t seed) {
  uint32_t *x = mlf_guard_alloc(n * sizeof *x + XNN_EXTRA_BYTES, sizeof *x, MLF_GUARD_TAIL, "index");
  xnn_fill_index(x, n, window, seed);
  mlf_guard_set_readonly(x, 1);
  return x;
}

size_t xnn_output_span(const xnn_output *out) {
  return out->rows ? (out->rows - 1) * out->stride + out->channels : 0;
}

/* Output tensor i of s with its geometry; XNN_EXTRA_BYTES of canary after it: "XNNPACK reads,
 * but never writes beyond array bounds" (xnnpack.h; the multipass max-pooling kernels read the
 * output they accumulate into), and the canary holds it to never writing there. */
static void *new_output(xnn_slot *s, int i, size_t rows, size_t channels, size_t stride, size_t size) {
  s->out[i] = (xnn_output){NULL, rows, channels, stride, size, 0};
  s->out[i].capacity = xnn_output_span(&s->out[i]);
  s->out[i].data = mlf_guard_alloc(s->out[i].capacity * size + XNN_EXTRA_BYTES, size, MLF_GUARD_TAIL,
                                   i ? "index output" : "output");
  return s->out[i].data;
}

/* Unpooling's output: the previous setup's buffer again when the block asks for it and it is
 * large enough (its elements past the new output made canary again), else a new one that is
 * not the output XNNPACK keeps from its latest full setup (a reused mapping would make the
 * block ask for that buffer without saying so). */
static void *unpooling_output(xnn_slot *s, const xnn_output *previous, int same, size_t rows, size_t channels,
                              size_t stride) {
  xnn_output want = {NULL, rows, channels, stride, 4, 0};
  size_t span = xnn_output_span(&want);
  if (same && previous->data && previous->size == 4 && previous->capacity >= span) {
    s->out[0] = want, s->out[0].data = previous->data, s->out[0].capacity = previous->capacity;
    memset((char *)previous->data + span * 4, MLF_GUARD_CANARY, (previous->capacity - span) * 4);
    return previous->data;
  }
  void *out = new_output(s, 0, rows, channels, stride, 4);
  if (out != s->unpooled_output) return out;
  void *other = new_output(s, 0, rows, channels, stride, 4); /* the mapping cache hands out another */
  mlf_guard_free(out);
  return other;
}

void xnn_op_free_tensors(xnn_slot *s) {
  for (int i = 0; i < 2; i++) {
    if (s->in[i]) mlf_guard_set_readonly(s->in[i], 0), mlf_guard_free(s->in[i]), s->in[i] = NULL;
    mlf_guard_free(s->out[i].data);
    s->out[i].data = NULL;
  }
}

/* Elements a strided tensor of `rows` rows spans. */
static size_t span(size_t rows, size_t channels, size_t stride) { return rows ? (rows - 1) * stride + channels : 0; }

/* Padding along one axis of an argmax pooling with XNN_FLAG_TENSORFLOW_SAME_PADDING: the
 * windows cover ceil(size / pool) of them, the excess split with the larger half after (as
 * XNNPACK's test reference computes it). */
static void same_padding(size_t size, size_t pool, size_t *before, size_t *after) {
  size_t total = (size + pool - 1) / pool * pool - size;
  *before = total / 2, *after = total - total / 2;
}

/* The geometry of an argmax pooling or unpooling op created by c and set up by k. */
static xnn_window_geometry window_geometry(xnn_kind kind, const Mlf__Moco__Block *c, const Mlf__Moco__Block *k,
                                           const moco_results *r) {
  xnn_window_geometry g = {
      .batch = count(arg(k, 1, r)), .height = count(arg(k, 2, r)), .width = count(arg(k, 3, r)),
      .channels = count(arg(c, 4, r)), .pool_height = count(arg(c, 2, r)), .pool_width = count(arg(c, 3, r)),
      .pad_top = count(arg(c, 0, r)), .pad_left = count(arg(c, 1, r)), .pad_bottom = count(arg(c, 0, r)),
      .pad_right = count(arg(c, 1, r)), .in_stride = count(arg(c, 5, r)), .out_stride = count(arg(c, 6, r))};
  if (kind == XNN_ARGMAX_POOLING && arg(c, 7, r) == 1) {
    same_padding(g.height, g.pool_height, &g.pad_top, &g.pad_bottom);
    same_padding(g.width, g.pool_width, &g.pad_left, &g.pad_right);
  }
  return g;
}

/* Unpooling's output size along an axis: input x window less the padding. */
static size_t unpooled_size(size_t size, size_t pool, size_t padding) {
  return size * pool > padding ? size * pool - padding : 0;
}

/* A constant-padding setup's tensor (xnn_setup_constant_pad_nd_x32's arrays): num_dims
 * dimensions, the outer ones of outer_size with the outer paddings, the last of inner_size
 * with the inner ones. Returns num_dims. */
static size_t pad_shape(const Mlf__Moco__Block *k, const moco_results *r, size_t *shape, size_t *pre, size_t *post) {
  size_t n = count(arg(k, 1, r));
  for (size_t d = 0; d < n && d < XNN_MAX_TENSOR_DIMS + 1; d++) {
    unsigned first = d + 1 == n ? 3 : 2; /* the size's argument; its paddings follow by role */
    shape[d] = count(arg(k, first, r));
    pre[d] = count(arg(k, first == 3 ? 6 : 4, r)), post[d] = count(arg(k, first == 3 ? 7 : 5, r));
  }
  return n;
}

/* Elements of a dense tensor of n dimensions, each size the sum of the arrays given (NULL: 0). */
static size_t elements(size_t n, const size_t *a, const size_t *b, const size_t *c) {
  size_t e = 1;
  for (size_t d = 0; d < n && d < XNN_MAX_TENSOR_DIMS + 1; d++) e *= a[d] + (b ? b[d] : 0) + (c ? c[d] : 0);
  return e;
}

/* An unpooling setup of geometry g: its tensors and call, and what XNNPACK keeps of it when it
 * takes it in full (xnn_op_known_failure). */
static enum xnn_status setup_unpooling(xnn_slot *s, const xnn_output *previous, const Mlf__Moco__Block *k,
                                       const moco_results *r, uint64_t seed, const xnn_window_geometry *g) {
  size_t pixels = g->batch * g->height * g->width;
  size_t oh = unpooled_size(g->height, g->pool_height, g->pad_top + g->pad_bottom);
  size_t ow = unpooled_size(g->width, g->pool_width, g->pad_left + g->pad_right);
  s->in[0] = new_input(span(pixels, g->channels, g->in_stride), FILL_F32, seed);
  s->in[1] = new_index_input(pixels * g->channels, (uint32_t)(g->pool_height * g->pool_width), seed + 1);
  void *out = unpooling_output(s, previous, arg(k, 4, r) == 1, g->batch * oh * ow, g->channels, g->out_stride);
  int kept = out == s->unpooled_output && g->height == s->unpooled_height && g->width == s->unpooled_width &&
             g->batch <= s->unpooled_batch;
  enum xnn_status status = xnn_setup_unpooling2d_nhwc_x32(s->op, g->batch, g->height, g->width, s->in[0], s->in[1],
                                                          out, NULL);
  if (status == xnn_status_success && g->batch > 0 && !kept) {
    s->unpooled_output = out, s->unpooled_height = g->height, s->unpooled_width = g->width;
    s->unpooled_batch = g->batch;
  }
  return status;
}

/* The tensors and setup call of argmax pooling, unpooling or constant padding. */
static enum xnn_status setup_layout_op(xnn_slot *s, const xnn_output *previous, const Mlf__Moco__Block *k,
                                       const moco_results *r, uint64_t seed) {
  if (s->kind == XNN_CONSTANT_PAD) {
    size_t shape[XNN_MAX_TENSOR_DIMS + 1], pre[XNN_MAX_TENSOR_DIMS + 1], post[XNN_MAX_TENSOR_DIMS + 1];
    size_t n = pad_shape(k, r, shape, pre, post), out = elements(n, pre, shape, post);
    s->in[0] = new_input(elements(n, shape, NULL, NULL), FILL_F32, seed);
    return xnn_setup_constant_pad_nd_x32(s->op, n, shape, pre, post, s->in[0], new_output(s, 0, 1, out, out, 4), NULL);
  }
  xnn_window_geometry g = window_geometry(s->kind, s->create, k, r);
  size_t pixels = g.batch * g.height * g.width;
  if (s->kind == XNN_ARGMAX_POOLING) {
    size_t windows = g.batch * xnn_windows_high(&g) * xnn_windows_wide(&g);
    s->in[0] = new_input(span(pixels, g.channels, g.in_stride), FILL_DISTINCT_F32, seed);
    void *values = new_output(s, 0, windows, g.channels, g.out_stride, 4);
    void *index = new_output(s, 1, windows, g.channels, g.channels, 4);
    return xnn_setup_argmax_pooling2d_nhwc_f32(s->op, g.batch, g.height, g.width, s->in[0], values, index, NULL);
  }
  return setup_unpooling(s, previous, k, r, seed, &g);
}

enum xnn_status xnn_op_setup(xnn_slot *s, const xnn_output *previous, const Mlf__Moco__Block *k, const moco_results *r,
                             uint64_t seed) {
  const Mlf__Moco__Block *c = s->create;
  xnn_kind kind = s->kind;
  if (kind == XNN_ARGMAX_POOLING || kind == XNN_UNPOOLING || kind == XNN_CONSTANT_PAD)
    return setup_layout_op(s, previous, k, r, seed);
  size_t batch = count(arg(k, 1, r)), rows = batch;
  size_t in_channels = count(arg(c, 0, r)), in_stride = count(arg(c, 1, r));
  size_t channels = in_channels, out_stride = count(arg(c, 2, r));
  size_t out_size = kind == XNN_CONVERT_F32_F16 ? 2 : 4;
  if (XNN_BINARY(kind)) {
    size_t a[3], b[3], na = 1, nb = 1, n = 1;
    for (int d = 0; d < 3; d++) {
      a[d] = count(arg(k, 1 + d, r)), b[d] = count(arg(k, 4 + d, r));
      na *= a[d], nb *= b[d], n *= a[d] > b[d] ? a[d] : b[d];
    }
    s->in[0] = new_input(na, FILL_F32, seed), s->in[1] = new_input(nb, FILL_F32, seed + 1);
    return setup_nd[kind](s->op, 3, a, 3, b, s->in[0], s->in[1], new_output(s, 0, 1, n, n, 4), NULL);
  }
  size_t h = count(arg(k, 2, r)), w = count(arg(k, 3, r));
  switch (kind) {
    case XNN_FULLY_CONNECTED:
      in_stride = count(arg(c, 2, r)), channels = count(arg(c, 1, r)), out_stride = count(arg(c, 3, r));
      break;
    case XNN_CHANNEL_SHUFFLE:
      in_channels = channels = in_channels * in_stride;
      in_stride = count(arg(c, 2, r)), out_stride = count(arg(c, 3, r));
      break;
    case XNN_MAX_POOLING: {
      size_t wh = (count(arg(c, 0, r)) - 1) * count(arg(c, 4, r)) + 1, ww = (count(arg(c, 1, r)) - 1) * count(arg(c, 4, r)) + 1;
      in_channels = channels = count(arg(c, 5, r)), in_stride = count(arg(c, 6, r)), out_stride = count(arg(c, 7, r));
      size_t oh = h >= wh ? (h - wh) / count(arg(c, 2, r)) + 1 : 0, ow = w >= ww ? (w - ww) / count(arg(c, 3, r)) + 1 : 0;
      rows = batch * oh * ow, batch *= h * w;
      break;
    }
    case XNN_DEPTH_TO_SPACE: {
      size_t block = count(arg(c, 3, r));
      in_channels *= block * block, out_stride = count(arg(c, 2, r));
      rows = batch * h * w * block * block, batch *= h * w;
      break;
    }
    default: break;
  }
  s->in[0] = new_input(span(batch, in_channels, in_stride), kind == XNN_CONVERT_F16_F32 ? FILL_F16 : FILL_F32, seed);
  void *out = new_output(s, 0, rows, channels, out_stride, out_size);
  if (kind == XNN_MAX_POOLING)
    return xnn_setup_max_pooling2d_nhwc_f32(s->op, count(arg(k, 1, r)), h, w, s->in[0], out, NULL);
  if (kind == XNN_DEPTH_TO_SPACE)
    return xnn_setup_depth_to_space_nhwc_x32(s->op, count(arg(k, 1, r)), h, w, s->in[0], out, NULL);
  return setup_nc[kind](s->op, count(arg(k, 1, r)), s->in[0], out, NULL);
}

const char *xnn_op_known_failure(const xnn_slot *s, const Mlf__Moco__Block *k, const moco_results *r, int *in_run) {
  const Mlf__Moco__Block *c = s->create;
  *in_run = s->kind != XNN_MAX_POOLING;
  if (count(arg(k, 1, r)) == 0) return NULL; /* batch 0: nothing is computed */
  if (s->kind == XNN_MAX_POOLING) {
    size_t dilation = count(arg(c, 4, r));
    size_t window_h = (count(arg(c, 0, r)) - 1) * dilation + 1, window_w = (count(arg(c, 1, r)) - 1) * dilation + 1;
    return count(arg(k, 2, r)) < window_h || count(arg(k, 3, r)) < window_w ? "input-smaller-than-window-crashes" : NULL;
  }
  if (s->kind != XNN_ARGMAX_POOLING && s->kind != XNN_UNPOOLING) return NULL;
  xnn_window_geometry g = window_geometry(s->kind, c, k, r);
  if (s->kind == XNN_ARGMAX_POOLING)
    return xnn_windows_high(&g) == 0 || xnn_windows_wide(&g) == 0 ? "no-output-pixel-run-aborts" : NULL;
  if (unpooled_size(g.height, g.pool_height, g.pad_top + g.pad_bottom) == 0 ||
      unpooled_size(g.width, g.pool_width, g.pad_left + g.pad_right) == 0)
    return "empty-output-written-past";
  /* The output again (unpooling_output takes the previous one only when asked), the same input
   * size, no larger batch than the latest full setup: XNNPACK keeps that setup's pointers. */
  *in_run = 0;
  int same_output = arg(k, 4, r) == 1 && s->out[0].data && s->out[0].data == s->unpooled_output;
  return same_output && g.height == s->unpooled_height && g.width == s->unpooled_width && g.batch <= s->unpooled_batch
             ? "same-output-keeps-earlier-input"
             : NULL;
}

/* The reference of argmax pooling, unpooling or constant padding. */
static void layout_reference(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, void *ref[2]) {
  if (s->kind == XNN_CONSTANT_PAD) {
    size_t shape[XNN_MAX_TENSOR_DIMS + 1], pre[XNN_MAX_TENSOR_DIMS + 1], post[XNN_MAX_TENSOR_DIMS + 1];
    size_t n = pad_shape(setup, r, shape, pre, post);
    float value = (float)arg(s->create, 0, r);
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    xnn_reference_constant_pad(s->in[0], ref[0], n, shape, pre, post, bits);
    return;
  }
  xnn_window_geometry g = window_geometry(s->kind, s->create, setup, r);
  if (s->kind == XNN_ARGMAX_POOLING) xnn_reference_argmax_pooling(s->in[0], ref[0], ref[1], &g);
  else xnn_reference_unpooling(s->in[0], s->in[1], ref[0], &g);
}

int xnn_op_reference(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, void *ref[2]) {
  const Mlf__Moco__Block *c = s->create;
  const xnn_output *o = &s->out[0];
  if (s->kind == XNN_PRELU) {
    float slope[16 + 1]; /* channels <= 16 (moco_xnn_spec.c) */
    if (o->channels >= sizeof slope / sizeof *slope) return 0;
    xnn_fill_f32(slope, o->channels, s->create_seed);
    xnn_reference_prelu(s->in[0], slope, ref[0], o->rows, o->channels, (size_t)arg(c, 1, r), o->stride);
    return 1;
  }
  double params[2] = {arg(c, 3, r), arg(c, 4, r)};
  if (XNN_UNARY(s->kind))
    return xnn_reference_unary(s->kind, s->in[0], ref[0], o->rows, o->channels, (size_t)arg(c, 1, r), o->stride, params);
  if (XNN_BINARY(s->kind)) {
    size_t a[3], b[3];
    for (int d = 0; d < 3; d++) a[d] = (size_t)arg(setup, 1 + d, r), b[d] = (size_t)arg(setup, 4 + d, r);
    float lo = -INFINITY, hi = INFINITY;
    if (s->kind <= XNN_DIVIDE) xnn_clamp_bounds(arg(c, 0, r), arg(c, 1, r), &lo, &hi);
    xnn_reference_binary(s->kind, s->in[0], a, s->in[1], b, ref[0], lo, hi);
    return 1;
  }
  size_t batch = (size_t)arg(setup, 1, r), h = (size_t)arg(setup, 2, r), w = (size_t)arg(setup, 3, r);
  switch (s->kind) {
    case XNN_MAX_POOLING: {
      size_t pool[2] = {(size_t)arg(c, 0, r), (size_t)arg(c, 1, r)}, stride[2] = {(size_t)arg(c, 2, r), (size_t)arg(c, 3, r)};
      if (o->rows) xnn_reference_max_pooling(s->in[0], ref[0], batch, h, w, o->channels, (size_t)arg(c, 6, r), o->stride,
                                             pool, stride, (size_t)arg(c, 4, r));
      return 1;
    }
    case XNN_CHANNEL_SHUFFLE:
      xnn_reference_channel_shuffle(s->in[0], ref[0], o->rows, (size_t)arg(c, 0, r), (size_t)arg(c, 1, r),
                                    (size_t)arg(c, 2, r), o->stride);
      return 1;
    case XNN_DEPTH_TO_SPACE:
      xnn_reference_depth_to_space(s->in[0], ref[0], batch, h, w, o->channels, (size_t)arg(c, 3, r), (size_t)arg(c, 1, r),
                                   o->stride);
      return 1;
    case XNN_ARGMAX_POOLING:
    case XNN_UNPOOLING:
    case XNN_CONSTANT_PAD: layout_reference(s, setup, r, ref); return 1;
    default: return 0;
  }
}

uint32_t xnn_op_comparable(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, int which,
                           size_t element, uint32_t got) {
  if (s->kind != XNN_ARGMAX_POOLING || which != 1) return got;
  xnn_window_geometry g = window_geometry(s->kind, s->create, setup, r);
  return xnn_argmax_canonical_index(&g, element, got);
}
