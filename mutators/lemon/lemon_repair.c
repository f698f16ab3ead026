/* The repair of LEMON models (lemon_shapes.h): brings every size and parameter into its
 * bounds, points inputs at earlier layers of a matching shape and drops the layers whose
 * preconditions still fail, so any message becomes a valid model. Only what is invalid is
 * touched, so a valid model stays as it is. Arrays belong to protobuf-c's default
 * allocator (malloc); layers go with lemon_remove_layer (lemon_layer_edit.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_layer_edit.h"
#include "lemon_shapes.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

static uint32_t wrap(uint32_t v, uint32_t lo, uint32_t hi) {
  return v >= lo && v <= hi ? v : lo + v % (hi - lo + 1);
}

static double clamp_finite(double v, double lo, double hi, double if_nan) {
  return isnan(v) ? if_nan : v < lo ? lo : v > hi ? hi : v;
}

static void repair_input(lemon_model_msg *m) {
  if (m->n_input_shape == 0) {
    m->input_shape = malloc(sizeof *m->input_shape);
    if (!m->input_shape) abort();
    m->input_shape[0] = 8;
    m->n_input_shape = 1;
  }
  if (m->n_input_shape > 3) m->n_input_shape = 3;
  size_t elements = 1;
  for (size_t i = 0; i < m->n_input_shape; i++)
    elements *= m->input_shape[i] = wrap(m->input_shape[i], 1, LEMON_MAX_DIM);
  while (elements > LEMON_MAX_ELEMENTS) {
    size_t big = 0;
    for (size_t i = 1; i < m->n_input_shape; i++)
      if (m->input_shape[i] > m->input_shape[big]) big = i;
    elements = elements / m->input_shape[big] * ((m->input_shape[big] + 1) / 2);
    m->input_shape[big] = (m->input_shape[big] + 1) / 2;
  }
  if (m->num_inputs < 1 || m->num_inputs > LEMON_MAX_BATCH)
    m->has_num_inputs = 1, m->num_inputs = wrap(m->num_inputs, 1, LEMON_MAX_BATCH);
  if (m->n_input_values && m->n_input_values != m->num_inputs * elements) {
    free(m->input_values);
    m->input_values = NULL;
    m->n_input_values = 0;
  }
}

static void set_inputs(lemon_layer_msg *l, const uint32_t *refs, size_t n) {
  uint32_t *a = malloc(n * sizeof *a);
  if (!a) abort();
  memcpy(a, refs, n * sizeof *a);
  free(l->inputs);
  l->inputs = a;
  l->n_inputs = n;
}

/* Operands of a multi-input layer whose shapes fit the first one's (equal, or equal but the
 * last axis for CONCAT); at least two (the first repeated if need be). */
static void repair_operands(lemon_layer_msg *l, uint32_t index, const lemon_shape *input,
                            const lemon_geometry *geo) {
  uint32_t refs[LEMON_MAX_LAYER_INPUTS];
  size_t n = 0;
  uint32_t first = l->n_inputs ? l->inputs[0] : index;
  const lemon_shape *a = lemon_ref_shape(input, geo, first);
  for (size_t k = 0; k < l->n_inputs && n < LEMON_MAX_LAYER_INPUTS; k++) {
    const lemon_shape *b = lemon_ref_shape(input, geo, l->inputs[k]);
    int fits = a->rank == b->rank;
    for (uint32_t d = 0; fits && d < a->rank; d++)
      fits = a->dim[d] == b->dim[d] || (l->kind == K(CONCAT) && d + 1 == a->rank);
    if (fits) refs[n++] = l->inputs[k];
  }
  if (n == 0) refs[n++] = first;
  if (n == 1) refs[n++] = first;
  if (n != l->n_inputs || memcmp(refs, l->inputs, n * sizeof *refs)) set_inputs(l, refs, n);
}

static void repair_references(lemon_layer_msg *l, uint32_t index, const lemon_shape *input,
                              const lemon_geometry *geo) {
  for (size_t k = 0; k < l->n_inputs; k++)
    if (l->inputs[k] > index) l->inputs[k] %= index + 1;
  if (l->n_inputs > LEMON_MAX_LAYER_INPUTS) l->n_inputs = LEMON_MAX_LAYER_INPUTS;
  if (lemon_kind_is_multi_input(l->kind))
    repair_operands(l, index, input, geo);
  else if (l->n_inputs > 1)
    l->n_inputs = 1;
}

static int has_units(Mlf__Lemon__LayerKind k) {
  return k == K(DENSE) || k == K(CONV2D) || k == K(DECONV2D) || k == K(LSTM) || k == K(GRU) ||
         k == K(SIMPLE_RNN);
}

static int has_kernel(Mlf__Lemon__LayerKind k) {
  return k == K(CONV2D) || k == K(DEPTHWISE_CONV2D) || k == K(DECONV2D) || k == K(MAX_POOL2D) ||
         k == K(AVG_POOL2D) || k == K(LRN) || k == K(RESIZE);
}

