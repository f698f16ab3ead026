/* The APIs of moco_xnn_spec (the XNNPACK 2022 operator API): operator kinds, each with its
 * xnn_create_* at API index 2 * kind and its xnn_setup_* at 2 * kind + 1, then
 * xnn_run_operator and xnn_delete_operator. The harness calls them by these indices. */
#ifndef MOCO_XNN_SPEC_H
#define MOCO_XNN_SPEC_H
#include "moco_spec.h"

typedef enum {
  /* unary nc operators: create (channels, input_stride, output_stride [, parameters]),
   * setup (op, batch_size) */
  XNN_ABS, XNN_NEGATE, XNN_SQUARE, XNN_SQUARE_ROOT, XNN_FLOOR, XNN_CEILING, XNN_TRUNCATION,
  XNN_BANKERS_ROUNDING, XNN_SIGMOID, XNN_HARDSWISH, XNN_SOFTMAX, XNN_COPY, XNN_CONVERT_F32_F16,
  XNN_CONVERT_F16_F32, XNN_CLAMP, XNN_ELU, XNN_LEAKY_RELU,
  XNN_PRELU,            /* its per-channel slopes come from data_seed */
  /* binary nd operators: create ([output_min, output range]), setup (op, two 3-d shapes) */
  XNN_ADD, XNN_SUBTRACT, XNN_MULTIPLY, XNN_DIVIDE, XNN_MAXIMUM, XNN_MINIMUM, XNN_SQUARED_DIFFERENCE,
  XNN_MAX_POOLING,      /* setup (op, batch, height, width) */
  XNN_FULLY_CONNECTED,  /* setup (op, batch) */
  XNN_CHANNEL_SHUFFLE,  /* setup (op, batch) */
  XNN_DEPTH_TO_SPACE,   /* setup (op, batch, height, width) */
  XNN_ARGMAX_POOLING,   /* setup (op, batch, height, width); outputs values and indices */
  XNN_UNPOOLING,        /* setup (op, batch, height, width); indices from data_seed */
  XNN_CONSTANT_PAD,     /* create (padding value), setup (op, rank, sizes and paddings) */
  XNN_KINDS
} xnn_kind;

enum { XNN_API_RUN = 2 * XNN_KINDS, XNN_API_DELETE, XNN_APIS };

#define XNN_FIRST_BINARY XNN_ADD
#define XNN_UNARY(kind) ((kind) < XNN_FIRST_BINARY)
#define XNN_BINARY(kind) ((kind) >= XNN_ADD && (kind) <= XNN_SQUARED_DIFFERENCE)

extern const moco_spec moco_xnn_spec;
#endif
