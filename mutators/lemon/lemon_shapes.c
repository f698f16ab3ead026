/* Shape inference of LEMON models: each layer's preconditions and output shape
 * (lemon_shapes.h). The repair that makes any message valid is in lemon_repair.c. */
#include "lemon_shapes.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef Mlf__Lemon__LayerKind kind_t;
#define K(name) MLF__LEMON__LAYER_KIND__##name

size_t lemon_shape_elements(const lemon_shape *s) {
  size_t n = 1;
  for (uint32_t i = 0; i < s->rank; i++) n *= s->dim[i];
  return n;
}

int lemon_shape_equal(const lemon_shape *a, const lemon_shape *b) {
  if (a->rank != b->rank) return 0;
  for (uint32_t i = 0; i < a->rank; i++)
    if (a->dim[i] != b->dim[i]) return 0;
  return 1;
}

const lemon_shape *lemon_ref_shape(const lemon_shape *input, const lemon_geometry *geo,
                                   uint32_t ref) {
  return ref == 0 ? input : &geo[ref - 1].out;
}

int lemon_kind_has_weights(kind_t k) {
  return k == K(DENSE) || k == K(CONV2D) || k == K(DEPTHWISE_CONV2D) || k == K(DECONV2D) ||
         k == K(BATCH_NORM) || k == K(LAYER_NORM) || k == K(LSTM) || k == K(GRU) ||
         k == K(SIMPLE_RNN);
}

int lemon_kind_is_multi_input(kind_t k) {
  return k == K(ADD) || k == K(MULTIPLY) || k == K(MAXIMUM) || k == K(CONCAT);
}

const char *lemon_kind_name(kind_t k) {
  const ProtobufCEnumValue *v =
      protobuf_c_enum_descriptor_get_value(&mlf__lemon__layer_kind__descriptor, (int)k);
  return v ? v->name : "UNKNOWN_KIND";
}

const char *lemon_activation_name(Mlf__Lemon__Activation a) {
  const ProtobufCEnumValue *v =
      protobuf_c_enum_descriptor_get_value(&mlf__lemon__activation__descriptor, (int)a);
  return v ? v->name : "UNKNOWN_ACTIVATION";
}

