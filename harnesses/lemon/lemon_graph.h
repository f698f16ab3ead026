/* A LEMON model lowered to numbers: resolved shapes, the generated float parameters of every
 * layer (inner-layer mutations already replayed) and the float inputs. Backends (oneDNN,
 * XNNPACK) and the double-precision reference interpreter all run this one structure, so they
 * see bit-identical parameters and inputs.
 *
 * Semantics (every backend must compute exactly this; shapes exclude the batch axis):
 *  - Tensors are row-major, batch first: [N, F], [N, T, F] or [N, H, W, C] (NHWC).
 *  - Every layer's activation (Mlf__Lemon__Activation, oneDNN's formulas with act_alpha,
 *    act_beta) is applied to its output after the bias; ACTIVATION layers are only that.
 *  - Parameter layouts in `weights` (and `bias`, n_bias = output channels or units):
 *    DENSE          [units][F_in]; applied over the last axis
 *    CONV2D         [OC][KH][KW][IC]; out[y][x][o] = b[o] + sum w[o][ky][kx][i]
 *                   in[y*s + ky*d - pad_top][x*s + kx*d - pad_left][i], zero padding
 *    DEPTHWISE_CONV2D [C][KH][KW]; as CONV2D per channel
 *    DECONV2D       [OC][KH][KW][IC]; out[y*s + ky][x*s + kx][o] += in[y][x][i] w[o][ky][kx][i]
 *    BATCH_NORM     [4][C]: mean, variance (> 0), scale, shift; no bias; eps = LEMON_NORM_EPS
 *    LAYER_NORM     [2][C]: scale, shift over the last axis; biased variance; no bias
 *    LSTM           W [4U][F] then R [4U][U]; bias [4U]; gates i, f, c, o (oneDNN's order);
 *                   c' = f c + i tanh(g_c), h' = o tanh(c'), zero initial state
 *    GRU            W [3U][F] then R [3U][U]; bias [3U]; gates u, r, o (oneDNN's vanilla GRU):
 *                   o = tanh(W_o x + R_o (r h) + b_o), h' = u h + (1 - u) o
 *    SIMPLE_RNN     W [U][F] then R [U][U]; bias [U]; h' = tanh(W x + R h + b)
 *    (sigmoid gates, tanh candidate; return_sequences: all h, else the last)
 *  - MAX_POOL2D ignores padding; AVG_POOL2D averages the elements inside the input only.
 *  - LRN across channels: x / (1 + alpha / size * sum over the window of x^2)^beta.
 *  - SOFTMAX, LOG_SOFTMAX, LAYER_NORM, CONCAT: over the last axis.
 *  - RESIZE by factor kernel: nearest (alpha 0) takes in[floor(y / f)]; bilinear (alpha 1)
 *    samples at (y + 0.5) / f - 0.5 clamped to [0, H - 1] (half-pixel centres).
 *  - GLOBAL_AVG_POOL2D [H, W, C] -> [C]; REDUCE_MEAN [H, W, C] -> [1, 1, C]; FLATTEN -> [F].
 *  - ADD, MULTIPLY, MAXIMUM fold their inputs left to right. */
#ifndef LEMON_GRAPH_H
#define LEMON_GRAPH_H
#include <stddef.h>
#include <stdint.h>
#include "lemon_shapes.h"

#define LEMON_NORM_EPS 1e-3

typedef struct {
  Mlf__Lemon__LayerKind kind;
  Mlf__Lemon__Activation act;
  double act_alpha, act_beta;  /* as the message gives them (0 when absent) */
  double alpha, beta;          /* LRN, RESIZE */
  uint32_t units, kernel;      /* kernel >= 1 where the kind has one */
  int return_sequences;
  lemon_geometry geo;          /* output shape, inputs, stride, dilation, paddings */
  const lemon_shape *in[LEMON_MAX_LAYER_INPUTS];  /* shapes of the inputs, geo.n_inputs */
  float *weights;              /* NULL when the kind has none */
  size_t n_weights;
  float *bias;
  size_t n_bias;
} lemon_layer;

typedef struct {
  lemon_shape input;
  uint32_t batch;              /* inputs run through the model, 1..LEMON_MAX_BATCH */
  size_t n_layers;             /* 0 allowed: the output is the input */
  lemon_layer *layers;
  float *input_data;           /* batch x elements(input) */
  lemon_geometry *geo;         /* internal storage of the layers' geometry */
} lemon_graph;

/* Lowers a valid model: shape inference, parameters from weight_seed (one generator stream
 * per layer, Glorot-uniform scale, rounded to float), the inner-layer mutations replayed in
 * order, inputs from input_seed in [-1, 1] (or input_values). Returns 0, or -1 with a reason
 * for an invalid model or no memory (the post-processor makes models valid first). */
int lemon_graph_build(const lemon_model_msg *m, lemon_graph *g, char *why, size_t why_len);
void lemon_graph_free(lemon_graph *g);

/* Elements of layer i's output per input (without the batch); i == n_layers: the model input. */
size_t lemon_graph_layer_elements(const lemon_graph *g, size_t i);
/* The data a reference names in a set of per-layer buffers: 0 the input, i + 1 layer i. */
#define LEMON_REF_DATA(g, input, outputs, ref) ((ref) == 0 ? (input) : (outputs)[(ref) - 1])
#endif
