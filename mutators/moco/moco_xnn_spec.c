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
 * is a range boundary. */
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
    {"xnn_run_operator", "run", 1, {OP}, 0, NULL, 0},
    {"xnn_delete_operator", "delete", 1, {OP}, 0, NULL, 1},
};
_Static_assert(sizeof xnn_apis / sizeof *xnn_apis == XNN_APIS, "one row per API of moco_xnn_spec.h");

static int kind_of(int api) { return api < 2 * XNN_KINDS ? api / 2 : -1; }
static int is_create(int api) { return api < 2 * XNN_KINDS && api % 2 == 0; }

/* 1 when parameter `param` of create API `api` is a count or stride whose value just below
 * its range (0, or 1 for groups and block size) the library refuses. */
static int refused_lower(int api, unsigned param) {
  int kind = kind_of(api);
  if (api == XNN_API_RUN || api == XNN_API_DELETE) return 0;
  if (!is_create(api)) /* setups: only spatial sizes are checked (zero height or width) */
    return (kind == XNN_MAX_POOLING || kind == XNN_DEPTH_TO_SPACE) && param >= 2;
  if (XNN_UNARY(kind)) return param < 3 || (kind == XNN_CLAMP && param == 4) || (kind == XNN_ELU && param == 3);
  if (XNN_BINARY(kind)) return param == 1; /* output range 0: output_min == output_max */
  if (kind == XNN_FULLY_CONNECTED) return param != 4;
  return 1; /* pooling, channel shuffle, depth to space: every parameter */
}

static int xnn_refused(unsigned api, unsigned param, int upper) {
  return !upper && api < XNN_APIS && refused_lower((int)api, param);
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
  if (kind == XNN_CHANNEL_SHUFFLE && (param == 2 || param == 3)) return arg(k, 0) * arg(k, 1);
  if (kind == XNN_DEPTH_TO_SPACE && param == 1) return arg(k, 0) * arg(k, 3) * arg(k, 3);
  if (kind == XNN_DEPTH_TO_SPACE && param == 2) return arg(k, 0);
  return 0;
}

/* The extent a max-pooling window covers along one axis: (size - 1) * dilation + 1. */
static double window(const Mlf__Moco__Block *create, unsigned axis) {
  return (arg(create, axis) - 1) * arg(create, 4) + 1;
}

/* 1 when v is legal for parameter `param` of block b, beside its range: strides cover the
 * channels, a pooling window has more than one element, the two shapes of a binary setup
 * broadcast (NumPy rules: equal or 1), a pooled input is as large as the window. */
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
  if (is_create(api)) return 1;
  const Mlf__Moco__Block *create = op_block(p, k);
  if (XNN_BINARY(kind) && param >= 1) {
    double other = arg(k, param <= 3 ? param + 3 : param - 3);
    return v == other || v == 1 || other == 1;
  }
  if (kind == XNN_MAX_POOLING && param >= 2 && create) return v >= window(create, param - 2);
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

/* Strides raised to the channels they cover, a 1 x 1 pooling window widened; a setup's op
 * re-pointed to the latest live op of its own kind and a run's to the latest op set up (the
 * block is dropped when there is none); shapes made to broadcast; pooled inputs made as large
 * as the window. */
static void xnn_legalize(Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks;) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_xnn_spec, k->api), kind = kind_of(api);
    for (unsigned i = 0; i < xnn_apis[api].n_params; i++)
      if (xnn_apis[api].params[i].kind == MOCO_INT && arg(k, i) < stride_floor(api, k, i))
        set_integer(k->args[i], stride_floor(api, k, i));
    if (is_create(api) && kind == XNN_MAX_POOLING && arg(k, 0) == 1 && arg(k, 1) == 1) set_integer(k->args[1], 2);
    if (is_create(api) || api == XNN_API_DELETE) { b++; continue; }
    const Mlf__Moco__Block *create = op_block(p, k);
    int run = api == XNN_API_RUN;
    if (!create || !usable(p, k->args[0]->ref, b, run ? -1 : kind, run)) {
      size_t r = latest_usable(p, b, run ? -1 : kind, run);
      if (r == SIZE_MAX) { moco_drop_block(p, b); continue; }
      k->args[0]->ref = (uint32_t)r;
      create = p->blocks[r];
    }
    if (XNN_BINARY(kind))
      for (unsigned i = 1; i <= 3; i++)
        if (!xnn_legal(p, b, i + 3, arg(k, i + 3))) set_integer(k->args[i + 3], arg(k, i));
    if (kind == XNN_MAX_POOLING)
      for (unsigned i = 2; i <= 3; i++)
        if (arg(k, i) < window(create, i - 2)) set_integer(k->args[i], window(create, i - 2));
    b++;
  }
}

const moco_spec moco_xnn_spec = {"xnn", xnn_apis, sizeof xnn_apis / sizeof *xnn_apis, -1,
                                 xnn_legalize, xnn_legal, xnn_refused, 1};
