/* Structural edits of a LEMON model's layer list that keep every reference meaningful:
 * Layer.inputs (0 = model input, i + 1 = layer i; absent = the previous layer) and
 * InnerMutation.layer follow the layers they name. No edit checks validity: the rules
 * (lemon_rules.c) edit a clone and keep it only when lemon_infer accepts it. Everything is
 * allocated with malloc, protobuf-c's default allocator. */
#ifndef LEMON_LAYER_EDIT_H
#define LEMON_LAYER_EDIT_H
#include <stddef.h>
#include <stdint.h>
#include "lemon_shapes.h"

/* A deep copy (packed and unpacked); NULL when the message does not round-trip. */
lemon_model_msg *lemon_model_clone(const lemon_model_msg *m);
/* Moves src's contents into dst and frees dst's old contents and src. */
void lemon_model_take(lemon_model_msg *dst, lemon_model_msg *src);

lemon_layer_msg *lemon_layer_new(Mlf__Lemon__LayerKind kind);
lemon_layer_msg *lemon_layer_copy(const lemon_layer_msg *l);
void lemon_layer_set_inputs(lemon_layer_msg *l, const uint32_t *refs, size_t n);
/* Layer i's first input reference (absent inputs: i, the previous layer). */
uint32_t lemon_layer_first_input(const lemon_model_msg *m, size_t i);
/* 1 when some layer reads reference ref (explicitly or as the layer before it). */
int lemon_ref_has_consumer(const lemon_model_msg *m, uint32_t ref);

/* Gives every layer without a weight_stream its index as stream, so its weights stay its
 * own when layers move; and a stream no layer uses. */
void lemon_pin_weight_streams(lemon_model_msg *m);
uint32_t lemon_fresh_weight_stream(const lemon_model_msg *m);

/* Inserts n layers at position at (0..n_layers) as a chain reading reference at (the
 * layer before, or the model input): the first new layer reads it, each next one the one
 * before (inputs absent unless already set), and every later layer that read reference at
 * now reads the last new layer. Takes ownership of the layers. */
void lemon_insert_layers(lemon_model_msg *m, size_t at, lemon_layer_msg **layers, size_t n);
/* Removes layer k; readers of its output read its first input instead; its inner mutations
 * go with it. */
void lemon_remove_layer(lemon_model_msg *m, size_t k);
/* Exchanges layers i and j but for their inputs, which stay with the positions; inner
 * mutations follow the layers. */
void lemon_swap_layers(lemon_model_msg *m, size_t i, size_t j);
/* Appends an inner mutation of layer `layer`. */
void lemon_append_inner_mutation(lemon_model_msg *m, Mlf__Lemon__InnerMutation__Rule rule,
                                 uint32_t layer, uint64_t seed);
#endif
