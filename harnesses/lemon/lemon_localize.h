/* LEMON's localization of an inconsistency: for every ran backend and layer, Delta (the mean
 * distance of the layer's output from G) and the paper's change rate
 * R_A = (Delta_A - Delta_pre) / (Delta_pre + 1e-7), Delta_pre the largest Delta among the
 * layer's inputs; the suspect layer (the first out of G's bound, else the largest R_A) rerun
 * alone on G's input to that layer, and that one-layer model printed as a reproducer. */
#ifndef LEMON_LOCALIZE_H
#define LEMON_LOCALIZE_H
#include <stdio.h>
#include "lemon_execute.h"

void lemon_localize(const lemon_model_msg *m, const lemon_execution *x, FILE *out);

/* The one-layer model of layer i: its parameters, weight stream and inner mutations, and
 * G's values at its (first) input as explicit input values. Free with
 * protobuf_c_message_free_unpacked. NULL when out of memory. */
lemon_model_msg *lemon_one_layer_model(const lemon_model_msg *m, const lemon_execution *x,
                                       size_t i);
#endif
