/* The XNNPACK operator API (Debian libxnnpack-dev 0.0~git20220216.ae108ef-2, /usr/include/xnnpack.h)
 * as MoCo blocks: per operator kind its xnn_create_* (returns an "xnn_op" handle) and its
 * xnn_setup_* (takes the op by reference, the batch size or shapes; the harness makes the
 * tensors from data_seed), then xnn_run_operator and xnn_delete_operator (frees the op). This
 * snapshot has no separate reshape: setup takes the sizes and the pointers together.
 * Ranges are kept small (channels <= 16, batch <= 8, spatial <= 8) to bound the work; the
 * boundaries called refused are those the library's create/setup checks return
 * xnn_status_invalid_parameter for (upstream src/operators/unary-elementwise-nc.c,
 * binary-elementwise-nd.c, max-pooling-nhwc.c, fully-connected-nc.c, channel-shuffle-nc.c,
 * depth-to-space-nhwc.c of that snapshot; each confirmed against the installed binary):
 * zero channels, groups below 2, a block size below 2, zero pooling sizes, strides and
 * dilations, an element stride below the channel count, alpha <= 0 for ELU, output_min >=
 * output_max, zero input height or width at setup. The clamp range is written as output_min
 * and the width output_max - output_min, so that its refused boundary (width 0, min == max)
 * is a range boundary.
 * PReLU, argmax pooling, unpooling and constant padding were added later: their refused
 * boundaries were measured against the installed libxnnpack0 (each row says so), the
 * library's source not being at hand; argmax pooling and unpooling take their padding as one
 * value per axis (top = bottom, left = right) to fit eight parameters, and constant padding
 * describes its tensor by a rank, one size and padding pair shared by every outer dimension
 * and another for the innermost one. */
#include <math.h>
#include <string.h>
#include "moco_xnn_spec.h"

#define I MOCO_I
#define R MOCO_R
#define OP MOCO_H("op", "xnn_op")
#define NC_CREATE I("channels", 1, 16, 4), I("input_stride", 1, 32, 4), I("output_stride", 1, 32, 4)
#define UNARY(name, n_extra, ...)                                                         \
  {"xnn_create_" name, "unary-create", 3 + n_extra, {NC_CREATE, __VA_ARGS__}, 0, "xnn_op", 0}, \
  {"xnn_setup_" name, "unary-setup", 2, {OP, I("batch_size", 0, 8, 2)}, 0, NULL, 0}
#define CLAMP_RANGE R("output_min", -1024, 0, -1024, 1), R("output_range", 1, 2048, 2048, 1)
#define SHAPE(x) I(x "0", 1, 4, 2), I(x "1", 1, 4, 2), I(x "2", 1, 4, 2)
#define BINARY_SETUP(name) \
  {"xnn_setup_" name, "binary-setup", 7, {OP, SHAPE("a"), SHAPE("b")}, 0, NULL, 0}
#define BINARY_MINMAX(name) \
  {"xnn_create_" name, "binary-create", 2, {CLAMP_RANGE}, 0, "xnn_op", 0}, BINARY_SETUP(name)
#define BINARY_PLAIN(name) \
  {"xnn_create_" name, "binary-create", 0, {{0}}, 0, "xnn_op", 0}, BINARY_SETUP(name)

