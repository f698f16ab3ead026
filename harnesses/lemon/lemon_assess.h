/* The verdict on one executed model (lemon_execute.h): findings for library errors, wrong
 * results (beyond G's rounding bound) and NaN bugs, localized to the first layer where a
 * backend leaves the bound; the paper's D_MAD per input and backend pair and their sum ACC;
 * and the semantic feedback (D_MAD buckets per backend pair and layer kind, closeness to the
 * bound per backend and layer kind). */
#ifndef LEMON_ASSESS_H
#define LEMON_ASSESS_H
#include "lemon_execute.h"
#include "mlf_report.h"

/* The paper's inconsistency threshold on D_MAD. */
#define LEMON_PAPER_DMAD_THRESHOLD 0.4

typedef struct {
  double acc;                /* sum over inputs and pairs of ran backends of D_MAD */
  size_t pairs;              /* backend pairs compared (per input) */
  size_t paper_inconsistent; /* (input, pair) with D_MAD > LEMON_PAPER_DMAD_THRESHOLD */
  size_t findings;           /* wrong results, NaN bugs and errors raised */
  /* Mean over inputs of D_MAD per pair of runs (j < k), in row-major upper triangle. */
  double pair_dmad[LEMON_MAX_RUNS][LEMON_MAX_RUNS];
} lemon_summary;

void lemon_assess(const lemon_model_msg *m, const lemon_execution *x, mlf_run *run,
                  lemon_summary *s);
/* The layer a run first leaves G's bound (or is non-finite where G is not), or -1. */
long lemon_first_bad_layer(const lemon_execution *x, size_t run_index);
#endif
