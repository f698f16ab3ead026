/* The reference interpreter as a backend: G's values rounded to float. A control for the
 * oracles (it must never leave G's bound) and the "reference against itself" of the
 * false-alarm campaign. */
#include <stdio.h>
#include <stdlib.h>
#include "lemon_execute.h"
#include "lemon_reference.h"

static int reference_init(char *identity, size_t len) {
  snprintf(identity, len, "mlfuzz double-precision reference, rounded to float");
  return 0;
}

static lemon_status reference_run(const lemon_graph *g, unsigned variant, float *const *outputs,
                                  lemon_run_info *info) {
  (void)variant;
  info->more_variants = 0;
  double **values = calloc(g->n_layers ? g->n_layers : 1, sizeof *values);
  double **bounds = calloc(g->n_layers ? g->n_layers : 1, sizeof *bounds);
  if (!values || !bounds) abort();
  for (size_t i = 0; i < g->n_layers; i++) {
    size_t n = g->batch * lemon_shape_elements(&g->layers[i].geo.out);
    if (!(values[i] = malloc(n * sizeof **values)) || !(bounds[i] = malloc(n * sizeof **bounds)))
      abort();
  }
  lemon_reference_run(g, values, bounds);
  for (size_t i = 0; i < g->n_layers; i++) {
    size_t n = g->batch * lemon_shape_elements(&g->layers[i].geo.out);
    for (size_t e = 0; e < n; e++) outputs[i][e] = (float)values[i][e];
    free(values[i]), free(bounds[i]);
  }
  free(values), free(bounds);
  snprintf(info->impls, sizeof info->impls, "reference");
  return LEMON_RAN;
}

const lemon_backend lemon_reference_backend = {"reference", reference_init, reference_run};