static const moco_api xnn_apis[] = {
    UNARY("abs_nc_f32", 0), UNARY("negate_nc_f32", 0), UNARY("square_nc_f32", 0),
    UNARY("square_root_nc_f32", 0), UNARY("floor_nc_f32", 0), UNARY("ceiling_nc_f32", 0),
    UNARY("truncation_nc_f32", 0), UNARY("bankers_rounding_nc_f32", 0), UNARY("sigmoid_nc_f32", 0),
    UNARY("hardswish_nc_f32", 0), UNARY("softmax_nc_f32", 0), UNARY("copy_nc_x32", 0),
    UNARY("convert_nc_f32_f16", 0), UNARY("convert_nc_f16_f32", 0),
    UNARY("clamp_nc_f32", 2, R("output_min", -8, 8, -6, 0.25), R("output_range", 0.25, 16, 12, 0.25)),
    UNARY("elu_nc_f32", 1, R("alpha", 0.125, 4, 1, 0.125)),
    UNARY("leaky_relu_nc_f32", 1, R("negative_slope", -4, 4, 0.25, 0.25)),
    /* The slopes (channels floats) come from data_seed; refused as every unary create: zero
     * channels, a stride below the channels (measured: invalid_parameter). */
    UNARY("prelu_nc_f32", 0),
    BINARY_MINMAX("add_nd_f32"), BINARY_MINMAX("subtract_nd_f32"), BINARY_MINMAX("multiply_nd_f32"),
    BINARY_MINMAX("divide_nd_f32"), BINARY_PLAIN("maximum_nd_f32"), BINARY_PLAIN("minimum_nd_f32"),
    BINARY_PLAIN("squared_difference_nd_f32"),
    {"xnn_create_max_pooling2d_nhwc_f32", "pooling-create", 8,
     {I("pooling_height", 1, 4, 2), I("pooling_width", 1, 4, 2), I("stride_height", 1, 4, 2),
      I("stride_width", 1, 4, 2), I("dilation", 1, 2, 1), I("channels", 1, 16, 4),
      I("input_pixel_stride", 1, 32, 4), I("output_pixel_stride", 1, 32, 4)}, 0, "xnn_op", 0},
    {"xnn_setup_max_pooling2d_nhwc_f32", "spatial-setup", 4,
     {OP, I("batch_size", 0, 4, 1), I("input_height", 1, 8, 4), I("input_width", 1, 8, 4)}, 0, NULL, 0},
    {"xnn_create_fully_connected_nc_f32", "matrix-create", 6,
     {I("input_channels", 1, 16, 4), I("output_channels", 1, 16, 4), I("input_stride", 1, 32, 4),
      I("output_stride", 1, 32, 4), CLAMP_RANGE}, 0, "xnn_op", 0},
    {"xnn_setup_fully_connected_nc_f32", "unary-setup", 2, {OP, I("batch_size", 0, 8, 2)}, 0, NULL, 0},
    {"xnn_create_channel_shuffle_nc_x32", "layout-create", 4,
     {I("groups", 2, 4, 2), I("group_channels", 1, 8, 2), I("input_stride", 1, 32, 4),
      I("output_stride", 1, 32, 4)}, 0, "xnn_op", 0},
    {"xnn_setup_channel_shuffle_nc_x32", "unary-setup", 2, {OP, I("batch_size", 0, 8, 2)}, 0, NULL, 0},
    {"xnn_create_depth_to_space_nhwc_x32", "layout-create", 4,
     {I("output_channels", 1, 4, 1), I("input_channel_stride", 1, 64, 4),
      I("output_channel_stride", 1, 16, 1), I("block_size", 2, 4, 2)}, 0, "xnn_op", 0},
    {"xnn_setup_depth_to_space_nhwc_x32", "spatial-setup", 4,
     {OP, I("batch_size", 0, 4, 1), I("input_height", 1, 4, 2), I("input_width", 1, 4, 2)}, 0, NULL, 0},
    /* Pooling windows tile the input (the stride is the window). Refused (measured, all
     * xnn_status_invalid_parameter): a zero pooling height or width, a 1 x 1 window (legal()
     * keeps the product >= 2), zero channels, a pixel stride below the channels, a non-zero
     * padding with XNN_FLAG_TENSORFLOW_SAME_PADDING (legalize clears the padding). A padding
     * as large as the window is accepted, but it makes windows of padding only, for which
     * XNNPACK's own test reference (test/argmax-pooling-operator-tester.h) reads outside the
     * input: legal() keeps the padding below the window. */
    {"xnn_create_argmax_pooling2d_nhwc_f32", "pooling-create", 8,
     {I("padding_height", 0, 3, 0), I("padding_width", 0, 3, 0), I("pooling_height", 1, 4, 2),
      I("pooling_width", 1, 4, 2), I("channels", 1, 16, 4), I("input_pixel_stride", 1, 32, 4),
      I("output_pixel_stride", 1, 32, 4), I("tf_same_padding", 0, 1, 0)}, 0, "xnn_op", 0},
    /* Refused (measured): zero input height or width (invalid_parameter); batch 0 succeeds; an
     * input smaller than the window (no output pixel) succeeds too, and then the run aborts (a
     * known finding). */
    {"xnn_setup_argmax_pooling2d_nhwc_f32", "spatial-setup", 4,
     {OP, I("batch_size", 0, 4, 1), I("input_height", 1, 8, 4), I("input_width", 1, 8, 4)}, 0, NULL, 0},
    /* The inverse: each input pixel's value goes to the window position its index names, the
     * rest of the output is zero; the output is input x window less the padding. Refused
     * (measured, invalid_parameter): as argmax pooling's create (no flag here). */
    {"xnn_create_unpooling2d_nhwc_x32", "pooling-create", 7,
     {I("padding_height", 0, 3, 0), I("padding_width", 0, 3, 0), I("pooling_height", 1, 4, 2),
      I("pooling_width", 1, 4, 2), I("channels", 1, 16, 4), I("input_pixel_stride", 1, 32, 4),
      I("output_pixel_stride", 1, 32, 4)}, 0, "xnn_op", 0},
    /* Refused (measured): zero input height or width (invalid_parameter). same_output 1: the
     * output buffer of the op's previous setup again (an application's preallocated output),
     * where it is large enough; 0: another buffer. */
    {"xnn_setup_unpooling2d_nhwc_x32", "spatial-setup", 5,
     {OP, I("batch_size", 0, 4, 1), I("input_height", 1, 4, 2), I("input_width", 1, 4, 2), I("same_output", 0, 1, 0)},
     0, NULL, 0},
    /* Any 32-bit padding value is accepted (a float here; XNNPACK copies it at creation). */
    {"xnn_create_constant_pad_nd_x32", "pad-create", 1, {R("padding_value", -8, 8, 0, 0.25)}, 0, "xnn_op", 0},
    /* The tensor: num_dims dimensions, every one but the last of outer_size elements with
     * outer paddings, the last of inner_size with inner paddings. Refused (measured): more
     * than XNN_MAX_TENSOR_DIMS (6) dimensions returns xnn_status_unsupported_parameter; a zero
     * dimension returns invalid_parameter; num_dims 0 (a scalar) succeeds. No padding is
     * refused (1000 elements before 4 succeed). Outer sizes and paddings are kept small:
     * six dimensions multiply them. */
    {"xnn_setup_constant_pad_nd_x32", "pad-setup", 8,
     {OP, I("num_dims", 0, 6, 2), I("outer_size", 1, 3, 2), I("inner_size", 1, 8, 4),
      I("outer_pre_padding", 0, 1, 1), I("outer_post_padding", 0, 1, 0), I("inner_pre_padding", 0, 4, 1),
      I("inner_post_padding", 0, 4, 1)}, 0, NULL, 0},
    {"xnn_run_operator", "run", 1, {OP}, 0, NULL, 0},
    {"xnn_delete_operator", "delete", 1, {OP}, 0, NULL, 1},
};
_Static_assert(sizeof xnn_apis / sizeof *xnn_apis == XNN_APIS, "one row per API of moco_xnn_spec.h");