static int fail(char *why, size_t len, const char *fmt, ...) {
  if (why && len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static lemon_shape shape3(uint32_t a, uint32_t b, uint32_t c) {
  return (lemon_shape){3, {a, b, c}};
}

/* Output size and padding along one spatial axis: VALID has no padding; SAME gives
 * ceil(in / stride) with the total padding split, the extra element at the end. */
static int spatial(uint32_t in, uint32_t kernel, uint32_t stride, uint32_t dilation, int same,
                   uint32_t *out, uint32_t *pad_begin, uint32_t *pad_end) {
  uint32_t extent = (kernel - 1) * dilation + 1;
  if (!same) {
    if (extent > in) return -1;
    *out = (in - extent) / stride + 1;
    *pad_begin = *pad_end = 0;
    return 0;
  }
  *out = (in + stride - 1) / stride;
  uint32_t need = (*out - 1) * stride + extent;
  uint32_t total = need > in ? need - in : 0;
  *pad_begin = total / 2;
  *pad_end = total - *pad_begin;
  return 0;
}

/* The layer's inputs: explicit references, or the previous layer's output. */
static int resolve_inputs(const lemon_layer_msg *l, uint32_t index, lemon_geometry *g,
                          char *why, size_t len) {
  int multi = lemon_kind_is_multi_input(l->kind);
  if (l->n_inputs == 0) {
    g->n_inputs = 1;
    g->inputs[0] = index;
  } else {
    if (l->n_inputs > LEMON_MAX_LAYER_INPUTS)
      return fail(why, len, "layer %u: %zu inputs (at most %d)", index, l->n_inputs,
                  LEMON_MAX_LAYER_INPUTS);
    g->n_inputs = (uint32_t)l->n_inputs;
    for (size_t k = 0; k < l->n_inputs; k++) {
      if (l->inputs[k] > index)
        return fail(why, len, "layer %u: input %u is not an earlier layer", index, l->inputs[k]);
      g->inputs[k] = l->inputs[k];
    }
  }
  if (multi && g->n_inputs < 2)
    return fail(why, len, "layer %u (%s): needs two or more inputs", index, lemon_kind_name(l->kind));
  if (!multi && g->n_inputs != 1)
    return fail(why, len, "layer %u (%s): takes one input", index, lemon_kind_name(l->kind));
  return 0;
}

static int in_range(uint32_t v, uint32_t lo, uint32_t hi) { return v >= lo && v <= hi; }

/* Convolutions and pools: [H, W, C] with kernel, stride, dilation and padding. */
static int windowed(const lemon_layer_msg *l, uint32_t index, const lemon_shape *in,
                    lemon_geometry *g, uint32_t channels_out, char *why, size_t len) {
  int same = l->padding == MLF__LEMON__PADDING__SAME;
  uint32_t oh, ow;
  if (spatial(in->dim[0], l->kernel, g->stride, g->dilation, same, &oh, &g->pad_top,
              &g->pad_bottom) ||
      spatial(in->dim[1], l->kernel, g->stride, g->dilation, same, &ow, &g->pad_left,
              &g->pad_right))
    return fail(why, len, "layer %u (%s): kernel %u dilation %u exceeds the %ux%u input",
                index, lemon_kind_name(l->kind), l->kernel, g->dilation, in->dim[0], in->dim[1]);
  g->out = shape3(oh, ow, channels_out);
  return 0;
}

/* Activation parameters: finite floats, inside the domain oneDNN documents for them
 * (bounded_relu: alpha >= 0; clip: alpha <= beta). */
static int activation_ok(const lemon_layer_msg *l) {
  if (!(fabs(l->act_alpha) <= LEMON_MAX_ACT_PARAM && fabs(l->act_beta) <= LEMON_MAX_ACT_PARAM))
    return 0;
  if (l->activation == MLF__LEMON__ACTIVATION__BOUNDED_RELU) return l->act_alpha >= 0;
  if (l->activation == MLF__LEMON__ACTIVATION__CLIP) return l->act_alpha <= l->act_beta;
  return 1;
}

/* The per-kind preconditions and output shape; inputs already resolved into g. */
static int layer_shape(const lemon_layer_msg *l, uint32_t index, const lemon_shape *input,
                       const lemon_geometry *geo, lemon_geometry *g, char *why, size_t len) {
  const lemon_shape *in = lemon_ref_shape(input, geo, g->inputs[0]);
  const char *name = lemon_kind_name(l->kind);
  kind_t k = l->kind;
  g->stride = l->stride ? l->stride : 1;
  g->dilation = l->dilation ? l->dilation : 1;
  g->pad_top = g->pad_bottom = g->pad_left = g->pad_right = 0;
  if (!activation_ok(l))
    return fail(why, len, "layer %u: activation %s alpha %g beta %g outside its domain", index,
                lemon_activation_name(l->activation), l->act_alpha, l->act_beta);
  if (g->stride > LEMON_MAX_STRIDE || g->dilation > LEMON_MAX_DILATION)
    return fail(why, len, "layer %u: stride %u or dilation %u too large", index, g->stride,
                g->dilation);
  int needs_units = k == K(DENSE) || k == K(CONV2D) || k == K(DECONV2D) || k == K(LSTM) ||
                    k == K(GRU) || k == K(SIMPLE_RNN);
  if (needs_units && !in_range(l->units, 1, LEMON_MAX_UNITS))
    return fail(why, len, "layer %u (%s): units %u not in 1..%d", index, name, l->units,
                LEMON_MAX_UNITS);
  int needs_kernel = k == K(CONV2D) || k == K(DEPTHWISE_CONV2D) || k == K(DECONV2D) ||
                     k == K(MAX_POOL2D) || k == K(AVG_POOL2D) || k == K(LRN) || k == K(RESIZE);
  if (needs_kernel && !in_range(l->kernel, 1, LEMON_MAX_KERNEL))
    return fail(why, len, "layer %u (%s): kernel %u not in 1..%d", index, name, l->kernel,
                LEMON_MAX_KERNEL);
  int spatial_kind = needs_kernel && k != K(LRN);
  if ((spatial_kind || k == K(GLOBAL_AVG_POOL2D) || k == K(REDUCE_MEAN) || k == K(LRN)) &&
      in->rank != 3)
    return fail(why, len, "layer %u (%s): needs an [H, W, C] input", index, name);
  if ((k == K(LSTM) || k == K(GRU) || k == K(SIMPLE_RNN)) && in->rank != 2)
    return fail(why, len, "layer %u (%s): needs a [T, F] input", index, name);
  if (g->dilation != 1 && k != K(CONV2D) && k != K(DEPTHWISE_CONV2D))
    return fail(why, len, "layer %u (%s): dilation only for convolutions", index, name);

  switch (k) {
    case K(DENSE):
      g->out = *in;
      g->out.dim[in->rank - 1] = l->units;
      return 0;
    case K(CONV2D):
      return windowed(l, index, in, g, l->units, why, len);
    case K(DEPTHWISE_CONV2D):
    case K(MAX_POOL2D):
    case K(AVG_POOL2D):
      return windowed(l, index, in, g, in->dim[2], why, len);
    case K(DECONV2D):
      if (l->padding != MLF__LEMON__PADDING__VALID)
        return fail(why, len, "layer %u (DECONV2D): VALID padding only", index);
      g->out = shape3((in->dim[0] - 1) * g->stride + l->kernel,
                      (in->dim[1] - 1) * g->stride + l->kernel, l->units);
      return 0;
    case K(GLOBAL_AVG_POOL2D):
      g->out = (lemon_shape){1, {in->dim[2]}};
      return 0;
    case K(REDUCE_MEAN):
      g->out = shape3(1, 1, in->dim[2]);
      return 0;
    case K(LRN):
      if (l->kernel % 2 == 0) return fail(why, len, "layer %u (LRN): even size %u", index, l->kernel);
      if (!(l->alpha >= 0 && l->alpha <= 1 && l->beta >= 0 && l->beta <= 2))
        return fail(why, len, "layer %u (LRN): alpha %g not in [0, 1] or beta %g not in [0, 2]",
                    index, l->alpha, l->beta);
      g->out = *in;
      return 0;
    case K(RESIZE):
      if (!(l->alpha == 0 || l->alpha == 1))
        return fail(why, len, "layer %u (RESIZE): mode alpha %g is neither 0 nor 1", index, l->alpha);
      g->out = shape3(in->dim[0] * l->kernel, in->dim[1] * l->kernel, in->dim[2]);
      return 0;
    case K(LSTM):
    case K(GRU):
    case K(SIMPLE_RNN):
      g->out = l->return_sequences ? (lemon_shape){2, {in->dim[0], l->units}}
                                   : (lemon_shape){1, {l->units}};
      return 0;
    case K(FLATTEN):
      g->out = (lemon_shape){1, {(uint32_t)lemon_shape_elements(in)}};
      return 0;
    case K(ADD):
    case K(MULTIPLY):
    case K(MAXIMUM):
      for (uint32_t j = 1; j < g->n_inputs; j++)
        if (!lemon_shape_equal(in, lemon_ref_shape(input, geo, g->inputs[j])))
          return fail(why, len, "layer %u (%s): input %u's shape differs from the first", index,
                      name, j);
      g->out = *in;
      return 0;
    case K(CONCAT): {
      g->out = *in;
      for (uint32_t j = 1; j < g->n_inputs; j++) {
        const lemon_shape *o = lemon_ref_shape(input, geo, g->inputs[j]);
        int leading_equal = o->rank == in->rank;
        for (uint32_t a = 0; leading_equal && a + 1 < in->rank; a++)
          leading_equal = o->dim[a] == in->dim[a];
        if (!leading_equal)
          return fail(why, len, "layer %u (CONCAT): input %u differs outside the last axis", index, j);
        g->out.dim[in->rank - 1] += o->dim[in->rank - 1];
      }
      return 0;
    }
    case K(BATCH_NORM):
    case K(LAYER_NORM):
    case K(ACTIVATION):
    case K(SOFTMAX):
    case K(LOG_SOFTMAX):
      g->out = *in;
      return 0;
    default:
      return fail(why, len, "layer %u: unknown kind %d", index, (int)k);
  }
}

static int shape_in_bounds(const lemon_shape *s) {
  if (s->rank < 1 || s->rank > 3) return 0;
  for (uint32_t i = 0; i < s->rank; i++)
    if (s->dim[i] < 1) return 0;
  return lemon_shape_elements(s) <= LEMON_MAX_ELEMENTS;
}

uint64_t lemon_layer_macs(const lemon_layer_msg *l, const lemon_shape *in,
                          const lemon_geometry *g) {
  uint64_t out = lemon_shape_elements(&g->out), k2 = (uint64_t)l->kernel * l->kernel;
  uint64_t gates = l->kind == K(LSTM) ? 4 : l->kind == K(GRU) ? 3 : 1;
  switch (l->kind) {
    case K(DENSE): return out * in->dim[in->rank - 1];
    case K(CONV2D): return out * k2 * in->dim[2];
    case K(DEPTHWISE_CONV2D): case K(MAX_POOL2D): case K(AVG_POOL2D): return out * k2;
    case K(DECONV2D): return lemon_shape_elements(in) * k2 * l->units;
    case K(LRN): return out * l->kernel;
    case K(LSTM): case K(GRU): case K(SIMPLE_RNN):
      return (uint64_t)in->dim[0] * gates * l->units * (in->dim[1] + l->units);
    default: return out * (g->n_inputs > 1 ? g->n_inputs : 1) + lemon_shape_elements(in);
  }
}

/* Checks one layer against the shapes before it and fills g; shared with the repair. */
int lemon_check_layer(const lemon_layer_msg *l, uint32_t index, const lemon_shape *input,
                      const lemon_geometry *geo, lemon_geometry *g, char *why, size_t len) {
  memset(g, 0, sizeof *g);
  if (resolve_inputs(l, index, g, why, len) || layer_shape(l, index, input, geo, g, why, len))
    return -1;
  if (!shape_in_bounds(&g->out))
    return fail(why, len, "layer %u (%s): output has %zu elements (at most %d)", index,
                lemon_kind_name(l->kind), lemon_shape_elements(&g->out), LEMON_MAX_ELEMENTS);
  return 0;
}

int lemon_check_input(const lemon_model_msg *m, lemon_shape *input, char *why, size_t len) {
  if (m->n_input_shape < 1 || m->n_input_shape > 3)
    return fail(why, len, "input rank %zu (1 to 3)", m->n_input_shape);
  input->rank = (uint32_t)m->n_input_shape;
  for (uint32_t i = 0; i < input->rank; i++) {
    if (!in_range(m->input_shape[i], 1, LEMON_MAX_DIM))
      return fail(why, len, "input dimension %u is %u (1 to %d)", i, m->input_shape[i], LEMON_MAX_DIM);
    input->dim[i] = m->input_shape[i];
  }
  if (lemon_shape_elements(input) > LEMON_MAX_ELEMENTS)
    return fail(why, len, "input has %zu elements (at most %d)", lemon_shape_elements(input),
                LEMON_MAX_ELEMENTS);
  if (!in_range(m->num_inputs, 1, LEMON_MAX_BATCH))
    return fail(why, len, "num_inputs %u (1 to %d)", m->num_inputs, LEMON_MAX_BATCH);
  if (m->n_input_values && m->n_input_values != m->num_inputs * lemon_shape_elements(input))
    return fail(why, len, "%zu input values for %u inputs of %zu elements", m->n_input_values,
                m->num_inputs, lemon_shape_elements(input));
  return 0;
}

int lemon_infer(const lemon_model_msg *m, lemon_shape *input, lemon_geometry *geo,
                char *why, size_t len) {
  if (lemon_check_input(m, input, why, len)) return -1;
  if (m->n_layers > LEMON_MAX_LAYERS)
    return fail(why, len, "%zu layers (at most %d)", m->n_layers, LEMON_MAX_LAYERS);
  uint64_t macs = 0;
  for (uint32_t i = 0; i < m->n_layers; i++) {
    const lemon_layer_msg *l = m->layers[i];
    if (lemon_check_layer(l, i, input, geo, &geo[i], why, len)) return -1;
    macs += lemon_layer_macs(l, lemon_ref_shape(input, geo, geo[i].inputs[0]), &geo[i]);
    if (macs > LEMON_MAX_MACS)
      return fail(why, len, "layer %u: %llu multiply-adds so far (at most %d)", i,
                  (unsigned long long)macs, LEMON_MAX_MACS);
  }
  for (size_t j = 0; j < m->n_inner_mutations; j++)
    if (m->inner_mutations[j]->layer >= m->n_layers)
      return fail(why, len, "inner mutation %zu names layer %u of %zu", j,
                  m->inner_mutations[j]->layer, m->n_layers);
  if (m->n_inner_mutations > LEMON_MAX_INNER_MUTATIONS)
    return fail(why, len, "%zu inner mutations (at most %d)", m->n_inner_mutations,
                LEMON_MAX_INNER_MUTATIONS);
  return 0;
}