/* A VALID window that does not fit its input becomes SAME. */
static void repair_window(lemon_layer_msg *l, const lemon_shape *in) {
  uint32_t d = l->dilation ? l->dilation : 1, extent = (l->kernel - 1) * d + 1;
  int windowed = l->kind == K(CONV2D) || l->kind == K(DEPTHWISE_CONV2D) ||
                 l->kind == K(MAX_POOL2D) || l->kind == K(AVG_POOL2D);
  if (windowed && in->rank == 3 && l->padding == MLF__LEMON__PADDING__VALID &&
      (extent > in->dim[0] || extent > in->dim[1]))
    l->has_padding = 1, l->padding = MLF__LEMON__PADDING__SAME;
}

static void repair_params(lemon_layer_msg *l, const lemon_shape *in) {
  Mlf__Lemon__LayerKind k = l->kind;
  if (l->stride > LEMON_MAX_STRIDE) l->stride = wrap(l->stride, 1, LEMON_MAX_STRIDE);
  int dilated = k == K(CONV2D) || k == K(DEPTHWISE_CONV2D);
  if (!dilated && l->dilation > 1) l->dilation = 1;
  if (dilated && l->dilation > LEMON_MAX_DILATION) l->dilation = wrap(l->dilation, 1, LEMON_MAX_DILATION);
  if (has_units(k) && (l->units < 1 || l->units > LEMON_MAX_UNITS))
    l->has_units = 1, l->units = wrap(l->units, 1, LEMON_MAX_UNITS);
  if (has_kernel(k) && (l->kernel < 1 || l->kernel > LEMON_MAX_KERNEL))
    l->has_kernel = 1, l->kernel = wrap(l->kernel, 1, LEMON_MAX_KERNEL);
  if (k == K(LRN) && l->kernel % 2 == 0) l->kernel -= 1;
  /* any finite float (lemon_shapes.h); XNNPACK operators that reject a value are refused by
   * the harness (lemon_xnnpack_activation.c) */
  l->act_alpha = clamp_finite(l->act_alpha, -LEMON_MAX_ACT_PARAM, LEMON_MAX_ACT_PARAM, 0);
  l->act_beta = clamp_finite(l->act_beta, -LEMON_MAX_ACT_PARAM, LEMON_MAX_ACT_PARAM, 0);
  if (l->activation == MLF__LEMON__ACTIVATION__BOUNDED_RELU && l->act_alpha < 0)
    l->act_alpha = -l->act_alpha;
  if (l->activation == MLF__LEMON__ACTIVATION__CLIP && l->act_alpha > l->act_beta) {
    double t = l->act_alpha;
    l->act_alpha = l->act_beta, l->act_beta = t;
  }
  if (k == K(LRN)) {
    l->alpha = clamp_finite(l->alpha, 0, 1, 1e-4);
    l->beta = clamp_finite(l->beta, 0, 2, 0.75);
  }
  if (k == K(RESIZE) && l->alpha != 0 && l->alpha != 1) l->alpha = l->alpha > 0.5 ? 1 : 0;
  if (k == K(DECONV2D)) l->padding = MLF__LEMON__PADDING__VALID;
  repair_window(l, in);
}

static void repair_inner_mutations(lemon_model_msg *m) {
  size_t kept = 0;
  for (size_t j = 0; j < m->n_inner_mutations; j++) {
    Mlf__Lemon__InnerMutation *im = m->inner_mutations[j];
    if (im->layer >= m->n_layers || kept == LEMON_MAX_INNER_MUTATIONS)
      protobuf_c_message_free_unpacked(&im->base, NULL);
    else
      m->inner_mutations[kept++] = im;
  }
  m->n_inner_mutations = kept;
}

void lemon_repair(lemon_model_msg *m) {
  lemon_shape input;
  lemon_geometry geo[LEMON_MAX_LAYERS];
  repair_input(m);
  lemon_check_input(m, &input, NULL, 0);
  while (m->n_layers > LEMON_MAX_LAYERS) lemon_remove_layer(m, m->n_layers - 1);
  uint64_t macs = 0;
  for (uint32_t i = 0; i < m->n_layers;) {
    lemon_layer_msg *l = m->layers[i];
    repair_references(l, i, &input, geo);
    uint32_t first = l->n_inputs ? l->inputs[0] : i;
    repair_params(l, lemon_ref_shape(&input, geo, first));
    uint64_t layer_macs = 0;
    if (lemon_check_layer(l, i, &input, geo, &geo[i], NULL, 0) == 0)
      layer_macs = lemon_layer_macs(l, lemon_ref_shape(&input, geo, first), &geo[i]);
    else
      layer_macs = UINT64_MAX;
    if (layer_macs > LEMON_MAX_MACS - macs) {
      lemon_remove_layer(m, i);  /* its readers read its first input */
      continue;
    }
    macs += layer_macs;
    i++;
  }
  repair_inner_mutations(m);
}