static int kind_of(int api) { return api < 2 * XNN_KINDS ? api / 2 : -1; }
static int is_create(int api) { return api < 2 * XNN_KINDS && api % 2 == 0; }
/* Kinds whose pooling window tiles the input, with a padding per axis (create parameters:
 * padding height and width, pooling height and width, channels, pixel strides). */
static int tiled_window(int kind) { return kind == XNN_ARGMAX_POOLING || kind == XNN_UNPOOLING; }
/* Kinds whose setup takes (op, batch, input height, input width). */
static int spatial_setup(int kind) {
  return kind == XNN_MAX_POOLING || kind == XNN_DEPTH_TO_SPACE || tiled_window(kind);
}

/* 1 when parameter `param` of API `api` is a count or stride whose value just below its
 * range (0, or 1 for groups and block size) the library refuses. */
static int refused_lower(int api, unsigned param) {
  int kind = kind_of(api);
  if (api == XNN_API_RUN || api == XNN_API_DELETE) return 0;
  if (!is_create(api)) { /* setups: zero spatial sizes, a zero dimension of a padded tensor */
    if (kind == XNN_CONSTANT_PAD) return param == 2 || param == 3;
    return spatial_setup(kind) && (param == 2 || param == 3);
  }
  if (XNN_UNARY(kind)) return param < 3 || (kind == XNN_CLAMP && param == 4) || (kind == XNN_ELU && param == 3);
  if (XNN_BINARY(kind)) return param == 1; /* output range 0: output_min == output_max */
  if (kind == XNN_FULLY_CONNECTED) return param != 4;
  if (tiled_window(kind)) return param >= 2 && param <= 6; /* not the paddings nor the flag */
  if (kind == XNN_CONSTANT_PAD) return 0;                  /* any padding value */
  return 1; /* max pooling, channel shuffle, depth to space: every parameter */
}

/* The upper sides refused: only constant padding's rank past XNN_MAX_TENSOR_DIMS. */
static int xnn_refused(unsigned api, unsigned param, int upper) {
  if (api >= XNN_APIS) return 0;
  if (upper) return api == 2 * XNN_CONSTANT_PAD + 1 && param == 1;
  return refused_lower((int)api, param);
}

