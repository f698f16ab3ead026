/* The nine metamorphic relations of an LSTM forecaster (paper Section III, MR-1..MR-9, with
 * its mistakes corrected), two checks against the double reference (MR-10, MR-11) and one of
 * the documented initial weights (MR-12), as executable checks on the subject declared in
 * forecast_lstm.h.
 *
 *   mr1-shift-scale       all data x -> a x + k (a > 0): losses equal, forecasts a f + k
 *   mr2-validation-shift  only validation data + K: the forecast must NOT follow (scaler from
 *                         training data only)
 *   mr3-train-lengths     training data of T+H-1 (clear error), T+H (one window), B+T+H-2,
 *                         B+T+H-1, B+T+H values (the batch boundary; the paper's B+T is wrong
 *                         for H > 1); the first and the last value both reach the model
 *   mr4-valid-lengths     the same lengths for validation data; each window counted once
 *   mr5-time-order        rows shuffled with their time stamps: exactly the same results;
 *                         a duplicated time stamp is refused
 *   mr6-zero-range-train  constant training data: documented range 1, trains, shift-exact
 *   mr7-zero-range-valid  constant validation data: works normally (no refit on it)
 *   mr8-time-steps        TIME_STEPS from the FFT information-loss curve (Algorithm 1,
 *                         corrected): the subject's windows feed it, the curve is checked
 *                         against Parseval's closed form and its bounds, the chosen T works
 *   mr9-robustness        a few signed-gradient steps within a small ball around a window:
 *                         the gradient the subject reports matches finite differences, and
 *                         the forecast moves no more than the weights' Lipschitz bound
 *   mr10-reference        differential forward pass: forecast_infer (over 2 B_max + 1 windows),
 *                         the last hidden states, the first forecast and the three losses
 *                         against the double reference within its rigorous bound
 *   mr11-gradient         one SGD step on one batch: the step over the learning rate is the
 *                         clipped gradient of the batch loss by central differences
 *   mr12-initial-weights  the model trained for 0 epochs has the documented layout, biases
 *                         and Glorot-uniform weights (ranges, and what a uniform draw must show)
 *
 * Exact where training is bit-deterministic and the relation makes the inputs of every
 * float operation identical; otherwise within a bound derived from float rounding, or a
 * prediction interval over runs with different seeds (one comment line per relation says
 * which and why).
 *
 * Linking the suite with another subject (e.g. a mutant of forecast_lstm.c): compile the
 * subject with the same include paths (-Iharnesses/forecast -Imutators, optionally
 * -DFORECAST_BLAS_UNPREFIXED, see forecast_blas.h) and link it with
 *   harnesses/forecast/forecast_relations.c forecast_mr_*.c forecast_reference.c
 *   oracles/mlf_report.c oracles/mlf_numeric.c and a known-findings table
 *   (build/gen/forecast/known_findings_table.c; these need the Makefile's INCLUDES)
 * and a BLAS (the instrumented build/libraries/openblas-<variant>/libopenblas.a, or Debian's
 * -l:libopenblas.so.0 with -DFORECAST_BLAS_UNPREFIXED), -lgsl -lgslcblas -lm. The suite
 * calls only the functions of forecast_lstm.h, so any object that defines them will do. */
#ifndef FORECAST_RELATIONS_H
#define FORECAST_RELATIONS_H
#include <stddef.h>
#include <stdint.h>
#include "forecast_lstm.h"
#include "mlf_report.h"

typedef struct {
  int scale_exponent;     /* mr1: a = 2^e for the exact scaling check (|e| <= 1023, 0: 3) */
  double scale;           /* mr1: a of the affine check (> 0; default 1) */
  double shift;           /* mr1: k of the affine check (default 2^10) */
  unsigned interval_runs; /* mr1: seeds behind a prediction interval (3..16, default 5) */
  uint64_t shuffle_seed;  /* mr5: permutation of the rows */
  double constant;        /* mr6, mr7: the value of constant data (NaN: the first training value) */
  double epsilon;         /* mr9: radius of the perturbation, scaled units (default 2^-7) */
  unsigned attack_steps;  /* mr9: signed-gradient steps (1..16, default 5) */
  /* Called once with the source run's statuses and, when it trained, its model (else NULL),
   * before the relations run: lets a harness reuse the source model. NULL: not called. */
  void (*source_hook)(forecast_status train, forecast_status valid, const forecast_model *m,
                      void *ctx);
  void *source_ctx;
} forecast_relation_options;

void forecast_relation_options_default(forecast_relation_options *o);

/* Number of relations and their names, in order (mr1-shift-scale .. mr12-initial-weights). */
size_t forecast_relation_count(void);
const char *forecast_relation_name(size_t i);

/* Runs the source (train on train, validate on valid) and then every relation whose name
 * starts with `only` (NULL or "": all of them). Violations become findings in run, tagged
 * mlf:forecast_lstm:subject:<relation>:<kind>; what each relation did is logged.
 * Returns the number of relations violated (a source that cannot run on data it should
 * accept counts as one, tagged ...:source:<kind>), 0 when every relation holds or does not
 * apply. Data the subject must refuse (NaN, too short, ...) is checked for the right status
 * and no relation runs. o may be NULL (defaults). */
int forecast_check_relations_opts(const forecast_series *train, const forecast_series *valid,
                                  const forecast_params *p, const char *only,
                                  const forecast_relation_options *o, mlf_run *run);
int forecast_check_relations(const forecast_series *train, const forecast_series *valid,
                             const forecast_params *p, const char *only, mlf_run *run);
#endif
