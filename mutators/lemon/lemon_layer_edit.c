/* Structural edits of a LEMON model's layer list with reference renumbering
 * (lemon_layer_edit.h). */
#include "lemon_layer_edit.h"
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) abort();
  return p;
}

lemon_model_msg *lemon_model_clone(const lemon_model_msg *m) {
  size_t n = mlf__lemon__model__get_packed_size(m);
  uint8_t *buf = xrealloc(NULL, n);
  mlf__lemon__model__pack(m, buf);
  lemon_model_msg *c = mlf__lemon__model__unpack(NULL, n, buf);
  free(buf);
  return c;
}

void lemon_model_take(lemon_model_msg *dst, lemon_model_msg *src) {
  lemon_model_msg old = *dst;
  *dst = *src;
  *src = old;
  protobuf_c_message_free_unpacked(&src->base, NULL);
}

lemon_layer_msg *lemon_layer_new(Mlf__Lemon__LayerKind kind) {
  lemon_layer_msg *l = xrealloc(NULL, sizeof *l);
  mlf__lemon__layer__init(l);
  l->has_kind = 1;
  l->kind = kind;
  return l;
}

lemon_layer_msg *lemon_layer_copy(const lemon_layer_msg *l) {
  lemon_layer_msg *c = xrealloc(NULL, sizeof *c);
  *c = *l;
  c->base.n_unknown_fields = 0;
  c->base.unknown_fields = NULL;
  c->inputs = NULL;
  c->n_inputs = 0;
  lemon_layer_set_inputs(c, l->inputs, l->n_inputs);
  return c;
}

void lemon_layer_set_inputs(lemon_layer_msg *l, const uint32_t *refs, size_t n) {
  uint32_t *a = n ? xrealloc(NULL, n * sizeof *a) : NULL;
  if (n) memcpy(a, refs, n * sizeof *a);
  free(l->inputs);
  l->inputs = a;
  l->n_inputs = n;
}

uint32_t lemon_layer_first_input(const lemon_model_msg *m, size_t i) {
  const lemon_layer_msg *l = m->layers[i];
  return l->n_inputs ? l->inputs[0] : (uint32_t)i;
}

int lemon_ref_has_consumer(const lemon_model_msg *m, uint32_t ref) {
  for (size_t j = 0; j < m->n_layers; j++) {
    const lemon_layer_msg *l = m->layers[j];
    if (!l->n_inputs && j == ref) return 1;
    for (size_t k = 0; k < l->n_inputs; k++)
      if (l->inputs[k] == ref) return 1;
  }
  return 0;
}

void lemon_pin_weight_streams(lemon_model_msg *m) {
  for (size_t i = 0; i < m->n_layers; i++)
    if (!m->layers[i]->has_weight_stream)
      m->layers[i]->has_weight_stream = 1, m->layers[i]->weight_stream = (uint32_t)i;
}

uint32_t lemon_fresh_weight_stream(const lemon_model_msg *m) {
  uint32_t fresh = (uint32_t)m->n_layers;
  for (size_t i = 0; i < m->n_layers; i++) {
    uint32_t s = m->layers[i]->has_weight_stream ? m->layers[i]->weight_stream : (uint32_t)i;
    if (s >= fresh) fresh = s + 1;
  }
  return fresh;
}

void lemon_insert_layers(lemon_model_msg *m, size_t at, lemon_layer_msg **layers, size_t n) {
  uint32_t src = (uint32_t)at, shift = (uint32_t)n;
  for (size_t j = at; j < m->n_layers; j++) {
    lemon_layer_msg *l = m->layers[j];
    for (size_t k = 0; k < l->n_inputs; k++)
      l->inputs[k] = l->inputs[k] == src ? src + shift : l->inputs[k] > src ? l->inputs[k] + shift
                                                                             : l->inputs[k];
  }
  m->layers = xrealloc(m->layers, (m->n_layers + n) * sizeof *m->layers);
  memmove(m->layers + at + n, m->layers + at, (m->n_layers - at) * sizeof *m->layers);
  memcpy(m->layers + at, layers, n * sizeof *layers);
  m->n_layers += n;
  for (size_t j = 0; j < m->n_inner_mutations; j++)
    if (m->inner_mutations[j]->layer >= at) m->inner_mutations[j]->layer += shift;
}

void lemon_remove_layer(lemon_model_msg *m, size_t k) {
  uint32_t removed = (uint32_t)k + 1, replacement = lemon_layer_first_input(m, k);
  for (size_t j = k + 1; j < m->n_layers; j++) {
    lemon_layer_msg *l = m->layers[j];
    if (!l->n_inputs && j == removed && replacement != k) /* read k's input, no longer the previous */
      lemon_layer_set_inputs(l, &replacement, 1);
    else
      for (size_t r = 0; r < l->n_inputs; r++)
        l->inputs[r] = l->inputs[r] == removed ? replacement
                       : l->inputs[r] > removed ? l->inputs[r] - 1 : l->inputs[r];
  }
  protobuf_c_message_free_unpacked(&m->layers[k]->base, NULL);
  memmove(m->layers + k, m->layers + k + 1, (m->n_layers - k - 1) * sizeof *m->layers);
  m->n_layers--;
  size_t kept = 0;
  for (size_t j = 0; j < m->n_inner_mutations; j++) {
    Mlf__Lemon__InnerMutation *im = m->inner_mutations[j];
    if (im->layer == k) {
      protobuf_c_message_free_unpacked(&im->base, NULL);
      continue;
    }
    if (im->layer > k) im->layer--;
    m->inner_mutations[kept++] = im;
  }
  m->n_inner_mutations = kept;
}

void lemon_swap_layers(lemon_model_msg *m, size_t i, size_t j) {
  lemon_layer_msg *a = m->layers[i], *b = m->layers[j];
  m->layers[i] = b;
  m->layers[j] = a;
  uint32_t *inputs = a->inputs;
  size_t n_inputs = a->n_inputs;
  a->inputs = b->inputs, a->n_inputs = b->n_inputs;
  b->inputs = inputs, b->n_inputs = n_inputs;
  for (size_t k = 0; k < m->n_inner_mutations; k++) {
    uint32_t *layer = &m->inner_mutations[k]->layer;
    *layer = *layer == i ? (uint32_t)j : *layer == j ? (uint32_t)i : *layer;
  }
}

void lemon_append_inner_mutation(lemon_model_msg *m, Mlf__Lemon__InnerMutation__Rule rule,
                                 uint32_t layer, uint64_t seed) {
  Mlf__Lemon__InnerMutation *im = xrealloc(NULL, sizeof *im);
  mlf__lemon__inner_mutation__init(im);
  im->has_rule = im->has_layer = im->has_seed = 1;
  im->rule = rule;
  im->layer = layer;
  im->seed = seed;
  m->inner_mutations =
      xrealloc(m->inner_mutations, (m->n_inner_mutations + 1) * sizeof *m->inner_mutations);
  m->inner_mutations[m->n_inner_mutations++] = im;
}