static double arg(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? moco_value_number(k->args[i]) : 0;
}

/* The create block a block's op argument references, or NULL. */
static const Mlf__Moco__Block *op_block(const Mlf__Moco__Program *p, const Mlf__Moco__Block *k) {
  if (k->n_args == 0 || k->args[0]->kind_case != MLF__MOCO__VALUE__KIND_REF || k->args[0]->ref >= p->n_blocks)
    return NULL;
  return p->blocks[k->args[0]->ref];
}

/* The smallest legal value of a stride parameter given the block's other arguments, or 0
 * when the parameter is no stride. */
static double stride_floor(int api, const Mlf__Moco__Block *k, unsigned param) {
  int kind = kind_of(api);
  if (!is_create(api)) return 0;
  if (XNN_UNARY(kind) && (param == 1 || param == 2)) return arg(k, 0);
  if (kind == XNN_FULLY_CONNECTED && (param == 2 || param == 3)) return arg(k, param - 2);
  if (kind == XNN_MAX_POOLING && (param == 6 || param == 7)) return arg(k, 5);
  if (tiled_window(kind) && (param == 5 || param == 6)) return arg(k, 4);
  if (kind == XNN_CHANNEL_SHUFFLE && (param == 2 || param == 3)) return arg(k, 0) * arg(k, 1);
  if (kind == XNN_DEPTH_TO_SPACE && param == 1) return arg(k, 0) * arg(k, 3) * arg(k, 3);
  if (kind == XNN_DEPTH_TO_SPACE && param == 2) return arg(k, 0);
  return 0;
}

/* 1 when v is legal for parameter `param` of a tiled-window create block k: a window of more
 * than one element, a padding below the window on its axis, no padding beside
 * XNN_FLAG_TENSORFLOW_SAME_PADDING (argmax pooling's parameter 7). */
static int tiled_window_legal(const Mlf__Moco__Block *k, unsigned param, double v) {
  int same = k->n_args > 7 && arg(k, 7) == 1;
  switch (param) {
    case 0: case 1: return v < arg(k, param + 2) && (v == 0 || !same);
    case 2: case 3: return (v > 1 || arg(k, 5 - param) > 1) && arg(k, param - 2) < v;
    case 7: return v == 0 || (arg(k, 0) == 0 && arg(k, 1) == 0);
    default: return 1;
  }
}

/* 1 when v is legal for parameter `param` of block b, beside its range: strides cover the
 * channels, a pooling window has more than one element, the two shapes of a binary setup
 * broadcast (NumPy rules: equal or 1), a tiled window's padding fits it (tiled_window_legal).
 * A pooled input smaller than its window is legal: xnnpack.h does not forbid it, the library
 * accepts it, and what it then does is a known finding (xnn_operators.h). */
static int xnn_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  const Mlf__Moco__Block *k = p->blocks[b];
  int api = moco_api_index(&moco_xnn_spec, k->api);
  if (api < 0 || param >= xnn_apis[api].n_params) return 0;
  const moco_param *q = &xnn_apis[api].params[param];
  if (q->kind == MOCO_HANDLE) return 1;
  if (v < q->lo || v > q->hi || (q->kind == MOCO_INT && v != floor(v))) return 0;
  if (stride_floor(api, k, param) > 0 && v < stride_floor(api, k, param)) return 0;
  int kind = kind_of(api);
  if (is_create(api) && kind == XNN_MAX_POOLING && param < 2) return v > 1 || arg(k, 1 - param) > 1;
  if (is_create(api) && tiled_window(kind)) return tiled_window_legal(k, param, v);
  if (is_create(api)) return 1;
  if (XNN_BINARY(kind) && param >= 1) {
    double other = arg(k, param <= 3 ? param + 3 : param - 3);
    return v == other || v == 1 || other == 1;
  }
  return 1;
}

static void set_integer(Mlf__Moco__Value *v, double x) {
  v->kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
  v->integer = (int64_t)x;
}

/* 1 when block m frees the op block r created. */
static int frees(const Mlf__Moco__Block *m, size_t r) {
  return strcmp(m->api, xnn_apis[XNN_API_DELETE].name) == 0 && m->args[0]->kind_case == MLF__MOCO__VALUE__KIND_REF &&
         m->args[0]->ref == r;
}

/* 1 when block r created an op (of the kind; any kind: -1) that no block between r and b
 * deleted and, when set_up, that a setup block between them set up. */
