/* moco_fann_fixed's checks on FANN's fixed-point build (fann_fixed.c), free of FANN types so
 * that the float template calls them: a network the float build saved with fann_save_to_fixed,
 * loaded by the fixed build. fann_io.h documents no accuracy bound for the fixed network (only
 * that the decimal point fann_save_to_fixed returns tells "how accurate the fixed point network
 * will be", a negative one meaning a decimal point of 0), so its outputs are not compared with
 * the float network's: the checks are consistency only, besides the sanitizers. */
#ifndef FANN_FIXED_H
#define FANN_FIXED_H
#include <stdint.h>
#include "fann_template.h"

/* The float network's shape, which the fixed one must have. */
typedef struct {
  unsigned num_input, num_output, num_layers, total_neurons, total_connections;
} fann_fixed_shape;

/* Loads the fixed network at path with the fixed build and records into o (call, kind):
 * fann_save_to_fixed / fixed-mismatch: the decimal point it returned (0 when negative), the
 * multiplier 2^decimal point (fann.h: fann_get_multiplier) and the shape; fann_create_from_file
 * / fixed-round-trip-mismatch: saved with the fixed build's fann_save and loaded again, the same
 * decimal point and bit-identical outputs; fann_copy / fixed-copy-mismatch: a copy gives
 * bit-identical outputs. Inputs from seed, in [-1, 1] times the multiplier. A network that does
 * not load: fann_create_from_file / fixed-load-failed. */
void fann_fixed_check(const char *path, int decimal_point, const fann_fixed_shape *shape, uint64_t seed,
                      fann_outcome *o);
#endif
