/* Shape inference and repair of LEMON models (proto/lemon.proto). Every layer's output shape
 * follows from the input shape and the layer parameters; a model is valid when every layer's
 * preconditions hold. The repair makes any message valid, deterministically, and leaves a
 * valid one unchanged: it is the Model post-processor, so generated models are always valid.
 * Shapes exclude the batch axis: [F], [T, F] or [H, W, C] (channels last). */
#ifndef LEMON_SHAPES_H
#define LEMON_SHAPES_H
#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include "lemon.pb-c.h"

typedef Mlf__Lemon__Model lemon_model_msg;
typedef Mlf__Lemon__Layer lemon_layer_msg;

/* Bounds that keep one model at a few milliseconds per backend. */
#define LEMON_MAX_LAYERS 16
/* Activation alpha and beta: any finite float (the backends take floats; oneDNN's eltwise
 * documentation bounds none but bounded_relu's alpha >= 0 and clip's alpha <= beta). */
#define LEMON_MAX_ACT_PARAM FLT_MAX
#define LEMON_MAX_LAYER_INPUTS 4
#define LEMON_MAX_ELEMENTS 4096  /* per tensor, without the batch */
#define LEMON_MAX_DIM 64
#define LEMON_MAX_UNITS 64
#define LEMON_MAX_KERNEL 5
#define LEMON_MAX_STRIDE 3
#define LEMON_MAX_DILATION 2
#define LEMON_MAX_BATCH 4
#define LEMON_MAX_MACS 400000    /* multiply-adds per input over the whole model */
#define LEMON_MAX_INNER_MUTATIONS 32

typedef struct {
  uint32_t rank;  /* 1..3 */
  uint32_t dim[3];
} lemon_shape;

size_t lemon_shape_elements(const lemon_shape *s);
int lemon_shape_equal(const lemon_shape *a, const lemon_shape *b);

/* A layer's resolved geometry (what the backends and the reference need beyond the message). */
typedef struct {
  lemon_shape out;
  uint32_t n_inputs;
  uint32_t inputs[LEMON_MAX_LAYER_INPUTS];  /* 0 = model input, i + 1 = layer i */
  uint32_t stride, dilation;                /* >= 1 */
  uint32_t pad_top, pad_bottom, pad_left, pad_right;  /* SAME: the extra row/column at the end */
} lemon_geometry;

/* The shape a reference names: 0 the model input, i + 1 layer i's output. */
const lemon_shape *lemon_ref_shape(const lemon_shape *input, const lemon_geometry *geo,
                                   uint32_t ref);

/* Checks the model and fills geo[i] for every layer (geo has m->n_layers entries). Returns 0
 * when the model is valid; otherwise -1 and a reason naming the first bad layer. */
int lemon_infer(const lemon_model_msg *m, lemon_shape *input, lemon_geometry *geo,
                char *why, size_t why_len);

/* The input shape and batch of a model (0), or -1 with a reason. */
int lemon_check_input(const lemon_model_msg *m, lemon_shape *input, char *why, size_t why_len);
/* Checks layer index against the geometry of the layers before it (geo[0..index-1]) and
 * fills g: 0 when its inputs, parameters and output shape are valid. */
int lemon_check_layer(const lemon_layer_msg *l, uint32_t index, const lemon_shape *input,
                      const lemon_geometry *geo, lemon_geometry *g, char *why, size_t why_len);

/* Multiply-adds per input of one layer (for the work bound and reports). */
uint64_t lemon_layer_macs(const lemon_layer_msg *l, const lemon_shape *in,
                          const lemon_geometry *g);

/* Makes the message a valid model in place: clamps sizes and parameters into their bounds,
 * points inputs at earlier layers, and drops layers whose preconditions cannot be met.
 * Leaves a valid model unchanged. */
void lemon_repair(lemon_model_msg *m);

/* 1 when the layer kind has trainable weights (DENSE, convolutions, norms, RNNs). */
int lemon_kind_has_weights(Mlf__Lemon__LayerKind kind);
/* 1 when the kind takes two or more inputs (ADD, MULTIPLY, MAXIMUM, CONCAT). */
int lemon_kind_is_multi_input(Mlf__Lemon__LayerKind kind);
const char *lemon_kind_name(Mlf__Lemon__LayerKind kind);
const char *lemon_activation_name(Mlf__Lemon__Activation act);
#endif