static int usable(const Mlf__Moco__Program *p, size_t r, size_t b, int kind, int set_up) {
  int api = r < b ? moco_api_index(&moco_xnn_spec, p->blocks[r]->api) : -1;
  if (api < 0 || !is_create(api) || (kind >= 0 && kind_of(api) != kind)) return 0;
  int ready = 0;
  for (size_t m = r + 1; m < b; m++) {
    if (frees(p->blocks[m], r)) return 0;
    int mapi = moco_api_index(&moco_xnn_spec, p->blocks[m]->api);
    ready |= !is_create(mapi) && kind_of(mapi) >= 0 && p->blocks[m]->args[0]->ref == r;
  }
  return !set_up || ready;
}

/* The latest block before b that usable() accepts, or SIZE_MAX. */
static size_t latest_usable(const Mlf__Moco__Program *p, size_t b, int kind, int set_up) {
  for (size_t r = b; r-- > 0;)
    if (usable(p, r, b, kind, set_up)) return r;
  return SIZE_MAX;
}

/* A tiled window of more than one element, each padding below the window on its axis and
 * none beside XNN_FLAG_TENSORFLOW_SAME_PADDING. */
static void legalize_tiled_window(Mlf__Moco__Block *k) {
  if (arg(k, 2) == 1 && arg(k, 3) == 1) set_integer(k->args[3], 2);
  for (unsigned axis = 0; axis < 2; axis++) {
    if (arg(k, 7) == 1) set_integer(k->args[axis], 0);
    if (arg(k, axis) >= arg(k, axis + 2)) set_integer(k->args[axis], arg(k, axis + 2) - 1);
  }
}

/* The block the program's last step made negative, or NULL. */
static const Mlf__Moco__Block *negative_block(const Mlf__Moco__Program *p, unsigned *param) {
  const Mlf__Moco__Step *s = p->n_derivation ? p->derivation[p->n_derivation - 1] : NULL;
  if (!s || !s->negative || s->block >= p->n_blocks) return NULL;
  *param = s->param;
  return p->blocks[s->block];
}

/* A zero size made negative in a constant-padding setup must be a size the library reads:
 * an outer size needs two dimensions, the inner size one. */
static void legalize_pad_rank(Mlf__Moco__Block *k, unsigned negative_param) {
  double rank = negative_param == 2 ? 2 : negative_param == 3 ? 1 : 0;
  if (arg(k, 1) < rank) set_integer(k->args[1], rank);
}

/* Strides raised to the channels they cover, a 1 x 1 pooling window widened, tiled windows
 * padded legally; a setup's op re-pointed to the latest live op of its own kind and a run's to
 * the latest op set up (the block is dropped when there is none); shapes made to broadcast; a
 * negative padded tensor given the dimension its zero size stands in. */
static void xnn_legalize(Mlf__Moco__Program *p) {
  unsigned negative_param = 0;
  const Mlf__Moco__Block *negative = negative_block(p, &negative_param);
  for (size_t b = 0; b < p->n_blocks;) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_xnn_spec, k->api), kind = kind_of(api);
    for (unsigned i = 0; i < xnn_apis[api].n_params; i++)
      if (xnn_apis[api].params[i].kind == MOCO_INT && arg(k, i) < stride_floor(api, k, i))
        set_integer(k->args[i], stride_floor(api, k, i));
    if (is_create(api) && kind == XNN_MAX_POOLING && arg(k, 0) == 1 && arg(k, 1) == 1) set_integer(k->args[1], 2);
    if (is_create(api) && tiled_window(kind)) legalize_tiled_window(k);
    if (is_create(api) || api == XNN_API_DELETE) { b++; continue; }
    int run = api == XNN_API_RUN;
    if (!op_block(p, k) || !usable(p, k->args[0]->ref, b, run ? -1 : kind, run)) {
      size_t r = latest_usable(p, b, run ? -1 : kind, run);
      if (r == SIZE_MAX) { moco_drop_block(p, b); continue; }
      k->args[0]->ref = (uint32_t)r;
    }
    if (XNN_BINARY(kind))
      for (unsigned i = 1; i <= 3; i++)
        if (!xnn_legal(p, b, i + 3, arg(k, i + 3))) set_integer(k->args[i + 3], arg(k, i));
    if (kind == XNN_CONSTANT_PAD && k == negative) legalize_pad_rank(k, negative_param);
    b++;
  }
}

const moco_spec moco_xnn_spec = {"xnn", xnn_apis, sizeof xnn_apis / sizeof *xnn_apis, -1,
                                 xnn_legalize, xnn_legal, xnn_refused, 1};
