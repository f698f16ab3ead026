/* One model through every backend: the reference G (double values and rounding bounds per
 * layer), then each usable library in each of its variants (float outputs per layer in
 * guard-page buffers). Shared by the fuzz target, the localization and the campaign bench.
 * Backends: MLF_LEMON_BACKENDS (comma-separated names; default all: reference, onednn,
 * xnnpack); variants per library: MLF_LEMON_VARIANTS (default 8: every implementation oneDNN offers). */
#ifndef LEMON_EXECUTE_H
#define LEMON_EXECUTE_H
#include "lemon_backend.h"
#include "lemon_graph.h"

#define LEMON_MAX_RUNS 12  /* reference, 8 oneDNN variants, 2 XNNPACK ones */

typedef struct {
  char name[32];          /* "onednn#1", "xnnpack#0", "reference#0" */
  const lemon_backend *backend;
  unsigned variant;
  lemon_status status;
  lemon_run_info info;
  float **out;            /* per layer, batch x elements; NULL unless status is LEMON_RAN */
} lemon_backend_run;

typedef struct {
  lemon_graph g;
  double **values, **bounds;  /* G per layer */
  size_t n_runs;
  lemon_backend_run runs[LEMON_MAX_RUNS];
} lemon_execution;

/* Initialises the backends once (the reference always; a library whose init fails is left
 * out with a message on stderr). Returns the identities, one line per backend. */
const char *lemon_execute_init(void);
/* Lowers the model and runs it everywhere. -1 (with why) when the model is invalid or
 * memory ran out; 0 otherwise, whatever the backends returned. */
int lemon_execute(const lemon_model_msg *m, lemon_execution *x, char *why, size_t why_len);
void lemon_execution_free(lemon_execution *x);
/* The library name of a run ("onednn" for "onednn#1"). */
const char *lemon_run_library(const lemon_backend_run *r);

/* The reference as a backend: G rounded to float (a control: always within the bound). Its
 * run is NULL: lemon_execute fills its outputs from the G it computed. */
extern const lemon_backend lemon_reference_backend;
#endif
