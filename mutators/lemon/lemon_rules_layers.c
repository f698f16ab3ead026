/* The LEMON rules that move existing layers: LR (layer removal), LS (layer switch) and LC
 * (layer copy). Weight streams are pinned first so every layer keeps its weights. */
#include <stdlib.h>
#include <string.h>
#include "lemon_rules_internal.h"

/* LR: a layer whose input and output shapes are equal; the last layer only when it reads
 * the layer before it, so the model's output becomes the removed layer's input. */
static size_t lr_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                            lemon_candidate *out) {
  size_t n = 0;
  for (size_t i = 0; m->n_layers >= 2 && i < m->n_layers; i++)
    if (lemon_analysis_keeps_shape(a, i) &&
        (i + 1 < m->n_layers || lemon_layer_first_input(m, i) == i))
      out[n++] = (lemon_candidate){(uint32_t)i, 0};
  return n;
}

static int lr_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c, int minimal,
                   mlf_rng *rng) {
  (void)a, (void)minimal, (void)rng;
  lemon_pin_weight_streams(w);
  lemon_remove_layer(w, c.a);
  return 1;
}

/* 1 when the two layers differ in more than their inputs (switching equal ones changes
 * nothing). */
static int layers_differ(const lemon_layer_msg *x, const lemon_layer_msg *y, size_t x_index,
                         size_t y_index) {
  lemon_layer_msg a = *x, b = *y;
  a.n_inputs = b.n_inputs = 0;
  a.base.n_unknown_fields = b.base.n_unknown_fields = 0;
  a.has_weight_stream = b.has_weight_stream = 1;
  a.weight_stream = x->has_weight_stream ? x->weight_stream : (uint32_t)x_index;
  b.weight_stream = y->has_weight_stream ? y->weight_stream : (uint32_t)y_index;
  size_t na = mlf__lemon__layer__get_packed_size(&a), nb = mlf__lemon__layer__get_packed_size(&b);
  if (na != nb) return 1;
  uint8_t *pa = malloc(na + nb);
  if (!pa) abort();
  mlf__lemon__layer__pack(&a, pa);
  mlf__lemon__layer__pack(&b, pa + na);
  int differ = memcmp(pa, pa + na, na) != 0;
  free(pa);
  return differ;
}

/* LS: two different layers with the same input shape and the same output shape, both taking
 * one input or both several. */
static size_t ls_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                            lemon_candidate *out) {
  size_t n = 0;
  for (size_t i = 0; i < m->n_layers; i++)
    for (size_t j = i + 1; j < m->n_layers && n < LEMON_MAX_CANDIDATES; j++)
      if (lemon_shape_equal(lemon_analysis_in(a, i), lemon_analysis_in(a, j)) &&
          lemon_shape_equal(lemon_analysis_out(a, i), lemon_analysis_out(a, j)) &&
          lemon_kind_is_multi_input(m->layers[i]->kind) ==
              lemon_kind_is_multi_input(m->layers[j]->kind) &&
          layers_differ(m->layers[i], m->layers[j], i, j))
        out[n++] = (lemon_candidate){(uint32_t)i, (uint32_t)j};
  return n;
}

static int ls_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c, int minimal,
                   mlf_rng *rng) {
  (void)a, (void)minimal, (void)rng;
  lemon_pin_weight_streams(w);
  lemon_swap_layers(w, c.a, c.b);
  return 1;
}

/* LC: a copy of a layer whose input and output shapes are equal, inserted after it and
 * reading it; it has the same weights (stream and inner mutations) and, for a multi-input
 * layer, the original's other operands. */
static size_t lc_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                            lemon_candidate *out) {
  size_t n = 0;
  for (size_t i = 0; m->n_layers < LEMON_MAX_LAYERS && i < m->n_layers; i++)
    if (lemon_analysis_keeps_shape(a, i)) out[n++] = (lemon_candidate){(uint32_t)i, 0};
  return n;
}

static int lc_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c, int minimal,
                   mlf_rng *rng) {
  (void)minimal, (void)rng;
  uint32_t i = c.a;
  lemon_pin_weight_streams(w);
  lemon_layer_msg *copy = lemon_layer_copy(w->layers[i]);
  if (lemon_kind_is_multi_input(copy->kind)) {
    uint32_t refs[LEMON_MAX_LAYER_INPUTS];
    const lemon_geometry *g = &a->geo[i];
    refs[0] = i + 1;
    memcpy(refs + 1, g->inputs + 1, (g->n_inputs - 1) * sizeof *refs);
    lemon_layer_set_inputs(copy, refs, g->n_inputs);
  } else {
    lemon_layer_set_inputs(copy, NULL, 0);
  }
  size_t n_inner = w->n_inner_mutations;
  lemon_insert_layers(w, i + 1, &copy, 1);
  for (size_t k = 0; k < n_inner; k++) {
    const Mlf__Lemon__InnerMutation *im = w->inner_mutations[k];
    if (im->layer == i) lemon_append_inner_mutation(w, im->rule, i + 1, im->seed);
  }
  return 1;
}

const lemon_rule_impl lemon_rule_impl_lr = {lr_candidates, lr_edit};
const lemon_rule_impl lemon_rule_impl_ls = {ls_candidates, ls_edit};
const lemon_rule_impl lemon_rule_impl_lc = {lc_candidates, lc_edit};
